import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { MAX_MENTIONS, parseMentions } from '../../src/domain/notifications/mentions.js';
import type { DigestSummary } from '../../src/domain/notifications/digest-service.js';
import { latestPeriod } from '../../src/domain/notifications/digest-periods.js';
import { notificationTasks, type NotificationTask } from '../../src/domain/notifications/scheduled-tasks.js';
import type { UserRecord } from '../../src/ports/users.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TenantSeed, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { createRequest, writerOf } from '../webhooks/support.js';

const HOUR = 3_600_000;
const START = new Date('2026-11-01T12:00:00.000Z');
type Json = Record<string, unknown>;
type NotificationBody = { id: string; type: string; title: string; data: Json; read: boolean; readAt: string | null; createdAt: string };

describe('parseMentions', () => {
  const members = [
    { userId: 'u-alice', email: 'Alice@example.com' },
    { userId: 'u-bob', email: 'bob@example.com' },
    { userId: 'u-bob2', email: 'bob@other.org' },
    { userId: 'u-carol', email: 'carol.d+ops@example.com' },
  ];

  it('names a member by local part or by full address, case-insensitively, in order of first mention', () => {
    expect(parseMentions('@carol.d+ops and @ALICE, then @alice again', members)).to.deep.equal(['u-carol', 'u-alice']);
    expect(parseMentions('cc @bob@other.org', members)).to.deep.equal(['u-bob2']);
  });

  it('names nobody by a local part two members share, nor by an unknown handle', () => {
    expect(parseMentions('@bob @dave @', members)).to.deep.equal([]);
    expect(parseMentions('@bob@example.com', members)).to.deep.equal(['u-bob']);
  });

  it('ignores addresses in prose and keeps trailing punctuation out of the handle', () => {
    expect(parseMentions('mail alice@example.com or bob@other.org', members)).to.deep.equal([]);
    expect(parseMentions('thanks @alice. (@carol.d+ops)', members)).to.deep.equal(['u-alice', 'u-carol']);
  });

  it(`reads at most ${MAX_MENTIONS} handles of one comment`, () => {
    const text = `${Array.from({ length: MAX_MENTIONS }, (_, i) => `@nobody${i}`).join(' ')} @alice`;
    expect(parseMentions(text, members)).to.deep.equal([]);
  });
});

describe('latestPeriod (digest periods in a time zone)', () => {
  it('ends a daily period at the last local digest hour and a weekly one on its weekday, across a DST change', () => {
    const berlin = { timezone: 'Europe/Berlin', digestHour: 9, weeklyDay: 0 };
    expect(latestPeriod('daily', START, berlin)).to.deep.equal({ kind: 'daily', start: new Date('2026-10-31T08:00:00.000Z'), end: new Date('2026-11-01T08:00:00.000Z') });
    expect(latestPeriod('daily', new Date('2026-11-01T07:59:59.999Z'), berlin).end).to.deep.equal(new Date('2026-10-31T08:00:00.000Z'));
    // Summer time ended on 2026-10-25: the week before starts at 09:00 CET = 08:00Z.
    expect(latestPeriod('weekly', START, berlin)).to.deep.equal({ kind: 'weekly', start: new Date('2026-10-25T08:00:00.000Z'), end: new Date('2026-11-01T08:00:00.000Z') });
    expect(latestPeriod('daily', new Date('2026-10-25T12:00:00.000Z'), berlin).start).to.deep.equal(new Date('2026-10-24T07:00:00.000Z'));
    expect(latestPeriod('weekly', START, { timezone: 'UTC', digestHour: 13, weeklyDay: 1 }).end).to.deep.equal(new Date('2026-10-26T13:00:00.000Z'));
  });

  it("answers each zone with its own clock when zones alternate (the formatters are kept per zone)", () => {
    const at = (timezone: string) => latestPeriod('daily', START, { timezone, digestHour: 9, weeklyDay: 0 }).end.toISOString();
    const asked = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'Asia/Tokyo', 'America/New_York'].map(at);
    expect(asked).to.deep.equal([
      '2026-11-01T08:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T00:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
    ]);
  });
});

forEachAdapter((adapter) => {
  describe('notifications', () => {
    let server: TestServer;
    let bob: UserRecord;
    let bobToken: string;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const asBob = () => ({ authorization: `Bearer ${bobToken}`, 'x-project-id': server.tenant.project.id });
    const projectId = () => server.tenant.project.id;

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      bob = await server.runtime.services.provisioning.createUser(`bob-${randomUUID()}@example.com`, 'Bob', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
      bobToken = await server.oauthToken(bob.id, ['observability:read', 'observability:write'], { expiresInMs: 30 * 86_400_000 });
    });
    after(async () => server.close());
    afterEach(() => server.clock.set(START));

    const newFix = async (title = 'Flaky retrieval') => (await server.runtime.services.fixes.create(projectId(), { title, severity: 'medium' }, 'user:seed')).id;
    const comment = (fixId: string, text: string) => server.request().post(`/api/v1/public/fixes/${fixId}/comments`).set(key()).send({ text });
    const bobsNotifications = async (query = '') =>
      expectEnvelope<{ notifications: NotificationBody[]; unreadCount: number; page: { hasMore: boolean; nextCursor: string | null } }>(
        await server.request().get(`/api/v1/public/notifications${query}`).set(asBob()),
      );
    const clear = () => server.runtime.database.knex('notifications').delete();

    describe('POST /fixes/{id}/comments (@mentions)', () => {
      it('emits notification.mention and stores a notification for each member mentioned, not for the author', async () => {
        await clear();
        const fixId = await newFix('Wrong tool chosen');
        const local = bob.email.split('@')[0];
        const created = expectEnvelope<{ id: string }>(await comment(fixId, `@${local} can you check? @${server.tenant.user.email} fyi`), 201);
        const deliveries = await server.runtime.database.knex('webhook_deliveries').where({ event_type: 'notification.mention' });
        expect(deliveries).to.have.length(0); // no webhook subscribes yet; the stored notification still exists
        const { notifications, unreadCount } = await bobsNotifications();
        expect(unreadCount).to.equal(1);
        expect(notifications).to.have.length(1);
        expect(notifications[0]).to.deep.include({ type: 'notification.mention', title: 'You were mentioned on the fix "Wrong tool chosen"', read: false, readAt: null, createdAt: START.toISOString() });
        expect(notifications[0].data).to.deep.equal({
          fixId, commentId: created.id, author: `user:${server.tenant.user.id}`, text: `@${local} can you check? @${server.tenant.user.email} fyi`, mentionedUserIds: [bob.id],
        });
        expect(await server.runtime.store.notifications.countUnread(server.tenant.user.id, projectId())).to.equal(0);
      });

      it('sends notification.mention to a subscribed webhook in the comment’s transaction', async () => {
        const caller = await writerOf(server);
        expectEnvelope(await createRequest(server, caller, { name: `Mentions ${randomUUID()}`, destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: ['notification.mention'] }), 201);
        const fixId = await newFix();
        await comment(fixId, `thanks @${bob.email}`);
        const [row] = await server.runtime.database.knex('webhook_deliveries').where({ event_type: 'notification.mention' });
        expect(JSON.parse(row.body as string).data).to.deep.include({ fixId, mentionedUserIds: [bob.id], recipientUserIds: [bob.id] });
      });

      it('tells nobody about a handle of another organization’s user', async () => {
        await clear();
        await comment(await newFix(), `@${server.other.user.email.split('@')[0]} @${server.other.user.email}`);
        expect(Number((await server.runtime.database.knex('notifications').count({ n: '*' }).first())?.n)).to.equal(0);
      });
    });

    describe('GET /notifications (listNotifications)', () => {
      it('lists the caller’s notifications newest first with cursor pages, unread only on request', async () => {
        await clear();
        const fixId = await newFix();
        for (let i = 0; i < 3; i++) {
          await comment(fixId, `@${bob.email} number ${i}`);
          server.clock.advance(1000);
        }
        const first = await bobsNotifications('?limit=2');
        expect(first.notifications.map((n) => (n.data.text as string).slice(-8))).to.deep.equal(['number 2', 'number 1']);
        expect(first.unreadCount).to.equal(3);
        const second = await bobsNotifications(`?limit=2&cursor=${encodeURIComponent(first.page.nextCursor!)}`);
        expect(second.notifications.map((n) => (n.data.text as string).slice(-8))).to.deep.equal(['number 0']);
        expect(second.page).to.deep.include({ hasMore: false, nextCursor: null });
        await server.request().post(`/api/v1/public/notifications/${first.notifications[0].id}/read`).set(asBob());
        const unread = await bobsNotifications('?unread=true');
        expect(unread.notifications.map((n) => (n.data.text as string).slice(-8))).to.deep.equal(['number 1', 'number 0']);
        expect(unread.unreadCount).to.equal(2);
      });

      it('shows another user none of them, and answers 400 for an unknown query parameter', async () => {
        const mine = expectEnvelope<{ notifications: unknown[] }>(await server.request().get('/api/v1/public/notifications').set(key()));
        expect(mine.notifications).to.deep.equal([]);
        expectProblem(await server.request().get('/api/v1/public/notifications?offset=1').set(asBob()), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });
    });

    describe('POST /notifications/{id}/read (markNotificationRead) and /notifications/read-all', () => {
      it('marks one read, keeping the first read time; another user’s or an unknown one is 404', async () => {
        await clear();
        await comment(await newFix(), `@${bob.email}`);
        const [n] = (await bobsNotifications()).notifications;
        const read = expectEnvelope<NotificationBody>(await server.request().post(`/api/v1/public/notifications/${n.id}/read`).set(asBob()));
        expect(read).to.deep.include({ id: n.id, read: true, readAt: START.toISOString() });
        server.clock.advance(HOUR);
        expect(expectEnvelope<NotificationBody>(await server.request().post(`/api/v1/public/notifications/${n.id}/read`).set(asBob())).readAt).to.equal(START.toISOString());
        expectProblem(await server.request().post(`/api/v1/public/notifications/${n.id}/read`).set(key()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await server.request().post(`/api/v1/public/notifications/${randomUUID()}/read`).set(asBob()), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('read-all marks every unread one and answers how many', async () => {
        await clear();
        const fixId = await newFix();
        await comment(fixId, `@${bob.email} one`);
        await comment(fixId, `@${bob.email} two`);
        expect(expectEnvelope<{ marked: number }>(await server.request().post('/api/v1/public/notifications/read-all').set(asBob()))).to.deep.equal({ marked: 2 });
        expect((await bobsNotifications()).unreadCount).to.equal(0);
        expect(expectEnvelope<{ marked: number }>(await server.request().post('/api/v1/public/notifications/read-all').set(asBob()))).to.deep.equal({ marked: 0 });
      });
    });

    describe('GET and PATCH /project/notification-settings', () => {
      it('answers the defaults, then the changed settings', async () => {
        const path = '/api/v1/public/project/notification-settings';
        expect(expectEnvelope(await server.request().get(path).set(key()))).to.deep.equal({
          digestHour: 9, timezone: 'UTC', weeklyDay: 1, actionItemAgeHours: 72, dispatchApprovalRequired: true, approvalTtlHours: 48,
        });
        const changed = expectEnvelope(await server.request().patch(path).set(key()).send({ timezone: 'America/New_York', digestHour: 7 }));
        expect(changed).to.include({ timezone: 'America/New_York', digestHour: 7, weeklyDay: 1 });
        expect(expectEnvelope(await server.request().get(path).set(key()))).to.deep.equal(changed);
        await server.request().patch(path).set(key()).send({ timezone: 'UTC', digestHour: 9 });
      });

      it('answers 400 with the field path for an unknown zone, an hour out of range and an empty body', async () => {
        const path = '/api/v1/public/project/notification-settings';
        const zone = expectProblem(await server.request().patch(path).set(key()).send({ timezone: 'Mars/Olympus' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(zone.errors).to.deep.equal([{ code: 'invalid_time_zone', message: 'unknown time zone', path: '/body/timezone' }]);
        const hour = expectProblem(await server.request().patch(path).set(key()).send({ digestHour: 24 }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((hour.errors as Json[])[0].path).to.match(/digestHour/);
        expectProblem(await server.request().patch(path).set(key()).send({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await server.request().patch(path).set(asBob()).send({ digestHour: 3 }), 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      });
    });
  });

  describe('digests, action items and approval expiry (scheduled)', () => {
    let server: TestServer;
    let gamma: TenantSeed;
    let tasks: NotificationTask[];
    const task = (name: string) => tasks.find((t) => t.name === name)!;
    /** One pass of the runtime's scheduler at the clock's time. */
    const tick = () => server.runtime.scheduler.tick();
    const at = (iso: string) => new Date(iso);

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      tasks = notificationTasks(server.runtime.store, server.runtime.services);
      // A project that existed before the periods below (digests are not made for periods before a project).
      server.clock.set(at('2026-10-20T00:00:00.000Z'));
      gamma = await server.seedTenant('Gamma');
      const { services, database } = server.runtime;
      await services.notifications.updateSettings(gamma.project.id, { timezone: 'Europe/Berlin', digestHour: 9, weeklyDay: 0 });
      // The known data set. Daily period: [2026-10-31T08:00Z, 2026-11-01T08:00Z); weekly: from 2026-10-25T08:00Z.
      const traces: [string, string, 'success' | 'error', number][] = [
        ['in-1', '2026-10-31T08:00:00.000Z', 'success', 0.5],
        ['in-2', '2026-10-31T20:00:00.000Z', 'error', 0.25],
        ['in-3', '2026-11-01T01:00:00.000Z', 'success', 0.125],
        ['in-4', '2026-11-01T07:59:59.999Z', 'success', 1],
        ['before', '2026-10-31T07:59:59.999Z', 'error', 100], // in the week, not the day
        ['after', '2026-11-01T08:00:00.000Z', 'error', 100], // in neither
      ];
      for (const [id, createdAt, status, cost] of traces) await insertTrace(database.knex, { projectId: gamma.project.id, id, createdAt: at(createdAt), status, cost });
      const pii = await services.detections.create(gamma.project.id, { slug: 'pii', displayName: 'PII leak', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
      const slow = await services.detections.create(gamma.project.id, { slug: 'slow', displayName: 'Slow trace', type: 'pii', threshold: 0.5, severity: 'low', config: {} });
      const firings: [string, string, string][] = [
        [pii.id, 'in-1', '2026-10-31T09:00:00.000Z'],
        [pii.id, 'in-2', '2026-10-31T21:00:00.000Z'],
        [pii.id, 'in-3', '2026-11-01T02:00:00.000Z'],
        [slow.id, 'in-4', '2026-11-01T07:59:59.999Z'],
        [slow.id, 'before', '2026-10-30T00:00:00.000Z'],
        [pii.id, 'after', '2026-11-01T08:00:00.000Z'],
      ];
      for (const [detectionId, traceId, createdAt] of firings) {
        await database.knex('detection_events').insert({ id: randomUUID(), project_id: gamma.project.id, detection_id: detectionId, trace_id: traceId, span_id: null, score: 0.9, evidence: null, trace_created_at: at(createdAt).getTime(), created_at: at(createdAt).getTime() });
      }
      const fixes = services.fixes;
      server.clock.set(at('2026-10-28T10:00:00.000Z'));
      const old = await fixes.create(gamma.project.id, { title: 'Old fix', severity: 'low' }, 'user:seed');
      await fixes.accept(gamma.project.id, old.id, 'user:seed');
      await fixes.updateStatus(gamma.project.id, old.id, 'in_progress', null, 'user:seed');
      server.clock.set(at('2026-10-31T10:00:00.000Z'));
      const leak = await fixes.create(gamma.project.id, { title: 'Mask emails', severity: 'high' }, 'user:seed');
      server.clock.set(at('2026-11-01T03:00:00.000Z'));
      await fixes.updateStatus(gamma.project.id, old.id, 'resolved', null, 'user:seed');
      await fixes.create(gamma.project.id, { title: 'Cache tool results', severity: 'medium' }, 'user:seed');
      server.clock.set(at('2026-11-01T09:00:00.000Z'));
      await fixes.create(gamma.project.id, { title: 'Too late for the digest', severity: 'critical' }, 'user:seed');
      void leak;
      server.clock.set(START);
    });
    after(async () => server.close());

    describe('GET /project/digests/{kind} (getDigest)', () => {
      it('summarizes the daily period of the known data set', async () => {
        const summary = expectEnvelope<DigestSummary>(await server.request().get('/api/v1/public/project/digests/daily').set('x-api-key', gamma.apiKey));
        expect(summary).to.deep.equal({
          kind: 'daily',
          periodStart: '2026-10-31T08:00:00.000Z',
          periodEnd: '2026-11-01T08:00:00.000Z',
          timezone: 'Europe/Berlin',
          traces: { count: 4, errorCount: 1, errorRate: 0.25 },
          cost: { total: 1.875 },
          topDetections: [
            { detectionId: summary.topDetections[0].detectionId, slug: 'pii', displayName: 'PII leak', fireCount: 3 },
            { detectionId: summary.topDetections[1].detectionId, slug: 'slow', displayName: 'Slow trace', fireCount: 1 },
          ],
          newFixes: {
            total: 2,
            fixes: [
              { id: summary.newFixes.fixes[0].id, title: 'Mask emails', severity: 'high', at: '2026-10-31T10:00:00.000Z' },
              { id: summary.newFixes.fixes[1].id, title: 'Cache tool results', severity: 'medium', at: '2026-11-01T03:00:00.000Z' },
            ],
          },
          resolvedFixes: { total: 1, fixes: [{ id: summary.resolvedFixes.fixes[0].id, title: 'Old fix', severity: 'low', at: '2026-11-01T03:00:00.000Z' }] },
        });
      });

      it('summarizes the weekly period, and an earlier one with `at`', async () => {
        const weekly = expectEnvelope<Json>(await server.request().get('/api/v1/public/project/digests/weekly').set('x-api-key', gamma.apiKey));
        expect(weekly).to.deep.include({ periodStart: '2026-10-25T08:00:00.000Z', periodEnd: '2026-11-01T08:00:00.000Z', traces: { count: 5, errorCount: 2, errorRate: 0.4 }, cost: { total: 101.875 } });
        expect((weekly.newFixes as Json).total).to.equal(3);
        const earlier = expectEnvelope<Json>(await server.request().get(`/api/v1/public/project/digests/daily?at=${encodeURIComponent('2026-10-31T08:30:00Z')}`).set('x-api-key', gamma.apiKey));
        expect(earlier).to.deep.include({ periodStart: '2026-10-30T08:00:00.000Z', periodEnd: '2026-10-31T08:00:00.000Z', traces: { count: 1, errorCount: 1, errorRate: 1 } });
      });

      it('answers 400 for an unknown kind and a future `at`', async () => {
        expectProblem(await server.request().get('/api/v1/public/project/digests/monthly').set('x-api-key', gamma.apiKey), 400, 'PUBLIC_API_VALIDATION_FAILED');
        const future = expectProblem(await server.request().get(`/api/v1/public/project/digests/daily?at=${encodeURIComponent('2026-11-02T00:00:00Z')}`).set('x-api-key', gamma.apiKey), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((future.errors as Json[])[0].path).to.equal('/query/at');
      });
    });

    describe('scheduled digests (notification.daily_digest, notification.weekly_report)', () => {
      it('sends each period’s digest once to the project’s members, the same summary as REST', async () => {
        const gammas = async () => (await task('notification-digests').dueSlots(server.clock.now())).filter((slot) => slot.includes(gamma.project.id)).sort();
        // The other projects were made at START, after this period ended: they get none.
        expect(await task('notification-digests').dueSlots(server.clock.now())).to.have.length(2);
        const slots = await gammas();
        expect(slots).to.deep.equal([`daily:${gamma.project.id}:${at('2026-11-01T08:00:00.000Z').getTime()}`, `weekly:${gamma.project.id}:${at('2026-11-01T08:00:00.000Z').getTime()}`]);
        await tick();
        const told = await server.runtime.store.notifications.listForUser(gamma.user.id, gamma.project.id, false, null, 10);
        expect(told.map((n) => n.type).sort()).to.deep.equal(['notification.daily_digest', 'notification.weekly_report']);
        const daily = told.find((n) => n.type === 'notification.daily_digest')!;
        expect(daily.title).to.equal('Daily digest up to 2026-11-01');
        const rest = expectEnvelope(await server.request().get('/api/v1/public/project/digests/daily').set('x-api-key', gamma.apiKey));
        expect(daily.data.summary).to.deep.equal(rest);
        expect(await gammas()).to.deep.equal([]);
        server.clock.advance(24 * HOUR);
        expect(await gammas()).to.deep.equal([`daily:${gamma.project.id}:${at('2026-11-02T08:00:00.000Z').getTime()}`]);
      });
    });

    describe('scheduled action items (notification.action_items)', () => {
      it('reports an assigned draft or open fix unchanged for the configured age to its assignee, once per change', async () => {
        const projectId = gamma.project.id;
        await server.runtime.services.notifications.updateSettings(projectId, { actionItemAgeHours: 24 });
        const fix = await server.runtime.services.fixes.create(projectId, { title: 'Needs an owner', severity: 'high' }, 'user:seed');
        const assign = (userId: string | null) => server.request().put(`/api/v1/public/fixes/${fix.id}/assignee`).set('x-api-key', gamma.apiKey).send({ userId });
        expect(expectEnvelope<Json>(await assign(gamma.user.id))).to.include({ assigneeUserId: gamma.user.id });
        const items = async () => (await server.runtime.store.notifications.listForUser(gamma.user.id, projectId, false, null, 50)).filter((n) => n.type === 'notification.action_items');
        const before = (await items()).length;
        server.clock.advance(23 * HOUR);
        await tick();
        expect(await items()).to.have.length(before);
        server.clock.advance(2 * HOUR);
        await tick();
        const [reported] = await items();
        expect((await items()).length).to.equal(before + 1);
        expect(reported.data).to.deep.include({ assigneeUserId: gamma.user.id, ageHours: 24 });
        expect((reported.data.fixes as Json[]).map((f) => f.id)).to.include(fix.id);
        server.clock.advance(2 * HOUR);
        await tick();
        expect((await items()).length).to.equal(before + 1);
        // Reassigning is a change: the age starts anew.
        await assign(gamma.user.id);
        server.clock.advance(25 * HOUR);
        await tick();
        expect((await items()).length).to.equal(before + 2);
      });

      it('answers 400 with the field path for an assignee who is no member of the project', async () => {
        const fix = await server.runtime.services.fixes.create(gamma.project.id, { title: 'x', severity: 'low' }, 'user:seed');
        const res = expectProblem(await server.request().put(`/api/v1/public/fixes/${fix.id}/assignee`).set('x-api-key', gamma.apiKey).send({ userId: server.tenant.user.id }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.errors).to.deep.equal([{ code: 'not_a_member', message: 'not a member of the project', path: '/body/userId' }]);
      });
    });

    describe('scheduled approval expiry (notification.approval_expired)', () => {
      it('expires a pending approval at its deadline, once, and tells the requester', async () => {
        const projectId = gamma.project.id;
        const caller = { token: await server.oauthToken(gamma.user.id, ['configuration:write', 'configuration:read']), projectId };
        const webhookId = expectEnvelope<{ id: string }>(
          await createRequest(server, caller, { name: 'Tracker', destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: ['notification.approval_expired'] }),
          201,
        ).id;
        const fix = await server.runtime.services.fixes.create(projectId, { title: 'Ship it', severity: 'high' }, 'user:seed');
        await server.runtime.services.fixes.accept(projectId, fix.id, 'user:seed');
        await server.runtime.services.dispatch.act(projectId, fix.id, 'request', { webhookId }, `user:${gamma.user.id}`);
        const deadline = server.clock.now().getTime() + 48 * HOUR;
        server.clock.advance(48 * HOUR - 1);
        expect(await task('fix-approval-expiry').dueSlots(server.clock.now())).to.deep.equal([]);
        server.clock.advance(1);
        expect(await task('fix-approval-expiry').dueSlots(server.clock.now())).to.deep.equal([`${projectId}:${fix.id}:${deadline}`]);
        await tick();
        const { dispatch, transitions } = await server.runtime.services.dispatch.get(projectId, fix.id);
        expect(dispatch.status).to.equal('expired');
        expect(transitions.at(-1)).to.deep.include({ action: 'expire', fromStatus: 'pending_approval', toStatus: 'expired', actor: 'scheduler:approval-expiry' });
        const rows = await server.runtime.database.knex('webhook_deliveries').where({ event_type: 'notification.approval_expired' });
        expect(rows).to.have.length(1);
        expect(JSON.parse(rows[0].body as string).data).to.deep.include({ fixId: fix.id, dispatchStatus: 'expired', requestedBy: `user:${gamma.user.id}` });
        expect(await task('fix-approval-expiry').dueSlots(server.clock.now())).to.deep.equal([]);
      });
    });
  });
});
