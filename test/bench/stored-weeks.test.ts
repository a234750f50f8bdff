import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { weekStart } from '../../adapters/postgres/time-partitions.js';
import type { TraceInputPayload } from '../../scripts/bench/batch-payload.js';
import { loadDataset } from '../../scripts/bench/dataset.js';
import { generateTraces } from '../../scripts/bench/generate-traces.js';

/**
 * The bench's `--stored-weeks-spread` load (scripts/bench/stored-weeks.ts): the same traces as the
 * plain load, in batches of one week of created_at each, oldest week first. No database: the batches are
 * what a fake ingestor receives.
 */
describe('bench data set spread over weeks (loadDataset weekSpread)', () => {
  const BASE = Date.parse('2026-11-29T23:00:00.000Z');
  const load = async (weekSpread: boolean, traces: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-spread-'));
    const batches: TraceInputPayload[][] = [];
    try {
      const summary = await loadDataset(
        { ingestBatch: async (_projectId, batch) => void batches.push(batch) },
        { projectId: '00000000-0000-4000-8000-000000000001', seed: 42, traces, dataDir, baseTime: BASE, batchTraces: 25, concurrency: 4, weekSpread, log: () => undefined },
      );
      return { summary, batches };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const weekOf = (trace: TraceInputPayload) => weekStart(Math.min(...(trace.spans ?? []).map((span) => Date.parse(String(span.start_time)))));

  it('stores exactly the plain load\'s traces, each batch within one week, the weeks in order', async () => {
    const plain = await load(false, 300);
    const spread = await load(true, 300);
    const ids = (batches: TraceInputPayload[][]) => batches.flat().map((trace) => trace.trace_id).sort();

    expect(ids(spread.batches)).to.deep.equal(ids(plain.batches));
    expect(ids(spread.batches)).to.deep.equal([...generateTraces(0, 300, { seed: 42, baseTime: BASE })].map((trace) => trace.traceId).sort());
    expect(spread.summary).to.deep.equal(plain.summary);
    const weeks = spread.batches.map((batch) => [...new Set(batch.map(weekOf))]);
    expect(weeks.every((batch) => batch.length === 1)).to.equal(true);
    const order = weeks.map(([week]) => week);
    expect(order).to.deep.equal([...order].sort((a, b) => a - b));
    expect(new Set(order).size).to.equal(5);
  });
});
