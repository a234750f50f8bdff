import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { adjustedRandIndex } from '../support/adjusted-rand-index.js';
import { failureCorpus, signatureOf, type FailingTraceFixture } from '../support/failure-corpus.js';
import type { FailingTrace } from '../../src/domain/clusters/cluster-assignment.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/** The stated bar: the planted families are recovered with an adjusted Rand index of at least this. */
const ARI_AT_LEAST = 0.95; // measured 0.9822 (seed 7) on both adapters

forEachAdapter((adapter) => {
  describe('failure clustering on a corpus with planted families', function () {
    this.timeout(300_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    /**
     * Assigns the corpus in order in a project of its own, as the detection worker would (or `batch`
     * traces per transaction under one lock, as a backfill does); answers each trace's cluster.
     */
    async function cluster(corpus: readonly FailingTraceFixture[], batch = 1): Promise<string[]> {
      const projectId = (await server.seedTenant(`Clusters ${randomUUID().slice(0, 8)}`)).project.id;
      const { clusters } = server.runtime.services;
      const store = server.runtime.store;
      const assigned: string[] = [];
      const start = Date.UTC(2026, 10, 1);
      let pending: FailingTrace[] = [];
      const flush = async () => {
        const traces = pending;
        pending = [];
        if (traces.length > 0) assigned.push(...(await store.transaction((tx) => clusters.assignment.assignAll(tx, traces, traces[traces.length - 1]!.seenAt))));
      };
      for (const [i, trace] of corpus.entries()) {
        const tokens = signatureOf(trace, clusters.assignment.parameters.maxTokens);
        const seenAt = new Date(start + i * 60_000);
        if (batch === 1) assigned.push(await store.transaction((tx) => clusters.assignment.assign(tx, { projectId, traceId: `t-${i}`, tokens, detectionIds: [], seenAt }, seenAt)));
        else {
          pending.push({ projectId, traceId: `t-${i}`, tokens, detectionIds: [], seenAt });
          if (pending.length === batch) await flush();
        }
      }
      await flush();
      return assigned;
    }

    it(`recovers 10 planted families among 5 % noise (1,200 traces, seed 7) with ARI ≥ ${ARI_AT_LEAST}, the same partition on a second run`, async () => {
      const corpus = failureCorpus(1200, 7, 0.05);
      const first = await cluster(corpus);
      const ari = adjustedRandIndex(corpus.map((t) => t.family), first);
      expect(ari, `ARI ${ari}`).to.be.at.least(ARI_AT_LEAST);
      // Determinism: same input order, same partition (cluster ids differ; their pattern must not).
      const second = await cluster(corpus);
      expect(adjustedRandIndex(first, second)).to.equal(1);
      const firstOf = new Map<string, number>();
      const secondOf = new Map<string, number>();
      expect(first.map((c) => firstOf.get(c) ?? (firstOf.set(c, firstOf.size), firstOf.size - 1))).to.deep.equal(second.map((c) => secondOf.get(c) ?? (secondOf.set(c, secondOf.size), secondOf.size - 1)));
      console.log(`      [${adapter}] ARI ${ari.toFixed(4)}, ${firstOf.size} clusters`);
    });

    it('assigns the same partition in batches of 50 per transaction (one lock each, as a backfill) as one trace per transaction', async () => {
      const corpus = failureCorpus(400, 7, 0.05);
      const single = await cluster(corpus);
      const batched = await cluster(corpus, 50);
      expect(batched).to.have.length(corpus.length);
      expect(adjustedRandIndex(single, batched)).to.equal(1);
      expect(new Set(batched).size).to.equal(new Set(single).size);
    });
  });
});
