import type { Store } from '../../ports/store.js';
import type { SpanRecord } from '../../ports/traces.js';
import { costOf, type ModelPrice, type PriceTable } from './price-table.js';

const countOf = (metadata: Record<string, unknown>, key: string): number | undefined => {
  const value = metadata[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
};

/**
 * Prices spans that carry a model and token counts but no cost, from the price table with the
 * project's overrides. Shared by native and OTLP ingest. A priced span says so: `cost_source:
 * "price_table"` and the table entry it matched (`priced_as`).
 */
export class SpanPricer {
  constructor(private readonly table: PriceTable) {}

  async overridesFor(store: Store, projectId: string): Promise<Map<string, ModelPrice>> {
    return new Map((await store.modelPrices.list(projectId)).map((p) => [p.model, p]));
  }

  /** Fills in `cost` (and `metadata.cost`) where it is missing; returns how many spans were priced. */
  price(spans: SpanRecord[], overrides: ReadonlyMap<string, ModelPrice>): number {
    let priced = 0;
    for (const span of spans) {
      const m = span.metadata;
      if (span.cost !== null || m.cost !== undefined || typeof m.model !== 'string') continue;
      const input = countOf(m, 'input_tokens');
      const output = countOf(m, 'output_tokens');
      if (input === undefined && output === undefined) continue;
      const found = this.table.find(m.model, overrides);
      if (!found) continue;
      const cost = costOf(found.price, {
        input: input ?? 0,
        output: output ?? 0,
        cacheRead: countOf(m, 'cache_read_input_tokens'),
        cacheWrite: countOf(m, 'cache_creation_input_tokens'),
        reasoning: countOf(m, 'reasoning_tokens'),
      });
      span.cost = cost;
      span.metadata = { ...m, cost, cost_source: 'price_table', priced_as: found.name };
      priced++;
    }
    return priced;
  }
}
