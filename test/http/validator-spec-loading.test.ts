import { expect } from 'chai';
import { createRequire } from 'node:module';
import { validationContract } from '../../src/http/contract.js';
import { useContractAsBundled } from '../../src/http/validator-spec-loading.js';

const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const RefParser = validatorRequire('@apidevtools/json-schema-ref-parser') as { bundle(document: unknown): Promise<unknown> };
const cloneDeep = validatorRequire('lodash.clonedeep') as <T>(value: T) => T;
const { OpenAPIFramework } = validatorRequire('./framework/index') as { OpenAPIFramework: { prototype: { loadSpec(spec: unknown): Promise<unknown> } } };

describe('contract loading in express-openapi-validator (without bundling)', function () {
  this.timeout(60_000);

  it('bundling (json-schema-ref-parser, as the validator loads a document) leaves the contract unchanged, so skipping it changes nothing', async () => {
    const bundled = await RefParser.bundle(structuredClone(validationContract()));
    expect(bundled).to.deep.equal(validationContract());
  });

  it('loads a marked document (and the copy the validator makes of it) as given, and any other document the validator’s own way (a new object)', async () => {
    const marked = useContractAsBundled(validationContract());
    expect(await OpenAPIFramework.prototype.loadSpec(marked)).to.equal(marked);
    const copied = cloneDeep(marked);
    expect(await OpenAPIFramework.prototype.loadSpec(copied)).to.equal(copied);
    expect(JSON.stringify(marked)).to.equal(JSON.stringify(validationContract()));
    const other = structuredClone(validationContract());
    const loaded = await OpenAPIFramework.prototype.loadSpec(other);
    expect(loaded).to.deep.equal(other);
  });
});
