import { cpus, totalmem, release, platform } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Dialect } from '../../src/ports/store.js';
import type { FairShareResult, HostileDetectionsResult } from './phases/tenant-safety.js';
import type { PhysicalIngestResult } from './physical-ingest.js';
import type { BareLatency } from './bare-search.js';
import type { Latency } from './latency.js';
import type { BigTraceResult } from './phases/big-traces.js';
import type { ConsolePaintResult } from './phases/console-paint.js';
import type { StartupResult } from './phases/startup.js';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** The database server and the settings its search speed depends on (describeDatabase); absent in reports before 2026-11-27. */
  database?: string;
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${platform()} ${release()}`,
    node: process.version,
  };
}

export type { Latency } from './latency.js';

export interface IngestLevel {
  concurrency: number;
  spans: number;
  traces: number;
  seconds: number;
  spansPerSecond: number;
  batchP50Ms: number;
  batchP99Ms: number;
  failed: number;
  peakRssMb: number | null;
}

/** One OTLP protobuf ingest measurement (POST /v1/traces) at one concurrency. */
export interface OtlpIngestLevel {
  concurrency: number;
  spans: number;
  traces: number;
  seconds: number;
  spansPerSecond: number;
  exportP50Ms: number;
  exportP99Ms: number;
  failed: number;
  peakRssMb: number | null;
}

/**
 * OTLP protobuf ingest against the native batch endpoint: the same traces with the same ids (the
 * issue's ratio), and — since 2026-11-27 — the same kind of traces with random ids, as SDKs send
 * them. Until then the phase sent random ids only, against native traces with the generator's.
 */
export interface OtlpIngestResult extends OtlpIngestLevel {
  tracesPerExport: number;
  /** OTLP spans/s ÷ native batch spans/s at the same concurrency, same run. */
  toNativeBatch: number | null;
  /** Absent in reports written before 2026-11-27. */
  randomIds?: OtlpIngestLevel & { toNativeBatch: number | null };
}

export interface BenchPhases {
  /**
   * Start-up and idle RSS beside the floor server, and the measured server's RSS a quiet spell after
   * the ingest phases against its idle RSS before them (absent in reports before issue #61 items 1–2).
   */
  startup?: StartupResult & { afterIngest: { settleMs: number; idleBeforeMb: number | null; afterMb: number | null } };
  /** Absent in reports written before the OTLP phase existed. */
  otlpIngest?: OtlpIngestResult;
  ingest: {
    batchTraces: number;
    levels: IngestLevel[];
    raw: { spans: number; traces: number; seconds: number; spansPerSecond: number };
    /** HTTP spans/s at concurrency 8 ÷ raw spans/s. */
    httpToRawAt8: number | null;
    /** The database's own bulk-insert rate for the same rows (absent in reports before issue #23). */
    physical?: PhysicalIngestResult;
    /** HTTP spans/s at concurrency 8 ÷ the physical limit. */
    httpToPhysicalAt8?: number | null;
  };
  list: {
    pageLimit: number;
    deepPage: number;
    first: Latency & { peakRssMb: number | null };
    deep: Latency & { peakRssMb: number | null };
    /** Deep-page p99 ÷ first-page p99. */
    deepToFirstP99: number;
  };
  search: {
    terms: { kind: 'common' | 'rare' | 'metadata-only'; term: string; expectedTraces: number; returnedTotal: number | null; returnedTotalExact: boolean | null; latency: Latency; peakRssMb: number | null }[];
    /** Every query class beside the bare SQL over the same index (absent in reports before issue #23). */
    classes?: SearchClassResult[];
    /**
     * `tools/call ping` through the same MCP session and connections as the classes: what the path
     * costs with no search behind it (absent in reports before 2026-11-27).
     */
    pathFloor?: Latency;
  };
  toolCall: {
    connections: number;
    mcp: { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number; peakRssMb: number | null };
    bare: { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number };
    /** MCP ping req/s ÷ bare endpoint req/s (with rounds: the median of the rounds' ratios). */
    mcpToBare: number;
    /** Each interleaved round (MCP, then bare) when more than one ran; mcp and bare above are their medians. */
    rounds?: { mcp: { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number; peakRssMb: number | null }; bare: { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number }; mcpToBare: number }[];
  };
  /** GET /traces/{id} and get_trace_context for big traces beside bare SQL (absent in reports before issue #23). */
  bigTraces?: BigTraceResult[];
  /** The console's trace page in Chromium: navigation to the first waterfall row painted (absent in reports before issue #53). */
  consolePaint?: ConsolePaintResult[];
  /** Another tenant's list while one project floods searches and batch ingests (docs/tenant-safety-runtime.md). */
  fairShare: FairShareResult;
  /** Another tenant's reads while one project ingests traces crafted against its detections. */
  hostileDetections: HostileDetectionsResult;
  /** Sign-in with an unknown email against a wrong password (account enumeration); absent in reports before 2026-11-28. */
  signInTiming?: SignInTimingResult;
}

/** Medians of interleaved sign-in checks; only a run at the production scrypt cost speaks for production. */
export interface SignInTimingResult {
  scryptCostLog2: number;
  productionCost: boolean;
  samples: number;
  wrongPasswordP50Ms: number;
  unknownAccountP50Ms: number;
  /** Unknown-account p50 ÷ wrong-password p50. */
  unknownToWrongP50: number;
}

/** One search query class through MCP, and the best bare SQL over the same index in the same run. */
export interface SearchClassResult {
  label: string;
  query: string;
  sort: 'relevance' | 'recency';
  filtered: boolean;
  returnedTotal: number | null;
  returnedTotalExact: boolean | null;
  latency: Latency;
  bareTop: BareLatency;
  bareCount: BareLatency;
  /** MCP p99 ÷ (bare top-k p99 + bare count p99); null when the search timed out. */
  toBare: number | null;
  /**
   * MCP p99 ÷ (bare top-k p99 + bare count p99 + the path floor's p99: `tools/call ping` on the same
   * session); null when the search timed out. Absent in reports before the bare was the plain driver.
   */
  toBarePlusFloor?: number | null;
  peakRssMb: number | null;
  /**
   * The service cancelled the search at its statement timeout (503 PUBLIC_API_SEARCH_TIMEOUT): the
   * latency is that one request's, and the class was not measured further.
   */
  timedOut?: boolean;
}

export interface TargetCheck {
  target: string;
  actual: string;
  met: boolean | null;
}

export interface BenchReport {
  adapter: Dialect;
  startedAt: string;
  finishedAt: string;
  seed: number;
  smoke: boolean;
  dataSize: { traces: number; spans: number; ingestTracesPerLevel: number };
  machine: Machine;
  phases: BenchPhases;
  targets: TargetCheck[];
  /** What the run noticed that a reader must know (failed requests, unreachable pages). */
  notes: string[];
}

const fmt = (value: number, digits = 1) => value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The issue's targets, each with the measured value and met / missed. */
export function checkTargets(adapter: Dialect, phases: BenchPhases): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const at8 = phases.ingest.levels.find((level) => level.concurrency === 8);
  checks.push({
    target: 'Ingest HTTP ≥ 50% of raw adapter limit at concurrency 8',
    actual: phases.ingest.httpToRawAt8 === null ? 'not measured' : `${fmt(phases.ingest.httpToRawAt8 * 100)}%`,
    met: phases.ingest.httpToRawAt8 === null ? null : phases.ingest.httpToRawAt8 >= 0.5,
  });
  const physical = phases.ingest.httpToPhysicalAt8;
  checks.push({
    target: "Ingest HTTP ≥ 50% of the database's own bulk-insert rate at concurrency 8",
    actual: physical === null || physical === undefined ? 'not measured' : `${fmt(physical * 100)}%`,
    met: physical === null || physical === undefined ? null : physical >= 0.5,
  });
  const otlp = phases.otlpIngest?.toNativeBatch;
  checks.push({
    target: 'Ingest OTLP ≥ 80% of the native batch endpoint at concurrency 8 (same traces, same ids)',
    actual: otlp === null || otlp === undefined ? 'not measured' : `${fmt(otlp * 100)}%`,
    met: otlp === null || otlp === undefined ? null : otlp >= 0.8,
  });
  checks.push({
    target: `Ingest ≥ 20,000 spans/s on ${adapter} (concurrency 8)`,
    actual: at8 ? `${fmt(at8.spansPerSecond, 0)} spans/s` : 'not measured',
    met: at8 ? at8.spansPerSecond >= 20_000 : null,
  });
  checks.push({
    target: 'List deep page p99 ≤ 1.5 × page-1 p99',
    actual: `${fmt(phases.list.deepToFirstP99, 2)}×`,
    met: phases.list.deepToFirstP99 <= 1.5,
  });
  checks.push({
    target: 'List page-1 p99 ≤ 20 ms',
    actual: `${fmt(phases.list.first.p99Ms, 2)} ms`,
    met: phases.list.first.p99Ms <= 20,
  });
  for (const kind of ['rare', 'metadata-only'] as const) {
    const worst = Math.max(...phases.search.terms.filter((t) => t.kind === kind).map((t) => t.latency.p99Ms));
    checks.push({ target: `Search p99 ≤ 100 ms for ${kind} terms`, actual: `${fmt(worst, 2)} ms`, met: worst <= 100 });
  }
  const classes = phases.search.classes ?? [];
  if (classes.length > 0) {
    const worst = Math.max(...classes.map((c) => c.latency.p99Ms));
    checks.push({ target: 'Search p99 ≤ 200 ms for every query class', actual: `${fmt(worst, 2)} ms (worst)`, met: worst <= 200 });
    const ratios = classes.map((c) => c.toBare).filter((r): r is number => r !== null);
    const worstRatio = ratios.length > 0 ? Math.max(...ratios) : null;
    const timedOut = classes.filter((c) => c.timedOut).length;
    checks.push({
      target: 'Search through MCP within 3× of bare SQL (top-k + count) for every class',
      actual: `${worstRatio === null ? 'not measured' : `${fmt(worstRatio, 2)}× (worst)`}${timedOut > 0 ? `; ${timedOut} class(es) timed out` : ''}`,
      met: timedOut > 0 ? false : worstRatio === null ? null : worstRatio <= 3,
    });
    const plusFloor = classes.map((c) => c.toBarePlusFloor).filter((r): r is number => typeof r === 'number');
    if (plusFloor.length > 0) {
      const worstPlusFloor = Math.max(...plusFloor);
      checks.push({
        target: 'Search through MCP within 3× of bare SQL + the transport floor (MCP ping on the same session) for every class',
        actual: `${fmt(worstPlusFloor, 2)}× (worst)${timedOut > 0 ? `; ${timedOut} class(es) timed out` : ''}`,
        met: timedOut > 0 ? false : worstPlusFloor <= 3,
      });
    }
  }
  for (const big of phases.bigTraces ?? []) {
    const worst = Math.max(big.restToBare ?? Infinity, big.toolToBare ?? Infinity);
    checks.push({
      target: `${fmt(big.spans, 0)}-span trace: GET /traces/{id} and get_trace_context within 3× of bare SQL`,
      actual: `${fmt(big.restToBare ?? 0, 2)}× / ${fmt(big.toolToBare ?? 0, 2)}×`,
      met: Number.isFinite(worst) ? worst <= 3 : null,
    });
  }
  for (const paint of phases.consolePaint ?? []) {
    checks.push({
      target: `Console trace page with ${fmt(paint.spans, 0)} spans: first rows painted ≤ ${fmt(paint.budgetMs, 0)} ms (median load)`,
      actual: `${fmt(paint.p50Ms, 0)} ms (worst ${fmt(paint.maxMs, 0)} ms, cold ${fmt(paint.coldMs, 0)} ms)`,
      met: paint.p50Ms <= paint.budgetMs,
    });
  }
  checks.push({
    target: 'Tool call through MCP ≥ 50% of bare endpoint req/s',
    actual: `${fmt(phases.toolCall.mcpToBare * 100)}%`,
    met: phases.toolCall.mcpToBare >= 0.5,
  });
  checks.push({
    target: "Other tenant's GET /project p99 < 50 ms during hostile detections",
    actual: phases.hostileDetections.attackToIdleP99 === null ? 'no answer during the attack' : `${fmt(phases.hostileDetections.attack.p99Ms, 2)} ms (idle ${fmt(phases.hostileDetections.idle.p99Ms, 2)} ms)`,
    met: phases.hostileDetections.attackToIdleP99 !== null && phases.hostileDetections.attack.p99Ms < 50,
  });
  checks.push({
    target: "Other tenant's list p99 during a search + batch-ingest flood ≤ 3 × idle",
    actual: phases.fairShare.floodToIdleP99 === null ? 'no answer during the flood' : `${fmt(phases.fairShare.floodToIdleP99, 2)}× (${fmt(phases.fairShare.flood.p99Ms, 2)} ms vs ${fmt(phases.fairShare.idle.p99Ms, 2)} ms)`,
    met: phases.fairShare.floodToIdleP99 !== null && phases.fairShare.floodToIdleP99 <= 3,
  });
  const signIn = phases.signInTiming;
  if (signIn) {
    // Within ±20 %: the decoy runs the same scrypt as a real check; what differs is one lookup.
    checks.push({
      target: 'Sign-in with an unknown email takes 0.8–1.25 × a wrong password (production scrypt cost)',
      actual: `${fmt(signIn.unknownToWrongP50, 2)}× at N=2^${signIn.scryptCostLog2}${signIn.productionCost ? '' : ' (not the production cost)'}`,
      met: signIn.productionCost ? signIn.unknownToWrongP50 >= 0.8 && signIn.unknownToWrongP50 <= 1.25 : null,
    });
  }
  const startup = phases.startup;
  if (startup) {
    checks.push({
      target: 'Start-up: first 200 (GET /readyz) ≤ 3 × the floor server (node:http + the driver) in the same run',
      actual: `${fmt(startup.firstOkToFloor, 2)}× (${fmt(startup.server.firstOkMs, 0)} ms vs ${fmt(startup.floor.firstOkMs, 0)} ms)`,
      met: startup.firstOkToFloor <= 3,
    });
    checks.push({
      target: 'Start-up: first API 200 (GET /api/v1/public/project) ≤ 3 × the floor server in the same run',
      actual: `${fmt(startup.firstApiOkToFloor, 2)}× (${fmt(startup.server.firstApiOkMs ?? 0, 0)} ms vs ${fmt(startup.floor.firstOkMs, 0)} ms)`,
      met: startup.firstApiOkToFloor <= 3,
    });
    checks.push({
      target: 'Idle RSS ≤ 2 × the floor server in the same run',
      actual: `${fmt(startup.idleRssToFloor, 2)}× (${fmt(startup.server.idleRssMb)} MB vs ${fmt(startup.floor.idleRssMb)} MB)`,
      met: startup.idleRssToFloor <= 2,
    });
    const { idleBeforeMb, afterMb, settleMs } = startup.afterIngest;
    checks.push({
      target: `RSS ${fmt(settleMs / 1000, 0)} s after the ingest phases within 50 MB of idle`,
      actual: idleBeforeMb === null || afterMb === null ? 'not observable' : `+${fmt(afterMb - idleBeforeMb)} MB (${fmt(afterMb)} MB vs ${fmt(idleBeforeMb)} MB)`,
      met: idleBeforeMb === null || afterMb === null ? null : afterMb - idleBeforeMb <= 50,
    });
  }
  const peaks = [
    ...phases.ingest.levels.map((l) => l.peakRssMb),
    phases.list.first.peakRssMb,
    phases.list.deep.peakRssMb,
    ...phases.search.terms.map((t) => t.peakRssMb),
    phases.toolCall.mcp.peakRssMb,
  ].filter((v): v is number => v !== null);
  const peak = peaks.length > 0 ? Math.max(...peaks) : null;
  checks.push({ target: 'Server RSS ≤ 300 MB in every phase', actual: peak === null ? 'not observable' : `${fmt(peak)} MB`, met: peak === null ? null : peak <= 300 });
  return checks;
}

const mark = (met: boolean | null) => (met === null ? '–' : met ? '✅ met' : '❌ missed');
const rss = (mb: number | null) => (mb === null ? '–' : fmt(mb));

export function renderMarkdown(report: BenchReport): string {
  const { phases, machine } = report;
  const lines: string[] = [];
  lines.push(`### Benchmark: ${report.adapter}${report.smoke ? ' (smoke)' : ''} — ${report.startedAt.slice(0, 10)}`);
  lines.push('');
  lines.push(
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${fmt(machine.memoryGb)} GB, ${machine.os}, Node ${machine.node}${machine.database ? `, ${machine.database}` : ''}. ` +
      `Adapter: ${report.adapter}. Data: ${fmt(report.dataSize.traces, 0)} traces / ${fmt(report.dataSize.spans, 0)} spans in the list/search project, ` +
      `${fmt(report.dataSize.ingestTracesPerLevel, 0)} traces per ingest level (seed ${report.seed}). Load generator and server share the machine.`,
  );
  lines.push('');
  lines.push('| Phase | Measure | Result | Server peak RSS (MB) |');
  lines.push('|---|---|---|---|');
  lines.push(...startupRows(phases.startup));
  for (const level of phases.ingest.levels) {
    lines.push(`| Ingest (HTTP batch of ${phases.ingest.batchTraces} traces) | concurrency ${level.concurrency} | ${fmt(level.spansPerSecond, 0)} spans/s (batch p50 ${fmt(level.batchP50Ms)} ms, p99 ${fmt(level.batchP99Ms)} ms) | ${rss(level.peakRssMb)} |`);
  }
  lines.push(`| Ingest raw limit (in-process batched transactions) | same data, same adapter | ${fmt(phases.ingest.raw.spansPerSecond, 0)} spans/s | – |`);
  lines.push(`| Ingest ratio | HTTP at 8 ÷ raw | ${phases.ingest.httpToRawAt8 === null ? '–' : fmt(phases.ingest.httpToRawAt8, 2)} | – |`);
  const physical = phases.ingest.physical;
  if (physical) {
    const runs = physical.runsSpansPerSecond && physical.runsSpansPerSecond.length > 1 ? ` (median of ${physical.runsSpansPerSecond.map((r) => fmt(r, 0)).join(', ')})` : '';
    lines.push(`| Ingest physical limit (the database alone: ${physical.method}) | same rows | ${fmt(physical.spansPerSecond, 0)} spans/s${runs} | – |`);
    lines.push(`| Ingest ratio | HTTP at 8 ÷ physical | ${phases.ingest.httpToPhysicalAt8 == null ? '–' : fmt(phases.ingest.httpToPhysicalAt8, 2)} | – |`);
  }
  const otlp = phases.otlpIngest;
  if (otlp) {
    lines.push(`| Ingest OTLP protobuf (\`POST /v1/traces\`, ${otlp.tracesPerExport} traces per export) | concurrency ${otlp.concurrency} | ${fmt(otlp.spansPerSecond, 0)} spans/s (export p50 ${fmt(otlp.exportP50Ms)} ms, p99 ${fmt(otlp.exportP99Ms)} ms) | ${rss(otlp.peakRssMb)} |`);
    lines.push(`| Ingest ratio OTLP ÷ native batch (same traces, same ids) | at ${otlp.concurrency} | ${otlp.toNativeBatch === null ? '–' : fmt(otlp.toNativeBatch, 2)} | – |`);
    const random = otlp.randomIds;
    if (random) {
      lines.push(`| Ingest OTLP protobuf, random ids (as SDKs make them) | concurrency ${random.concurrency} | ${fmt(random.spansPerSecond, 0)} spans/s (export p50 ${fmt(random.exportP50Ms)} ms, p99 ${fmt(random.exportP99Ms)} ms) | ${rss(random.peakRssMb)} |`);
      lines.push(`| Ingest ratio OTLP with random ids ÷ native batch | at ${random.concurrency} | ${random.toNativeBatch === null ? '–' : fmt(random.toNativeBatch, 2)} | – |`);
    }
  }
  lines.push(`| List \`GET /traces\` (limit ${phases.list.pageLimit}) | page 1 | p50 ${fmt(phases.list.first.p50Ms, 2)} ms, p99 ${fmt(phases.list.first.p99Ms, 2)} ms | ${rss(phases.list.first.peakRssMb)} |`);
  lines.push(`| List | page ${phases.list.deepPage} | p50 ${fmt(phases.list.deep.p50Ms, 2)} ms, p99 ${fmt(phases.list.deep.p99Ms, 2)} ms | ${rss(phases.list.deep.peakRssMb)} |`);
  lines.push(`| List ratio | deep p99 ÷ page-1 p99 | ${fmt(phases.list.deepToFirstP99, 2)} | – |`);
  for (const term of phases.search.terms) {
    const hits = term.returnedTotal === null ? '' : `, total_count ${term.returnedTotalExact === false ? '≥ ' : ''}${fmt(term.returnedTotal, 0)}`;
    lines.push(`| Search \`search_traces\` | ${term.kind} "${term.term}" (${fmt(term.expectedTraces, 0)} traces carry it${hits}) | p50 ${fmt(term.latency.p50Ms, 2)} ms, p99 ${fmt(term.latency.p99Ms, 2)} ms | ${rss(term.peakRssMb)} |`);
  }
  for (const c of phases.search.classes ?? []) {
    if (c.timedOut) {
      lines.push(
        `| Search class | ${c.label} \`${c.query.replace(/\|/g, '\\|')}\` | **timed out**: 503 PUBLIC_API_SEARCH_TIMEOUT after ${fmt(c.latency.p99Ms, 0)} ms; bare top-k ${fmt(c.bareTop.p99Ms, 2)} ms + count ${fmt(c.bareCount.p99Ms, 2)} ms | ${rss(c.peakRssMb)} |`,
      );
      continue;
    }
    const hits = c.returnedTotal === null ? '' : `total_count ${c.returnedTotalExact === false ? '≥ ' : ''}${fmt(c.returnedTotal, 0)}; `;
    lines.push(
      `| Search class | ${c.label} \`${c.query.replace(/\|/g, '\\|')}\` | ${hits}MCP p50 ${fmt(c.latency.p50Ms, 2)} ms, p99 ${fmt(c.latency.p99Ms, 2)} ms; bare top-k p99 ${fmt(c.bareTop.p99Ms, 2)} ms + count p99 ${fmt(c.bareCount.p99Ms, 2)} ms; **${c.toBare === null ? '–' : fmt(c.toBare, 2)}×**${typeof c.toBarePlusFloor === 'number' ? `; with the path floor **${fmt(c.toBarePlusFloor, 2)}×**` : ''} | ${rss(c.peakRssMb)} |`,
    );
  }
  const floor = phases.search.pathFloor;
  if (floor) {
    lines.push(`| Search path floor | \`ping\` through the same MCP session and connections, no search behind it | p50 ${fmt(floor.p50Ms, 2)} ms, p99 ${fmt(floor.p99Ms, 2)} ms | – |`);
  }
  for (const big of phases.bigTraces ?? []) {
    lines.push(`| Big trace (${fmt(big.spans, 0)} spans) | \`GET /traces/{id}\` | p50 ${fmt(big.rest.p50Ms, 2)} ms, p99 ${fmt(big.rest.p99Ms, 2)} ms; **${big.restToBare === null ? '–' : fmt(big.restToBare, 2)}×** bare | – |`);
    lines.push(`| Big trace (${fmt(big.spans, 0)} spans) | \`get_trace_context\` via MCP | p50 ${fmt(big.tool.p50Ms, 2)} ms, p99 ${fmt(big.tool.p99Ms, 2)} ms; **${big.toolToBare === null ? '–' : fmt(big.toolToBare, 2)}×** bare | – |`);
    lines.push(`| Big trace (${fmt(big.spans, 0)} spans) | bare SQL: trace's spans in order | p50 ${fmt(big.bare.p50Ms, 2)} ms, p99 ${fmt(big.bare.p99Ms, 2)} ms | – |`);
  }
  lines.push(...consolePaintRows(phases.consolePaint ?? []));
  const tool = phases.toolCall;
  lines.push(`| Tool call \`tools/call ping\` via MCP | ${tool.connections} connections | ${fmt(tool.mcp.requestsPerSecond, 0)} req/s (p99 ${fmt(tool.mcp.p99Ms, 2)} ms) | ${rss(tool.mcp.peakRssMb)} |`);
  lines.push(`| Bare express JSON endpoint | ${tool.connections} connections | ${fmt(tool.bare.requestsPerSecond, 0)} req/s (p99 ${fmt(tool.bare.p99Ms, 2)} ms) | – |`);
  lines.push(`| Tool-call ratio | MCP ÷ bare | ${fmt(tool.mcpToBare, 2)} | – |`);
  const fair = phases.fairShare;
  lines.push(`| Fair share: other tenant \`GET /traces\` | idle | p50 ${fmt(fair.idle.p50Ms, 2)} ms, p99 ${fmt(fair.idle.p99Ms, 2)} ms | – |`);
  lines.push(`| Fair share: other tenant \`GET /traces\` | during flood (${fmt(fair.searches.requests, 0)} common-word searches, ${fmt(fair.batches.requests, 0)} batches: ${fmt(fair.batches.created, 0)} stored, ${fmt(fair.batches.refused, 0)} refused 429) | p50 ${fmt(fair.flood.p50Ms, 2)} ms, p99 ${fmt(fair.flood.p99Ms, 2)} ms (${fair.floodToIdleP99 === null ? 'no answer' : `${fmt(fair.floodToIdleP99, 2)}× idle`}) | – |`);
  const hostile = phases.hostileDetections;
  lines.push(`| Hostile detections: other tenant \`GET /project\` | idle | p50 ${fmt(hostile.idle.p50Ms, 2)} ms, p99 ${fmt(hostile.idle.p99Ms, 2)} ms | – |`);
  lines.push(`| Hostile detections: other tenant \`GET /project\` | during attack (${fmt(hostile.tracesIngested, 0)} crafted traces, ${fmt(hostile.tracesEvaluated, 0)} evaluated${hostile.backlogSeconds === null ? ', backlog not done within 60 s' : ` ${fmt(hostile.backlogSeconds)} s after the attack`}, ${fmt(hostile.firings, 0)} firings, ${fmt(hostile.firingsWithCut, 0)} with a budget cut) | p50 ${fmt(hostile.attack.p50Ms, 2)} ms, p99 ${fmt(hostile.attack.p99Ms, 2)} ms (${hostile.attackToIdleP99 === null ? 'no answer' : `${fmt(hostile.attackToIdleP99, 2)}× idle`}) | – |`);
  const signIn = phases.signInTiming;
  if (signIn) {
    lines.push(`| Sign-in check (scrypt N=2^${signIn.scryptCostLog2}${signIn.productionCost ? ', production cost' : ', not the production cost'}) | wrong password, ${signIn.samples} samples | p50 ${fmt(signIn.wrongPasswordP50Ms, 1)} ms | – |`);
    lines.push(`| Sign-in check | unknown email (decoy hash), ${signIn.samples} samples | p50 ${fmt(signIn.unknownAccountP50Ms, 1)} ms | – |`);
    lines.push(`| Sign-in ratio | unknown ÷ wrong password p50 | ${fmt(signIn.unknownToWrongP50, 2)} | – |`);
  }
  lines.push('');
  lines.push('| Target | Measured | |');
  lines.push('|---|---|---|');
  for (const check of report.targets) lines.push(`| ${check.target} | ${check.actual} | ${mark(check.met)} |`);
  if (report.notes.length > 0) {
    lines.push('');
    for (const note of report.notes) lines.push(`- ${note}`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The console first-paint rows of the results table (also printed by `npm run bench:console-paint`). */
/** Start-up and idle rows: the server beside the floor server measured in the same run. */
export function startupRows(startup: BenchPhases['startup']): string[] {
  if (!startup) return [];
  const cpu = (ms: number | undefined) => (ms === undefined ? '' : `, ${fmt(ms, 0)} ms CPU`);
  const { server, floor } = startup;
  const after = startup.afterIngest;
  return [
    `| Start-up | floor server (node:http + driver, same database): spawn → first 200 | ${fmt(floor.firstOkMs, 0)} ms${cpu(floor.firstOkCpuMs)}; idle ${fmt(floor.idleRssMb)} MB after ${fmt(startup.idleMs / 1000, 0)} s | – |`,
    `| Start-up | server: spawn → first 200 of GET /readyz | ${fmt(server.firstOkMs, 0)} ms${cpu(server.firstOkCpuMs)}; **${fmt(startup.firstOkToFloor, 2)}×** floor | – |`,
    `| Start-up | server: spawn → first 200 of GET /api/v1/public/project | ${fmt(server.firstApiOkMs ?? 0, 0)} ms${cpu(server.firstApiOkCpuMs)}; **${fmt(startup.firstApiOkToFloor, 2)}×** floor | – |`,
    `| Idle | server RSS ${fmt(startup.idleMs / 1000, 0)} s after its first answers | ${fmt(server.idleRssMb)} MB; **${fmt(startup.idleRssToFloor, 2)}×** floor | ${fmt(server.idleRssMb)} |`,
    `| Idle after ingest | measured server ${fmt(after.settleMs / 1000, 0)} s after the ingest phases ÷ its idle before them | ${rss(after.afterMb)} MB vs ${rss(after.idleBeforeMb)} MB | ${rss(after.afterMb)} |`,
  ];
}

export function consolePaintRows(results: ConsolePaintResult[]): string[] {
  return results.map(
    (paint) =>
      `| Console trace page (${fmt(paint.spans, 0)} spans) | Chromium 1440×900, navigation → first waterfall row painted (Element Timing) | median ${fmt(paint.p50Ms, 0)} ms, worst ${fmt(paint.maxMs, 0)} ms of ${paint.loads} loads; cold cache ${fmt(paint.coldMs, 0)} ms; first page of spans in at ${fmt(paint.firstSpanPageP50Ms, 0)} ms | – |`,
  );
}

/** Writes `<adapter>-<date>.json|md` and `latest-<adapter>.md` into `directory`; returns the paths. */
export function writeReport(report: BenchReport, directory: string): string[] {
  mkdirSync(directory, { recursive: true });
  const stamp = report.startedAt.replace(/[:]/g, '').replace(/\.\d+Z$/, 'Z');
  const base = path.join(directory, `${report.adapter}-${stamp}`);
  const markdown = renderMarkdown(report);
  writeFileSync(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(path.join(directory, `latest-${report.adapter}.md`), markdown);
  return [`${base}.json`, `${base}.md`, path.join(directory, `latest-${report.adapter}.md`)];
}
