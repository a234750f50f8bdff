import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forEachAdapter } from '../support/adapters.js';
import { labeledCorpus } from '../support/labeled-corpus.js';
import { expectEnvelope } from '../support/problem.js';
import { startListeningServer, type ListeningServer } from './cli-harness.js';

forEachAdapter((adapter) => {
  describe('tracewell detections train | models | activate', function (this: Mocha.Suite) {
    this.timeout(90_000); // each case spawns CLI processes
    let listening: ListeningServer;
    let env: Record<string, string>;
    let dir: string;
    let detectionId: string;

    before(async () => {
      listening = await startListeningServer(adapter);
      env = { TRACEWELL_API_KEY: listening.server.tenant.apiKey };
      dir = mkdtempSync(path.join(tmpdir(), 'tracewell-learned-'));
      detectionId = expectEnvelope<{ id: string }>(
        await listening.server.request().post('/api/v1/public/detections').set('x-api-key', listening.server.tenant.apiKey).send({ slug: 'refusals', displayName: 'Refusals', type: 'custom_trained', config: { labelSource: { kind: 'upload' } } }),
        201,
      ).id;
    });
    after(async () => {
      await listening.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('train --examples reads JSONL and queues version 1; a bad line is named, exit 2', async () => {
      const bad = path.join(dir, 'bad.jsonl');
      writeFileSync(bad, `${JSON.stringify({ fields: { output: 'x' }, label: true })}\n{"fields": {}, "label": "yes"}\n`);
      const refused = await listening.cli(['detections', 'train', detectionId, '--examples', bad], { env });
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.contain(`${bad} line 2 must be {"fields": {"output": "…"}, "label": true|false}`);

      const good = path.join(dir, 'examples.jsonl');
      writeFileSync(good, labeledCorpus(300, 9, 0).map((e) => JSON.stringify({ fields: e.texts, label: e.label })).join('\n'));
      const queued = await listening.cli(['detections', 'train', detectionId, '--examples', good, '--json'], { env });
      expect(queued.code, queued.stderr).to.equal(0);
      expect(JSON.parse(queued.stdout)).to.deep.include({ version: 1, status: 'queued' });
    });

    it('models lists the versions with F1, ROC AUC and the class counts; activate makes one active', async () => {
      await listening.server.runtime.services.trainings.runOnce('cli-test');
      const listed = await listening.cli(['detections', 'models', detectionId], { env });
      expect(listed.code, listed.stderr).to.equal(0);
      const [header, row] = listed.stdout.split('\n');
      expect(header).to.match(/^VERSION +STATUS +ACTIVE +F1 +ROC AUC +EXAMPLES +REASON$/);
      expect(row, JSON.stringify(row)).to.match(/^1 +trained +true +\d\.\d{3} +\d\.\d{3} +\d+\+\/\d+-/);
      const activated = await listening.cli(['detections', 'activate', detectionId, '1', '--json'], { env });
      expect(activated.code, activated.stderr).to.equal(0);
      expect(JSON.parse(activated.stdout)).to.deep.include({ version: 1, active: true });
      const wrong = await listening.cli(['detections', 'activate', detectionId, 'one'], { env });
      expect(wrong.code).to.equal(2);
    });
  });
});
