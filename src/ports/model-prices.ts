import type { ModelPrice } from '../domain/pricing/price-table.js';

/** A project's own price for one model (dollars per million tokens); the name is lowercased. */
export interface ProjectModelPrice extends ModelPrice {
  model: string;
}

export interface ModelPriceRepository {
  /** The project's overrides, by model name. */
  list(projectId: string): Promise<ProjectModelPrice[]>;
  /** Replaces all of the project's overrides; call inside a transaction. */
  replace(projectId: string, prices: ProjectModelPrice[], now: Date): Promise<void>;
}
