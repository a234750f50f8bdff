import { expect } from 'chai';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_PATH, loadContract, operationIndex, readContract } from '../../src/http/contract.js';
import { servedHandlers } from '../../src/handlers/served-handlers.js';
import { snakeCase, type ContractSource, type ToolField } from '../../src/tools/contract-fields.js';
import { toolSchemas } from '../../src/tools/operation-tool.js';
import { loadConfig } from '../../src/config.js';
import { toolMappings, buildToolRegistry } from '../../src/tools/registry.js';
import { TOOL_ONLY } from '../../src/tools/tool-field-exceptions.js';
import { ToolCatalog } from '../../src/tools/tool-catalog.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

type Json = Record<string, unknown>;

/**
 * The contract as a test oracle, read without the derivation code: `inline` follows every `$ref`
 * (its siblings win, as in OpenAPI 3.1) and leaves out the contract's `x-…` keywords; `snake` renames
 * property names as the spec's tool shapes spell them.
 */
function oracle(document: Json) {
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...siblings } = node as Json;
    const base = typeof $ref === 'string' ? (inline(schemas[$ref.split('/').pop()!]) as Json) : {};
    return { ...base, ...Object.fromEntries(Object.entries(siblings).filter(([key]) => !key.startsWith('x-')).map(([key, value]) => [key, inline(value)])) };
  };
  const snake = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(snake);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Json).map(([key, value]) => [
        key,
        key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([name, inner]) => [snakeCase(name), snake(inner)])) : key === 'required' ? (value as string[]).map(snakeCase) : key === 'enum' ? value : snake(value),
      ]),
    );
  };
  const property = (objectSchema: unknown, name: string) => {
    const object = inline(objectSchema) as Json;
    return { schema: (object.properties as Record<string, Json>)[name], required: ((object.required as string[] | undefined) ?? []).includes(name) };
  };
  const operation = (operationId: string) => {
    const meta = operationIndex(document).find((op) => op.operationId === operationId)!;
    const pathItem = (document.paths as Record<string, Json>)[meta.pathTemplate] as Record<string, Json>;
    const own = pathItem[meta.method.toLowerCase()] as Json;
    const shared = (pathItem.parameters ?? []) as unknown as Json[];
    // Parameters declared once on the path item (e.g. /datasets/{id}) apply to each of its operations.
    return { ...own, parameters: [...shared, ...((own.parameters ?? []) as Json[])] } as Json;
  };
  const field = (source: ContractSource): { schema: Json; required: boolean } => {
    switch (source.in) {
      case 'schema':
        return { schema: inline(schemas[source.schema]) as Json, required: true };
      case 'property':
        return property(schemas[source.schema], source.property);
      case 'item':
        return property(property(schemas[source.schema], source.property).schema.items, source.itemProperty);
      case 'query':
      case 'path': {
        // The operation's parameters and its path item's (e.g. a prompt's name), `$ref`s followed.
        const meta = operationIndex(document).find((op) => op.operationId === source.operationId)!;
        const pathItem = (document.paths as Record<string, Json>)[meta.pathTemplate];
        const parameters = [...((pathItem.parameters as Json[] | undefined) ?? []), ...((operation(source.operationId).parameters as Json[] | undefined) ?? [])].map((p) =>
          typeof p.$ref === 'string' ? ((document.components as Json).parameters as Record<string, Json>)[p.$ref.split('/').pop()!] : p,
        );
        const parameter = parameters.find((p) => p.in === source.in && p.name === source.name)!;
        const schema = inline(parameter.schema) as Json;
        return { schema: parameter.description === undefined ? schema : { ...schema, description: parameter.description }, required: parameter.required === true };
      }
      case 'body':
        return property(((operation(source.operationId).requestBody as Json).content as Record<string, Json>)['application/json'].schema, source.property);
    }
  };
  return { field, snake };
}

const TOOL_ONLY_FIELDS: readonly ToolField[] = Object.values(TOOL_ONLY);

/**
 * Walks one declared tool field beside the schema tools/list publishes for it, asserting that the
 * published schema is exactly its contract field's (every constraint: type, enum, pattern, lengths,
 * bounds, maxItems, format, description, required, additionalProperties), or that field with a
 * declared and justified adjustment; a field without a contract counterpart must be one of the
 * tool-only fields of tool-field-exceptions.ts. Returns whether the tool requires the field.
 */
function expectFromContract(contract: ReturnType<typeof oracle>, declared: ToolField, published: Json, where: string): boolean {
  switch (declared.kind) {
    case 'contract': {
      const { schema, required } = contract.field(declared.source);
      const adjustment = declared.adjustment;
      const expected = { ...schema };
      if (adjustment) {
        expect(adjustment.why, `${where}: an adjustment says why`).to.have.length.greaterThan(20);
        for (const key of adjustment.drop ?? []) {
          expect(expected, `${where}: drops ${key}, which the contract has`).to.have.property(key);
          delete expected[key];
        }
        Object.assign(expected, adjustment.set);
      }
      expect(published, where).to.deep.equal(expected);
      return adjustment?.required ?? required;
    }
    case 'renamed': {
      const { schema, required } = contract.field(declared.source);
      expect(published, where).to.deep.equal(contract.snake(schema));
      return required;
    }
    case 'tool-only':
      expect(TOOL_ONLY_FIELDS, `${where}: a field without a contract counterpart is declared in TOOL_ONLY`).to.include(declared);
      expect(declared.why, `${where}: a tool-only field says why`).to.have.length.greaterThan(20);
      expect(published, where).to.deep.equal(declared.schema);
      return declared.required;
    case 'object': {
      expect(published, where).to.include({ type: 'object', additionalProperties: false });
      const properties = published.properties as Record<string, Json>;
      expect(Object.keys(properties), `${where}: every property is declared`).to.deep.equal(Object.keys(declared.fields));
      const required = Object.keys(declared.fields).filter((name) => expectFromContract(contract, declared.fields[name], properties[name], `${where}.${name}`));
      expect(published.required ?? [], `${where}: required`).to.deep.equal(required);
      return declared.required;
    }
    case 'array': {
      const { schema, required } = contract.field(declared.source);
      const { items: publishedItems, ...arrayLevel } = published;
      const { items: _contractItems, ...contractArrayLevel } = schema;
      expect(arrayLevel, where).to.deep.equal(contractArrayLevel);
      expectFromContract(contract, declared.items, publishedItems as Json, `${where}[]`);
      return required;
    }
    case 'nullable': {
      const [inner, nothing] = published.anyOf as Json[];
      expect(nothing, where).to.deep.equal({ type: 'null' });
      return expectFromContract(contract, declared.field, inner, where);
    }
  }
}

/** A copy of the contract with `edit` applied; the test fails if the edit changed nothing. */
async function changedContract(directory: string, edit: (text: string) => string): Promise<Json> {
  const original = await readFile(CONTRACT_PATH, 'utf8');
  const changed = edit(original);
  expect(changed, 'the edit applies to the contract').not.to.equal(original);
  const file = path.join(directory, 'openapi.yaml');
  await writeFile(file, changed);
  return readContract(file);
}

forEachAdapter((adapter) => {
  let server: TestServer;
  let directory: string;
  const catalogOver = (contract: Json) => new ToolCatalog(buildToolRegistry(servedHandlers(server.runtime, operationIndex()), server.config, contract), server.config.tools, () => undefined);
  const toolOf = (catalog: ToolCatalog, name: string) => catalog.list().find((tool) => tool.name === name)!;
  const issues = (catalog: ToolCatalog, name: string, args: Json) => {
    const checked = catalog.checkArguments(toolOf(catalog, name), args);
    return checked.valid ? [] : checked.errors.map((error) => `${error.code} ${error.path}`);
  };

  before(async () => {
    server = await startTestServer(adapter);
    directory = await mkdtemp(path.join(tmpdir(), 'tracewell-tool-contract-'));
  });
  after(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  describe('tool schemas derived from the contract', () => {
    const span = (name: string, id = 's1') => ({ span_id: id, name, span_type: 'LLM', status: 'success' });

    it('follow a changed span name maxLength (a component schema property) in log_trace, without an edit of the tool', async () => {
      const copy = await changedContract(directory, (text) => text.replace(/(\n {4}SpanInput:[\s\S]*?\n {8}name: \{ type: string, minLength: 1, maxLength: )1000 \}/, '$140 }'));
      const changed = catalogOver(copy);
      const spanName = ((toolOf(changed, 'log_trace').inputSchema.properties as Json).spans as { items: { properties: Record<string, Json> } }).items.properties.name;
      expect(spanName).to.deep.equal({ type: 'string', minLength: 1, maxLength: 40 });
      expect(issues(changed, 'log_trace', { name: 't', spans: [span('x'.repeat(41))] })).to.deep.equal(['max_length /arguments/spans/0/name']);
      expect(issues(catalogOver(loadContract()), 'log_trace', { name: 't', spans: [span('x'.repeat(41))] })).to.deep.equal([]);
    });

    it('follow a changed maxItems of spans (an array property) in log_trace', async () => {
      const copy = await changedContract(directory, (text) => text.replace(/(\n {4}TraceInput:[\s\S]*?\n {10}maxItems: )100000\n/, '$12\n'));
      const changed = catalogOver(copy);
      expect((toolOf(changed, 'log_trace').inputSchema.properties as Record<string, Json>).spans).to.include({ type: 'array', maxItems: 2 });
      const spans = [span('a', 's1'), span('b', 's2'), span('c', 's3')];
      expect(issues(changed, 'log_trace', { name: 't', spans })).to.deep.equal(['max_items /arguments/spans']);
      expect(issues(catalogOver(loadContract()), 'log_trace', { name: 't', spans })).to.deep.equal([]);
    });

    it('follow a changed maxLength of the q query parameter in search_traces query', async () => {
      const copy = await changedContract(directory, (text) => text.replace(/(\n {8}- name: q\n[\s\S]*?schema: \{ type: string, minLength: 1, maxLength: )1000 \}/, '$15 }'));
      const changed = catalogOver(copy);
      expect((toolOf(changed, 'search_traces').inputSchema.properties as Record<string, Json>).query).to.include({ type: 'string', minLength: 1, maxLength: 5 });
      expect(issues(changed, 'search_traces', { query: 'timeout' })).to.deep.equal(['max_length /arguments/query']);
      expect(issues(catalogOver(loadContract()), 'search_traces', { query: 'timeout' })).to.deep.equal([]);
    });
  });
});

describe('every tool schema is the contract’s', () => {
  const document = loadContract();
  const contract = oracle(document);
  const mappings = toolMappings(loadConfig({ SERVER_SECRET: 'tool-schema-test-secret', DATA_DIR: '/tmp/tracewell-tool-schema-test' }));

  for (const mapping of mappings) {
    it(`${mapping.name}: every input and output property is its contract field, or a declared exception`, () => {
      const { inputSchema, outputSchema } = toolSchemas(mapping, document);
      expectFromContract(contract, mapping.input, inputSchema, `${mapping.name} input`);
      expect(mapping.output, `${mapping.name} declares its output`).not.to.equal(undefined);
      expectFromContract(contract, mapping.output!, outputSchema!, `${mapping.name} output`);
    });
  }

  it('brings back the constraints the hand-typed schemas had lost: log_trace metadata.framework minLength 1, spans maxItems', () => {
    const properties = toolSchemas(mappings.find((m) => m.name === 'log_trace')!, document).inputSchema.properties as Record<string, Json>;
    expect((properties.metadata.properties as Record<string, Json>).framework).to.deep.equal({ type: 'string', minLength: 1, maxLength: 100 });
    expect(properties.spans).to.include({ type: 'array', maxItems: 100000 });
  });
});
