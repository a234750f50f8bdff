import type { Schemas } from '../api/operation-types';
import { rowsOf, rulesOf, type RuleRow } from '../detections/rule-rows';

type Widget = Schemas['DashboardWidget'];
type Query = Widget['query'];
export type Measure = Schemas['MetricsMeasure'];
export type DimensionName = Schemas['MetricsDimensionName'];
export type RankMeasure = Schemas['MetricsRankMeasure'];
export type Bucket = NonNullable<Query['time']>['bucket'];

export const MEASURES: Measure[] = ['traceCount', 'spanCount', 'errorRate', 'latencyP50', 'latencyP90', 'latencyP95', 'latencyP99', 'costSum', 'costAvg', 'inputTokens', 'outputTokens', 'totalTokens', 'scoreAvg'];
export const DIMENSIONS: DimensionName[] = ['model', 'provider', 'framework', 'agent', 'spanType', 'status', 'user', 'session', 'environment', 'release', 'promptName', 'promptVersion'];
export const RANK_MEASURES: RankMeasure[] = ['traceCount', 'spanCount', 'costSum', 'inputTokens', 'outputTokens', 'totalTokens'];
export const BUCKETS: Bucket[] = ['minute', 'hour', 'day', 'week'];
export const WIDGET_TYPES: Widget['type'][] = ['line', 'bar', 'number', 'table'];
/** The contract's bound on widgets per dashboard (DashboardWidgets.maxItems). */
export const MAX_WIDGETS = 24;

/**
 * One widget as the form holds it. Numbers stay text while typed, so a half-typed or out-of-range
 * value reaches the service and comes back as a field error at its path instead of being dropped here.
 */
export interface WidgetDraft {
  type: Widget['type'];
  title: string;
  measures: Measure[];
  scoreName: string;
  bucket: Bucket | '';
  /** The zone saved with the widget, kept as it was: the console views every widget in the page's zone. */
  timeZone: string | undefined;
  dimensions: { name: DimensionName; top: string }[];
  rankBy: RankMeasure | '';
  rules: RuleRow[];
  /** Filters with groups, which the rule rows cannot show: kept unchanged (edited over the API). */
  groupedFilters: Query['filters'] | undefined;
  width: string;
  height: string;
}

export const NEW_WIDGET: WidgetDraft = {
  type: 'line',
  title: '',
  measures: ['traceCount'],
  scoreName: '',
  bucket: 'hour',
  timeZone: undefined,
  dimensions: [],
  rankBy: '',
  rules: [],
  groupedFilters: undefined,
  width: '6',
  height: '4',
};

const isRule = (node: unknown): boolean => !!node && typeof node === 'object' && 'field' in node;

export function draftOf(widget: Widget): WidgetDraft {
  const { query } = widget;
  const filters = query.filters ?? [];
  const flat = filters.every(isRule);
  return {
    type: widget.type,
    title: widget.title,
    measures: [...query.measures],
    scoreName: query.scoreName ?? '',
    bucket: query.time?.bucket ?? '',
    timeZone: query.time?.timeZone,
    dimensions: (query.dimensions ?? []).map((d) => ({ name: d.name, top: String(d.top ?? 10) })),
    rankBy: query.rankBy ?? '',
    rules: flat ? rowsOf(filters) : [],
    groupedFilters: flat ? undefined : filters,
    width: String(widget.layout.w),
    height: String(widget.layout.h),
  };
}

/** Text of an integer field as the number the contract expects; anything else is sent as is, for the service to refuse at its path. */
const integer = (text: string): number => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The widgets flowed left to right, top to bottom on the 12-column grid in list order, so the order
 * a person arranges is the order shown (a widget wider than the row's rest starts a new row).
 */
export function widgetsOf(drafts: readonly WidgetDraft[]): Widget[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return drafts.map((draft) => {
    const w = integer(draft.width);
    const h = integer(draft.height);
    const width = Number.isFinite(w) ? w : 0;
    if (x > 0 && x + width > 12) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const layout = { x, y, w, h };
    x += width;
    rowHeight = Math.max(rowHeight, Number.isFinite(h) ? h : 1);
    // The contract types filter nodes as bare objects (FilterTreeInput: the service validates each node), hence the cast.
    const filters = draft.groupedFilters ?? (draft.rules.length > 0 ? (rulesOf(draft.rules) as unknown as Query['filters']) : undefined);
    const query: Query = {
      measures: draft.measures,
      ...(draft.measures.includes('scoreAvg') || draft.scoreName.trim() ? { scoreName: draft.scoreName.trim() } : {}),
      ...(draft.bucket ? { time: { bucket: draft.bucket, ...(draft.timeZone ? { timeZone: draft.timeZone } : {}) } } : {}),
      ...(draft.dimensions.length > 0 ? { dimensions: draft.dimensions.map((d) => ({ name: d.name, top: integer(d.top) })) } : {}),
      ...(draft.rankBy ? { rankBy: draft.rankBy } : {}),
      ...(filters ? { filters } : {}),
    };
    return { type: draft.type, title: draft.title, query, layout };
  });
}
