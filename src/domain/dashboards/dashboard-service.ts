import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { DashboardPosition, DashboardRecord, DashboardWidget } from '../../ports/dashboards.js';
import type { Store } from '../../ports/store.js';
import { DEFAULT_DASHBOARD, DEFAULT_DASHBOARD_ID, DEFAULT_WIDGETS } from './default-dashboard.js';
import { DASHBOARD_LIMITS, validatedWidgets, type DashboardWidgetInput } from './widget-validation.js';

const BODY = '/body';

export const DASHBOARD_PAGE = { min: 1, max: 100, default: 20 } as const;

/** A dashboard as read: a stored one, or the built-in default (no row, no timestamps). */
export interface DashboardView {
  id: string;
  name: string;
  description: string;
  builtIn: boolean;
  widgets: readonly DashboardWidget[];
  createdAt: Date | null;
  updatedAt: Date | null;
}

export interface DashboardListRequest {
  projectId: string;
  credentialId: string;
  endpoint: string;
  limit?: number;
  cursor?: string;
}

/** The first page's position before any stored row: the built-in was listed, nothing else yet. */
type ListPosition = DashboardPosition | { afterBuiltIn: true };

const BUILT_IN: DashboardView = { id: DEFAULT_DASHBOARD_ID, ...DEFAULT_DASHBOARD, builtIn: true, widgets: DEFAULT_WIDGETS, createdAt: null, updatedAt: null };

const view = (record: DashboardRecord): DashboardView => ({
  id: record.id,
  name: record.name,
  description: record.description,
  builtIn: false,
  widgets: record.widgets,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1) throw problems.validation('The name is invalid; see errors.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path: `${BODY}/name` }]);
  return trimmed;
}

const builtInIsReadOnly = () =>
  problems.conflict('PUBLIC_API_DASHBOARD_BUILT_IN', 'The default dashboard is built in and cannot be changed or deleted; create a dashboard of your own instead.');

/**
 * Dashboards of a project (docs/analytics.md#dashboards): named lists of metrics widgets. Every
 * project also has the built-in default dashboard, listed first and read-only.
 */
export class DashboardService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async get(projectId: string, id: string): Promise<DashboardView> {
    if (id === DEFAULT_DASHBOARD_ID) return BUILT_IN;
    const record = await this.store.dashboards.find(projectId, id.toLowerCase());
    if (!record) throw problems.notFound('The dashboard');
    return view(record);
  }

  async list(request: DashboardListRequest): Promise<{ items: DashboardView[]; page: Page }> {
    const limit = request.limit ?? DASHBOARD_PAGE.default;
    if (!Number.isInteger(limit) || limit < DASHBOARD_PAGE.min || limit > DASHBOARD_PAGE.max) {
      throw problems.validation('limit is out of range.', [{ code: 'maximum', message: 'must be 1 to 100', path: '/query/limit' }]);
    }
    const binding: CursorBinding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters: {}, sort: 'builtIn,createdAt:desc,id:desc' };
    const decoded = request.cursor ? this.cursors.decode<ListPosition>(request.cursor, binding) : null;
    const firstPage = decoded === null;
    const after = decoded && 'id' in decoded.position ? decoded.position : null;
    const stored = firstPage ? limit - 1 : limit;
    const rows = await this.store.dashboards.list(request.projectId, stored + 1, after);
    const items = [...(firstPage ? [BUILT_IN] : []), ...rows.slice(0, stored).map(view)];
    const hasMore = rows.length > stored;
    const last = items[items.length - 1];
    const position: ListPosition | null = !hasMore ? null : last.builtIn ? { afterBuiltIn: true } : { createdAt: (last.createdAt as Date).getTime(), id: last.id };
    const nextCursor = position ? this.cursors.encode(binding, position, decoded?.chainStartedAt) : null;
    return { items, page: { hasMore, limit, nextCursor } };
  }

  async create(projectId: string, input: { name: string; description?: string; widgets: DashboardWidgetInput[] }): Promise<DashboardView> {
    const name = trimmedName(input.name);
    const widgets = validatedWidgets(input.widgets, `${BODY}/widgets`);
    if ((await this.store.dashboards.count(projectId)) >= DASHBOARD_LIMITS.perProject) {
      throw problems.conflict('PUBLIC_API_DASHBOARD_LIMIT', `A project holds at most ${DASHBOARD_LIMITS.perProject} dashboards; delete one first.`);
    }
    const now = this.clock.now();
    const record: DashboardRecord = { id: randomUUID(), projectId, name, description: input.description ?? '', widgets, createdAt: now, updatedAt: now };
    await this.store.dashboards.insert(record);
    return view(record);
  }

  async update(projectId: string, id: string, input: { name?: string; description?: string; widgets?: DashboardWidgetInput[] }): Promise<DashboardView> {
    if (id === DEFAULT_DASHBOARD_ID) throw builtInIsReadOnly();
    if (input.name === undefined && input.description === undefined && input.widgets === undefined) {
      throw problems.validation('Send at least one of name, description and widgets.', [{ code: 'min_properties', message: 'must have at least 1 property', path: BODY }]);
    }
    const changes = {
      ...(input.name !== undefined ? { name: trimmedName(input.name) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.widgets !== undefined ? { widgets: validatedWidgets(input.widgets, `${BODY}/widgets`) } : {}),
      updatedAt: this.clock.now(),
    };
    if (!(await this.store.dashboards.update(projectId, id.toLowerCase(), changes))) throw problems.notFound('The dashboard');
    return this.get(projectId, id);
  }

  async delete(projectId: string, id: string): Promise<void> {
    if (id === DEFAULT_DASHBOARD_ID) throw builtInIsReadOnly();
    if (!(await this.store.dashboards.delete(projectId, id.toLowerCase()))) throw problems.notFound('The dashboard');
  }
}
