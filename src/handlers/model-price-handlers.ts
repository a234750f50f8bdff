import type { components } from '../../generated/openapi.js';
import type { ModelPriceService } from '../domain/pricing/model-price-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { ProjectModelPrice } from '../ports/model-prices.js';

const toModelPrice = (p: ProjectModelPrice): components['schemas']['ModelPrice'] => ({ ...p });

export class ModelPriceHandlers implements Pick<OperationHandlers, 'listModelPrices' | 'replaceModelPrices'> {
  constructor(private readonly prices: ModelPriceService) {}

  listModelPrices: OperationHandlers['listModelPrices'] = async ({ ctx }) => ({
    status: 200,
    data: { prices: (await this.prices.list(selectedProject(ctx).id)).map(toModelPrice) },
  });

  replaceModelPrices: OperationHandlers['replaceModelPrices'] = async ({ ctx, body }) => ({
    status: 200,
    data: { prices: (await this.prices.replace(selectedProject(ctx).id, body.prices)).map(toModelPrice) },
  });
}
