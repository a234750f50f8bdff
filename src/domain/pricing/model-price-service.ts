import type { Clock } from '../../clock.js';
import { problems, type FieldError } from '../../errors.js';
import type { ProjectModelPrice } from '../../ports/model-prices.js';
import type { Store } from '../../ports/store.js';
import { MAX_MODEL_NAME, priceProblem } from './price-table.js';

export const MAX_PROJECT_PRICES = 500;

export interface ModelPriceInput {
  model: string;
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
}

/** A project's model price overrides: read, replaced as a whole, and a what-would-it-cost lookup. */
export class ModelPriceService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  list(projectId: string): Promise<ProjectModelPrice[]> {
    return this.store.modelPrices.list(projectId);
  }

  /** Replaces the overrides; names are matched lowercased, each at most once. */
  async replace(projectId: string, prices: ModelPriceInput[]): Promise<ProjectModelPrice[]> {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    const clean: ProjectModelPrice[] = [];
    prices.forEach((entry, i) => {
      const { model, ...price } = entry;
      const name = typeof model === 'string' ? model.trim().toLowerCase() : '';
      if (name.length === 0 || name.length > MAX_MODEL_NAME) errors.push({ path: `/prices/${i}/model`, code: 'invalid_model', message: `must be 1 to ${MAX_MODEL_NAME} characters` });
      else if (seen.has(name)) errors.push({ path: `/prices/${i}/model`, code: 'duplicate_model', message: `${name.slice(0, 100)} appears twice` });
      seen.add(name);
      const problem = priceProblem(price);
      if (problem) errors.push({ path: `/prices/${i}`, code: 'invalid_price', message: problem.slice(0, 160) });
      clean.push({ model: name, ...price });
    });
    if (errors.length > 0) throw problems.validation('The price list is invalid; see errors. Nothing was changed.', errors.slice(0, 20));
    await this.store.transaction((tx) => tx.modelPrices.replace(projectId, clean, this.clock.now()));
    return this.list(projectId);
  }
}
