import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../src/clock.js';
import { ProjectRetention } from '../../src/domain/traces/retention.js';
import type { Store } from '../../src/ports/store.js';
import { forEachAdapter } from '../support/adapters.js';
import { openMigratedStore, type MigratedStore } from '../support/migrated-store.js';

const T0 = new Date('2026-11-01T12:00:00.000Z');
const DAY = 24 * 3600_000;

/** ProjectRetention: the retention list pages, searches and trace reads apply, kept for the credential cache's time. */
forEachAdapter((adapter) => {
  describe('ProjectRetention', () => {
    let opened: MigratedStore;
    let store: Store;
    let organizationId: string;
    let clock: ManualClock;
    /** Project reads the retention made, counted through the store it was given. */
    let reads: number;
    let counting: Store;

    before(async () => {
      opened = await openMigratedStore(adapter);
      store = opened.store;
      organizationId = (await store.organizations.create({ id: randomUUID(), name: 'Retention', now: T0 })).id;
      counting = Object.create(store, {
        projects: {
          value: Object.create(store.projects, {
            findById: { value: (id: string) => ((reads += 1), store.projects.findById(id)) },
          }),
        },
      }) as Store;
    });
    after(async () => opened.close());
    beforeEach(() => {
      clock = new ManualClock(T0);
      reads = 0;
    });

    const newProject = async (retentionDays: number | null) => {
      const project = await store.projects.create({ id: randomUUID(), organizationId, name: 'Kept', now: T0 });
      if (retentionDays !== null) await store.projects.update(project.id, { retentionDays }, T0);
      return project.id;
    };

    it('raises fromMs to the retention floor, keeps a later fromMs, and leaves a project without retention unfiltered', async () => {
      const retention = new ProjectRetention(counting, clock);
      const week = await newProject(7);
      expect(await retention.apply(week, { status: 'error' })).to.deep.equal({ status: 'error', fromMs: T0.getTime() - 7 * DAY });
      expect(await retention.apply(week, { fromMs: T0.getTime() - 10 * DAY })).to.deep.equal({ fromMs: T0.getTime() - 7 * DAY });
      expect(await retention.apply(week, { fromMs: T0.getTime() - DAY })).to.deep.equal({ fromMs: T0.getTime() - DAY });
      expect(await retention.apply(await newProject(null), { status: 'error' })).to.deep.equal({ status: 'error' });
    });

    it('answers the floor a trace read compares with: now less the retention, undefined without one, kept like apply', async () => {
      const retention = new ProjectRetention(counting, clock, 5000);
      const week = await newProject(7);
      expect(await retention.floor(week)).to.equal(T0.getTime() - 7 * DAY);
      clock.advance(1000);
      expect(await retention.floor(week)).to.equal(T0.getTime() + 1000 - 7 * DAY);
      expect(await retention.apply(week, {})).to.deep.equal({ fromMs: T0.getTime() + 1000 - 7 * DAY });
      expect(reads).to.equal(1);
      expect(await retention.floor(await newProject(null))).to.equal(undefined);
    });

    it('reads the project every time when nothing may be kept (ttl 0)', async () => {
      const retention = new ProjectRetention(counting, clock, 0);
      const project = await newProject(7);
      await retention.apply(project, {});
      await retention.apply(project, {});
      expect(reads).to.equal(2);
    });

    it('keeps a retention for its time: a change made elsewhere (another replica) applies once that time has passed, the floor moving with the clock meanwhile', async () => {
      const retention = new ProjectRetention(counting, clock, 5000);
      const project = await newProject(7);
      expect(await retention.apply(project, {})).to.deep.equal({ fromMs: T0.getTime() - 7 * DAY });
      await store.projects.update(project, { retentionDays: 2 }, T0);
      clock.advance(4999);
      expect(await retention.apply(project, {})).to.deep.equal({ fromMs: T0.getTime() + 4999 - 7 * DAY });
      expect(reads).to.equal(1);
      clock.advance(1);
      expect(await retention.apply(project, {})).to.deep.equal({ fromMs: T0.getTime() + 5000 - 2 * DAY });
      expect(reads).to.equal(2);
    });

    it('applies a change made through this process at once: forget reads the project again', async () => {
      const retention = new ProjectRetention(counting, clock, 5000);
      const project = await newProject(null);
      expect(await retention.apply(project, {})).to.deep.equal({});
      await store.projects.update(project, { retentionDays: 3 }, T0);
      retention.forget(project);
      expect(await retention.apply(project, {})).to.deep.equal({ fromMs: T0.getTime() - 3 * DAY });
      expect(reads).to.equal(2);
    });
  });
});
