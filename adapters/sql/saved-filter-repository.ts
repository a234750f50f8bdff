import type { Knex } from 'knex';
import { canonicalJson } from '../../src/pagination/cursor.js';
import type { FilterNode } from '../../src/domain/filters/filter-types.js';
import type {
  SavedFilterPosition,
  SavedFilterRecord,
  SavedFilterRepository,
  SavedFilterSummaryRecord,
} from '../../src/ports/saved-filters.js';
import { fromMillis, parseJson, toMillis } from './columns.js';

type Row = Record<string, unknown>;

const toSummary = (row: Row): SavedFilterSummaryRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

export class SqlSavedFilterRepository implements SavedFilterRepository {
  constructor(private readonly db: Knex) {}

  async insert(record: SavedFilterRecord): Promise<void> {
    await this.db('saved_filters').insert({
      id: record.id,
      project_id: record.projectId,
      name: record.name,
      filters: canonicalJson(record.filters),
      created_at: toMillis(record.createdAt),
      updated_at: toMillis(record.updatedAt),
    });
  }

  async find(projectId: string, id: string): Promise<SavedFilterRecord | null> {
    const row = await this.db('saved_filters').where({ project_id: projectId, id }).first();
    return row ? { ...toSummary(row), filters: parseJson<FilterNode[]>(row.filters, []) } : null;
  }

  async listSummaries(projectId: string, limit: number, after: SavedFilterPosition | null): Promise<SavedFilterSummaryRecord[]> {
    const query = this.db('saved_filters')
      .select('id', 'project_id', 'name', 'created_at', 'updated_at')
      .where({ project_id: projectId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
    if (after) {
      query.andWhere((q) => q.where('created_at', '<', after.createdAt).orWhere((same) => same.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    }
    return (await query).map(toSummary);
  }

  async update(projectId: string, id: string, changes: { name?: string; filters?: FilterNode[]; updatedAt: Date }): Promise<boolean> {
    const row: Row = { updated_at: toMillis(changes.updatedAt) };
    if (changes.name !== undefined) row.name = changes.name;
    if (changes.filters !== undefined) row.filters = canonicalJson(changes.filters);
    return (await this.db('saved_filters').where({ project_id: projectId, id }).update(row)) > 0;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await this.db('saved_filters').where({ project_id: projectId, id }).delete()) > 0;
  }
}
