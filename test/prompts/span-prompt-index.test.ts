import { expect } from 'chai';
import { spanPromptColumns } from '../../adapters/sql/span-prompt-columns.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';

type Row = Record<string, unknown>;

/** Migration 033: the prompt lookups seek spans_prompt_idx on both databases (their plans name it). */
forEachAdapter((adapter) => {
  describe('spans_prompt_idx (migration 036-span-prompt-index)', function () {
    this.timeout(60_000);
    let opened: MigratedStore;
    before(async () => {
      opened = await openMigratedStore(adapter);
    });
    after(async () => opened.close());

    it('is what a lookup of the spans that recorded a prompt name and version reads', async () => {
      const { knex, dialect } = opened.database;
      const columns = spanPromptColumns(dialect, 's');
      const sql = `SELECT s.trace_id FROM spans s WHERE s.project_id = ? AND ${columns.name} = ? AND ${columns.version} = ?`;
      const bindings = ['00000000-0000-4000-8000-000000000001', 'support/triage', columns.versionBinding(3)];
      let plan: string;
      if (dialect === 'sqlite') {
        plan = ((await knex.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings)) as Row[]).map((row) => String(row.detail)).join('\n');
      } else {
        // An empty table is cheaper to scan; with scans priced out the plan shows whether the index can serve.
        plan = await knex.transaction(async (trx) => {
          await trx.raw('SET LOCAL enable_seqscan = off');
          return ((await trx.raw(`EXPLAIN ${sql}`, bindings)) as { rows: Row[] }).rows.map((row) => String(row['QUERY PLAN'])).join('\n');
        });
      }
      expect(plan).to.contain('spans_prompt_idx');
    });
  });
});
