import type { FilterNode } from '../domain/filters/filter-types.js';

/**
 * What the metrics query reads (docs/analytics.md): the traces created in a range that pass a filter,
 * each trace one unit, or, with a span dimension, each span of those traces one unit. The adapters
 * answer with SQL aggregates, nearest-rank latencies and ranked dimension values, so the domain
 * assembles the same numbers from both databases.
 */
export type MetricsDimension =
  | 'model'
  | 'provider'
  | 'framework'
  | 'agent'
  | 'spanType'
  | 'status'
  | 'user'
  | 'session'
  | 'environment'
  | 'release'
  | 'promptName'
  | 'promptVersion'
  /** A trace's tags (trace_tags, migration 049): a trace unit that counts in the group of each of its tags. */
  | 'tag';

/** Dimensions read from spans: grouping by one makes each span a unit. */
export const SPAN_DIMENSIONS: ReadonlySet<MetricsDimension> = new Set(['model', 'provider', 'spanType', 'promptName', 'promptVersion']);

export type MetricsUnit = 'trace' | 'span';

/** Additive measures a dimension's values can be ranked by. */
export type RankMeasure = 'traceCount' | 'spanCount' | 'costSum' | 'inputTokens' | 'outputTokens' | 'totalTokens';

/** One time bucket: [startMs, endMs), numbered from 0 in time order. */
export interface MetricsBucket {
  index: number;
  startMs: number;
  endMs: number;
}

export interface MetricsScope {
  projectId: string;
  unit: MetricsUnit;
  /** Cover the range [buckets[0].startMs clipped to fromMs, toMs) without gaps. */
  buckets: readonly MetricsBucket[];
  /** Inclusive, epoch ms. */
  fromMs: number;
  /** Exclusive, epoch ms. */
  toMs: number;
  rules: readonly FilterNode[];
}

/** A dimension value as stored: text, a number (promptVersion) or none. */
export type DimensionValue = string | number | null;

/** A dimension and the values kept as themselves; every other non-null value is the `other` group. */
export interface Grouping {
  dimension: MetricsDimension;
  keep: readonly (string | number)[];
}

/** A group's key: its bucket, and per grouping its value (null for none or other) and whether it is `other`. */
export interface GroupKey {
  bucket: number;
  values: { value: DimensionValue; other: boolean }[];
}

export interface GroupTotals extends GroupKey {
  /** Traces or spans, per the scope's unit. */
  units: number;
  traces: number;
  spans: number;
  errors: number;
  cost: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** A sum a group's totals carry. */
export type TotalsField = Exclude<keyof GroupTotals, keyof GroupKey>;

/** The nearest-rank latencies of a group: for each asked percentile p, the value at rank ceil(p·n/100). */
export interface GroupLatencies extends GroupKey {
  latencies: Record<number, number | null>;
}

export interface GroupScores extends GroupKey {
  count: number;
  sum: number;
}

export interface TotalsOptions {
  /** Whether input and output tokens are read (a trace unit sums its spans' for them). */
  inputOutputTokens: boolean;
  /** Whether `traces` is read: with a span dimension, `other` counts distinct traces across its values. */
  traceCount: boolean;
}

/** A query the stored aggregates may answer whole: at most one dimension, no score. */
export interface AggregatesQuery {
  dimension: { name: MetricsDimension; top: number } | null;
  rankBy: RankMeasure;
  totals: TotalsOptions;
  /** The sums the caller reads from the totals; the others are 0 in the answer (a statement summing fewer columns costs less). */
  sums: readonly TotalsField[];
  /** Percentiles 1–99 to answer, none for none. */
  percentiles: readonly number[];
}

/** The parts of an answer the service otherwise reads one by one: the dimension's kept values, the totals, the latencies. */
export interface AggregatesAnswer {
  groupings: Grouping[];
  totals: GroupTotals[];
  latencies: GroupLatencies[];
}

export interface MetricsReader {
  /**
   * The whole answer in one read where stored aggregates hold every unit of the scope (whole,
   * settled hours and days) and answer the ranking exactly; null where they do not, and the service
   * reads the parts below. Equal to what the parts answer.
   */
  answerFromAggregates(scope: MetricsScope, query: AggregatesQuery): Promise<AggregatesAnswer | null>;
  /** The `limit` non-null values of a dimension with the highest `rankBy`, ties by value (byte order). */
  topValues(scope: MetricsScope, dimension: MetricsDimension, rankBy: RankMeasure, limit: number): Promise<(string | number)[]>;
  totals(scope: MetricsScope, groupings: readonly Grouping[], options: TotalsOptions): Promise<GroupTotals[]>;
  /** Percentiles as integers 1–99, nearest rank over the units' non-null latencies. */
  latencies(scope: MetricsScope, groupings: readonly Grouping[], percentiles: readonly number[]): Promise<GroupLatencies[]>;
  /** Numeric trace-level scores of one name over each group's distinct traces. */
  scores(scope: MetricsScope, groupings: readonly Grouping[], name: string): Promise<GroupScores[]>;
}
