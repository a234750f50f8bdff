import { problems, type FieldError } from '../../errors.js';
import type { DashboardWidget, DashboardWidgetQuery } from '../../ports/dashboards.js';
import { metricsFilterRules, metricsShapeErrors } from '../analytics/metrics-query-shape.js';

/** A widget as a request sends it: its filter tree not yet validated. */
export type DashboardWidgetInput = Omit<DashboardWidget, 'query'> & { query: Omit<DashboardWidgetQuery, 'filters'> & { filters?: unknown } };

/** Widgets of one dashboard, and its grid's columns (docs/analytics.md#dashboards). */
export const DASHBOARD_LIMITS = { widgets: 24, columns: 12, perProject: 100 } as const;

/** What each widget type can draw: a line needs time, a number is one value. */
function typeErrors(widget: DashboardWidgetInput, base: string): FieldError[] {
  const errors: FieldError[] = [];
  const { query } = widget;
  if (widget.type === 'line' && !query.time) errors.push({ path: `${base}/query/time`, code: 'required', message: 'a line widget draws a series over time' });
  if (widget.type === 'number') {
    if (query.measures.length !== 1) errors.push({ path: `${base}/query/measures`, code: 'one_measure', message: 'a number widget shows exactly one measure' });
    if (query.time) errors.push({ path: `${base}/query/time`, code: 'unused', message: 'a number widget shows one value, not a series' });
    if (query.dimensions?.length) errors.push({ path: `${base}/query/dimensions`, code: 'unused', message: 'a number widget shows one value, not groups' });
  }
  if (widget.layout.x + widget.layout.w > DASHBOARD_LIMITS.columns) {
    errors.push({ path: `${base}/layout/w`, code: 'beyond_grid', message: `x + w must be at most ${DASHBOARD_LIMITS.columns}` });
  }
  return errors;
}

/**
 * The widgets as stored, or a 400 naming every fault with its path into the widget. Each query is
 * held to the metrics query's own rules (metricsShapeErrors, the filter language), so a saved widget
 * is one its viewer can run.
 */
export function validatedWidgets(widgets: readonly DashboardWidgetInput[], base: string): DashboardWidget[] {
  const errors: FieldError[] = [];
  if (widgets.length > DASHBOARD_LIMITS.widgets) errors.push({ path: base, code: 'too_many', message: `at most ${DASHBOARD_LIMITS.widgets} widgets` });
  const validated = widgets.map((widget, i) => {
    const at = `${base}/${i}`;
    const title = widget.title.trim();
    if (title.length === 0) errors.push({ path: `${at}/title`, code: 'min_length', message: 'must have 1 to 120 characters after trimming' });
    errors.push(...typeErrors(widget, at), ...metricsShapeErrors(widget.query, `${at}/query`));
    const { rules, errors: filterErrors } = metricsFilterRules(widget.query, `${at}/query`);
    errors.push(...filterErrors);
    // The tree as normalized by the rule language, as saved filters keep theirs.
    const { measures, scoreName, time, dimensions, rankBy } = widget.query;
    const query: DashboardWidgetQuery = {
      measures: [...measures],
      ...(scoreName !== undefined ? { scoreName } : {}),
      ...(time ? { time: { ...time } } : {}),
      ...(dimensions ? { dimensions: dimensions.map((d) => ({ ...d })) } : {}),
      ...(rankBy ? { rankBy } : {}),
      ...(widget.query.filters !== undefined ? { filters: rules } : {}),
    };
    return { type: widget.type, title, query, layout: { ...widget.layout } };
  });
  if (errors.length) throw problems.validation('The dashboard is invalid; see errors.', errors);
  return validated;
}
