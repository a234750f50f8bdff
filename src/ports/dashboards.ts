import type { FilterNode } from '../domain/filters/filter-types.js';
import type { MetricsMeasure } from '../domain/analytics/metrics-limits.js';
import type { BucketUnit } from '../domain/analytics/time-buckets.js';
import type { MetricsDimension, RankMeasure } from './metrics.js';

export type DashboardWidgetType = 'line' | 'bar' | 'number' | 'table';

/** A widget's metrics query: a metrics query without its range, its filter tree normalized. */
export interface DashboardWidgetQuery {
  measures: MetricsMeasure[];
  scoreName?: string;
  time?: { bucket: BucketUnit; timeZone?: string };
  dimensions?: { name: MetricsDimension; top?: number }[];
  rankBy?: RankMeasure;
  filters?: FilterNode[];
}

export interface DashboardWidget {
  type: DashboardWidgetType;
  title: string;
  query: DashboardWidgetQuery;
  /** On a 12-column grid. */
  layout: { x: number; y: number; w: number; h: number };
}

export interface DashboardRecord {
  id: string;
  projectId: string;
  name: string;
  description: string;
  widgets: DashboardWidget[];
  createdAt: Date;
  updatedAt: Date;
}

/** Keyset position of the newest-first list: the last item's createdAt (epoch ms) and id. */
export interface DashboardPosition {
  createdAt: number;
  id: string;
}

export interface DashboardRepository {
  insert(record: DashboardRecord): Promise<void>;
  find(projectId: string, id: string): Promise<DashboardRecord | null>;
  /** Newest first, strictly after `after` when given; at most `limit` rows. */
  list(projectId: string, limit: number, after: DashboardPosition | null): Promise<DashboardRecord[]>;
  count(projectId: string): Promise<number>;
  update(projectId: string, id: string, changes: { name?: string; description?: string; widgets?: DashboardWidget[]; updatedAt: Date }): Promise<boolean>;
  delete(projectId: string, id: string): Promise<boolean>;
}
