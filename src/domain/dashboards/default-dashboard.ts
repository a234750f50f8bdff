import type { DashboardWidget } from '../../ports/dashboards.js';

/** The built-in dashboard's id: every project has it, so it is not a stored row (docs/analytics.md#the-default-dashboard). */
export const DEFAULT_DASHBOARD_ID = 'default';

export const DEFAULT_DASHBOARD = {
  name: 'Overview',
  description: 'Traces, errors, latency, cost and tokens over time, cost by model and the top users.',
} as const;

const HOURLY = { bucket: 'hour' } as const;

/**
 * The default dashboard's widgets, as issue #56 lists them: traces, errors, latency p50/p95, cost and
 * tokens over time, by model, and the top users. Defined in code rather than seeded per project so
 * that every project, old or new, has the same one and a release can improve it for all.
 */
export const DEFAULT_WIDGETS: readonly DashboardWidget[] = [
  { type: 'number', title: 'Traces', query: { measures: ['traceCount'] }, layout: { x: 0, y: 0, w: 3, h: 2 } },
  { type: 'number', title: 'Error rate', query: { measures: ['errorRate'] }, layout: { x: 3, y: 0, w: 3, h: 2 } },
  { type: 'number', title: 'Cost ($)', query: { measures: ['costSum'] }, layout: { x: 6, y: 0, w: 3, h: 2 } },
  { type: 'number', title: 'Total tokens', query: { measures: ['totalTokens'] }, layout: { x: 9, y: 0, w: 3, h: 2 } },
  { type: 'line', title: 'Traces over time', query: { measures: ['traceCount'], time: HOURLY }, layout: { x: 0, y: 2, w: 6, h: 4 } },
  { type: 'line', title: 'Error rate over time', query: { measures: ['errorRate'], time: HOURLY }, layout: { x: 6, y: 2, w: 6, h: 4 } },
  { type: 'line', title: 'Latency p50 / p95 (ms)', query: { measures: ['latencyP50', 'latencyP95'], time: HOURLY }, layout: { x: 0, y: 6, w: 6, h: 4 } },
  {
    type: 'line',
    title: 'Cost by model over time ($)',
    query: { measures: ['costSum'], time: HOURLY, dimensions: [{ name: 'model', top: 5 }], rankBy: 'costSum' },
    layout: { x: 6, y: 6, w: 6, h: 4 },
  },
  { type: 'line', title: 'Tokens over time', query: { measures: ['inputTokens', 'outputTokens'], time: HOURLY }, layout: { x: 0, y: 10, w: 6, h: 4 } },
  {
    type: 'bar',
    title: 'Cost by model ($)',
    query: { measures: ['costSum'], dimensions: [{ name: 'model', top: 10 }], rankBy: 'costSum' },
    layout: { x: 6, y: 10, w: 6, h: 4 },
  },
  {
    type: 'table',
    title: 'Top users',
    query: { measures: ['traceCount', 'costSum', 'totalTokens', 'errorRate'], dimensions: [{ name: 'user', top: 10 }], rankBy: 'costSum' },
    layout: { x: 0, y: 14, w: 12, h: 4 },
  },
];
