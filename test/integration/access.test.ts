import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { Receiver } from '../webhooks/support.js';
import { ingest, keyOf, span } from './support.js';

forEachAdapter((adapter) => {
  describe('guest review of a shared trace and a shared fix', () => {
    let server: TestServer;
    let fixId: string;
    let otherFixId: string;
    const share = async (resourceType: string, resourceId: string) =>
      expectEnvelope<{ token: string }>(await server.request().post('/api/v1/public/sharing/guest-tokens').set(keyOf(server)).send({ resourceType, resourceId }), 201).token;
    const asGuest = (path: string, token: string) => server.request().get(path).set('authorization', `ServiceGuest ${token}`);

    before(async () => {
      server = await startTestServer(adapter);
      await ingest(server, { trace_id: 'shared', name: 'shared run', spans: [span('s')] });
      await ingest(server, { trace_id: 'private', name: 'private run', spans: [span('s')] });
      const projectId = server.tenant.project.id;
      fixId = (await server.runtime.services.fixes.create(projectId, { title: 'Shared fix', severity: 'high' }, 'user:seed')).id;
      otherFixId = (await server.runtime.services.fixes.create(projectId, { title: 'Private fix', severity: 'low' }, 'user:seed')).id;
    });
    after(async () => server.close());

    it('a trace token reads that trace (200) and nothing else: another trace 404, a fix 404, a list 403', async () => {
      const token = await share('trace', 'shared');
      const trace = expectEnvelope<{ id: string; spans: unknown[] }>(await asGuest('/api/v1/public/traces/shared', token));
      expect(trace.id).to.equal('shared');
      expect(trace.spans).to.have.length(1);
      expectProblem(await asGuest('/api/v1/public/traces/private', token), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await asGuest(`/api/v1/public/fixes/${fixId}`, token), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await asGuest('/api/v1/public/traces', token), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
    });

    it('a fix token reads that fix (200) and nothing else: another fix 404, a trace 404, a list 403', async () => {
      const token = await share('fix', fixId);
      expect(expectEnvelope<{ id: string; title: string }>(await asGuest(`/api/v1/public/fixes/${fixId}`, token))).to.include({ id: fixId, title: 'Shared fix' });
      expectProblem(await asGuest(`/api/v1/public/fixes/${otherFixId}`, token), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await asGuest('/api/v1/public/traces/shared', token), 404, 'PUBLIC_API_NOT_FOUND');
      expectProblem(await asGuest('/api/v1/public/fixes', token), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
    });

    it('the same token sent as Bearer is 401 PUBLIC_API_INVALID_CREDENTIAL', async () => {
      const token = await share('fix', fixId);
      const res = await server.request().get(`/api/v1/public/fixes/${fixId}`).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
      expectProblem(res, 401, 'PUBLIC_API_INVALID_CREDENTIAL');
      expect(res.headers['www-authenticate']).to.match(/^Bearer realm="tracewell"/);
    });
  });

  describe('POST /api/v1/public/webhooks with a service-account token', () => {
    let server: TestServer;
    let receiver: Receiver;
    let saToken: string;
    const accounts = '/api/v1/public/service-accounts';
    const admin = (method: 'post' | 'put', path: string) =>
      server.request()[method](path).set('x-api-key', server.tenant.orgApiKey).set('x-project-id', server.tenant.project.id);
    const createWebhook = (headers: Record<string, string>, name: string) =>
      server
        .request()
        .post('/api/v1/public/webhooks')
        .set(headers)
        .set('idempotency-key', randomUUID())
        .send({ name, destinationUrl: receiver.url, eventTypes: ['alert.per_event_match'] });

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      receiver = await new Receiver().start();
      const account = expectEnvelope<{ id: string }>(await admin('post', accounts).send({ name: 'deployer' }), 201);
      expectEnvelope(await admin('put', `${accounts}/${account.id}/binding`).send({ role: 'editor' }));
      saToken = expectEnvelope<{ token: string }>(await admin('post', `${accounts}/${account.id}/tokens`).send({ scopes: ['configuration:write'] }), 201).token;
    });
    after(async () => {
      await receiver.stop();
      await server.close();
    });

    it('creates a webhook in the bound project (201)', async () => {
      const created = expectEnvelope<{ name: string }>(await createWebhook({ authorization: `Bearer ${saToken}`, 'x-project-id': server.tenant.project.id }, 'Deploys'), 201);
      expect(created.name).to.equal('Deploys');
    });

    it('answers 403 PUBLIC_API_PROJECT_FORBIDDEN in a project of its organization it is not bound to', async () => {
      const unbound = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Unbound');
      expectProblem(await createWebhook({ authorization: `Bearer ${saToken}`, 'x-project-id': unbound.id }, 'Nope'), 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
    });

    it('answers 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED to a public API key', async () => {
      expectProblem(await createWebhook(keyOf(server), 'By key'), 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      expect(await server.runtime.database.knex('webhooks').where({ name: 'By key' })).to.deep.equal([]);
    });
  });
});
