import type { MetricsDimension } from '../../src/ports/metrics.js';

/** The two grains of the metrics rollups (docs/analytics.md#rollups): UTC hours, and UTC days made of them. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The dimensions rolled up, with the units each groups (a trace's session is nearly one trace: not rolled up). */
export const TRACE_ROLLUP_DIMENSIONS: readonly MetricsDimension[] = ['framework', 'agent', 'status', 'user', 'environment', 'release'];
export const SPAN_ROLLUP_DIMENSIONS: readonly MetricsDimension[] = ['model', 'provider', 'spanType', 'promptName', 'promptVersion'];
/** Every `dimension` a rollup row holds: '' for the row of all units, then each dimension's name. */
export const ROLLUP_DIMENSION_NAMES: readonly string[] = ['', ...TRACE_ROLLUP_DIMENSIONS, ...SPAN_ROLLUP_DIMENSIONS];
