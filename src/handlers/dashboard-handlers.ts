import type { components } from '../../generated/openapi.js';
import type { DashboardService, DashboardView } from '../domain/dashboards/dashboard-service.js';
import type { DashboardWidgetInput } from '../domain/dashboards/widget-validation.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';

type Dashboard = components['schemas']['Dashboard'];
type DashboardSummary = components['schemas']['DashboardSummary'];
type WidgetBody = components['schemas']['DashboardWidget'];

const toSummary = (dashboard: DashboardView): DashboardSummary => ({
  id: dashboard.id,
  name: dashboard.name,
  description: dashboard.description,
  builtIn: dashboard.builtIn,
  widgetCount: dashboard.widgets.length,
  createdAt: dashboard.createdAt?.toISOString() ?? null,
  updatedAt: dashboard.updatedAt?.toISOString() ?? null,
});

// A widget's stored filters are the normalized FilterNode tree, which the contract types as objects.
const toDashboard = (dashboard: DashboardView): Dashboard => ({ ...toSummary(dashboard), widgets: dashboard.widgets as WidgetBody[] });

/** The contract validated each widget's shape; its filter tree is left to the rule language. */
const widgetsOf = (widgets: WidgetBody[] | undefined): DashboardWidgetInput[] | undefined => widgets;

export class DashboardHandlers implements Pick<OperationHandlers, 'listDashboards' | 'createDashboard' | 'getDashboard' | 'updateDashboard' | 'deleteDashboard'> {
  constructor(private readonly dashboards: DashboardService) {}

  listDashboards: OperationHandlers['listDashboards'] = async ({ ctx, query }) => {
    const { items, page } = await this.dashboards.list({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { status: 200, data: { dashboards: items.map(toSummary), page } };
  };

  createDashboard: OperationHandlers['createDashboard'] = async ({ ctx, body }) => ({
    status: 201,
    data: toDashboard(await this.dashboards.create(selectedProject(ctx).id, { name: body.name, description: body.description, widgets: widgetsOf(body.widgets) ?? [] })),
  });

  getDashboard: OperationHandlers['getDashboard'] = async ({ ctx, path }) => ({
    status: 200,
    data: toDashboard(await this.dashboards.get(selectedProject(ctx).id, path.dashboardId)),
  });

  updateDashboard: OperationHandlers['updateDashboard'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDashboard(await this.dashboards.update(selectedProject(ctx).id, path.dashboardId, { name: body.name, description: body.description, widgets: widgetsOf(body.widgets) })),
  });

  deleteDashboard: OperationHandlers['deleteDashboard'] = async ({ ctx, path }) => {
    await this.dashboards.delete(selectedProject(ctx).id, path.dashboardId);
    return { status: 200, data: { id: path.dashboardId.toLowerCase(), deleted: true } };
  };
}
