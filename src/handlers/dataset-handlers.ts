import type { components } from '../../generated/openapi.js';
import type { DatasetService, DatasetView } from '../domain/experiments/dataset-service.js';
import type { Response } from 'express';
import type { OperationHandlers, StreamingHandler } from '../http/operation-types.js';
import { selectedProject } from '../http/request-context.js';
import type { DatasetItemRecord } from '../ports/datasets.js';
import { pageRequestOf } from './evaluation-handlers.js';
import { drained } from './trace-lifecycle-handlers.js';

type Schemas = components['schemas'];

type DatasetOperations = 'importDatasetItems' | 'listDatasets' | 'createDataset' | 'getDataset' | 'updateDataset' | 'deleteDataset' | 'listDatasetItems' | 'createDatasetItem' | 'updateDatasetItem';

const iso = (date: Date): string => date.toISOString();

export const toDataset = ({ dataset: d, itemCount }: DatasetView): Schemas['Dataset'] => ({
  id: d.id,
  name: d.name,
  description: d.description,
  metadata: d.metadata,
  version: d.version,
  itemCount,
  createdAt: iso(d.createdAt),
  updatedAt: iso(d.updatedAt),
});

export const toDatasetItem = (i: DatasetItemRecord): Schemas['DatasetItem'] => ({
  id: i.id,
  datasetId: i.datasetId,
  input: i.input,
  expectedOutput: i.expectedOutput,
  metadata: i.metadata,
  sourceTraceId: i.sourceTraceId,
  sourceSpanId: i.sourceSpanId,
  status: i.status,
  version: i.version,
  createdAt: iso(i.createdAt),
  updatedAt: iso(i.updatedAt),
});

/** Datasets and their versioned items (tag datasets). */
export class DatasetHandlers implements Pick<OperationHandlers, DatasetOperations> {
  constructor(private readonly datasets: DatasetService) {}

  importDatasetItems: OperationHandlers['importDatasetItems'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: await this.datasets.importItems(selectedProject(ctx).id, path.id, body.format, body.content),
  });

  listDatasets: OperationHandlers['listDatasets'] = async ({ ctx, query }) => {
    const { items, page } = await this.datasets.list(pageRequestOf(ctx, query));
    return { status: 200, data: { datasets: items.map(toDataset), page } };
  };

  createDataset: OperationHandlers['createDataset'] = async ({ ctx, body }) => ({ status: 201, data: toDataset(await this.datasets.create(selectedProject(ctx).id, body)) });

  getDataset: OperationHandlers['getDataset'] = async ({ ctx, path }) => ({ status: 200, data: toDataset(await this.datasets.get(selectedProject(ctx).id, path.id)) });

  updateDataset: OperationHandlers['updateDataset'] = async ({ ctx, path, body }) => ({ status: 200, data: toDataset(await this.datasets.update(selectedProject(ctx).id, path.id, body)) });

  deleteDataset: OperationHandlers['deleteDataset'] = async ({ ctx, path, body }) => {
    await this.datasets.delete(selectedProject(ctx).id, path.id, body.confirmation);
    return { status: 200, data: { id: path.id, deleted: true } };
  };

  listDatasetItems: OperationHandlers['listDatasetItems'] = async ({ ctx, path, query }) => {
    const { items, datasetVersion, page } = await this.datasets.listItems(pageRequestOf(ctx, query), path.id, { version: query.version, includeArchived: query.includeArchived });
    return { status: 200, data: { items: items.map(toDatasetItem), datasetVersion, page } };
  };

  createDatasetItem: OperationHandlers['createDatasetItem'] = async ({ ctx, path, body }) => ({
    status: 201,
    data: toDatasetItem(await this.datasets.createItem(selectedProject(ctx).id, path.id, body)),
  });

  updateDatasetItem: OperationHandlers['updateDatasetItem'] = async ({ ctx, path, body }) => ({
    status: 200,
    data: toDatasetItem(await this.datasets.updateItem(selectedProject(ctx).id, path.id, path.itemId, body)),
  });
}

/** `exportDatasetItems`: JSON Lines or CSV, written as the pages are read. */
export function exportDatasetItemsHandler(datasets: DatasetService): StreamingHandler<'exportDatasetItems'> {
  return async ({ ctx, path, query }, res: Response) => {
    const format = query.format ?? 'jsonl';
    const lines = await datasets.openExport(selectedProject(ctx).id, path.id, format, query.version);
    res.status(200);
    res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
    res.setHeader('X-Request-Id', ctx.requestId);
    res.setHeader('Cache-Control', 'no-store');
    try {
      for await (const line of lines) {
        if (res.destroyed) return;
        if (!res.write(line)) await drained(res);
      }
      res.end();
    } catch (error) {
      res.destroy(error as Error);
    }
  };
}
