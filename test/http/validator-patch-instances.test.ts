import { expect } from 'chai';
import { validationContract } from '../../src/http/contract.js';
import { preprocessorOptions, SchemaPreprocessor, validatorRequire } from '../support/validator-preprocessor.js';

type JsonObject = Record<string, unknown>;
type RefResolution = typeof import('../../src/http/validator-ref-resolution.js');
type SchemaRefs = typeof import('../../src/http/validator-schema-refs.js');
type SpecLoading = typeof import('../../src/http/validator-spec-loading.js');

/*
 * Two instances of each patching module, as a process can come to hold them: mocha on a Node with
 * require(esm) `require`s most test files and `import`s one with top-level await (this one), and each
 * way builds its own module instances. A query string gives each import here an instance of its own.
 */
const instance = async <T>(path: string, number: number): Promise<T> => (await import(new URL(`${path}?instance=${number}`, import.meta.url).href)) as T;
const refResolution = [await instance<RefResolution>('../../src/http/validator-ref-resolution.ts', 1), await instance<RefResolution>('../../src/http/validator-ref-resolution.ts', 2)];
const schemaRefs = [await instance<SchemaRefs>('../../src/http/validator-schema-refs.ts', 1), await instance<SchemaRefs>('../../src/http/validator-schema-refs.ts', 2)];
const specLoading = [await instance<SpecLoading>('../../src/http/validator-spec-loading.ts', 1), await instance<SpecLoading>('../../src/http/validator-spec-loading.ts', 2)];

const resolveModule = validatorRequire('ajv/dist/compile/resolve') as { getSchemaRefs: unknown };
const frameworkModule = validatorRequire('./framework/index') as { OpenAPIFramework: { prototype: { loadSpec: unknown } } };
const { default: Ajv2020 } = validatorRequire('ajv/dist/2020') as {
  default: new (options: JsonObject) => { addSchema(schema: unknown, key: string): unknown; getSchema(key: string): ((data: unknown) => boolean) | undefined };
};

describe('express-openapi-validator patches with two instances of the patching modules in one process', function () {
  this.timeout(60_000);

  it('loads two distinct instances (or this test proves nothing)', () => {
    expect(refResolution[0]).to.not.equal(refResolution[1]);
    expect(schemaRefs[0]).to.not.equal(schemaRefs[1]);
    expect(specLoading[0]).to.not.equal(specLoading[1]);
  });

  it('patches the preprocessor once, and both instances count the lookups it answers', () => {
    refResolution[0]!.resolveComponentSchemasWithoutCompiling();
    const { resolveSchema, preProcess } = SchemaPreprocessor.prototype;
    refResolution[1]!.resolveComponentSchemasWithoutCompiling();
    expect(SchemaPreprocessor.prototype.resolveSchema).to.equal(resolveSchema);
    expect(SchemaPreprocessor.prototype.preProcess).to.equal(preProcess);

    const document = structuredClone(validationContract());
    const preprocessor = new SchemaPreprocessor(document, preprocessorOptions(document), false);
    preprocessor.preProcess();
    const before = refResolution.map((instance) => instance.componentSchemaLookups.count);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(preprocessor.resolveSchema({ $ref: '#/components/schemas/Project' })).to.equal(schemas.Project);
    expect(refResolution.map((instance, index) => instance.componentSchemaLookups.count - before[index]!)).to.deep.equal([1, 1]);
  });

  it('patches ajv’s getSchemaRefs once, and both instances count the walks it skips', () => {
    schemaRefs[1]!.skipSchemaRefWalksWithoutIdentities();
    const patched = resolveModule.getSchemaRefs;
    schemaRefs[0]!.skipSchemaRefWalksWithoutIdentities();
    expect(resolveModule.getSchemaRefs).to.equal(patched);

    const before = schemaRefs.map((instance) => instance.skippedWalks.count);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ type: 'object', properties: { name: { type: 'string' } } }, 'plain');
    expect(schemaRefs.map((instance, index) => instance.skippedWalks.count - before[index]!)).to.deep.equal([1, 1]);
    expect(ajv.getSchema('plain')!({ name: 'x' })).to.equal(true);
    expect(ajv.getSchema('plain')!({ name: 1 })).to.equal(false);
  });

  it('patches the framework’s spec loading once, and a document either instance marked is taken as bundled', async () => {
    const first = specLoading[0]!.useContractAsBundled({ openapi: '3.1.0' });
    const { loadSpec } = frameworkModule.OpenAPIFramework.prototype;
    const second = specLoading[1]!.useContractAsBundled({ openapi: '3.1.0' });
    expect(frameworkModule.OpenAPIFramework.prototype.loadSpec).to.equal(loadSpec);
    const load = loadSpec as (this: unknown, spec: unknown) => Promise<unknown>;
    expect(await load.call({}, first)).to.equal(first);
    expect(await load.call({}, second)).to.equal(second);
  });
});
