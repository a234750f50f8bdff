import type { components } from '../../generated/openapi.js';
import type { SavedFilterService } from '../domain/saved-filters/saved-filter-service.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { SavedFilterRecord, SavedFilterSummaryRecord } from '../ports/saved-filters.js';

type SavedFilter = components['schemas']['SavedFilter'];
type SavedFilterSummary = components['schemas']['SavedFilterSummary'];

const toSummary = (record: SavedFilterSummaryRecord): SavedFilterSummary => ({
  id: record.id,
  name: record.name,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});

const toSavedFilter = (record: SavedFilterRecord): SavedFilter => ({ ...toSummary(record), filters: record.filters });

export class SavedFilterHandlers
  implements Pick<OperationHandlers, 'listSavedFilters' | 'createSavedFilter' | 'getSavedFilter' | 'updateSavedFilter' | 'deleteSavedFilter'>
{
  constructor(private readonly savedFilters: SavedFilterService) {}

  listSavedFilters: OperationHandlers['listSavedFilters'] = async ({ ctx, query }) => {
    const { items, page } = await this.savedFilters.list({
      projectId: selectedProject(ctx).id,
      credentialId: ctx.principal.credentialId,
      endpoint: ctx.operationId,
      limit: query.limit,
      cursor: query.cursor,
    });
    return { status: 200, data: { savedFilters: items.map(toSummary), page } };
  };

  createSavedFilter: OperationHandlers['createSavedFilter'] = async ({ ctx, body }) => ({
    status: 201,
    data: toSavedFilter(await this.savedFilters.create(selectedProject(ctx).id, body)),
  });

  getSavedFilter: OperationHandlers['getSavedFilter'] = async ({ ctx, path }) => ({
    status: 200,
    data: toSavedFilter(await this.savedFilters.get(selectedProject(ctx).id, path.id)),
  });

  updateSavedFilter: OperationHandlers['updateSavedFilter'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toSavedFilter(await this.savedFilters.update(selectedProject(ctx).id, path.id, body)),
  });

  deleteSavedFilter: OperationHandlers['deleteSavedFilter'] = async ({ ctx, path, body }) => {
    await this.savedFilters.delete(selectedProject(ctx).id, path.id, body.confirmation);
    return { status: 200, data: { id: path.id, deleted: true } };
  };
}
