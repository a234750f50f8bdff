import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { RedisRateLimiter } from '../../src/ratelimit/redis-rate-limiter.js';
import { scryptDerivations } from '../../src/auth/passwords.js';

const PASSWORD = 'correct horse battery';
const REDIRECT = 'http://127.0.0.1:8765/callback';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

forEachAdapter((adapter) => {
  describe('OAuth endpoints resist guessing', () => {
    let server: TestServer;
    let email: string;
    before(async () => {
      server = await startTestServer(adapter);
      email = server.tenant.user.email;
      await server.runtime.services.identityProvisioning.setPassword(server.tenant.user.id, PASSWORD);
      await server.runtime.services.oauth.clients.register({ id: 'web-app', name: 'Web App', type: 'public', redirectUris: [REDIRECT], grantTypes: ['authorization_code', 'refresh_token'] });
    });
    after(async () => server.close());
    // A fresh hour for each test: every window of every budget starts empty.
    beforeEach(() => server.clock.advance(3_600_000));

    const consent = (account: string, password: string) =>
      server.request().post('/oauth/authorize').type('form').send({
        response_type: 'code', client_id: 'web-app', redirect_uri: REDIRECT, scope: 'context:read', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', email: account, password, decision: 'approve',
      });
    const deviceApproval = (userCode: string, account: string, password: string) =>
      server.request().post('/oauth/device').send({ user_code: userCode, email: account, password, decision: 'approve' });
    const startDevice = async (): Promise<{ user_code: string; device_code: string }> =>
      (await server.request().post('/oauth/device/code').type('form').send({ client_id: 'tracewell-cli', scope: 'context:read' })).body;

    describe('POST /oauth/authorize (consent sign-in)', () => {
      it('stops an account after 5 attempts a minute with 429 and Retry-After, even for the right password', async () => {
        for (let i = 0; i < 5; i++) expect((await consent(email, `wrong-${i}`)).status).to.equal(401);
        const refused = await consent(email, PASSWORD);
        expect(refused.status).to.equal(429);
        expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
        expect(refused.text).to.contain('Too many attempts');
        expect(refused.headers).to.not.have.property('location');
      });

      it('backs off: after 20 attempts in an hour the account waits for the hour, not the minute', async () => {
        for (let minute = 0; minute < 4; minute++) {
          for (let i = 0; i < 5; i++) expect((await consent(email, 'wrong')).status).to.equal(401);
          server.clock.advance(60_000);
        }
        const refused = await consent(email, PASSWORD);
        expect(refused.status).to.equal(429);
        expect(Number(refused.headers['retry-after'])).to.be.above(60);
      });

      it('treats an unknown account exactly like a known one: same 401 page, same limit', async () => {
        const unknown = `nobody-${randomUUID()}@example.com`;
        for (let i = 0; i < 5; i++) {
          const [known, ghost] = [await consent(email, 'wrong'), await consent(unknown, 'wrong')];
          expect(ghost.status).to.equal(known.status);
          expect(ghost.text).to.equal(known.text);
        }
        expect((await consent(unknown, 'wrong')).status).to.equal(429);
        expect((await consent(email, 'wrong')).status).to.equal(429);
      });

      it('limits an address across accounts (20 a minute)', async () => {
        for (let i = 0; i < 20; i++) expect((await consent(`spray-${i}-${randomUUID()}@example.com`, 'wrong')).status).to.equal(401);
        expect((await consent(`spray-last-${randomUUID()}@example.com`, 'wrong')).status).to.equal(429);
      });
    });

    describe('sign-in budgets count failures only', () => {
      /** The start of the next clock hour: every fixed window (minute and hour) starts empty there. */
      const toNextHour = (): void => server.clock.advance(3_600_000 - (server.clock.now().getTime() % 3_600_000));

      it('lets the owner approve 21 consents within one minute (over the 5/min and 20/h account budgets): successes do not count', async () => {
        toNextHour();
        const statuses: number[] = [];
        for (let i = 0; i < 21; i++) statuses.push((await consent(email, PASSWORD)).status);
        expect(statuses).to.deep.equal(Array(21).fill(302));
      });

      it('lets the owner approve 21 devices within one hour (one a minute: over the 20/h account budget)', async () => {
        toNextHour();
        const statuses: number[] = [];
        for (let i = 0; i < 21; i++) {
          statuses.push((await deviceApproval((await startDevice()).user_code, email, PASSWORD)).status);
          server.clock.advance(61_000);
        }
        expect(statuses).to.deep.equal(Array(21).fill(200));
      });

      it('locks after 5 failures even when successes came between them: a success does not erase failures', async () => {
        toNextHour();
        for (let i = 0; i < 4; i++) expect((await consent(email, 'wrong')).status).to.equal(401);
        expect((await consent(email, PASSWORD)).status).to.equal(302);
        expect((await consent(email, 'wrong')).status).to.equal(401);
        const refused = await consent(email, PASSWORD);
        expect(refused.status).to.equal(429);
        expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      });

      it('counts a wrong password at the device page against the same account budget as the consent page', async () => {
        toNextHour();
        for (let i = 0; i < 3; i++) expect((await consent(email, 'wrong')).status).to.equal(401);
        for (let i = 0; i < 2; i++) expect((await deviceApproval('BCDF-GHJK', email, 'wrong')).status).to.equal(401);
        expect((await consent(email, PASSWORD)).status).to.equal(429);
      });
    });

    describe('device user-code entry (GET and POST /oauth/device)', () => {
      it('lets an address try 10 user codes a minute; the 11th and later get 429 whatever the code', async () => {
        const guesses: number[] = [];
        for (let i = 0; i < 40; i++) {
          const code = Array.from({ length: 8 }, () => 'BCDFGHJKLMNPQRSTVWXZ'[randomBytes(1)[0] % 20]).join('');
          guesses.push((await server.request().get('/oauth/device').query({ user_code: code })).status);
        }
        expect(guesses.filter((s) => s === 200)).to.have.length(10);
        expect(guesses.slice(10).every((s) => s === 429)).to.equal(true);
        const device = await startDevice();
        const post = await deviceApproval(device.user_code, email, PASSWORD);
        expect(post.status).to.equal(429);
        expect(post.body).to.deep.include({ error: 'slow_down' });
        expect(Number(post.headers['retry-after'])).to.be.within(1, 60);
      });

      it('does not reveal whether a code exists to a caller without the password', async () => {
        const device = await startDevice();
        const real = await deviceApproval(device.user_code, email, 'wrong password');
        const made = await deviceApproval('BCDF-GHJK', email, 'wrong password');
        expect(real.status).to.equal(401);
        expect(made.status).to.equal(401);
        expect(made.body).to.deep.equal(real.body);
      });

      it('still approves with the right password and a real code', async () => {
        const device = await startDevice();
        const res = await deviceApproval(device.user_code, email, PASSWORD);
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ status: 'approved' });
      });
    });

    // Equal cost as behaviour: every sign-in pays one scrypt derivation, whether or not the account
    // exists. The time it takes is measured by the bench at the production cost (docs/testing.md).
    describe('cost of a failed sign-in', () => {
      const derivationsOf = async (account: string, password: string) => {
        const before = scryptDerivations();
        const user = await server.runtime.services.identityProvisioning.verifyCredentials(account, password);
        return { user, derivations: scryptDerivations() - before };
      };

      it('a wrong password for a known account runs one scrypt derivation', async () => {
        expect(await derivationsOf(email, 'wrong password')).to.deep.equal({ user: null, derivations: 1 });
      });

      it('an unknown account runs one scrypt derivation too (the decoy), so it costs what a wrong password costs', async () => {
        await derivationsOf(`warm-up-${randomUUID()}@example.com`, 'x'); // the decoy hash is made once per process
        expect(await derivationsOf(`ghost-${randomUUID()}@example.com`, 'wrong password')).to.deep.equal({ user: null, derivations: 1 });
      });

      it('a known account without a password runs one scrypt derivation (the decoy)', async () => {
        await derivationsOf(`warm-up-${randomUUID()}@example.com`, 'x');
        expect(await derivationsOf(server.other.user.email, 'any password')).to.deep.equal({ user: null, derivations: 1 });
      });
    });

    describe('malformed requests', () => {
      it('GET /oauth/authorize with a repeated parameter: 400 page, no redirect', async () => {
        const res = await server.request().get('/oauth/authorize?client_id=web-app&client_id=web-app&response_type=code');
        expect(res.status).to.equal(400);
        expect(res.headers['content-type']).to.match(/^text\/html/);
        expect(res.text).to.contain('client_id must be sent once');
        expect(res.headers).to.not.have.property('location');
      });

      it('POST /oauth/authorize with a repeated parameter: 400 invalid_request', async () => {
        const res = await server.request().post('/oauth/authorize').type('form').send('client_id=web-app&email=a&email=b');
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ error: 'invalid_request', error_description: 'Parameter email must be sent once.' });
      });

      it('a NUL in a form field is 400 invalid_request, never a lookup', async () => {
        const res = await server.request().post('/oauth/token').type('form').send({ grant_type: 'authorization_code', client_id: 'web\u0000app', code: 'x' });
        expect(res.status).to.equal(400);
        expect(res.body.error).to.equal('invalid_request');
      });

      it('a bad % escape in Basic credentials at /oauth/token: 401 invalid_client with a Basic challenge', async () => {
        const res = await server.request().post('/oauth/token').set('authorization', `Basic ${Buffer.from('%zz:%').toString('base64')}`).type('form').send({ grant_type: 'client_credentials' });
        expect(res.status).to.equal(401);
        expect(res.body.error).to.equal('invalid_client');
        expect(res.headers['www-authenticate']).to.equal('Basic realm="tracewell"');
      });
    });

    describe('unknown client_id (RFC 6749 §5.2)', () => {
      for (const [path, form] of [
        ['/oauth/token', { grant_type: 'authorization_code', client_id: 'nobody', code: 'x' }],
        ['/oauth/device/code', { client_id: 'nobody', scope: 'context:read' }],
        ['/oauth/revoke', { client_id: 'nobody', token: 'tw_at_x' }],
      ] as const) {
        it(`${path}: 401 invalid_client without a Bearer challenge`, async () => {
          const res = await server.request().post(path).type('form').send(form);
          expect(res.status).to.equal(401);
          expect(res.body).to.deep.equal({ error: 'invalid_client', error_description: 'Unknown client.' });
          expect(res.headers).to.not.have.property('www-authenticate');
          expect(res.headers['cache-control']).to.equal('no-store');
        });
      }
    });
  });
});

describe('OAuth guessing limits are shared through Redis by every process', () => {
  it('5 attempts spread over two servers exhaust one account budget', async () => {
    const prefix = `tracewell:test:${randomBytes(4).toString('hex')}:`;
    const limiters = [new RedisRateLimiter(REDIS_URL, prefix), new RedisRateLimiter(REDIS_URL, prefix)];
    await Promise.all(limiters.map((limiter) => limiter.connect()));
    const servers = await Promise.all(limiters.map((limiter) => startTestServer('sqlite', { limiter })));
    try {
      const account = `shared-${randomUUID()}@example.com`;
      const attempt = (server: TestServer) => server.request().post('/oauth/device').send({ user_code: 'BCDF-GHJK', email: account, password: 'wrong' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt(servers[i % 2])).status);
      expect(statuses).to.deep.equal([401, 401, 401, 401, 401]);
      expect((await attempt(servers[1])).status).to.equal(429);
      expect((await attempt(servers[0])).status).to.equal(429);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await Promise.all(limiters.map((limiter) => limiter.close?.()));
    }
  });
});
