import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { validate } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { renderGenerated, renderOperationIndex, renderParsedContract, renderValidationContract } from '../../scripts/generate.js';
import { renderRequestValidators, staleRequestValidatorFiles } from '../../scripts/request-validators.js';
import { CONTRACT_PATH, deriveValidationContract, loadContract, operationIndex, readContract, validationContract } from '../../src/http/contract.js';

describe('contract/openapi.yaml', () => {
  it('is valid OpenAPI 3.1.0 with contract version 0.1.0', async () => {
    const document = parse(await readFile(CONTRACT_PATH, 'utf8'), { maxAliasCount: -1 });
    expect(document.openapi).to.equal('3.1.0');
    expect(document.info.version).to.equal('0.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result, null, 2)).to.equal(true);
  });

  it('gives every operation an operationId, a credential policy and only public paths', () => {
    for (const operation of operationIndex()) {
      // post_api_v1_public_webhooks is the spec's own id, kept as written.
      const specGivenIds = ['post_api_v1_public_webhooks'];
      if (!specGivenIds.includes(operation.operationId)) expect(operation.operationId, operation.pathTemplate).to.match(/^[a-z][A-Za-z0-9]+$/);
      // The OTLP/HTTP endpoint keeps the path OpenTelemetry exporters append to their endpoint.
      if (operation.operationId !== 'exportOtlpTraces') expect(operation.pathTemplate).to.match(/^\/api\/v1\/public\//);
      else expect(operation.pathTemplate).to.equal('/v1/traces');
      expect(operation.security, operation.operationId).to.not.be.empty;
    }
  });

  it('declares a scope for OAuth and service-account tokens wherever it accepts them', () => {
    for (const operation of operationIndex()) {
      for (const entry of operation.security.filter((e) => e.scheme === 'oauth2' || e.scheme === 'serviceAccount')) {
        expect(entry.scopes, `${operation.operationId} ${entry.scheme}`).to.have.length.greaterThan(0);
      }
    }
  });
});

describe('generated/', () => {
  it('is what `npm run generate` writes from the current contract', async () => {
    const committed = await readFile(new URL('../../generated/openapi.ts', import.meta.url), 'utf8');
    const fresh = await renderGenerated();
    expect(committed === fresh, 'generated/openapi.ts is out of date: run `npm run generate`').to.equal(true);
  });

  it('holds the contract parsed as the server loads it (generated/openapi.json), current with contract/openapi.yaml', async () => {
    const committed = await readFile(new URL('../../generated/openapi.json', import.meta.url), 'utf8');
    expect(committed === (await renderParsedContract()), 'generated/openapi.json is out of date: run `npm run generate`').to.equal(true);
    expect(loadContract()).to.deep.equal(readContract(CONTRACT_PATH));
  });

  it('holds the contract as the request validator reads it (generated/validation-contract.json), current with contract/openapi.yaml', async () => {
    const committed = await readFile(new URL('../../generated/validation-contract.json', import.meta.url), 'utf8');
    expect(committed === (await renderValidationContract()), 'generated/validation-contract.json is out of date: run `npm run generate`').to.equal(true);
    expect(validationContract()).to.deep.equal(deriveValidationContract(readContract(CONTRACT_PATH)));
  });

  it('holds the request validators compiled from the validation contract (generated/request-validation.json, generated/request-validators/), current with it', async () => {
    const fresh = await renderRequestValidators(JSON.parse(await renderValidationContract()) as Record<string, unknown>);
    expect(Object.keys(fresh.modules)).to.have.length.greaterThan(100);
    expect(await staleRequestValidatorFiles(fresh), 'out of date with the contract: run `npm run generate`').to.deep.equal([]);
  });

  it('holds the operations as the access policy reads them (generated/operation-index.json), current with contract/openapi.yaml', async () => {
    const committed = await readFile(new URL('../../generated/operation-index.json', import.meta.url), 'utf8');
    expect(committed === (await renderOperationIndex()), 'generated/operation-index.json is out of date: run `npm run generate`').to.equal(true);
    // Read from the file, the index is the one derived from the contract, matchers included.
    const derived = operationIndex(readContract(CONTRACT_PATH));
    const read = operationIndex();
    expect(read.map(({ matcher, ...operation }) => ({ ...operation, matcher: matcher.source }))).to.deep.equal(derived.map(({ matcher, ...operation }) => ({ ...operation, matcher: matcher.source })));
    expect(read.length).to.be.greaterThan(100);
    expect(read.find((operation) => operation.operationId === 'getTrace')?.matcher.test('/api/v1/public/traces/abc')).to.equal(true);
  });
});
