import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '../../adapters/database.js';
import { binValue, encodeSketch, SketchMerger } from '../../adapters/sql/latency-sketch.js';
import { ADAPTERS, forEachAdapter } from '../support/adapters.js';
import { metricsMarksVacuum } from '../../adapters/migrations/051-metrics-marks-vacuum.js';
import { onDatabaseThrough, organizationRow } from '../support/migrated-store.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAY_ONE = Date.parse('2026-10-24T00:00:00.000Z');

/** An hour row of migration 047 as the settler writes it. */
const hourRow = (projectId: string, dimension: string, value: string | null, hourMs: number, units: number, bins: [number, number][]) => ({
  project_id: projectId,
  dimension,
  hour_ms: hourMs,
  value,
  units,
  traces: units,
  spans: 2 * units,
  errors: units > 2 ? 1 : 0,
  cost: units / 8,
  input_tokens: 10 * units,
  output_tokens: 3 * units,
  total_tokens: 13 * units,
  latency_sketch: encodeSketch(bins),
});

forEachAdapter((adapter) => {
  describe('migration 050: day rows of the metrics rollups', () => {
    it('adds up the hour rows already settled into one row per project, UTC day, dimension and value, sketches merged', async () => {
      await onDatabaseThrough(adapter, '049-trace-tags-tokens', async (database) => {
        const knex = database.knex;
        const at = DAY_ONE;
        const organization = await organizationRow(knex, at);
        const [project, other] = [randomUUID(), randomUUID()];
        for (const id of [project, other]) await knex('projects').insert({ id, organization_id: organization, name: id, created_at: at, updated_at: at });
        await knex('metrics_rollups').insert([
          hourRow(project, 'model', 'gpt-4o', DAY_ONE + 3 * HOUR, 2, [[10, 1], [12, 1]]),
          hourRow(project, 'model', 'gpt-4o', DAY_ONE + 23 * HOUR, 3, [[12, 2], [-32768, 1]]),
          hourRow(project, 'model', null, DAY_ONE + 23 * HOUR, 1, [[5, 1]]),
          // The next UTC day: a row of its own.
          hourRow(project, 'model', 'gpt-4o', DAY_ONE + DAY, 4, [[10, 4]]),
          hourRow(other, '', null, DAY_ONE + 5 * HOUR, 1, [[7, 1]]),
        ]);
        await migrateToLatest(database);
        const rows = (await knex('metrics_daily_rollups').orderBy(['project_id', 'day_ms', 'value'])).map((r: Record<string, unknown>) => ({
          project: r.project_id === project ? 'project' : 'other',
          dimension: r.dimension,
          day: new Date(Number(r.day_ms)).toISOString(),
          value: r.value ?? null,
          sums: ['units', 'traces', 'spans', 'errors', 'cost', 'input_tokens', 'output_tokens', 'total_tokens'].map((f) => Number(r[f])),
          sketch: [...Buffer.from(r.latency_sketch as Uint8Array)],
        }));
        const sketch = (bins: [number, number][]) => [...encodeSketch(bins)];
        const expected = [
          { project: 'project', dimension: 'model', day: '2026-10-24T00:00:00.000Z', value: 'gpt-4o', sums: [5, 5, 10, 1, 0.625, 50, 15, 65], sketch: sketch([[-32768, 1], [10, 1], [12, 3]]) },
          { project: 'project', dimension: 'model', day: '2026-10-24T00:00:00.000Z', value: null, sums: [1, 1, 2, 0, 0.125, 10, 3, 13], sketch: sketch([[5, 1]]) },
          { project: 'project', dimension: 'model', day: '2026-10-25T00:00:00.000Z', value: 'gpt-4o', sums: [4, 4, 8, 1, 0.5, 40, 12, 52], sketch: sketch([[10, 4]]) },
          { project: 'other', dimension: '', day: '2026-10-24T00:00:00.000Z', value: null, sums: [1, 1, 2, 0, 0.125, 10, 3, 13], sketch: sketch([[7, 1]]) },
        ];
        const order = (list: readonly object[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
        expect(order(rows)).to.deep.equal(order(expected));
        // The merged sketch answers as the hours' latencies together would: of 5 units (one at 0, one in
        // bin 10, three in bin 12), rank 1 is 0, rank 2 bin 10's value, ranks 3–5 bin 12's.
        const merged = new SketchMerger();
        merged.addEncoded(Buffer.from(rows.find((r) => r.value === 'gpt-4o' && r.day.startsWith('2026-10-24'))!.sketch));
        expect([20, 40, 50, 100].map((p) => merged.percentile(p))).to.deep.equal([0, binValue(10), binValue(12), binValue(12)]);
      });
    });
  });
});

if (ADAPTERS.includes('postgres')) {
  describe('migration 051: the metrics marks vacuumed as a queue', () => {
    it('gives metrics_dirty_hours a fixed autovacuum threshold, no scale factor and no cost delay; down resets them', async () => {
      await onDatabaseThrough('postgres', '051-metrics-marks-vacuum', async (database) => {
        const knex = database.knex;
        const options = async () =>
          ((await knex.raw("SELECT reloptions FROM pg_class WHERE oid = to_regclass('metrics_dirty_hours')")).rows as { reloptions: string[] | null }[])[0].reloptions;
        expect(await options()).to.deep.equal(['autovacuum_vacuum_scale_factor=0', 'autovacuum_vacuum_threshold=5000', 'autovacuum_vacuum_cost_delay=0']);
        await metricsMarksVacuum.down(knex, 'postgres');
        expect(await options()).to.equal(null);
      });
    });
  });
}
