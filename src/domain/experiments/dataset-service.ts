import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { DatasetItemRecord, DatasetItemStatus, DatasetRecord } from '../../ports/datasets.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { PageRequest } from '../evaluations/created-pages.js';
import { checkJsonSize, MAX_DATASET_ITEMS, MAX_ITEM_BYTES } from './dataset-limits.js';
import { experimentPage } from './experiment-pages.js';
import { csvLine } from './csv-records.js';
import { CSV_HEADER, parseImport, type ImportFormat } from './item-import.js';

/** Items read per page while an export streams. */
const EXPORT_PAGE = 500;

const BODY = '/body';

export interface DatasetView {
  dataset: DatasetRecord;
  /** Active items at the current version. */
  itemCount: number;
}

export interface DatasetItemInput {
  input?: unknown;
  expectedOutput?: unknown;
  metadata?: Record<string, unknown>;
  sourceTraceId?: string;
  sourceSpanId?: string;
}

export interface DatasetItemChanges {
  input?: unknown;
  expectedOutput?: unknown;
  metadata?: Record<string, unknown>;
  status?: DatasetItemStatus;
}

const nameConflict = (name: string) => problems.conflict('PUBLIC_API_DATASET_CONFLICT', `A dataset named "${name}" already exists in this project.`);

function trimmedName(name: string, path: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1) throw problems.validation('The name is empty.', [{ code: 'min_length', message: 'must have 1 to 255 characters after trimming', path }]);
  return trimmed;
}

/**
 * Datasets and their versioned items. Every item change runs in one transaction that takes the
 * next dataset version and appends the item's new state stamped with it, so reading "as of
 * version N" (each item's latest state at or below N) is exact and earlier states never change.
 * Another project's dataset is indistinguishable from none.
 */
export class DatasetService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
  ) {}

  async create(projectId: string, input: { name: string; description?: string; metadata?: Record<string, unknown> }): Promise<DatasetView> {
    const now = this.clock.now();
    const dataset: DatasetRecord = {
      id: randomUUID(),
      projectId,
      name: trimmedName(input.name, `${BODY}/name`),
      description: input.description ?? null,
      metadata: input.metadata ?? {},
      version: 0,
      createdAt: now,
      updatedAt: now,
    };
    checkJsonSize(dataset.metadata, MAX_ITEM_BYTES, `${BODY}/metadata`);
    if (!(await this.store.datasets.insert(dataset))) throw nameConflict(dataset.name);
    return { dataset, itemCount: 0 };
  }

  /** The dataset, or 404 (also for a malformed id or another project's dataset). */
  async find(store: Store, projectId: string, id: string): Promise<DatasetRecord> {
    const dataset = isUuid(id) ? await store.datasets.find(projectId, id.toLowerCase()) : null;
    if (!dataset) throw problems.notFound('The dataset');
    return dataset;
  }

  async get(projectId: string, id: string): Promise<DatasetView> {
    return this.view(await this.find(this.store, projectId, id));
  }

  async list(request: PageRequest): Promise<{ items: DatasetView[]; page: Page }> {
    const { items, page } = await experimentPage(this.cursors, request, {}, 'createdAt:desc,id:desc', (limit, after) => this.store.datasets.list(request.projectId, limit, after));
    return { items: await Promise.all(items.map((dataset) => this.view(dataset))), page };
  }

  async update(projectId: string, id: string, input: { name?: string; description?: string | null; metadata?: Record<string, unknown> }): Promise<DatasetView> {
    const dataset = await this.find(this.store, projectId, id);
    const name = input.name === undefined ? undefined : trimmedName(input.name, `${BODY}/name`);
    if (input.metadata !== undefined) checkJsonSize(input.metadata, MAX_ITEM_BYTES, `${BODY}/metadata`);
    const updated = await this.store.datasets.update(projectId, dataset.id, { name, description: input.description, metadata: input.metadata, updatedAt: this.clock.now() });
    if (!updated) throw nameConflict(name ?? dataset.name);
    return this.get(projectId, dataset.id);
  }

  async delete(projectId: string, id: string, confirmation: string): Promise<void> {
    if (confirmation !== id) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', 'confirmation must equal the id of the dataset to delete.', {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal the dataset id in the path', path: `${BODY}/confirmation` }],
      });
    }
    await this.store.transaction(async (tx) => {
      const dataset = await this.find(tx, projectId, id);
      await tx.datasets.delete(projectId, dataset.id);
    });
  }

  /** The items as of `version` (default: the current one), oldest first. */
  async listItems(
    request: PageRequest,
    datasetId: string,
    options: { version?: number; includeArchived?: boolean },
  ): Promise<{ items: DatasetItemRecord[]; datasetVersion: number; page: Page }> {
    const dataset = await this.find(this.store, request.projectId, datasetId);
    const version = options.version ?? dataset.version;
    if (version > dataset.version) {
      throw problems.validation(`The dataset is at version ${dataset.version}.`, [{ code: 'maximum', message: `must be at most the current version ${dataset.version}`, path: '/query/version' }]);
    }
    const includeArchived = options.includeArchived ?? false;
    const { items, page } = await experimentPage(this.cursors, request, { datasetId: dataset.id, version, includeArchived }, 'createdAt:asc,id:asc', (limit, after) =>
      this.store.datasets.listItems(dataset.id, version, includeArchived, limit, after),
    );
    return { items, datasetVersion: version, page };
  }

  async createItem(projectId: string, datasetId: string, input: DatasetItemInput): Promise<DatasetItemRecord> {
    const copied = await this.fromSource(projectId, input);
    const content = {
      input: input.input !== undefined ? input.input : copied.input,
      expectedOutput: input.expectedOutput !== undefined ? input.expectedOutput : copied.expectedOutput,
      metadata: input.metadata ?? {},
    };
    checkJsonSize(content, MAX_ITEM_BYTES, BODY);
    return this.store.transaction(async (tx) => {
      const dataset = await this.locked(tx, projectId, datasetId);
      if ((await tx.datasets.countItems(dataset.id)) >= MAX_DATASET_ITEMS) {
        throw problems.conflict('PUBLIC_API_DATASET_FULL', `A dataset holds at most ${MAX_DATASET_ITEMS} items (archived ones included).`);
      }
      const now = this.clock.now();
      const item: DatasetItemRecord = {
        id: randomUUID(),
        datasetId: dataset.id,
        version: dataset.version + 1,
        ...content,
        sourceTraceId: input.sourceTraceId ?? null,
        sourceSpanId: input.sourceSpanId ?? null,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      };
      await this.bump(tx, dataset, item);
      return item;
    });
  }

  async updateItem(projectId: string, datasetId: string, itemId: string, changes: DatasetItemChanges): Promise<DatasetItemRecord> {
    return this.store.transaction(async (tx) => {
      const dataset = await this.locked(tx, projectId, datasetId);
      const current = isUuid(itemId) ? await tx.datasets.findItem(dataset.id, itemId.toLowerCase(), dataset.version) : null;
      if (!current) throw problems.notFound('The dataset item');
      const next: DatasetItemRecord = {
        ...current,
        version: dataset.version + 1,
        input: changes.input !== undefined ? changes.input : current.input,
        expectedOutput: changes.expectedOutput !== undefined ? changes.expectedOutput : current.expectedOutput,
        metadata: changes.metadata ?? current.metadata,
        status: changes.status ?? current.status,
        updatedAt: this.clock.now(),
      };
      checkJsonSize({ input: next.input, expectedOutput: next.expectedOutput, metadata: next.metadata }, MAX_ITEM_BYTES, BODY);
      await this.bump(tx, dataset, next);
      return next;
    });
  }

  /**
   * Imports JSON Lines or CSV all or nothing: the text is parsed and every line checked before the
   * transaction; one bad line (reported with its number) writes nothing. One version for the import.
   */
  async importItems(projectId: string, datasetId: string, format: ImportFormat, content: string): Promise<{ imported: number; datasetVersion: number }> {
    await this.find(this.store, projectId, datasetId);
    const { items, errors } = parseImport(format, content);
    if (errors.length > 0) throw problems.validation(`The import has bad lines (the first ${errors.length} are listed); nothing was imported.`, errors);
    return this.store.transaction(async (tx) => {
      const dataset = await this.locked(tx, projectId, datasetId);
      const held = await tx.datasets.countItems(dataset.id);
      if (held + items.length > MAX_DATASET_ITEMS) {
        throw problems.conflict('PUBLIC_API_DATASET_FULL', `The dataset holds ${held} items; ${items.length} more would pass ${MAX_DATASET_ITEMS}.`);
      }
      if (items.length === 0) return { imported: 0, datasetVersion: dataset.version };
      const version = dataset.version + 1;
      const now = this.clock.now();
      for (const [index, item] of items.entries()) {
        // A millisecond apart, so the items list in the order of the file.
        const at = new Date(now.getTime() + index);
        await tx.datasets.insertItemVersion({ id: randomUUID(), datasetId: dataset.id, version, ...item, status: 'active', createdAt: at, updatedAt: at });
      }
      await tx.datasets.update(dataset.projectId, dataset.id, { version, updatedAt: now });
      return { imported: items.length, datasetVersion: version };
    });
  }

  /** The active items of a version as export lines, read a page at a time (the dataset is checked before the first line). */
  async openExport(projectId: string, datasetId: string, format: ImportFormat, version?: number): Promise<AsyncGenerator<string>> {
    const dataset = await this.find(this.store, projectId, datasetId);
    const asOf = version ?? dataset.version;
    if (asOf > dataset.version) {
      throw problems.validation(`The dataset is at version ${dataset.version}.`, [{ code: 'maximum', message: `must be at most the current version ${dataset.version}`, path: '/query/version' }]);
    }
    const store = this.store;
    const text = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
    return (async function* () {
      if (format === 'csv') yield csvLine(CSV_HEADER);
      let after: { createdAt: number; id: string } | null = null;
      for (;;) {
        const page = await store.datasets.listItems(dataset.id, asOf, false, EXPORT_PAGE, after);
        for (const item of page) {
          yield format === 'jsonl'
            ? `${JSON.stringify({ input: item.input, expectedOutput: item.expectedOutput, metadata: item.metadata, sourceTraceId: item.sourceTraceId, sourceSpanId: item.sourceSpanId })}\n`
            : csvLine([text(item.input), text(item.expectedOutput), Object.keys(item.metadata).length === 0 ? '' : JSON.stringify(item.metadata), item.sourceTraceId ?? '', item.sourceSpanId ?? '']);
        }
        const last = page[page.length - 1];
        if (!last || page.length < EXPORT_PAGE) return;
        after = { createdAt: last.createdAt.getTime(), id: last.id };
      }
    })();
  }

  private async view(dataset: DatasetRecord): Promise<DatasetView> {
    return { dataset, itemCount: await this.store.datasets.countActiveItems(dataset.id, dataset.version) };
  }

  private async locked(tx: Store, projectId: string, datasetId: string): Promise<DatasetRecord> {
    const dataset = isUuid(datasetId) ? await tx.datasets.findForUpdate(projectId, datasetId.toLowerCase()) : null;
    if (!dataset) throw problems.notFound('The dataset');
    return dataset;
  }

  /** Appends the item's new state at the next version and moves the dataset to it. */
  private async bump(tx: Store, dataset: DatasetRecord, item: DatasetItemRecord): Promise<void> {
    await tx.datasets.insertItemVersion(item);
    await tx.datasets.update(dataset.projectId, dataset.id, { version: item.version, updatedAt: item.updatedAt });
  }

  /** Input and output of the source span (the trace's root span when none is named); 404 when it is not in the project. */
  private async fromSource(projectId: string, input: DatasetItemInput): Promise<{ input: unknown; expectedOutput: unknown }> {
    if (input.sourceTraceId === undefined) {
      if (input.sourceSpanId !== undefined) {
        throw problems.validation('sourceSpanId needs sourceTraceId.', [{ code: 'dependent_required', message: 'sourceSpanId needs sourceTraceId', path: `${BODY}/sourceSpanId` }]);
      }
      if (input.input === undefined) throw problems.validation('Send input or sourceTraceId.', [{ code: 'required', message: 'send input or sourceTraceId', path: `${BODY}/input` }]);
      return { input: null, expectedOutput: null };
    }
    const found = await this.store.traces.findWithSpans(projectId, input.sourceTraceId);
    if (!found) throw problems.notFound('The trace');
    const span =
      input.sourceSpanId !== undefined
        ? found.spans.find((s) => s.spanId === input.sourceSpanId)
        : (found.spans.find((s) => s.parentSpanId === null) ?? found.spans[0]);
    if (input.sourceSpanId !== undefined && !span) throw problems.notFound('The span');
    return { input: span?.input ?? null, expectedOutput: span?.output ?? null };
  }
}
