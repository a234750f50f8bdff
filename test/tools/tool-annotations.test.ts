import { expect } from 'chai';

describe('tool annotations', () => {
  it('say readOnlyHint exactly for the tools whose operation is a GET or marked x-tracewell-read-only, and every tool has an outputSchema', async () => {
    const { operationIndex } = await import('../../src/http/contract.js');
    const { toolMappings } = await import('../../src/tools/registry.js');
    const { loadConfig } = await import('../../src/config.js');
    const operations = new Map(operationIndex().map((operation) => [operation.operationId, operation]));
    const mappings = toolMappings(loadConfig({ SERVER_SECRET: 'annotation-test-secret', DATA_DIR: '/tmp' }));
    for (const mapping of mappings) {
      const operation = operations.get(mapping.operationId)!;
      const reads = operation.method.toUpperCase() === 'GET' || operation.readsOnly;
      expect(mapping.annotations?.readOnlyHint, mapping.name).to.equal(reads);
      // A reading tool changes nothing: never destructive, always idempotent.
      if (reads) expect(mapping.annotations, mapping.name).to.deep.include({ destructiveHint: false, idempotentHint: true });
      expect(mapping.output?.kind, mapping.name).to.equal('object');
    }
  });
});
