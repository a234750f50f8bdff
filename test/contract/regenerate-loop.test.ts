import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A new operation, inserted as the contract's first path. */
const NEW_OPERATION = `  /api/v1/public/loop-check:
    get:
      operationId: loopCheck
      tags: [health]
      summary: An operation added by the regenerate-loop test.
      x-rate-class: read
      security:
        - apiKey: []
      responses:
        '200':
          description: Nothing.
          content:
            application/json:
              schema:
                type: object
                required: [success, data, requestId]
                properties:
                  success: { type: boolean, const: true }
                  requestId: { $ref: '#/components/schemas/RequestId' }
                  data: { type: object }
`;

/** A tool table entry naming an operation the contract does not have. */
const BOGUS_TOOL = `import { object } from './contract-fields.js';
import { mapTool } from './operation-tool.js';

export const bogus = mapTool({
  name: 'bogus',
  operationId: 'noSuchOperation',
  description: 'Names no operation.',
  input: object({}),
  toOperation: () => ({ path: {}, query: {}, headers: {}, body: undefined }),
  toResult: (data) => data,
});
`;

/** Tool fields naming contract fields that do not exist: a camelCase name for a snake_case one, a parameter by its tool name, a body field of another operation. */
const BOGUS_FIELDS = `import { bodyField, field, queryParameter } from './contract-fields.js';

export const misnamed = [
  field('SpanInput', 'spanId'),
  queryParameter('searchTraces', 'query'),
  bodyField('decideFixDispatch', 'action'),
];
`;

/**
 * The loop docs/development.md's "Changing the contract" describes, proven in a temporary copy: add an operation
 * to the contract, run the generator, and the typecheck names the handler that is now missing (as it
 * names a tool that rides an operation the contract lacks). Only the files the handler table and the
 * tool table reach are compiled, to keep the test quick.
 */
describe('changing the contract: regenerate, then the compiler names what is missing', function () {
  this.timeout(240_000);
  let copy: string;

  before(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'tracewell-loop-'));
    for (const entry of ['contract', 'generated', 'scripts', 'src', 'adapters', 'package.json', 'tsconfig.json']) {
      await cp(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    }
    await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  after(async () => rm(copy, { recursive: true, force: true }));

  it('fails the typecheck naming the new operation’s handler, a tool naming an unknown operation, and tool fields naming unknown contract fields', async () => {
    const contractPath = path.join(copy, 'contract', 'openapi.yaml');
    const contract = await readFile(contractPath, 'utf8');
    await writeFile(contractPath, contract.replace(/^paths:\n/m, `paths:\n${NEW_OPERATION}`));
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/generate.ts'], { cwd: copy });
    expect(await readFile(path.join(copy, 'generated', 'openapi.ts'), 'utf8')).to.contain('loopCheck');

    await writeFile(path.join(copy, 'src', 'tools', 'bogus-tool.ts'), BOGUS_TOOL);
    await writeFile(path.join(copy, 'src', 'tools', 'bogus-fields.ts'), BOGUS_FIELDS);
    await writeFile(
      path.join(copy, 'tsconfig.loop.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [], files: ['src/handlers/index.ts', 'src/tools/registry.ts', 'src/tools/bogus-tool.ts', 'src/tools/bogus-fields.ts'] }),
    );
    const typecheck = await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.loop.json'], { cwd: copy }).then(
      () => ({ failed: false, output: '' }),
      (error: { stdout: string }) => ({ failed: true, output: error.stdout }),
    );
    expect(typecheck.failed, 'the typecheck should fail').to.equal(true);
    expect(typecheck.output).to.match(/src\/handlers\/index\.ts\(\d+,\d+\): error TS2741: Property 'loopCheck' is missing/);
    expect(typecheck.output).to.match(/src\/tools\/bogus-tool\.ts\(\d+,\d+\): error TS\d+: .*noSuchOperation/);
    // A tool field is checked against the generated contract types: a field the contract lacks is named.
    expect(typecheck.output).to.match(/src\/tools\/bogus-fields\.ts\(4,\d+\): error TS2345: Argument of type '"spanId"' is not assignable/);
    expect(typecheck.output).to.match(/src\/tools\/bogus-fields\.ts\(5,\d+\): error TS2345: Argument of type '"query"' is not assignable/);
    expect(typecheck.output).to.match(/src\/tools\/bogus-fields\.ts\(6,\d+\): error TS2345: Argument of type '"action"' is not assignable/);
  });
});
