import { expect } from 'chai';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';
import { countRows, createRequest, newBase64urlKey, newKey, writerOf, type Caller } from './support.js';

const ALLOWED = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' };
const validBody = (name = 'Pager') => ({
  name,
  destinationUrl: 'http://127.0.0.1:9/hooks',
  eventTypes: ['alert.per_event_match', 'notification.comment_created'],
  secret: 'whsec_dGVzdC1zZWNyZXQtdmFsdWU=',
});

forEachAdapter((adapter) => {
  describe('POST /api/v1/public/webhooks', () => {
    let server: TestServer;
    let caller: Caller;
    before(async () => {
      server = await startTestServer(adapter, { env: ALLOWED });
      caller = await writerOf(server);
    });
    after(async () => server.close());

    it('creates an enabled webhook: 201 with destinationConfigured and without URL or secret', async () => {
      const res = await createRequest(server, caller, validBody('Created'));
      const data = expectEnvelope<Record<string, unknown>>(res, 201);
      expect(data).to.have.all.keys('id', 'name', 'destinationConfigured', 'enabled', 'eventTypes', 'createdAt', 'updatedAt');
      expect(data).to.deep.include({
        name: 'Created',
        destinationConfigured: true,
        enabled: true,
        eventTypes: ['alert.per_event_match', 'notification.comment_created'],
        createdAt: '2026-11-01T12:00:00.000Z',
        updatedAt: '2026-11-01T12:00:00.000Z',
      });
      expect(res.headers).to.not.have.property('idempotent-replayed');
      expectRateLimitHeaders(res);
      expect(res.headers['x-service-ratelimit-policy']).to.equal('write;w=60;q=120');
    });

    it('stores the secret encrypted, never in clear', async () => {
      const res = await createRequest(server, caller, { ...validBody('Sealed'), secret: 'plain-text-secret-value' });
      const { id } = expectEnvelope<{ id: string }>(res, 201);
      const row = await server.runtime.database.knex('webhooks').where({ id }).first();
      expect(row.secret_ciphertext).to.match(/^v1\./);
      expect(row.secret_ciphertext).to.not.contain('plain-text-secret-value');
      expect(JSON.stringify(res.body)).to.not.contain('plain-text-secret-value');
    });

    it('accepts a null secret and the * wildcard', async () => {
      const res = await createRequest(server, caller, { ...validBody('Wildcard'), secret: null, eventTypes: ['*'] });
      expect(expectEnvelope<{ eventTypes: string[] }>(res, 201).eventTypes).to.deep.equal(['*']);
    });

    it('accepts a high-entropy base64url idempotency key', async () => {
      expectEnvelope(await createRequest(server, caller, validBody('Base64url key'), newBase64urlKey()), 201);
    });

    describe('idempotency', () => {
      it('replays the first response for the same key and body, with Idempotent-Replayed: true', async () => {
        const key = newKey();
        const first = await createRequest(server, caller, validBody('Replayed'), key);
        const firstData = expectEnvelope(first, 201);
        server.clock.advance(60_000);
        const second = await createRequest(server, caller, validBody('Replayed'), key);
        expect(expectEnvelope(second, 201)).to.deep.equal(firstData);
        expect(second.headers['idempotent-replayed']).to.equal('true');
        expect(await server.runtime.database.knex('webhooks').where({ name: 'Replayed' }).count<{ n: number }[]>({ n: '*' })).to.deep.equal([{ n: 1 }]);
      });

      it('compares bodies as canonical JSON: key order does not matter', async () => {
        const key = newKey();
        const body = validBody('Reordered');
        expectEnvelope(await createRequest(server, caller, body, key), 201);
        const reordered = { secret: body.secret, eventTypes: body.eventTypes, destinationUrl: body.destinationUrl, name: body.name };
        const res = await createRequest(server, caller, reordered, key);
        expect(res.headers['idempotent-replayed']).to.equal('true');
      });

      it('answers 409 PUBLIC_API_IDEMPOTENCY_KEY_REUSED for the same key with a different body', async () => {
        const key = newKey();
        expectEnvelope(await createRequest(server, caller, validBody('First body'), key), 201);
        expectProblem(await createRequest(server, caller, validBody('Second body'), key), 409, 'PUBLIC_API_IDEMPOTENCY_KEY_REUSED');
        expect(await countRows(server, 'webhooks')).to.be.greaterThan(0);
        expect((await server.runtime.database.knex('webhooks').where({ name: 'Second body' })).length).to.equal(0);
      });

      it('scopes keys per credential: another token may use the same key', async () => {
        const key = newKey();
        expectEnvelope(await createRequest(server, caller, validBody('Scoped A'), key), 201);
        const otherToken = await writerOf(server);
        const res = await createRequest(server, otherToken, validBody('Scoped B'), key);
        expectEnvelope(res, 201);
        expect(res.headers).to.not.have.property('idempotent-replayed');
      });

      it('scopes keys per project: the same key in another project creates anew', async () => {
        const key = newKey();
        const second = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Second Project');
        expectEnvelope(await createRequest(server, caller, validBody('Per project'), key), 201);
        const res = await createRequest(server, { ...caller, projectId: second.id }, validBody('Per project'), key);
        expectEnvelope(res, 201);
        expect(res.headers).to.not.have.property('idempotent-replayed');
      });

      it('forgets a key after 24 hours: the same key then creates again (and meets the name rule)', async () => {
        const key = newKey();
        expectEnvelope(await createRequest(server, caller, validBody('Expiring'), key), 201);
        server.clock.advance(24 * 60 * 60 * 1000);
        expectProblem(await createRequest(server, caller, validBody('Expiring'), key), 409, 'PUBLIC_API_WEBHOOK_CONFLICT');
      });

      it('does not store failures: a failed request may be retried with its key', async () => {
        const key = newKey();
        expectEnvelope(await createRequest(server, caller, validBody('Taken name'), newKey()), 201);
        expectProblem(await createRequest(server, caller, validBody('Taken name'), key), 409, 'PUBLIC_API_WEBHOOK_CONFLICT');
        const res = await createRequest(server, caller, validBody('Taken name'), key);
        expectProblem(res, 409, 'PUBLIC_API_WEBHOOK_CONFLICT');
      });

      it('creates exactly one webhook for concurrent requests with one key; the others replay it', async () => {
        const key = newKey();
        const responses = await Promise.all([1, 2, 3].map(() => createRequest(server, caller, validBody('Concurrent'), key)));
        const ids = responses.map((res) => expectEnvelope<{ id: string }>(res, 201).id);
        expect(new Set(ids).size).to.equal(1);
        expect(responses.filter((res) => res.headers['idempotent-replayed'] === 'true')).to.have.length(2);
        expect((await server.runtime.database.knex('webhooks').where({ name: 'Concurrent' })).length).to.equal(1);
      });

      for (const [label, key] of [
        ['repeated characters', 'aaaaaaaaaaaaaaaaaaaaaa'],
        ['a sequential alphabet', 'abcdefghijklmnopqrstuv'],
        ['few distinct characters', 'abababababababababab12'],
        ['a UUID of zeros', '00000000-0000-4000-8000-000000000000'],
        ['a non-v4 UUID', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
        ['characters outside base64url', 'k7Qw9+Zp2Lr5Xn8Vb3Mc6Td'],
      ]) {
        it(`answers 400 PUBLIC_API_WEAK_IDEMPOTENCY_KEY for ${label}`, async () => {
          const body = expectProblem(await createRequest(server, caller, validBody(`Weak ${label}`), key), 400, 'PUBLIC_API_WEAK_IDEMPOTENCY_KEY');
          expect(body.errors).to.deep.equal([{ code: 'weak_key', message: 'use a random UUIDv4 or 16+ random bytes in base64url', path: '/headers/idempotency-key' }]);
        });
      }

      it('answers 400 for a key shorter than 22 or longer than 43 characters', async () => {
        expectProblem(await createRequest(server, caller, validBody('Short key'), 'k7Qw9ZpLr5Xn8Vb3Mc6T'), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expectProblem(await createRequest(server, caller, validBody('Long key'), `${newBase64urlKey()}${newBase64urlKey()}`), 400, 'PUBLIC_API_VALIDATION_FAILED');
      });

      it('answers 400 without an idempotency-key', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('authorization', `Bearer ${caller.token}`)
          .set('x-project-id', caller.projectId)
          .send(validBody('No key'));
        const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(JSON.stringify(body.errors)).to.contain('idempotency-key');
      });
    });

    it('answers 409 PUBLIC_API_WEBHOOK_CONFLICT for a name already used in the project', async () => {
      expectEnvelope(await createRequest(server, caller, validBody('Duplicate'), newKey()), 201);
      expectProblem(await createRequest(server, caller, validBody('Duplicate'), newKey()), 409, 'PUBLIC_API_WEBHOOK_CONFLICT');
    });

    describe('body validation', () => {
      const invalid: [string, Record<string, unknown>][] = [
        ['a missing name', { destinationUrl: 'http://127.0.0.1:9/x', eventTypes: ['*'] }],
        ['an empty name', { ...validBody(), name: '' }],
        ['a name above 255 characters', { ...validBody(), name: 'n'.repeat(256) }],
        ['a missing destinationUrl', { name: 'x', eventTypes: ['*'] }],
        ['a destinationUrl that is not a URI', { ...validBody(), destinationUrl: 'not a url' }],
        ['a destinationUrl above 2000 characters', { ...validBody(), destinationUrl: `http://127.0.0.1/${'a'.repeat(2000)}` }],
        ['missing eventTypes', { name: 'x', destinationUrl: 'http://127.0.0.1:9/x' }],
        ['empty eventTypes', { ...validBody(), eventTypes: [] }],
        ['more than 64 eventTypes', { ...validBody(), eventTypes: Array(65).fill('*') }],
        ['an unknown event type', { ...validBody(), eventTypes: ['alert.unknown'] }],
        ['an empty secret', { ...validBody(), secret: '' }],
        ['a secret above 128 characters', { ...validBody(), secret: 's'.repeat(129) }],
        ['an unknown property', { ...validBody(), enabled: false }],
      ];
      for (const [label, body] of invalid) {
        it(`answers 400 PUBLIC_API_VALIDATION_FAILED for ${label}`, async () => {
          expectProblem(await createRequest(server, caller, body), 400, 'PUBLIC_API_VALIDATION_FAILED');
        });
      }

      it('answers 400 PUBLIC_API_MALFORMED_JSON for a body that is not JSON', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('authorization', `Bearer ${caller.token}`)
          .set('x-project-id', caller.projectId)
          .set('idempotency-key', newKey())
          .set('content-type', 'application/json')
          .send('{"name":');
        expectProblem(res, 400, 'PUBLIC_API_MALFORMED_JSON');
      });

      it('answers 415 for a body that is not application/json', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('authorization', `Bearer ${caller.token}`)
          .set('x-project-id', caller.projectId)
          .set('idempotency-key', newKey())
          .set('content-type', 'text/plain')
          .send('name=x');
        expectProblem(res, 415, 'PUBLIC_API_UNSUPPORTED_MEDIA_TYPE');
      });

      it('answers 413 for a body above 1 MB', async () => {
        const res = await createRequest(server, caller, { ...validBody(), name: 'x'.repeat(1024 * 1024 + 10) });
        expectProblem(res, 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
      });
    });

    describe('credentials', () => {
      it('answers 401 without a credential', async () => {
        const res = await server.request().post('/api/v1/public/webhooks').set('idempotency-key', newKey()).send(validBody());
        expectProblem(res, 401, 'PUBLIC_API_UNAUTHENTICATED');
      });

      it('answers 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED for a public API key', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('x-api-key', server.tenant.apiKey)
          .set('x-project-id', server.tenant.project.id)
          .set('idempotency-key', newKey())
          .send(validBody('By key'));
        expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });

      it('answers 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED for a public API key as a legacy bearer', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('authorization', `Bearer ${server.tenant.apiKey}`)
          .set('x-project-id', server.tenant.project.id)
          .set('idempotency-key', newKey())
          .send(validBody('By legacy key'));
        expectProblem(res, 403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
      });

      it('answers 403 PUBLIC_API_INSUFFICIENT_SCOPE for a token with configuration:read only', async () => {
        const reader = await writerOf(server, ['configuration:read']);
        const body = expectProblem(await createRequest(server, reader, validBody('Reader')), 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
        expect(body.detail).to.contain('configuration:write');
      });

      it('answers 400 PUBLIC_API_PROJECT_REQUIRED without x-project-id', async () => {
        const res = await server
          .request()
          .post('/api/v1/public/webhooks')
          .set('authorization', `Bearer ${caller.token}`)
          .set('idempotency-key', newKey())
          .send(validBody('No project'));
        expectProblem(res, 400, 'PUBLIC_API_PROJECT_REQUIRED');
      });

      it('answers 403 PUBLIC_API_PROJECT_FORBIDDEN for a project of another organization', async () => {
        const res = await createRequest(server, { ...caller, projectId: server.other.project.id }, validBody('Elsewhere'));
        expectProblem(res, 403, 'PUBLIC_API_PROJECT_FORBIDDEN');
      });
    });

    describe('SSRF policy at creation', () => {
      let strict: TestServer;
      let strictCaller: Caller;
      before(async () => {
        strict = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '169.254.169.254' } });
        strictCaller = await writerOf(strict);
      });
      after(async () => strict.close());

      for (const [label, url] of [
        ['127.0.0.1 without the allow-list', 'http://127.0.0.1:8080/hook'],
        ['localhost (resolves to loopback)', 'http://localhost:8080/hook'],
        ['a private address', 'http://10.1.2.3/hook'],
        ['a CGNAT address', 'http://100.64.0.1/hook'],
        ['the unspecified address', 'http://0.0.0.0/hook'],
        ['a multicast address', 'http://224.0.0.1/hook'],
        ['IPv6 loopback', 'http://[::1]/hook'],
        ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
        ['169.254.169.254 even when allow-listed', 'http://169.254.169.254/latest/meta-data'],
        ['a scheme other than http(s)', 'ftp://example.com/hook'],
        ['a URL with credentials', 'https://user:pass@example.com/hook'],
      ]) {
        it(`refuses ${label}: 400 PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN, nothing written`, async () => {
          const res = await createRequest(strict, strictCaller, { ...validBody(`SSRF ${label}`), destinationUrl: url });
          expectProblem(res, 400, 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN');
          expect(await countRows(strict, 'webhooks')).to.equal(0);
        });
      }
    });
  });
});
