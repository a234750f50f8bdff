import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeDue, loadDataset } from '../../scripts/bench/dataset.js';

describe('bench data set load (scripts/bench/dataset.ts)', () => {
  describe('analyzeDue', () => {
    // PostgreSQL 15, "The Autovacuum Daemon": analyze threshold = autovacuum_analyze_threshold (50)
    // + autovacuum_analyze_scale_factor (0.1) × the table's rows.
    it('is due once the rows since the last ANALYZE exceed 50 plus 10 % of the rows then', () => {
      expect(analyzeDue(50, 0)).to.equal(false);
      expect(analyzeDue(51, 0)).to.equal(true);
      expect(analyzeDue(1_150, 1_000)).to.equal(false);
      expect(analyzeDue(1_151, 1_000)).to.equal(true);
      expect(analyzeDue(1_100_050, 1_000_000)).to.equal(false);
      expect(analyzeDue(1_100_051, 1_000_000)).to.equal(true);
    });
  });

  describe('loadDataset', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-dataset-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('gathers statistics during the load where autovacuum would, after each committed group', async () => {
      let stored = 0;
      const analyzedAt: number[] = [];
      await loadDataset(
        {
          async ingestBatch(_projectId, traces) {
            stored += traces.length;
          },
        },
        {
          projectId: 'p',
          seed: 42,
          traces: 1_000,
          dataDir,
          baseTime: Date.UTC(2026, 10, 30),
          batchTraces: 100,
          refreshStatistics: async () => {
            analyzedAt.push(stored);
          },
          log: () => undefined,
        },
      );
      expect(stored).to.equal(1_000);
      // 100 > 50; 200 − 100 > 60; … 500 − 400 > 90; then 700 − 500 > 100 and 900 − 700 > 120; 1,000 − 900 ≤ 140.
      expect(analyzedAt).to.deep.equal([100, 200, 300, 400, 500, 700, 900]);
    });
  });
});
