import { expect } from 'chai';
import { createRequire } from 'node:module';
import { validationContract } from '../../src/http/contract.js';
import { skippedWalks, skipSchemaRefWalksWithoutIdentities } from '../../src/http/validator-schema-refs.js';

type JsonObject = Record<string, unknown>;
interface Ajv {
  addSchema(schema: unknown, key?: string): Ajv;
  getSchema(key: string): ((data: unknown) => boolean) | undefined;
  compile(schema: unknown): (data: unknown) => boolean;
}
/** The ajv the validator creates for the contract (OpenAPI 3.1: the 2020-12 draft), as it resolves it. */
const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const { default: Ajv2020 } = validatorRequire('ajv/dist/2020') as { default: new (options: JsonObject) => Ajv };
const ajv = (): Ajv => new Ajv2020({ strict: false });

describe('ajv schema-ref walks skipped for schemas without identities (express-openapi-validator route schemas)', function () {
  this.timeout(60_000);
  before(() => skipSchemaRefWalksWithoutIdentities());

  it('skips the walk of a route schema holding the whole contract, and the validator compiled from it checks as before', () => {
    const contract = structuredClone(validationContract());
    const before = skippedWalks.count;
    // The shape express-openapi-validator builds for a route's parameters (openapi.request.validator.js).
    const route = {
      paths: contract.paths,
      components: contract.components,
      required: ['query'],
      properties: { query: { type: 'object', properties: { limit: { $ref: '#/components/schemas/Project/properties/name' } } } },
    };
    const instance = ajv().addSchema(route, 'route');
    const validate = instance.getSchema('route')!;
    expect(skippedWalks.count).to.be.greaterThan(before);
    expect(validate({ query: { limit: 'a name' } })).to.equal(true);
    expect(validate({ query: { limit: 7 } })).to.equal(false);
    expect(validate({})).to.equal(false);
  });

  it('walks a schema holding an $anchor, so the anchor resolves', () => {
    const validate = ajv().compile({ $defs: { name: { $anchor: 'name', type: 'string' } }, type: 'object', properties: { n: { $ref: '#name' } } });
    expect(validate({ n: 'x' })).to.equal(true);
    expect(validate({ n: 1 })).to.equal(false);
  });

  it('walks a schema holding a nested $id, so references to it resolve', () => {
    const validate = ajv().compile({
      $id: 'https://example.test/root',
      $defs: { count: { $id: 'https://example.test/count', type: 'integer' } },
      type: 'object',
      properties: { c: { $ref: 'https://example.test/count' } },
    });
    expect(validate({ c: 2 })).to.equal(true);
    expect(validate({ c: 'two' })).to.equal(false);
  });

  it('answers each further route schema over the same paths and components without a walk (one skip per addSchema)', () => {
    const contract = structuredClone(validationContract());
    const instance = ajv();
    instance.addSchema({ paths: contract.paths, components: contract.components, properties: { body: {} } }, 'a');
    const before = skippedWalks.count;
    instance.addSchema({ paths: contract.paths, components: contract.components, properties: { body: { type: 'string' } } }, 'b');
    expect(skippedWalks.count - before).to.equal(1);
    expect(instance.getSchema('b')!({ body: 'x' })).to.equal(true);
    expect(instance.getSchema('b')!({ body: 1 })).to.equal(false);
  });
});
