import type { Knex } from 'knex';
import type { ModelPriceRepository, ProjectModelPrice } from '../../src/ports/model-prices.js';
import { toMillis } from './columns.js';

type Row = Record<string, unknown>;

const optional = (value: unknown): number | undefined => (value === null || value === undefined ? undefined : Number(value));

const toPrice = (row: Row): ProjectModelPrice => {
  const price: ProjectModelPrice = { model: row.model as string, input: Number(row.input), output: Number(row.output) };
  const cacheRead = optional(row.cache_read);
  const cacheWrite = optional(row.cache_write);
  const reasoning = optional(row.reasoning);
  if (cacheRead !== undefined) price.cacheRead = cacheRead;
  if (cacheWrite !== undefined) price.cacheWrite = cacheWrite;
  if (reasoning !== undefined) price.reasoning = reasoning;
  return price;
};

export class SqlModelPriceRepository implements ModelPriceRepository {
  constructor(private readonly db: Knex) {}

  async list(projectId: string): Promise<ProjectModelPrice[]> {
    const rows = await this.db('project_model_prices').where({ project_id: projectId }).orderBy('model', 'asc');
    return rows.map(toPrice);
  }

  async replace(projectId: string, prices: ProjectModelPrice[], now: Date): Promise<void> {
    await this.db('project_model_prices').where({ project_id: projectId }).delete();
    if (prices.length === 0) return;
    await this.db('project_model_prices').insert(
      prices.map((p) => ({
        project_id: projectId,
        model: p.model,
        input: p.input,
        output: p.output,
        cache_read: p.cacheRead ?? null,
        cache_write: p.cacheWrite ?? null,
        reasoning: p.reasoning ?? null,
        updated_at: toMillis(now),
      })),
    );
  }
}
