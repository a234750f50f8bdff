import type { Knex } from 'knex';
import type { DashboardPosition, DashboardRecord, DashboardRepository, DashboardWidget } from '../../src/ports/dashboards.js';
import { fromMillis, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toRecord = (row: Row): DashboardRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  description: row.description as string,
  widgets: parseJson<DashboardWidget[]>(row.widgets, []),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlDashboardRepository implements DashboardRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: DashboardRecord): Promise<void> {
    await this.db('dashboards').insert({
      id: record.id,
      project_id: record.projectId,
      name: record.name,
      description: record.description,
      widgets: JSON.stringify(record.widgets),
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    });
  }

  async find(projectId: string, id: string): Promise<DashboardRecord | null> {
    const row = await this.db('dashboards').where({ project_id: projectId, id }).first();
    return row ? toRecord(row) : null;
  }

  async list(projectId: string, limit: number, after: DashboardPosition | null): Promise<DashboardRecord[]> {
    const query = this.db('dashboards')
      .where({ project_id: projectId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    if (after) {
      query.andWhere((q) => q.where('created_at', '<', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    }
    return (await query).map(toRecord);
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db('dashboards').where({ project_id: projectId }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async update(projectId: string, id: string, changes: { name?: string; description?: string; widgets?: DashboardWidget[]; updatedAt: Date }): Promise<boolean> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.description !== undefined) row.description = changes.description;
    if (changes.widgets !== undefined) row.widgets = JSON.stringify(changes.widgets);
    return (await this.db('dashboards').where({ project_id: projectId, id }).update(row)) > 0;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('dashboards').where({ project_id: projectId, id }).delete()) > 0;
  }
}
