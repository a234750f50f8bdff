/**
 * The metrics query recomputed from the raw rows a test generated, with plain code and none of the
 * service's: what docs/analytics.md defines, read off the seeded data. Percentiles are nearest rank
 * (Hyndman & Fan 1996, "Sample quantiles in statistical packages", definition 1: the smallest value
 * whose empirical distribution function reaches p, i.e. the value at 1-based rank ceil(p·n)).
 */
export interface RawSpan {
  spanId: string;
  parentSpanId: string | null;
  type: string;
  status: 'success' | 'error';
  latencyMs: number;
  startMs: number;
  cost: number;
  model?: string;
  provider?: string;
  inputTokens?: number;
  outputTokens?: number;
}

export interface RawTrace {
  id: string;
  agent?: string;
  framework?: string;
  user?: string;
  customer?: string;
  spans: RawSpan[];
  /** Numeric trace-level scores named `quality`. */
  quality: number[];
  /** The trace's tags as sent (duplicates included: the service keeps each once). */
  tags?: string[];
}

export type Dim = 'model' | 'provider' | 'agent' | 'user' | 'spanType' | 'status' | 'framework' | 'tag';
export type Rank = 'traceCount' | 'spanCount' | 'costSum' | 'totalTokens';

export interface ReferenceQuery {
  from: number;
  to: number;
  /** Bucket starts in time order (the first at or before `from`). */
  bucketStarts?: number[];
  dimensions: { name: Dim; top: number }[];
  rankBy: Rank;
  measures: string[];
  keep?: (trace: RawTrace) => boolean;
}

const SPAN_DIMS = new Set<Dim>(['model', 'provider', 'spanType']);

export const createdAt = (t: RawTrace): number => Math.min(...t.spans.map((s) => s.startMs));
const traceStatus = (t: RawTrace): string => (t.spans.some((s) => s.status === 'error') ? 'error' : 'success');
const traceLatency = (t: RawTrace): number => t.spans.filter((s) => s.parentSpanId === null).reduce((sum, s) => sum + s.latencyMs, 0);
const tokens = (s: RawSpan): number | null => (s.inputTokens === undefined && s.outputTokens === undefined ? null : (s.inputTokens ?? 0) + (s.outputTokens ?? 0));

interface Unit {
  trace: RawTrace;
  span?: RawSpan;
}

/**
 * A unit's values of a dimension: one, except for `tag`, where a unit has each of its trace's
 * distinct tags (and is counted in each one's group), or none (null).
 */
function valuesOf(unit: Unit, dim: Dim): (string | null)[] {
  if (dim !== 'tag') return [valueOf(unit, dim)];
  const tags = [...new Set(unit.trace.tags ?? [])];
  return tags.length > 0 ? tags : [null];
}

function valueOf(unit: Unit, dim: Exclude<Dim, 'tag'>): string | null {
  switch (dim) {
    case 'model':
      return unit.span?.model ?? null;
    case 'provider':
      return unit.span?.provider ?? null;
    case 'spanType':
      return unit.span?.type ?? null;
    case 'agent':
      return unit.trace.agent ?? null;
    case 'framework':
      return unit.trace.framework ?? null;
    case 'user':
      return unit.trace.user ?? null;
    case 'status':
      return traceStatus(unit.trace);
  }
}

const unitCost = (u: Unit) => (u.span ? u.span.cost : u.trace.spans.reduce((sum, s) => sum + s.cost, 0));
const unitTokens = (u: Unit) => (u.span ? (tokens(u.span) ?? 0) : u.trace.spans.reduce((sum, s) => sum + (tokens(s) ?? 0), 0));
const unitInput = (u: Unit) => (u.span ? (u.span.inputTokens ?? 0) : u.trace.spans.reduce((sum, s) => sum + (s.inputTokens ?? 0), 0));
const unitOutput = (u: Unit) => (u.span ? (u.span.outputTokens ?? 0) : u.trace.spans.reduce((sum, s) => sum + (s.outputTokens ?? 0), 0));
const unitLatency = (u: Unit) => (u.span ? u.span.latencyMs : traceLatency(u.trace));
const unitError = (u: Unit) => (u.span ? u.span.status === 'error' : traceStatus(u.trace) === 'error');
const distinctTraces = (units: Unit[]) => new Set(units.map((u) => u.trace.id)).size;
const spanCount = (units: Unit[]) => units.reduce((sum, u) => sum + (u.span ? 1 : u.trace.spans.length), 0);

function rankValue(units: Unit[], rank: Rank): number {
  if (rank === 'traceCount') return distinctTraces(units);
  if (rank === 'spanCount') return spanCount(units);
  if (rank === 'costSum') return units.reduce((sum, u) => sum + unitCost(u), 0);
  return units.reduce((sum, u) => sum + unitTokens(u), 0);
}

/** Nearest rank: the value at 1-based rank ceil(p·n/100) of the ascending values. */
export function nearestRank(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p * sorted.length) / 100) - 1];
}

const round12 = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(12)));

export interface ReferenceRow {
  bucketStart?: string;
  groups: { dimension: Dim; value: string | null; other: boolean }[];
  values: Record<string, number | null>;
}

export function reference(traces: RawTrace[], q: ReferenceQuery): ReferenceRow[] {
  const spanUnit = q.dimensions.some((d) => SPAN_DIMS.has(d.name));
  const inRange = traces.filter((t) => createdAt(t) >= q.from && createdAt(t) < q.to && (q.keep ? q.keep(t) : true));
  const units: Unit[] = spanUnit ? inRange.flatMap((trace) => trace.spans.map((span) => ({ trace, span }))) : inRange.map((trace) => ({ trace }));

  // Each dimension's kept values: the top by rankBy over the whole range, ties by byte order.
  const kept = q.dimensions.map((d) => {
    const byValue = new Map<string, Unit[]>();
    for (const u of units) {
      for (const v of valuesOf(u, d.name)) if (v !== null) byValue.set(v, [...(byValue.get(v) ?? []), u]);
    }
    return [...byValue.entries()]
      .map(([value, us]) => ({ value, n: rankValue(us, q.rankBy) }))
      .sort((a, b) => b.n - a.n || Buffer.compare(Buffer.from(a.value), Buffer.from(b.value)))
      .slice(0, d.top)
      .map((e) => e.value);
  });

  const starts = q.bucketStarts ?? [q.from];
  const bucketOf = (ms: number) => starts.filter((s) => s <= ms).length - 1;
  const groups = new Map<string, { bucket: number; key: { value: string | null; other: boolean }[]; units: Unit[] }>();
  for (const u of units) {
    const bucket = bucketOf(createdAt(u.trace));
    // Every combination of the unit's values (several for tags); a unit joins a group once, even when
    // two of its tags both fall in `other`.
    let keys: { value: string | null; other: boolean }[][] = [[]];
    q.dimensions.forEach((d, k) => {
      const options = valuesOf(u, d.name).map((v) => (v === null ? { value: null, other: false } : kept[k].includes(v) ? { value: v, other: false } : { value: null, other: true }));
      keys = keys.flatMap((prefix) => options.map((option) => [...prefix, option]));
    });
    const seen = new Set<string>();
    for (const key of keys) {
      const id = JSON.stringify([bucket, key]);
      if (seen.has(id)) continue;
      seen.add(id);
      if (!groups.has(id)) groups.set(id, { bucket, key, units: [] });
      groups.get(id)!.units.push(u);
    }
  }
  const position = (k: number, v: { value: string | null; other: boolean }) => (v.other ? kept[k].length : v.value === null ? kept[k].length + 1 : kept[k].indexOf(v.value));
  const ordered = [...groups.values()].sort((a, b) => {
    if (a.bucket !== b.bucket) return a.bucket - b.bucket;
    for (let k = 0; k < q.dimensions.length; k++) {
      const d = position(k, a.key[k]) - position(k, b.key[k]);
      if (d) return d;
    }
    return 0;
  });
  return ordered.map((g) => {
    const values: Record<string, number | null> = {};
    const n = g.units.length;
    const cost = g.units.reduce((sum, u) => sum + unitCost(u), 0);
    for (const m of q.measures) {
      if (m === 'traceCount') values[m] = distinctTraces(g.units);
      else if (m === 'spanCount') values[m] = spanCount(g.units);
      else if (m === 'errorRate') values[m] = g.units.filter(unitError).length / n;
      else if (m.startsWith('latencyP')) values[m] = nearestRank(g.units.map(unitLatency), Number(m.slice(8)));
      else if (m === 'costSum') values[m] = round12(cost);
      else if (m === 'costAvg') values[m] = round12(cost / n);
      else if (m === 'inputTokens') values[m] = g.units.reduce((sum, u) => sum + unitInput(u), 0);
      else if (m === 'outputTokens') values[m] = g.units.reduce((sum, u) => sum + unitOutput(u), 0);
      else if (m === 'totalTokens') values[m] = g.units.reduce((sum, u) => sum + unitTokens(u), 0);
      else if (m === 'scoreAvg') {
        const scores = [...new Set(g.units.map((u) => u.trace))].flatMap((t) => t.quality);
        values[m] = scores.length ? round12(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
      }
    }
    return {
      ...(q.bucketStarts ? { bucketStart: new Date(starts[g.bucket]).toISOString() } : {}),
      groups: q.dimensions.map((d, k) => ({ dimension: d.name, value: g.key[k].value, other: g.key[k].other })),
      values,
    };
  });
}
