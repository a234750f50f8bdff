import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { latestPeriod } from '../../src/domain/notifications/digest-periods.js';
import type { UserRecord } from '../../src/ports/users.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { createRequest, writerOf } from '../webhooks/support.js';

const BASE = 'https://tracewell.example';
const FROM = 'tracewell@tracewell.test';
const HOUR = 3_600_000;
const START = new Date('2026-11-01T12:00:00.000Z');
type Json = Record<string, unknown>;

/** The href of the mail's main button (its first link); the text part carries the same target. */
const actionHref = (mail: ReceivedMail): string => /<a href="([^"]+)"/.exec(String(mail.parsed.html))![1].replace(/&amp;/g, '&');
/** A console or page link of our deployment as the path to request from the app under test. */
const pathOf = (url: string): string => {
  expect(url.startsWith(`${BASE}/`), url).to.equal(true);
  return url.slice(BASE.length);
};
const unsubscribeHeader = (mail: ReceivedMail) => mail.parsed.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } } | undefined;

forEachAdapter((adapter) => {
  describe('mail the product sends (SMTP configured)', () => {
    let sink: SmtpSink;
    let server: TestServer;
    let owner: UserRecord;
    let bob: UserRecord;
    let ownerToken: string;
    let bobToken: string;
    const projectId = () => server.tenant.project.id;
    const services = () => server.runtime.services;
    /** Runs the mail worker until nothing is due, and answers the messages that arrived since the last clear. */
    const deliver = async (expected: number): Promise<ReceivedMail[]> => {
      await services().mailDispatcher!.drain();
      return expected === 0 ? sink.received : sink.waitFor(expected);
    };
    const outbox = () => server.runtime.database.knex('mail_outbox').orderBy([{ column: 'created_at' }, { column: 'id' }]);

    before(async function () {
      this.timeout(60_000); // two cores shared by many test runs: a cold start can take a while
      sink = await SmtpSink.start();
      server = await startTestServer(adapter, { env: { SMTP_URL: sink.url, SMTP_FROM: `Tracewell <${FROM}>`, PUBLIC_BASE_URL: BASE, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      owner = server.tenant.user;
      bob = await services().provisioning.createUser(`bob-${randomUUID()}@example.com`, 'Bob', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
      ownerToken = await server.oauthToken(owner.id, ['observability:read', 'observability:write', 'profile:read', 'profile:write'], { expiresInMs: 30 * 86_400_000 });
      bobToken = await server.oauthToken(bob.id, ['profile:read', 'profile:write'], { expiresInMs: 30 * 86_400_000 });
    });
    after(async () => {
      await server.close();
      await sink.close();
    });
    beforeEach(async () => {
      sink.clear();
      await server.runtime.database.knex('mail_outbox').delete();
      server.clock.set(START);
    });

    describe('POST /invitations (createInvitation)', () => {
      it('mails the acceptance link to the invitee, and the link accepts the invitation', async () => {
        const email = `carol-${randomUUID()}@example.com`;
        const res = await server.request().post('/api/v1/public/invitations').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': server.tenant.project.id }).send({ email, role: 'member' });
        const issued = expectEnvelope<{ url: string; mailed: boolean; invitation: Json }>(res, 201);
        expect(issued.mailed).to.equal(true);
        const [mail] = await deliver(1);
        expect(mail.envelopeFrom).to.equal(FROM);
        expect(mail.envelopeTo).to.deep.equal([email]);
        expect(mail.parsed.subject).to.equal('You are invited to Alpha Org on Tracewell');
        expect(mail.parsed.text).to.include(`Accept the invitation: ${issued.url}`);
        expect(mail.parsed.text).to.include('Alpha User invited you to the organization Alpha Org on Tracewell as member.');
        expect(mail.parsed.text).to.include('Valid until: 2026-11-08 12:00 UTC');
        // Transactional: never carries an unsubscribe link.
        expect(unsubscribeHeader(mail)).to.equal(undefined);
        expect(actionHref(mail)).to.equal(issued.url);

        const page = await server.request().get(pathOf(actionHref(mail)));
        expect(page.status).to.equal(200);
        expect(page.text).to.include('You are invited to <strong>Alpha Org</strong> as member');
        const token = new URL(actionHref(mail)).searchParams.get('token');
        const accepted = await server.request().post('/account/invitation').send({ token, name: 'Carol', password: 'correct horse battery' });
        expect(accepted.status).to.equal(200);
        expect(accepted.body).to.include({ status: 'accepted', email });
        expect(await server.runtime.store.organizations.findMemberRole(server.tenant.organization.id, accepted.body.userId as string)).to.equal('member');
      });
    });

    describe('password reset link (AccountLinks.issue, `npm run admin -- reset-password`)', () => {
      it('mails the reset link to the user, and the link sets a new password', async () => {
        const link = await services().accountLinks.issue(bob.id, 'reset');
        expect(link.mailedTo).to.equal(bob.email);
        const [mail] = await deliver(1);
        expect(mail.envelopeTo).to.deep.equal([bob.email]);
        expect(mail.parsed.subject).to.equal('Reset your Tracewell password');
        expect(mail.parsed.text).to.include(`Choose a new password: ${link.url}`);
        expect(mail.parsed.text).to.include('Valid until: 2026-11-01 13:00 UTC');
        expect(unsubscribeHeader(mail)).to.equal(undefined);
        expect(actionHref(mail)).to.equal(link.url);

        const form = await server.request().get(pathOf(actionHref(mail)));
        expect(form.status).to.equal(200);
        expect(form.text).to.include(`Choose the password of <strong>${bob.email}</strong>`);
        const token = new URL(actionHref(mail)).searchParams.get('token');
        const set = await server.request().post('/account/password').send({ token, password: 'a brand new password' });
        expect(set.status).to.equal(200);
        expect(set.body).to.deep.equal({ status: 'password_set', email: bob.email });
      });

      it('mails no first-run setup link (it is printed for the operator at start)', async () => {
        const link = await services().accountLinks.issue(bob.id, 'setup');
        expect(link.mailedTo).to.equal(null);
        expect(await outbox()).to.have.length(0);
      });
    });

    describe('notification.mention', () => {
      it('mails each member a comment names, with the comment quoted and a link to the fix', async () => {
        const fix = await services().fixes.create(projectId(), { title: 'Flaky retrieval', severity: 'medium' }, 'user:seed');
        const local = bob.email.split('@')[0];
        const res = await server
          .request()
          .post(`/api/v1/public/fixes/${fix.id}/comments`)
          .set({ authorization: `Bearer ${ownerToken}`, 'x-project-id': projectId() })
          .send({ text: `@${local} can you check?` });
        expect(res.status).to.equal(201);
        const [mail] = await deliver(1);
        expect(mail.envelopeTo).to.deep.equal([bob.email]);
        expect(mail.parsed.subject).to.equal('[Alpha Project] You were mentioned on the fix "Flaky retrieval"');
        expect(mail.parsed.text).to.include('Alpha User mentioned you in a comment on the fix "Flaky retrieval" in Alpha Project:');
        expect(mail.parsed.text).to.include(`> @${local} can you check?`);
        expect(actionHref(mail)).to.equal(`${BASE}/fixes/${fix.id}`);
        const list = unsubscribeHeader(mail)!;
        expect(list['unsubscribe-post']).to.deep.equal({ name: 'List-Unsubscribe=One-Click' });
        expect(list.unsubscribe.url).to.match(new RegExp(`^${BASE}/mail/unsubscribe\\?token=${bob.id}\\.mention\\.`));
      });
    });

    describe('notification.approval_requested and approval outcomes', () => {
      it('mails the approvers, escaping the fix title, and the requester hears the decision', async () => {
        const caller = await writerOf(server);
        const webhookId = expectEnvelope<{ id: string }>(
          await createRequest(server, caller, { name: `Agent ${randomUUID()}`, destinationUrl: 'http://127.0.0.1:9/hooks', eventTypes: ['notification.mention'] }),
          201,
        ).id;
        const title = '<script>alert("x")</script> & co';
        const fix = await services().fixes.create(projectId(), { title, severity: 'high' }, 'user:seed');
        await services().fixes.accept(projectId(), fix.id, 'user:seed');
        await services().dispatch.act(projectId(), fix.id, 'request', { webhookId, note: 'Needs <b>care</b>' }, `user:${bob.id}`);

        const [request] = await deliver(1);
        // The owner is the project's only admin; Bob, a member, requested it.
        expect(request.envelopeTo).to.deep.equal([owner.email]);
        expect(request.parsed.subject).to.equal(`[Alpha Project] Approval requested: dispatch the fix "${title}"`);
        const html = String(request.parsed.html);
        expect(html).not.to.include('<script>');
        expect(html).not.to.include('<b>care</b>');
        expect(html).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
        expect(html).to.include('Needs &lt;b&gt;care&lt;/b&gt;');
        expect(request.parsed.text).to.include(`The fix "${title}" in Alpha Project is to be dispatched.`);
        expect(request.parsed.text).to.include('Requested by: Bob');
        expect(request.parsed.text).to.include('Decide before: 2026-11-03 12:00 UTC');
        expect(actionHref(request)).to.equal(`${BASE}/fixes/${fix.id}`);

        sink.clear();
        await services().dispatch.decide(projectId(), fix.id, 'approve', 'Ship it', `user:${owner.id}`);
        const [outcome] = await deliver(1);
        expect(outcome.envelopeTo).to.deep.equal([bob.email]);
        expect(outcome.parsed.subject).to.equal(`[Alpha Project] Dispatch approved: "${title}"`);
        expect(outcome.parsed.text).to.include('Decided by: Alpha User');
        expect(outcome.parsed.text).to.include('Note: Ship it');
        expect(String(outcome.parsed.html)).not.to.include('<script>');
      });
    });

    describe('notification.daily_digest, notification.weekly_report and unsubscribing', () => {
      const sendDigest = async (kind: 'daily' | 'weekly') => {
        const settings = await services().notifications.settings(projectId());
        const period = latestPeriod(kind, server.clock.now(), settings);
        await server.runtime.store.transaction((tx) => services().digests.send(tx, projectId(), period));
        return period;
      };

      it('mails the digest to every member with the period’s figures, and a one-click unsubscribe stops the next one', async () => {
        // Daily period at the default 09:00 UTC: [2026-10-31T09:00Z, 2026-11-01T09:00Z). Four traces in it,
        // one an error: error rate 1/4 = 25.0 %; cost 0.5 + 0.25 + 1 + 0.2 = 1.95 dollars. One outside.
        const traces: [string, string, 'success' | 'error', number][] = [
          ['d-1', '2026-10-31T09:00:00.000Z', 'success', 0.5],
          ['d-2', '2026-10-31T20:00:00.000Z', 'error', 0.25],
          ['d-3', '2026-11-01T01:00:00.000Z', 'success', 1],
          ['d-4', '2026-11-01T08:59:59.999Z', 'success', 0.2],
          ['d-late', '2026-11-01T09:00:00.000Z', 'error', 100],
        ];
        for (const [id, createdAt, status, cost] of traces) await insertTrace(server.runtime.database.knex, { projectId: projectId(), id, createdAt: new Date(createdAt), status, cost });
        // Every member of the project: the owner, Bob, and whoever accepted an invitation above.
        const members = (await server.runtime.store.notifications.recipients(projectId())).map((r) => r.email).sort();
        expect(members).to.include.members([owner.email, bob.email]);
        await sendDigest('daily');
        const mails = await deliver(members.length);
        expect(mails.map((m) => m.envelopeTo[0]).sort()).to.deep.equal(members);
        const bobs = mails.find((m) => m.envelopeTo[0] === bob.email)!;
        expect(bobs.parsed.subject).to.equal('[Alpha Project] Daily digest up to 2026-11-01');
        expect(bobs.parsed.text).to.include('From 2026-10-31 09:00 UTC to 2026-11-01 09:00 UTC.');
        expect(bobs.parsed.text).to.include('Traces: 4\nErrors: 1 (25.0 %)\nCost: $1.95');
        expect(actionHref(bobs)).to.equal(`${BASE}/notifications?digest=daily`);
        const list = unsubscribeHeader(bobs)!;
        expect(list['unsubscribe-post']).to.deep.equal({ name: 'List-Unsubscribe=One-Click' });
        expect(bobs.parsed.text).to.include(`Unsubscribe: ${list.unsubscribe.url}`);

        // GET only asks: a link scanner opening it unsubscribes nobody.
        const confirm = await server.request().get(pathOf(list.unsubscribe.url));
        expect(confirm.status).to.equal(200);
        expect(confirm.text).to.include(`Stop sending <strong>the daily digest</strong> to <strong>${bob.email}</strong>?`);
        expect(await server.runtime.store.mailPreferences.unsubscribed(bob.id)).to.deep.equal([]);
        // RFC 8058 §3.1: the client POSTs `List-Unsubscribe=One-Click` to the header's URL.
        const done = await server.request().post(pathOf(list.unsubscribe.url)).type('form').send('List-Unsubscribe=One-Click');
        expect(done.status).to.equal(200);
        expect(done.text).to.include(`${bob.email} no longer receives the daily digest.`);
        expect(await server.runtime.store.mailPreferences.unsubscribed(bob.id)).to.deep.equal(['daily_digest']);

        sink.clear();
        server.clock.advance(24 * HOUR);
        await sendDigest('daily');
        const next = await deliver(members.length - 1);
        await services().mailDispatcher!.drain();
        expect(next.map((m) => m.envelopeTo[0]).sort()).to.deep.equal(members.filter((email) => email !== bob.email));
        expect(next[0].parsed.subject).to.equal('[Alpha Project] Daily digest up to 2026-11-02');
        // Unsubscribed from the daily digest only: the weekly report still comes.
        sink.clear();
        await sendDigest('weekly');
        expect((await deliver(members.length)).map((m) => m.envelopeTo[0]).sort()).to.deep.equal(members);
        await server.runtime.store.mailPreferences.set(bob.id, 'daily_digest', false, server.clock.now());
      });

      it('answers 400 to a forged or malformed unsubscribe token, and unsubscribes nobody', async () => {
        const forged = `${bob.id}.weekly_report.${'A'.repeat(43)}`;
        const get = await server.request().get(`/mail/unsubscribe?token=${encodeURIComponent(forged)}`);
        expect(get.status).to.equal(400);
        expect(get.text).to.include('This unsubscribe link is not valid.');
        for (const token of [forged, 'nonsense', `${bob.id}.invitation.x`, '']) {
          const post = await server.request().post(`/mail/unsubscribe?token=${encodeURIComponent(token)}`).type('form').send('List-Unsubscribe=One-Click');
          expect(post.status, token).to.equal(400);
        }
        expect(await server.runtime.store.mailPreferences.unsubscribed(bob.id)).to.deep.equal([]);
      });
    });

    describe('annotation assignments and deadlines (notify.eval_*)', () => {
      it('mails the member added to a queue, the items a batch deals them, and the deadline notices', async () => {
        const queue = await services().annotations.createQueue(projectId(), { name: 'Answer quality', scoreConfig: { name: 'ok', dataType: 'boolean' } });
        await services().annotations.addMember(projectId(), server.tenant.organization.id, queue.id, bob.id);
        const [added] = await deliver(1);
        expect(added.envelopeTo).to.deep.equal([bob.email]);
        expect(added.parsed.subject).to.equal('[Alpha Project] You were added to the annotation queue "Answer quality"');
        expect(actionHref(added)).to.equal(`${BASE}/annotation-queues/${queue.id}`);

        sink.clear();
        for (const id of ['a-1', 'a-2']) await insertTrace(server.runtime.database.knex, { projectId: projectId(), id, createdAt: START });
        const { batch } = await services().annotations.dispatchBatch(projectId(), queue.id, { items: [{ traceId: 'a-1' }, { traceId: 'a-2' }], deadline: '2026-11-03T12:00:00.000Z' });
        const [dealt] = await deliver(1);
        expect(dealt.envelopeTo).to.deep.equal([bob.email]);
        expect(dealt.parsed.subject).to.equal('[Alpha Project] 2 items to annotate by 2026-11-03 12:00 UTC');
        expect(actionHref(dealt)).to.equal(`${BASE}/annotations/${queue.id}/${batch.id}`);

        const task = services().annotationDeadlines;
        const runDue = async () => {
          for (const slot of await task.dueSlots(server.clock.now())) await server.runtime.transact(server.runtime.store, () => task.run(slot, server.clock.now()));
        };
        sink.clear();
        server.clock.set(new Date('2026-11-02T13:00:00.000Z'));
        await runDue();
        const [approaching] = await deliver(1);
        expect(approaching.parsed.subject).to.equal('[Alpha Project] Deadline in 24 hours: 2 items left to annotate');
        sink.clear();
        server.clock.set(new Date('2026-11-03T12:00:00.000Z'));
        await runDue();
        const [passed] = await deliver(1);
        expect(passed.envelopeTo).to.deep.equal([bob.email]);
        expect(passed.parsed.subject).to.equal('[Alpha Project] Deadline passed: 2 items not annotated');
        expect(passed.parsed.text).to.include('Deadline: 2026-11-03 12:00 UTC');
      });
    });

    describe('GET /account/email-preferences (getEmailPreferences)', () => {
      it('answers every kind on for a user who turned none off', async () => {
        const res = await server.request().get('/api/v1/public/account/email-preferences').set('authorization', `Bearer ${ownerToken}`);
        expect(expectEnvelope(res)).to.deep.equal({
          mention: true,
          approval_requested: true,
          approval_outcome: true,
          daily_digest: true,
          weekly_report: true,
          annotation_assignment: true,
          annotation_deadline: true,
        });
      });

      it('answers 403 for an API key, which acts for no user', async () => {
        expectProblem(await server.request().get('/api/v1/public/account/email-preferences').set('x-api-key', server.tenant.apiKey), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });
    });

    describe('PATCH /account/email-preferences (updateEmailPreferences)', () => {
      const patch = (body: unknown) => server.request().patch('/api/v1/public/account/email-preferences').set('authorization', `Bearer ${bobToken}`).send(body as object);

      it('turns a kind off, and mail of that kind is no longer queued for the user', async () => {
        const after = expectEnvelope<Json>(await patch({ mention: false }));
        expect(after).to.include({ mention: false, daily_digest: true });
        const fix = await services().fixes.create(projectId(), { title: 'Quiet', severity: 'low' }, 'user:seed');
        await server
          .request()
          .post(`/api/v1/public/fixes/${fix.id}/comments`)
          .set({ authorization: `Bearer ${ownerToken}`, 'x-project-id': projectId() })
          .send({ text: `@${bob.email} fyi` });
        expect(await outbox()).to.have.length(0);
        expect(expectEnvelope<Json>(await patch({ mention: true }))).to.include({ mention: true });
      });

      it('answers 400 with the field path for an unknown kind, a non-boolean or an empty object', async () => {
        const unknown = expectProblem(await patch({ invitation: false }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(JSON.stringify(unknown.errors)).to.include('/body');
        const wrong = expectProblem(await patch({ daily_digest: 'no' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect((wrong.errors as { path: string }[])[0].path).to.equal('/body/daily_digest');
        expectProblem(await patch({}), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(await server.runtime.store.mailPreferences.unsubscribed(bob.id)).to.deep.equal([]);
      });
    });

    describe('the mail worker (MailDispatcher)', () => {
      it('retries a message the server refuses with 451 after the back-off, then delivers it', async () => {
        sink.rejectNext(451);
        await services().accountLinks.issue(bob.id, 'reset');
        await services().mailDispatcher!.drain();
        expect(sink.received).to.have.length(0);
        const [row] = await outbox();
        expect(row).to.include({ status: 'pending', attempts: 1 });
        expect(String(row.last_error)).to.match(/^451: /);
        // The first retry comes 30 s ± 20 % later (src/domain/webhooks/retry-schedule.ts).
        expect(Number(row.next_attempt_at) - START.getTime()).to.be.within(24_000, 36_000);
        server.clock.advance(20_000);
        await services().mailDispatcher!.drain();
        expect(sink.received).to.have.length(0);
        server.clock.advance(20_000);
        const [mail] = await deliver(1);
        expect(mail.parsed.subject).to.equal('Reset your Tracewell password');
        // Sent: the row stays as a log, without the bodies that held the live reset link.
        expect((await outbox())[0]).to.include({ status: 'sent', attempts: 2, last_error: null, text_body: '', html_body: '', subject: 'Reset your Tracewell password' });
      });

      it('stops at a 550: the message is failed and never attempted again', async () => {
        sink.rejectNext(550);
        await services().accountLinks.issue(bob.id, 'reset');
        await services().mailDispatcher!.drain();
        const [row] = await outbox();
        expect(row).to.include({ status: 'failed', attempts: 1, next_attempt_at: null, text_body: '', html_body: '' });
        expect(String(row.last_error)).to.match(/^550: /);
        server.clock.advance(48 * HOUR);
        expect(await services().mailDispatcher!.drain()).to.equal(0);
        expect(sink.received).to.have.length(0);
      });
    });
  });

  describe('mail the product sends (no SMTP_URL)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    it('queues nothing and keeps today’s behaviour: the invitation link is returned, the reset link printed', async () => {
      expect(server.runtime.services.mailDispatcher).to.equal(null);
      const res = await server.request().post('/api/v1/public/invitations').set({ 'x-api-key': server.tenant.orgApiKey, 'x-project-id': server.tenant.project.id }).send({ email: 'dora@example.com', role: 'member' });
      const issued = expectEnvelope<{ url: string; mailed: boolean }>(res, 201);
      expect(issued.mailed).to.equal(false);
      expect(issued.url).to.match(/\/account\/invitation\?token=/);
      const link = await server.runtime.services.accountLinks.issue(server.tenant.user.id, 'reset');
      expect(link.mailedTo).to.equal(null);
      const fix = await server.runtime.services.fixes.create(server.tenant.project.id, { title: 'x', severity: 'low' }, 'user:seed');
      const settings = await server.runtime.services.notifications.settings(server.tenant.project.id);
      await server.runtime.store.transaction((tx) => server.runtime.services.digests.send(tx, server.tenant.project.id, latestPeriod('daily', server.clock.now(), settings)));
      void fix;
      expect(await server.runtime.database.knex('mail_outbox')).to.have.length(0);
      expect(await server.runtime.database.knex('notifications').where({ type: 'notification.daily_digest' })).to.have.length(1);
    });
  });
});
