import { expect } from 'chai';
import type { Counter } from 'prom-client';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findPii } from '../../src/domain/detections/engines/pii-recognizers.js';
import type { TraceSubject } from '../../src/domain/detections/engines/detector-engine.js';
import { runScan, type ScanJob, type ScanResult } from '../../src/domain/detections/scanning/scan-job.js';
import { ScanPool, type TextScanner } from '../../src/domain/detections/scanning/scan-pool.js';
import { scanSubject } from '../../src/domain/detections/scanning/text-detection.js';
import { scrapedRegistry } from '../../src/observability/instruments.js';
import { compileLinearPattern, UnsupportedPatternError } from '../../src/domain/detections/scanning/linear-pattern.js';
import { PII_KINDS } from '../../src/domain/detections/detection-config.js';
import { forEachAdapter } from '../support/adapters.js';
import { detectionServicesFor } from '../support/detection-fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem } from '../support/problem.js';
import { insertTrace } from '../support/trace-fixtures.js';

const PATH = '/api/v1/public/detections';

/** Fastest wall time of `runs` calls, in ms: the least disturbed by other load and garbage collection. */
function fastestMs(work: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return Math.min(...times);
}

/**
 * How the time grows when the input grows 4×: about 4 for a linear matcher, about 16 for a
 * quadratic one; allowing up to 10 keeps the noise of a loaded machine out without letting
 * quadratic growth through. Inputs are large (500,000 → 2,000,000 characters): on small ones the
 * engines' start-up, CPU caches and the choice between RE2's matchers dominate, not the growth.
 */
const GROWTH = 4;
const LINEAR_BOUND = 10;
function growthFactor(work: (text: string) => unknown, unit: string, small = 500_000): number {
  const shortText = unit.repeat(Math.ceil(small / unit.length));
  const longText = unit.repeat(Math.ceil((small * GROWTH) / unit.length));
  work(shortText); // warm the JIT
  // Below 5 ms a run is noise (caches, timers, other load); a quadratic matcher is far above that on these sizes.
  const once = () => fastestMs(() => work(longText), 2) / Math.max(fastestMs(() => work(shortText), 3), 5);
  // Up to three measurements, the lowest kept: a load beside the suite (a second mocha worker, a
  // database) slowed one long run enough to read 11.5× for a linear recognizer that reads 4–5×
  // alone, while a quadratic one stays near 16× in every measurement.
  let factor = once();
  for (let attempt = 1; attempt < 3 && factor >= LINEAR_BOUND; attempt++) factor = Math.min(factor, once());
  return factor;
}

const scanJob = (overrides: Partial<ScanJob>): ScanJob => ({
  rule: { kind: 'regex', pattern: 'x', flags: '' },
  fields: ['input', 'output'],
  spans: [{ spanId: 's', texts: {} }],
  budgetMs: 1000,
  ...overrides,
});

describe('detection budgets: linear-time patterns', () => {
  it('refuses backtracking-only constructs, naming each, and compiles what RE2 accepts', () => {
    const refusals: [string, string][] = [
      ['(a)\\1', 'backreference \\1…\\9'],
      ['(?<n>a)\\k<n>', 'named backreference \\k<…>'],
      ['foo(?=bar)', 'lookahead (?=…)'],
      ['foo(?!bar)', 'negative lookahead (?!…)'],
      ['(?<=a)b', 'lookbehind (?<=…)'],
      ['(?<!a)b', 'negative lookbehind (?<!…)'],
      ['(?>a+)b', 'atomic group (?>…)'],
      ['a++', 'possessive quantifier (*+, ++, ?+)'],
      ['a{1001}', 'a repeat count above 1000 ({n,m} with n or m > 1000)'],
    ];
    for (const [pattern, construct] of refusals) {
      expect(() => compileLinearPattern(pattern), pattern).to.throw(UnsupportedPatternError, construct);
    }
    for (const pattern of ['^(a+)+$', '(x+x+)+y', "I can(no|')t help", '[(?=]', '\\p{L}+', '(?<name>x)']) expect(() => compileLinearPattern(pattern), pattern).not.to.throw();
  });

  it('matches the patterns that take exponential time on a backtracking engine in linear time', function () {
    this.timeout(120_000);
    // On the JavaScript engine ^(a+)+$ on 28 a's and a b took 10 s; growth there is 2^n.
    const evil = compileLinearPattern('^(a+)+$');
    const started = process.hrtime.bigint();
    expect(evil.matcher(`${'a'.repeat(28)}b`).find()).to.equal(false);
    const smallMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(smallMs).to.be.below(1000);
    const factor = growthFactor((text) => evil.matcher(`${text}b`).find(), 'a');
    expect(factor, `${GROWTH}× input took ${factor.toFixed(1)}× the time`).to.be.below(LINEAR_BOUND);
    const nested = compileLinearPattern('(x+x+)+y');
    expect(growthFactor((text) => nested.matcher(text).find(), 'x')).to.be.below(LINEAR_BOUND);
  });

  it('runs every built-in PII recognizer in linear time on inputs crafted against it', function () {
    this.timeout(300_000);
    // The former email recognizer took 33 s on 40,000 'a' characters (quadratic).
    const hostile: Record<string, string> = {
      email: 'a',
      emailDigits: '1',
      emailDomain: 'a@b.',
      card: '1 ',
      phone: '+1 ',
      iban: 'AB12 ',
      openAiKey: 'sk-',
      jwt: 'eyJ-',
      keyValue: 'password: ',
    };
    for (const [name, unit] of Object.entries(hostile)) {
      const factor = growthFactor((text) => findPii(text, [...PII_KINDS]), unit);
      expect(factor, `${name}: ${GROWTH}× input took ${factor.toFixed(1)}× the time`).to.be.below(LINEAR_BOUND);
    }
  });

  it('still finds what the recognizers found before', () => {
    expect(findPii('mail someone@example.org please', ['email'])).to.deep.equal(['email']);
    expect(findPii('card 4111 1111 1111 1111 ok', ['credit_card'])).to.deep.equal(['credit_card']);
    expect(findPii('key sk-proj-abcdefghijklmnopqrstuvwxyz', ['secret'])).to.deep.equal(['secret']);
    expect(findPii('api_key = "abcdefghijklmnop1234"', ['secret'])).to.deep.equal(['secret']);
    expect(findPii('just prose, order 12345, 2026-11-01', [...PII_KINDS])).to.deep.equal([]);
  });
});

describe('detection budgets: time budget and worker threads', () => {
  it('stops scanning when the time budget is spent and reports the fields it did not scan', () => {
    let clock = 0;
    const now = () => (clock += 10); // every check advances 10 ms
    const spans = ['a', 'b', 'c'].map((spanId) => ({ spanId, texts: { input: 'no match here', output: 'none here either' } }));
    // Deadline 10 + 25 = 35: the first field is scanned unchecked, the checks at 20 and 30 pass (three
    // fields scanned), the one at 40 stops the scan.
    const result = runScan(scanJob({ spans, budgetMs: 25 }), now);
    expect(result).to.deep.equal({ hit: null, unscannedFields: 3, timedOut: true });
    expect(runScan(scanJob({ spans, budgetMs: 1000 }), now)).to.deep.equal({ hit: null, unscannedFields: 0, timedOut: false });
  });

  it('scans the first field with text even when the budget was spent before the scan began (a starved thread)', () => {
    let clock = 0;
    const now = () => (clock += 1000); // every check finds the 25 ms budget long gone
    const empty = { spanId: 'empty', texts: { input: '', output: '' } };
    const rule = { kind: 'regex', pattern: 'MARK1', flags: '' } as const;
    const found = runScan(scanJob({ rule, spans: [empty, { spanId: 'a', texts: { input: 'MARK1 here', output: 'none' } }], budgetMs: 25 }), now);
    expect(found).to.deep.equal({ hit: { spanId: 'a', field: 'input', match: 'MARK1' }, unscannedFields: 0, timedOut: false });
    // After the first field, the spent budget stops the scan as before.
    const cut = runScan(scanJob({ rule, spans: [empty, { spanId: 'a', texts: { input: 'none', output: 'MARK1' } }], budgetMs: 25 }), now);
    expect(cut).to.deep.equal({ hit: null, unscannedFields: 1, timedOut: true });
  });

  it('starts a worker on the first job and stops it once idle, starting a new one for the next job', async () => {
    const pool = new ScanPool({ workers: 1, graceMs: 1000, idleMs: 20 });
    try {
      expect(pool.liveWorkers).to.equal(0);
      await pool.scan(scanJob({}));
      expect(pool.liveWorkers).to.equal(1);
      while (pool.liveWorkers > 0) await new Promise((resolve) => setImmediate(resolve));
      const next = await pool.scan(scanJob({ spans: [{ spanId: 's', texts: { input: 'x' } }] }));
      expect(next.hit).to.deep.equal({ spanId: 's', field: 'input', match: 'x' });
    } finally {
      await pool.close();
    }
  });

  it('loads the pattern engine before the worker reports ready, so no job\'s deadline pays for it', async () => {
    // Jobs are timed from `ready`: RE2JS loaded by the first job, on a busy machine, once took a
    // job past its deadline and the worker was stopped with the trace unread (no firing).
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'scan-worker-')), 'loads.txt');
    writeFileSync(log, '');
    // The pool's own bootstrap (tsx for the .ts entry), with the load log installed before the worker's code.
    const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const steps = [tsxApi, new URL('../support/module-load-log/register.mjs', import.meta.url).href, new URL('../../src/domain/detections/scanning/scan-worker.ts', import.meta.url).href];
    const bootstrap = `import(${JSON.stringify(steps[0])}).then(({ register }) => register()).then(() => import(${JSON.stringify(steps[1])})).then(() => import(${JSON.stringify(steps[2])}));`;
    const worker = new Worker(bootstrap, { eval: true, env: { ...process.env, MODULE_LOAD_LOG: log } });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (message: { ready?: true }) => message.ready && resolve());
      });
      const loadedBeforeReady = readFileSync(log, 'utf8').split('\n').filter((url) => url.includes('/node_modules/re2js/'));
      expect(loadedBeforeReady).to.have.length.greaterThan(0);
    } finally {
      await worker.terminate();
      rmSync(path.dirname(log), { recursive: true, force: true });
    }
  });

  it('skips a stored pattern RE2 cannot compile (saved before the check) instead of failing the trace', () => {
    const spans = [{ spanId: 's', texts: { input: 'password: hunter2' } }];
    expect(runScan(scanJob({ rule: { kind: 'regex', pattern: 'password(?=:)', flags: '' }, spans }))).to.deep.equal({ hit: null, unscannedFields: 0, timedOut: false });
    expect(runScan(scanJob({ rule: { kind: 'regex', pattern: 'password(:)', flags: '' }, spans })).hit).to.deep.equal({ spanId: 's', field: 'input', match: 'password:' });
  });

  it('scans on a worker thread: the event loop keeps turning while a large scan runs', async () => {
    const pool = new ScanPool({ workers: 1, graceMs: 10_000 });
    try {
      await pool.scan(scanJob({})); // start-up (loading the worker) is not what is measured
      const big = 'a@b' + '.a'.repeat(100_000);
      const spans = Array.from({ length: 5 }, (_, i) => ({ spanId: `s${i}`, texts: { input: big } }));
      let maxGapMs = 0;
      let last = process.hrtime.bigint();
      let ticking = true;
      const tick = () => {
        const now = process.hrtime.bigint();
        maxGapMs = Math.max(maxGapMs, Number(now - last) / 1e6);
        last = now;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const started = process.hrtime.bigint();
      const result = await pool.scan(scanJob({ rule: { kind: 'pii', kinds: ['email'] }, fields: ['input'], spans, budgetMs: 60_000 }));
      const scanMs = Number(process.hrtime.bigint() - started) / 1e6;
      ticking = false;
      expect(result.hit).to.equal(null);
      expect(scanMs).to.be.above(20);
      // Had the scan run on this thread, one gap would be as long as the scan.
      expect(maxGapMs / scanMs, `longest event-loop gap ${maxGapMs.toFixed(1)} ms during a ${scanMs.toFixed(1)} ms scan`).to.be.below(0.5);
    } finally {
      await pool.close();
    }
  });

  it('counts an evaluation that found nothing in a trace it could not scan whole in /metrics, by reason; a whole one is not counted', async () => {
    const counted = async (reason: string): Promise<number> => {
      const metric = (await scrapedRegistry()).getSingleMetric('tracewell_detection_scans_cut_total') as Counter | undefined;
      return (await metric!.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;
    };
    const scannerAnswering = (result: ScanResult): TextScanner => ({ scan: async () => result, close: async () => undefined });
    const subject = (input: string) => ({ trace: {}, spans: [{ spanId: 's', name: 'step', input, output: null, error: null, metadata: null }] }) as unknown as TraceSubject;
    const rule = { kind: 'regex', pattern: 'MARK1', flags: '' } as const;
    const limits = { budgetMs: 250, maxFieldChars: 10, maxChars: 1000 };
    const nothing = { hit: null, unscannedFields: 0, timedOut: false };
    const before = { timedOut: await counted('timed_out'), size: await counted('size') };
    // The worker stopped past its deadline (or the budget ran out) with fields left.
    expect(await scanSubject(rule, ['input'], subject('short'), { scanner: scannerAnswering({ hit: null, unscannedFields: 1, timedOut: true }), limits })).to.equal(null);
    // A field longer than the field limit: its tail was not scanned.
    expect(await scanSubject(rule, ['input'], subject('x'.repeat(11)), { scanner: scannerAnswering(nothing), limits })).to.equal(null);
    // Scanned whole: nothing to count.
    expect(await scanSubject(rule, ['input'], subject('x'.repeat(10)), { scanner: scannerAnswering(nothing), limits })).to.equal(null);
    expect({ timedOut: await counted('timed_out'), size: await counted('size') }).to.deep.equal({ timedOut: before.timedOut + 1, size: before.size + 1 });
  });

  it('terminates a worker whose single field overruns budget plus grace, reports the scan as cut, and starts a fresh worker for the next job', async () => {
    const pool = new ScanPool({ workers: 1, graceMs: 20 });
    try {
      await pool.scan(scanJob({}));
      const big = 'a@b' + '.a'.repeat(400_000);
      const result = await pool.scan(scanJob({ rule: { kind: 'pii', kinds: ['email'] }, fields: ['input'], spans: [{ spanId: 's', texts: { input: big } }], budgetMs: 1 }));
      expect(result).to.deep.equal({ hit: null, unscannedFields: 1, timedOut: true });
      expect(pool.terminations).to.equal(1);
      const next = await pool.scan(scanJob({ spans: [{ spanId: 's', texts: { output: 'xyz' } }] }));
      expect(next.hit).to.deep.equal({ spanId: 's', field: 'output', match: 'x' });
    } finally {
      await pool.close();
    }
  });
});

forEachAdapter((adapter) => {
  describe('detection budgets through the service', () => {
    let server: TestServer;
    const post = (body: object) => server.request().post(PATH).set('x-api-key', server.tenant.apiKey).send(body);

    before(async () => {
      server = await startTestServer(adapter, { env: { DETECTION_WORKER_ENABLED: 'false', DETECTION_SCAN_FIELD_CHARS: '1000', DETECTION_SCAN_MAX_CHARS: '1005' } });
    });
    after(async () => server.close());

    describe('POST and PATCH /api/v1/public/detections', () => {
      it('answers 400 naming the construct when a regex pattern needs backtracking, at create and at update', async () => {
        const res = await post({ slug: 'lookahead', displayName: 'L', type: 'regex', config: { pattern: 'password(?=:)' } });
        const body = expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED');
        const detail = 'config.pattern uses lookahead (?=…), which the linear-time pattern engine (RE2 syntax) does not support.';
        expect(body.detail).to.equal(detail);
        expect(body.errors).to.deep.equal([{ code: 'unsupported_pattern', message: detail, path: '/body/config/pattern' }]);

        const backreference = expectProblem(await post({ slug: 'backref', displayName: 'B', type: 'regex', config: { pattern: '(\\w+) \\1' } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(backreference.errors).to.deep.equal([
          { code: 'unsupported_pattern', message: 'config.pattern uses backreference \\1…\\9, which the linear-time pattern engine (RE2 syntax) does not support.', path: '/body/config/pattern' },
        ]);
        const broken = expectProblem(await post({ slug: 'broken', displayName: 'B', type: 'regex', config: { pattern: 'a)' } }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(broken.errors).to.deep.equal([{ code: 'invalid_pattern', message: 'config.pattern is not a valid pattern: unbalanced parentheses.', path: '/body/config/pattern' }]);

        const created = expectEnvelope<{ id: string }>(await post({ slug: 'evil-but-linear', displayName: 'E', type: 'regex', config: { pattern: '^(a+)+$', fields: ['name'] } }), 201);
        const patched = await server.request().patch(`${PATH}/${created.id}`).set('x-api-key', server.tenant.apiKey).send({ config: { pattern: '(?<!x)y' } });
        expect(expectProblem(patched, 400, 'PUBLIC_API_VALIDATION_FAILED').errors).to.deep.equal([
          { code: 'unsupported_pattern', message: 'config.pattern uses negative lookbehind (?<!…), which the linear-time pattern engine (RE2 syntax) does not support.', path: '/body/config/pattern' },
        ]);
      });
    });

    describe('evaluation', () => {
      it('records in the firing’s evidence what the input budgets cut, and does not look past them', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Budgets');
        const services = detectionServicesFor(server);
        try {
          await services.detections.create(project.id, { slug: 'marker', displayName: 'Marker', type: 'regex', config: { pattern: 'MARK[0-9]', fields: ['input', 'output'] } });
          const long = `MARK1 ${'x'.repeat(4000)}`;
          const beyond = `${'y'.repeat(2000)} MARK2`;
          await insertTrace(server.runtime.database.knex, { projectId: project.id, id: 'cut', createdAt: server.clock.now(), spans: [{ spanId: 's1', input: long, output: 'short' }, { spanId: 's2', input: 'more text', output: 'and more' }] });
          await insertTrace(server.runtime.database.knex, { projectId: project.id, id: 'beyond', createdAt: server.clock.now(), spans: [{ spanId: 's1', input: beyond }] });
          await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId: project.id, traceId: 'cut' }, { projectId: project.id, traceId: 'beyond' }]));
          expect(await services.detectionEvaluation.runOnce('test-worker')).to.deep.equal(['done', 'done']);

          const [firing] = await server.runtime.store.detectionEvents.listForTrace(project.id, 'cut');
          expect(firing.evidence).to.deep.equal({
            field: 'input',
            match: 'MARK1',
            // s1.input: 4,006 characters, 1,000 scanned; s1.output 'short' fills the 1,005 total, so s2's 'more text' and 'and more' are skipped.
            budget: { truncatedFields: 1, skippedChars: 3006 + 9 + 8, skippedFields: 2, timedOut: false, maxFieldChars: 1000, maxChars: 1005, budgetMs: 250 },
          });
          // The marker sits past the per-field limit: not scanned, so no firing.
          expect(await server.runtime.store.detectionEvents.listForTrace(project.id, 'beyond')).to.deep.equal([]);
        } finally {
          await services.detectionEvaluation.close();
        }
      });

      it('fires without a budget entry when nothing was cut', async () => {
        const project = await server.runtime.services.provisioning.createProject(server.tenant.organization.id, 'Uncut');
        const services = detectionServicesFor(server);
        try {
          await services.detections.create(project.id, { slug: 'mail', displayName: 'Mail', type: 'pii', config: { kinds: ['email'] } });
          await insertTrace(server.runtime.database.knex, { projectId: project.id, id: 'mail', createdAt: server.clock.now(), spans: [{ spanId: 's1', output: 'write to me@example.com' }] });
          await server.runtime.store.transaction((tx) => services.detectionEvaluation.enqueueTraceEvaluation(tx, [{ projectId: project.id, traceId: 'mail' }]));
          expect(await services.detectionEvaluation.runOnce('test-worker')).to.deep.equal(['done']);
          const [firing] = await server.runtime.store.detectionEvents.listForTrace(project.id, 'mail');
          expect(firing.evidence).to.deep.equal({ field: 'output', kinds: ['email'] });
        } finally {
          await services.detectionEvaluation.close();
        }
      });
    });
  });
});
