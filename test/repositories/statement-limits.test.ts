import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { openDatabase, migrateToLatest, type Database } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import type { Store } from '../../src/ports/store.js';
import { forEachAdapter, isolatedDatabase, type IsolatedDatabase } from '../support/adapters.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');
/** Above SQLite's 500-term cap on one compound SELECT (knex's multi-row insert), at the batch maximum. */
const ROWS = 1000;

/** Every multi-row write stays inside each database's statement limits (docs/search.md#write-limits). */
forEachAdapter((adapter) => {
  describe('multi-row writes at the documented maxima', () => {
    let isolated: IsolatedDatabase;
    let database: Database;
    let store: Store;
    let projectId: string;

    before(async () => {
      isolated = isolatedDatabase(adapter);
      database = await openDatabase({ databaseUrl: isolated.databaseUrl, dataDir: isolated.dataDir, sqliteFile: isolated.sqliteFile, postgresSchema: isolated.postgresSchema });
      await migrateToLatest(database);
      store = createStore(database.knex, database.dialect);
      const org = await store.organizations.create({ id: randomUUID(), name: 'Acme', now: T0 });
      projectId = (await store.projects.create({ id: randomUUID(), organizationId: org.id, name: 'Agents', now: T0 })).id;
    });
    after(async () => {
      await database.close();
      await isolated.drop();
    });

    const count = async (table: string) => Number((await database.knex(table).where({ project_id: projectId }).count<{ n: number }[]>({ n: '*' }))[0].n);
    const jobs = (prefix: string) => Array.from({ length: ROWS }, (_, i) => ({ id: randomUUID(), projectId, traceId: `${prefix}-${i}` }));

    it('enqueues 1000 detection jobs in one call', async () => {
      await store.detectionJobs.enqueue(jobs('enqueued'), T0);
      expect(await count('detection_jobs')).to.equal(ROWS);
    });

    it('schedules 1000 settled evaluations in one call, new and pushed back alike', async () => {
      await store.detectionJobs.schedule(jobs('scheduled'), T0, new Date(T0.getTime() + 1000));
      await store.detectionJobs.schedule(jobs('scheduled'), T0, new Date(T0.getTime() + 2000));
      expect(await count('detection_jobs')).to.equal(2 * ROWS);
    });

    it('enqueues 1000 webhook deliveries in one call', async () => {
      const webhookId = randomUUID();
      await store.webhooks.create({ id: webhookId, projectId, name: 'hook', destinationUrl: 'https://example.test/hook', secretCiphertext: null, enabled: true, eventTypes: ['*'], createdAt: T0, updatedAt: T0 });
      await store.webhookDeliveries.enqueue(
        Array.from({ length: ROWS }, () => ({
          id: randomUUID(),
          webhookId,
          projectId,
          eventId: randomUUID(),
          eventType: 'trace.ingested',
          body: '{}',
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: T0,
          createdAt: T0,
          updatedAt: T0,
        })),
      );
      expect(await count('webhook_deliveries')).to.equal(ROWS);
    });
  });
});
