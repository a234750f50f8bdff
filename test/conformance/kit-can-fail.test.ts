import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runConformance, type KitRun } from '../../conformance/run.js';
import { renderText } from '../../conformance/report.js';
import { BROKEN_RULES, startNonConformingServer, type FixtureServer } from './nonconforming-server.js';

const run = promisify(execFile);

describe('conformance kit against a non-conforming server', function () {
  this.timeout(120_000);
  let fixture: FixtureServer;
  let result: KitRun;
  before(async () => {
    fixture = await startNonConformingServer();
    result = await runConformance({ baseUrl: fixture.baseUrl, apiKey: fixture.apiKey, seed: 7, fuzzRuns: 2, includeRateLimit: false });
  });
  after(() => fixture.close());

  for (const rule of BROKEN_RULES) {
    it(`reports ${rule} as FAIL with the request, status and body as evidence`, () => {
      const found = result.results.find((r) => r.id === rule);
      expect(found?.outcome, renderText(result.results)).to.equal('FAIL');
      expect(found!.evidence[0]).to.match(/request: (GET|POST|PATCH|PUT|DELETE) \/api\/v1\/public\/\S*/);
      expect(found!.evidence[0]).to.match(/\nstatus: \d{3}\n/);
      expect(found!.evidence[0]).to.match(/\nbody: /);
    });
  }

  it('passes the rules the fixture keeps: X-Request-Id, WWW-Authenticate, cursor follow', () => {
    const outcome = (id: string) => result.results.find((r) => r.id === id)?.outcome;
    expect(outcome('x-request-id')).to.equal('PASS');
    expect(outcome('www-authenticate')).to.equal('PASS');
    expect(outcome('cursor:listTraces:follow')).to.equal('PASS');
  });

  it('as `npm run conformance`, prints one line per rule, ends with the totals, writes JUnit and exits 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-junit-'));
    try {
      const junit = path.join(dir, 'report.xml');
      const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
      const outcome = await run(process.execPath, ['--import', 'tsx', 'conformance/cli.ts', '--base-url', fixture.baseUrl, '--api-key', fixture.apiKey, '--fuzz-runs', '0', '--junit', junit], { cwd: root }).then(
        (ok) => ({ code: 0, stdout: ok.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
      expect(outcome.code).to.equal(1);
      const lines = outcome.stdout.trimEnd().split('\n');
      expect(lines.at(-1)).to.match(/^\d+ passed, [1-9]\d* failed, \d+ skipped$/);
      expect(lines.some((l) => l.startsWith('FAIL envelope: Every success body is the envelope'))).to.equal(true);
      expect(lines.some((l) => /^PASS x-request-id: /.test(l))).to.equal(true);
      expect(lines.some((l) => /^SKIP /.test(l))).to.equal(true);
      const xml = readFileSync(junit, 'utf8');
      expect(xml).to.match(/<testsuite name="tracewell-conformance" tests="\d+" failures="[1-9]\d*"/);
      expect(xml).to.contain('<failure message=');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
