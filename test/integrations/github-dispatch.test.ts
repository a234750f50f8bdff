import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { gitHubSignature, verifyGitHubSignature } from '../../src/domain/github/github-signature.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { writerOf, type Caller } from '../webhooks/support.js';
import { CREATE_ISSUE_OPERATION, GitHubStandIn, issueResponse, validateCreateIssueResponse } from './github-stand-in.js';

type Json = Record<string, unknown>;
const TARGET = '/api/v1/public/integrations/github';
const FIXES = '/api/v1/public/fixes';
const REPOSITORY = 'acme/agent-app';

describe('GitHub webhook signatures (X-Hub-Signature-256)', () => {
  // docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries, "Testing the webhook payload validation":
  // secret "It's a Secret to Everybody", payload "Hello, World!" → this signature.
  const PUBLISHED = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

  it('signs GitHub’s published example to its published signature', () => {
    expect(gitHubSignature("It's a Secret to Everybody", 'Hello, World!')).to.equal(PUBLISHED);
  });

  it('verifies the published example and refuses a changed body, secret or malformed header', () => {
    const body = Buffer.from('Hello, World!');
    expect(verifyGitHubSignature("It's a Secret to Everybody", body, PUBLISHED)).to.equal(true);
    expect(verifyGitHubSignature("It's a Secret to Everybody", Buffer.from('Hello, World?'), PUBLISHED)).to.equal(false);
    expect(verifyGitHubSignature('another secret', body, PUBLISHED)).to.equal(false);
    expect(verifyGitHubSignature("It's a Secret to Everybody", body, PUBLISHED.toUpperCase())).to.equal(false);
    expect(verifyGitHubSignature("It's a Secret to Everybody", body, 'sha256=00')).to.equal(false);
    expect(verifyGitHubSignature("It's a Secret to Everybody", body, undefined)).to.equal(false);
  });
});

describe('the GitHub stand-in answers per GitHub’s OpenAPI description', () => {
  it('builds a 201 issues/create answer that the official response schema accepts', () => {
    expect(CREATE_ISSUE_OPERATION).to.equal('issues/create');
    const ok = validateCreateIssueResponse(issueResponse('http://127.0.0.1:1', 'acme', 'agent-app', 7, { title: 't', body: 'b', labels: ['tracewell'] }));
    expect(validateCreateIssueResponse.errors ?? null, JSON.stringify(validateCreateIssueResponse.errors)).to.equal(null);
    expect(ok).to.equal(true);
  });
});

forEachAdapter((adapter) => {
  describe('GitHub dispatch', () => {
    let server: TestServer;
    let github: GitHubStandIn;
    let caller: Caller;
    let webhookSecret: string;
    const key = () => ({ 'x-api-key': server.tenant.apiKey });
    const projectId = () => server.tenant.project.id;
    const asCaller = (req: ReturnType<ReturnType<TestServer['request']>['get']>) => req.set('authorization', `Bearer ${caller.token}`).set('x-project-id', caller.projectId);

    before(async () => {
      github = new GitHubStandIn();
      await github.start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', GITHUB_API_URL: github.url, PUBLIC_BASE_URL: 'https://tracewell.example.com' } });
      caller = await writerOf(server, ['configuration:write', 'configuration:read']);
      await server.runtime.services.notifications.updateSettings(projectId(), { dispatchApprovalRequired: false });
    });
    after(async () => {
      await server.close();
      await github.close();
    });

    /** An open fix with the whole analysis and two linked traces. */
    const openFix = async (title = 'Tool loop on refunds'): Promise<string> => {
      const fix = await server.runtime.services.fixes.create(
        projectId(),
        {
          title,
          severity: 'high',
          description: 'The agent calls refund_lookup in a loop.',
          rootCause: 'The tool result is truncated, so the agent retries.',
          recommendedAction: 'Return the full lookup result.',
          riskAssessment: 'Low: read-only tool.',
          verification: 'Replay trace t-1 and see one call.',
          rollbackPlan: 'Revert the tool change.',
        },
        'user:seed',
      );
      await server.runtime.services.fixes.accept(projectId(), fix.id, 'user:seed');
      const now = server.clock.now();
      for (const traceId of ['trace-refund-1', 'trace-refund-2']) await server.runtime.store.fixes.linkTrace(fix.id, { traceId, spanId: null, accuracy: 0.9, linkedAt: now }, now);
      return fix.id;
    };
    const act = (fixId: string, body: Json) => server.request().post(`${FIXES}/${fixId}/dispatch`).set(key()).send(body);
    const dispatchToGitHub = async (fixId: string) => {
      expect(expectEnvelope<Json>(await act(fixId, { action: 'request', target: 'github' })).status).to.equal('approved');
      expect(expectEnvelope<Json>(await act(fixId, { action: 'dispatch' })).status).to.equal('dispatched');
    };
    const dispatchOf = async (fixId: string) => expectEnvelope<Json>(await server.request().get(`${FIXES}/${fixId}/dispatch`).set(key()));
    const fixStatus = async (fixId: string) => (await server.runtime.store.fixes.findById(projectId(), fixId))!.status;
    const deliver = (event: string, payload: unknown, options: { secret?: string; delivery?: string; signature?: string; project?: string } = {}) => {
      const body = JSON.stringify(payload);
      return server
        .request()
        .post(`${TARGET}/webhook/${options.project ?? projectId()}`)
        .set('content-type', 'application/json')
        .set('x-github-event', event)
        .set('x-github-delivery', options.delivery ?? randomUUID())
        .set('x-hub-signature-256', options.signature ?? gitHubSignature(options.secret ?? webhookSecret, body))
        .send(body);
    };
    const issueEvent = (action: string, number: number, repository = REPOSITORY) => ({ action, issue: { number, html_url: `https://github.com/${repository}/issues/${number}` }, repository: { full_name: repository }, sender: { login: 'octocat' } });

    describe('PUT /integrations/github', () => {
      it('refuses a new target without a token: 400 at /body/token', async () => {
        const res = await asCaller(server.request().put(TARGET)).send({ repository: REPOSITORY });
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/token' });
      });

      it('refuses a repository that is not owner/name: 400 at /body/repository', async () => {
        const res = await asCaller(server.request().put(TARGET)).send({ repository: 'acme', token: 'ghp_x' });
        expect(res.status).to.equal(400);
        expect(JSON.stringify(res.body.errors)).to.contain('/body/repository');
      });

      it('creates the target, shows a generated webhook secret once and never the token', async () => {
        const res = await asCaller(server.request().put(TARGET)).send({ repository: REPOSITORY, token: 'ghp_secret_token', labels: ['tracewell', 'bug'] });
        const target = expectEnvelope<Json>(res);
        expect(target).to.include({ projectId: projectId(), repository: REPOSITORY, tokenConfigured: true, webhookUrl: `https://tracewell.example.com${TARGET}/webhook/${projectId()}` });
        expect(target.labels).to.deep.equal(['tracewell', 'bug']);
        expect(target.webhookSecret).to.match(/^ghws_[A-Za-z0-9_-]{32}$/);
        webhookSecret = target.webhookSecret as string;
        expect(JSON.stringify(res.body)).not.to.contain('ghp_secret_token');
        const row = await server.runtime.database.knex('github_targets').where({ project_id: projectId() }).first();
        expect(row.token_ciphertext).to.match(/^v1\./);
        expect(row.token_ciphertext).not.to.contain('ghp_secret_token');
        const read = expectEnvelope<Json>(await asCaller(server.request().get(TARGET)));
        expect(read.webhookSecret).to.equal(null);
        expect(JSON.stringify(read)).not.to.contain('ghp_secret_token');
      });

      it('keeps the token and secret when a change omits them, and records the change in the audit log', async () => {
        const target = expectEnvelope<Json>(await asCaller(server.request().put(TARGET)).send({ repository: REPOSITORY, labels: ['tracewell'] }));
        expect(target.webhookSecret).to.equal(null);
        expect(target.labels).to.deep.equal(['tracewell']);
        const audit = await server.runtime.database.knex('audit_events').where({ action: 'github_target.saved' });
        expect(audit.length).to.equal(2);
      });

      it('refuses an API key: configuration scopes only', async () => {
        expect((await server.request().get(TARGET).set(key())).status).to.be.oneOf([401, 403]);
      });
    });

    describe('POST /fixes/{id}/dispatch with target github', () => {
      it('creates an issue through the GitHub API, valid per issues/create, and stores its number and URL', async () => {
        const fixId = await openFix();
        await dispatchToGitHub(fixId);
        expect(github.requests.length, 'nothing is sent inside the request').to.equal(0);
        expect(await server.runtime.services.githubIssues.drain()).to.equal(1);
        const request = github.requests.at(-1)!;
        expect(request.schemaErrors, JSON.stringify(request.schemaErrors)).to.equal(null);
        expect(request).to.include({ method: 'POST', path: `/repos/${REPOSITORY}/issues` });
        expect(request.headers).to.include({ authorization: 'Bearer ghp_secret_token', accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
        expect(request.body.title).to.equal('Tool loop on refunds');
        expect(request.body.labels).to.deep.equal(['tracewell']);
        const body = request.body.body as string;
        for (const text of [
          '## Analysis',
          'The agent calls refund_lookup in a loop.',
          'The tool result is truncated, so the agent retries.',
          '## Recommended action\n\nReturn the full lookup result.',
          '## Risk\n\nLow: read-only tool.',
          '## Verification\n\nReplay trace t-1 and see one call.',
          '## Rollback plan\n\nRevert the tool change.',
          `[trace-refund-1](https://tracewell.example.com/traces/trace-refund-1)`,
          `[trace-refund-2](https://tracewell.example.com/traces/trace-refund-2)`,
          `https://tracewell.example.com/fixes/${fixId}`,
        ])
          expect(body).to.contain(text);
        const dispatch = await dispatchOf(fixId);
        expect(dispatch).to.include({ status: 'acknowledged', target: 'github' });
        expect(dispatch.githubIssue).to.deep.equal({ number: 42, url: `https://github.com/${REPOSITORY}/issues/42` });
        expect((dispatch.transitions as Json[]).at(-1)).to.include({ action: 'acknowledge', actor: 'integration:github', note: `GitHub issue #42: https://github.com/${REPOSITORY}/issues/42` });
      });

      it('retries a 502 with back-off outside the request and creates the issue at the next attempt', async () => {
        const fixId = await openFix('Retry me');
        github.script = [502];
        await dispatchToGitHub(fixId);
        const before = github.requests.length;
        await server.runtime.services.githubIssues.drain();
        expect(github.requests.length).to.equal(before + 1);
        const waiting = await dispatchOf(fixId);
        expect(waiting).to.include({ status: 'dispatched', githubIssue: null });
        expect(waiting.githubDelivery).to.deep.equal({ attempts: 1, lastError: 'HTTP 502: Server Error' });
        expect(await server.runtime.services.githubIssues.drain(), 'not due before its back-off').to.equal(0);
        server.clock.advance(60_000); // first retry: 30 s ± 20 %
        expect(await server.runtime.services.githubIssues.drain()).to.equal(1);
        const done = await dispatchOf(fixId);
        expect(done.status).to.equal('acknowledged');
        expect(done.githubDelivery).to.deep.equal({ attempts: 2, lastError: null });
      });

      it('fails the dispatch at once on a refusal that will not change (422)', async () => {
        const fixId = await openFix('Refused');
        github.script = [422];
        await dispatchToGitHub(fixId);
        await server.runtime.services.githubIssues.drain();
        const dispatch = await dispatchOf(fixId);
        expect(dispatch).to.include({ status: 'failed', githubIssue: null });
        expect((dispatch.transitions as Json[]).at(-1)).to.include({ action: 'fail', actor: 'integration:github', note: 'Creating the GitHub issue failed: HTTP 422: Validation Failed' });
      });

      it('ends in failed after the last of 8 attempts fails', async () => {
        const fixId = await openFix('Never answers');
        github.script = [503, 503, 503, 503, 503, 503, 503, 503];
        await dispatchToGitHub(fixId);
        for (let attempt = 0; attempt < 8; attempt += 1) {
          await server.runtime.services.githubIssues.drain();
          server.clock.advance(8 * 3_600_000);
        }
        const dispatch = await dispatchOf(fixId);
        expect(dispatch.status).to.equal('failed');
        expect(dispatch.githubDelivery).to.deep.equal({ attempts: 8, lastError: 'HTTP 503: Server Error' });
        expect(github.script).to.deep.equal([]);
      });

      it('refuses target github with a webhookId: 400 at /body/webhookId', async () => {
        const fixId = await openFix();
        const res = await act(fixId, { action: 'request', target: 'github', webhookId: randomUUID() });
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/webhookId' });
      });
    });

    describe('POST /integrations/github/webhook/{projectId}', () => {
      let fixId: string;
      let number: number;
      before(async () => {
        fixId = await openFix('Closed on GitHub');
        await dispatchToGitHub(fixId);
        await server.runtime.services.githubIssues.drain();
        number = ((await dispatchOf(fixId)).githubIssue as { number: number }).number;
      });

      it('answers a ping with 200 pong', async () => {
        const res = await deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 1 });
        expect(res.status).to.equal(200);
        expect(res.body.outcome).to.equal('pong');
      });

      it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
        expectProblem(await deliver('issues', issueEvent('closed', number), { secret: 'not-the-secret-at-all' }), 401, 'PUBLIC_API_UNAUTHORIZED');
        expectProblem(await deliver('issues', issueEvent('closed', number), { signature: '' }), 401, 'PUBLIC_API_UNAUTHORIZED');
        expect(await fixStatus(fixId)).to.equal('open');
      });

      it('resolves the fix when its issue is closed, once per delivery id', async () => {
        const delivery = randomUUID();
        const res = await deliver('issues', issueEvent('closed', number), { delivery });
        expect(res.status).to.equal(200);
        expect(res.body.outcome).to.equal('handled');
        expect(await fixStatus(fixId)).to.equal('resolved');
        const trail = await server.runtime.store.fixes.transitions(fixId);
        expect(trail.slice(-2).map((t) => [t.fromStatus, t.toStatus, t.actor])).to.deep.equal([
          ['open', 'in_progress', 'integration:github'],
          ['in_progress', 'resolved', 'integration:github'],
        ]);
        const again = await deliver('issues', issueEvent('closed', number), { delivery });
        expect(again.status).to.equal(200);
        expect(again.body.outcome).to.equal('duplicate');
        expect((await server.runtime.store.fixes.transitions(fixId)).length).to.equal(trail.length);
      });

      it('moves the fix back to in_progress when the issue is reopened', async () => {
        const res = await deliver('issues', issueEvent('reopened', number));
        expect(res.status).to.equal(200);
        expect(await fixStatus(fixId)).to.equal('in_progress');
        const steps = await server.runtime.store.fixes.steps(fixId);
        expect(steps.at(-1)).to.include({ agent: 'integration:github', action: 'issue_reopened', finding: `GitHub issue #${number} reopened by octocat.` });
      });

      it('ignores other repositories, unknown issues, other actions and other events with 202', async () => {
        for (const [event, payload] of [
          ['issues', issueEvent('closed', number, 'someone/else')],
          ['issues', issueEvent('closed', 99_999)],
          ['issues', issueEvent('labeled', number)],
          ['push', { ref: 'refs/heads/main' }],
        ] as const) {
          const res = await deliver(event, payload);
          expect(res.status, `${event} ${JSON.stringify(payload)}`).to.equal(202);
          expect(res.body.outcome).to.equal('ignored');
        }
        expect(await fixStatus(fixId)).to.equal('in_progress');
      });

      it('answers 404 for a project without a GitHub target and 415 for a form-encoded body', async () => {
        expectProblem(await deliver('issues', issueEvent('closed', number), { project: server.other.project.id }), 404, 'PUBLIC_API_NOT_FOUND');
        const form = await server.request().post(`${TARGET}/webhook/${projectId()}`).set('content-type', 'application/x-www-form-urlencoded').send('payload=%7B%7D');
        expect(form.status).to.equal(415);
      });

      it('answers 400 for a signed body that is not JSON, and 413 above 1 MiB', async () => {
        const body = 'not json';
        const res = await server
          .request()
          .post(`${TARGET}/webhook/${projectId()}`)
          .set('content-type', 'application/json')
          .set('x-github-event', 'issues')
          .set('x-github-delivery', randomUUID())
          .set('x-hub-signature-256', gitHubSignature(webhookSecret, body))
          .send(body);
        expect(res.status).to.equal(400);
        const big = await server.request().post(`${TARGET}/webhook/${projectId()}`).set('content-type', 'application/json').send(`{"a":"${'x'.repeat(1024 * 1024)}"}`);
        expect(big.status).to.equal(413);
      });
    });

    describe('DELETE /integrations/github', () => {
      it('removes the target; a dispatch then fails with 409 and GET is 404', async () => {
        const fixId = await openFix('After removal');
        expect(expectEnvelope<Json>(await act(fixId, { action: 'request', target: 'github' })).status).to.equal('approved');
        expect(expectEnvelope<Json>(await asCaller(server.request().delete(TARGET)))).to.deep.equal({ projectId: projectId(), deleted: true });
        expectProblem(await act(fixId, { action: 'dispatch' }), 409, 'PUBLIC_API_DISPATCH_TARGET_UNAVAILABLE');
        expectProblem(await asCaller(server.request().get(TARGET)), 404, 'PUBLIC_API_NOT_FOUND');
        const other = await openFix('No target');
        const res = await act(other, { action: 'request', target: 'github' });
        expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(res.body.errors[0]).to.include({ path: '/body/target', code: 'no_github_target' });
      });
    });
  });
});
