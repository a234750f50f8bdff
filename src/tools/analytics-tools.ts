import type { components } from '../../generated/openapi.js';
import { bodyField, field, listField, object, pathParameter, queryParameter, renamedField } from './contract-fields.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { ADDS, DELETES, QUERIES, READS, UPDATES } from './tool-annotation-presets.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { optionalInteger, optionalString, requiredString } from './tool-input-readers.js';

type Request = components['schemas']['MetricsQueryRequest'];
type Result = components['schemas']['MetricsQueryResult'];
type DashboardSummary = components['schemas']['DashboardSummary'];
type Widget = components['schemas']['DashboardWidget'];

const dashboardSummaryOutput = {
  dashboard_id: field('DashboardSummary', 'id'),
  name: field('DashboardSummary', 'name'),
  description: field('DashboardSummary', 'description'),
  built_in: field('DashboardSummary', 'builtIn'),
  widget_count: field('DashboardSummary', 'widgetCount'),
  created_at: field('DashboardSummary', 'createdAt'),
  updated_at: field('DashboardSummary', 'updatedAt'),
};

const dashboardSummaryView = (d: DashboardSummary) => ({
  dashboard_id: d.id,
  name: d.name,
  description: d.description,
  built_in: d.builtIn,
  widget_count: d.widgetCount,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});

/** A widget as the tool spells it: its query in query_metrics' own argument names, so an agent can run it. */
const widgetView = (w: Widget) => ({
  type: w.type,
  title: w.title,
  query: {
    measures: w.query.measures,
    ...(w.query.scoreName !== undefined ? { score_name: w.query.scoreName } : {}),
    ...(w.query.time ? { time: { bucket: w.query.time.bucket, ...(w.query.time.timeZone !== undefined ? { time_zone: w.query.time.timeZone } : {}) } } : {}),
    ...(w.query.dimensions ? { dimensions: w.query.dimensions } : {}),
    ...(w.query.rankBy ? { rank_by: w.query.rankBy } : {}),
    ...(w.query.filters ? { filters: w.query.filters } : {}),
  },
  layout: w.layout,
});

/** A widget as the tool spells it (get_dashboard's spelling) back to the contract's. */
function widgetOf(value: unknown): Widget {
  const w = value as { type: Widget['type']; title: string; layout: Widget['layout']; query: Record<string, unknown> };
  const q = w.query;
  return {
    type: w.type,
    title: w.title,
    layout: w.layout,
    query: {
      measures: q.measures as Widget['query']['measures'],
      ...(q.score_name !== undefined ? { scoreName: q.score_name as string } : {}),
      ...(q.time !== undefined ? { time: timeOf(q.time) } : {}),
      ...(q.dimensions !== undefined ? { dimensions: q.dimensions as Widget['query']['dimensions'] } : {}),
      ...(q.rank_by !== undefined ? { rankBy: q.rank_by as Widget['query']['rankBy'] } : {}),
      ...(q.filters !== undefined ? { filters: q.filters as Widget['query']['filters'] } : {}),
    },
  };
}

/** `time` as the tool spells it (time_zone) back to the contract's (timeZone). */
function timeOf(value: unknown): Request['time'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const time = value as { bucket: NonNullable<Request['time']>['bucket']; time_zone?: string };
  return { bucket: time.bucket, ...(time.time_zone !== undefined ? { timeZone: time.time_zone } : {}) };
}

/**
 * query_metrics (docs/analytics.md): the metrics query as a tool, so an agent reads cost, latency,
 * tokens and error rates by time, model, agent or user with the REST operation's bounds and access.
 */
export function analyticsToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_dashboards',
      operationId: 'listDashboards',
      annotations: READS,
      description:
        'List the project\'s dashboards: first the built-in default ("default": traces, errors, latency, cost and tokens over time, cost by model, top users), then saved ones newest first. Read one with get_dashboard. Pass next_cursor back as cursor for the next page.',
      input: object({
        limit: queryParameter('listDashboards', 'limit', clampedLimit(100, 20)),
        cursor: queryParameter('listDashboards', 'cursor'),
      }),
      output: object({
        dashboards: listField('DashboardList', 'dashboards', object(dashboardSummaryOutput)),
        next_cursor: field('Page', 'nextCursor'),
      }),
      toOperation: (input) => ({
        path: {},
        headers: {},
        body: undefined,
        query: { limit: optionalInteger(input, 'limit', 20, 1, 100), cursor: optionalString(input, 'cursor', 1024) },
      }),
      toResult: (data) => ({ dashboards: data.dashboards.map(dashboardSummaryView), next_cursor: data.page.nextCursor }),
    }),
    mapTool({
      name: 'get_dashboard',
      operationId: 'getDashboard',
      annotations: READS,
      description:
        'Read one dashboard ("default" for the built-in one) with its widgets: each a chart type, a title and a metrics query without a time range. Run a widget by passing its query with from and to to query_metrics.',
      input: object({ dashboard_id: pathParameter('getDashboard', 'dashboardId') }),
      output: object({
        ...dashboardSummaryOutput,
        widgets: renamedField('Dashboard', 'widgets'),
      }),
      toOperation: (input) => ({ path: { dashboardId: requiredString(input, 'dashboard_id', 36) }, query: {}, headers: {}, body: undefined }),
      toResult: (data) => ({ ...dashboardSummaryView(data), widgets: data.widgets.map(widgetView) }),
    }),
    mapTool({
      name: 'create_dashboard',
      operationId: 'createDashboard',
      // Each call saves one more dashboard; nothing existing is changed.
      annotations: ADDS,
      description:
        'Save a dashboard of metrics widgets (at most 24; 100 dashboards per project). Each widget is written as get_dashboard returns them: type (line needs query.time; number takes one measure, no time, no dimensions), title, query (query_metrics\' arguments without from/to) and layout on a 12-column grid (x + w at most 12). A bad widget is refused with the path into it, e.g. /body/widgets/1/query/dimensions/0/top; nothing is saved.',
      input: object({
        name: bodyField('createDashboard', 'name'),
        description: bodyField('createDashboard', 'description'),
        widgets: renamedField('DashboardCreateRequest', 'widgets'),
      }),
      output: object({
        ...dashboardSummaryOutput,
        widgets: renamedField('Dashboard', 'widgets'),
      }),
      // The arguments were validated against these same contract schemas (snake_cased) before this runs.
      toOperation: (input) => ({
        path: {},
        query: {},
        headers: {},
        body: {
          name: input.name as string,
          ...(input.description !== undefined ? { description: input.description as string } : {}),
          widgets: (input.widgets as unknown[]).map(widgetOf),
        },
      }),
      toResult: (data) => ({ ...dashboardSummaryView(data), widgets: data.widgets.map(widgetView) }),
    }),
    mapTool({
      name: 'update_dashboard',
      operationId: 'updateDashboard',
      // It overwrites what it is given (widgets replace the whole list); the same arguments again change nothing more.
      annotations: UPDATES,
      description:
        'Change a saved dashboard: rename it, change its description and/or replace its widgets (the whole list, written as get_dashboard returns them and checked as by create_dashboard). Give at least one of name, description and widgets. A bad widget is refused with the path into it, e.g. /body/widgets/0/layout/w; nothing is changed. The built-in default dashboard cannot be changed (409 PUBLIC_API_DASHBOARD_BUILT_IN).',
      input: object({
        dashboard_id: pathParameter('updateDashboard', 'dashboardId'),
        name: bodyField('updateDashboard', 'name'),
        description: bodyField('updateDashboard', 'description'),
        widgets: renamedField('DashboardUpdateRequest', 'widgets'),
      }),
      output: object({
        ...dashboardSummaryOutput,
        widgets: renamedField('Dashboard', 'widgets'),
      }),
      // The arguments were validated against these same contract schemas (snake_cased) before this runs;
      // a field left out stays out, so the operation leaves it as it is.
      toOperation: (input) => ({
        path: { dashboardId: requiredString(input, 'dashboard_id', 36) },
        query: {},
        headers: {},
        body: {
          ...(input.name !== undefined ? { name: input.name as string } : {}),
          ...(input.description !== undefined ? { description: input.description as string } : {}),
          ...(input.widgets !== undefined ? { widgets: (input.widgets as unknown[]).map(widgetOf) } : {}),
        },
      }),
      toResult: (data) => ({ ...dashboardSummaryView(data), widgets: data.widgets.map(widgetView) }),
    }),
    mapTool({
      name: 'delete_dashboard',
      operationId: 'deleteDashboard',
      annotations: DELETES,
      description:
        'Delete a saved dashboard for good. The built-in default dashboard cannot be deleted (409 PUBLIC_API_DASHBOARD_BUILT_IN); an unknown id is 404.',
      input: object({ dashboard_id: pathParameter('deleteDashboard', 'dashboardId') }),
      output: object({
        dashboard_id: field('DashboardDeleted', 'id'),
        deleted: field('DashboardDeleted', 'deleted'),
      }),
      toOperation: (input) => ({ path: { dashboardId: requiredString(input, 'dashboard_id', 36) }, query: {}, headers: {}, body: undefined }),
      toResult: (data) => ({ dashboard_id: data.id, deleted: data.deleted }),
    }),
    mapTool({
      name: 'query_metrics',
      operationId: 'queryMetrics',
      output: object({
        from: field('MetricsQueryResult', 'from'),
        to: field('MetricsQueryResult', 'to'),
        unit: field('MetricsQueryResult', 'unit'),
        time: renamedField('MetricsQueryResult', 'time'),
        measures: field('MetricsQueryResult', 'measures'),
        dimensions: field('MetricsQueryResult', 'dimensions'),
        rows: renamedField('MetricsQueryResult', 'rows'),
      }),
      annotations: QUERIES,
      description:
        'Measures of the project\'s traces in [from, to): counts, error rate, latency p50/p90/p95/p99 (nearest rank), cost, tokens, the mean of a named score; grouped by time bucket (minute/hour/day/week in an IANA time zone) and up to two dimensions (model, provider, agent, user, ...), each keeping its top values and the rest as "other". Filters use the saved-filter rules. Example: daily costSum by model over the last 30 days.',
      input: object({
        measures: bodyField('queryMetrics', 'measures'),
        score_name: bodyField('queryMetrics', 'scoreName'),
        from: bodyField('queryMetrics', 'from'),
        to: bodyField('queryMetrics', 'to'),
        time: renamedField('MetricsQueryRequest', 'time'),
        dimensions: bodyField('queryMetrics', 'dimensions'),
        rank_by: bodyField('queryMetrics', 'rankBy'),
        filters: bodyField('queryMetrics', 'filters'),
      }),
      // The arguments were validated against these same contract schemas before this runs.
      toOperation: (input) => ({
        path: {},
        query: {},
        headers: {},
        body: {
          measures: input.measures as Request['measures'],
          scoreName: input.score_name as string | undefined,
          from: input.from as string,
          to: input.to as string,
          time: timeOf(input.time),
          dimensions: input.dimensions as Request['dimensions'],
          rankBy: input.rank_by as Request['rankBy'],
          filters: input.filters as Request['filters'],
        },
      }),
      toResult: (data: Result) => ({
        from: data.from,
        to: data.to,
        unit: data.unit,
        ...(data.time ? { time: { bucket: data.time.bucket, time_zone: data.time.timeZone } } : {}),
        measures: data.measures,
        dimensions: data.dimensions,
        rows: data.rows.map((row) => ({ ...(row.bucketStart ? { bucket_start: row.bucketStart } : {}), groups: row.groups, values: row.values })),
      }),
    }),
  ];
}
