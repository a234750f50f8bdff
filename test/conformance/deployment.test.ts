import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runConformance, type KitRun } from '../../conformance/run.js';
import { renderText } from '../../conformance/report.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/** Every OAuth scope, so the kit's --token reaches every operation an OAuth token can. */
const ALL_SCOPES = SCOPES.filter((scope) => scope !== 'offline_access');

/** The fuzz budget CI affords per operation: small, fixed seed, so the suite stays within its time. */
const FUZZ_RUNS = Number(process.env.CONFORMANCE_FUZZ_RUNS ?? 4);

forEachAdapter((adapter) => {
  describe('conformance kit against this service', function () {
    this.timeout(180_000);
    let server: TestServer;
    let http: Server;
    let run: KitRun;

    before(async () => {
      server = await startTestServer(adapter, {
        // The README's default rate limits: the kit paces itself and waits out 429s on the test clock.
        env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', VALIDATE_RESPONSES: 'false' },
      });
      http = createServer(server.app);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const { port } = http.address() as AddressInfo;
      const token = await server.oauthToken(server.tenant.user.id, ALL_SCOPES, { expiresInMs: 24 * 3_600_000 });
      run = await runConformance({
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: server.tenant.apiKey,
        token,
        seed: 20261123,
        fuzzRuns: FUZZ_RUNS,
        includeRateLimit: true,
        webhookUrl: `http://127.0.0.1:${port}/conformance-webhook-sink`,
        advanceClock: async (ms) => server.clock.advance(ms),
        log: process.env.CONFORMANCE_LOG ? (line) => console.error(line) : undefined,
      });
    });
    after(async () => {
      await new Promise((resolve) => http?.close(resolve));
      await server?.close();
    });

    it('reports no FAIL', () => {
      const failed = run.results.filter((r) => r.outcome === 'FAIL');
      expect(failed.map((r) => r.id), renderText(failed)).to.deep.equal([]);
    });

    it('ran into the default limits and waited their windows out on the test clock (no 429 left as a FAIL)', () => {
      expect(run.rateWaitSeconds).to.be.greaterThan(0);
    });

    it('checks the envelope, Problem, header, cursor, idempotency, saved-filter, tool and fuzz rules (each PASS, not SKIP)', () => {
      const outcome = (id: string) => run.results.find((r) => r.id === id)?.outcome;
      for (const id of [
        'envelope', 'problem-details', 'x-request-id', 'rate-limit-headers', 'www-authenticate', 'retry-after', 'no-500',
        'cursor:listTraces:tamper', 'cursor:listTraces:bound:status', 'cursor:listTraces:limit-change', 'cursor:listTraces:expiry', 'cursor:listTraces:credential',
        'cursor:listSavedFilters:tamper', 'cursor:listDetections:endpoint', 'cursor:listWebhooks:follow',
        'idempotency:post_api_v1_public_webhooks:replay', 'idempotency:post_api_v1_public_webhooks:reused',
        'saved-filter-limit:bytes', 'saved-filter-limit:depth', 'saved-filter-limit:total-nodes',
        'tools:initialize', 'tools:list', 'tools:get_trace_context', 'tools:rate-limit', 'fuzz:read-only', 'fuzz:ingestTrace', 'fuzz:listTraces',
      ]) {
        expect(outcome(id), id).to.equal('PASS');
      }
    });
  });
});
