import type { components } from '../../generated/openapi.js';
import { CliFailure, UsageError } from './cli-errors.js';

export type Page = components['schemas']['Page'];

/** The spec's CLI collection ceiling. */
export const MAX_COLLECTED_ITEMS = 1000;

/** What the list flags ask for, validated. */
export interface ListRequest {
  limit?: number;
  cursor?: string;
  /** Set with --all: follow nextCursor until this many items or the end. */
  maxItems?: number;
}

export interface ListFlags {
  limit?: string;
  cursor?: string;
  all?: boolean;
  maxItems?: string;
}

function positiveInteger(flag: string, raw: string, max?: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1 || (max !== undefined && value > max)) {
    throw new UsageError(`${flag} must be an integer from 1${max !== undefined ? ` to ${max}` : ' up'}; got ${raw}`);
  }
  return value;
}

/** --all and --max-items only together (the collection ceiling must be explicit); --limit ≥ 1. */
export function parseListFlags(flags: ListFlags): ListRequest {
  if (flags.all && flags.maxItems === undefined) {
    throw new UsageError(`--all needs --max-items N (1 to ${MAX_COLLECTED_ITEMS}): a run collects at most N items and prints the cursor to resume with`);
  }
  if (!flags.all && flags.maxItems !== undefined) throw new UsageError('--max-items only applies together with --all');
  if (flags.cursor !== undefined && flags.cursor.trim() === '') throw new UsageError('--cursor must not be empty');
  return {
    limit: flags.limit === undefined ? undefined : positiveInteger('--limit', flags.limit),
    cursor: flags.cursor,
    maxItems: flags.maxItems === undefined ? undefined : positiveInteger('--max-items', flags.maxItems, MAX_COLLECTED_ITEMS),
  };
}

/** One page of any list: the command maps its data (traces, savedFilters, …) to items. */
export interface FetchedPage<T> {
  items: T[];
  page: Page;
}

export type PageFetcher<T> = (request: { cursor?: string; limit?: number }) => Promise<FetchedPage<T>>;

/** The result of a list command: the items and, when it stopped before the end, where to resume. */
export interface Collected<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CollectOptions {
  /** The list's largest page size in the contract; --all asks for full pages up to it. */
  maxPageSize: number;
  onProgress?: (itemsSoFar: number) => void;
}

const continuation = (page: Page): string | null => (page.hasMore ? page.nextCursor : null);

/**
 * One page by default. With maxItems, follows nextCursor; each request asks for at most the items
 * still wanted, so the run ends exactly at an item boundary the server chose and the returned
 * cursor resumes right after the last item printed: no gap, no duplicate.
 */
export async function collect<T>(fetchPage: PageFetcher<T>, request: ListRequest, options: CollectOptions): Promise<Collected<T>> {
  if (request.maxItems === undefined) {
    const first = await fetchPage({ cursor: request.cursor, limit: request.limit });
    return { items: first.items, nextCursor: continuation(first.page) };
  }
  const items: T[] = [];
  let cursor = request.cursor;
  const pageSize = request.limit ?? options.maxPageSize;
  for (;;) {
    const wanted = request.maxItems - items.length;
    const fetched = await fetchPage({ cursor, limit: Math.min(pageSize, wanted) });
    if (fetched.items.length > wanted) {
      throw new CliFailure(`The server returned ${fetched.items.length} items for a page of ${wanted}; stopping so no item is skipped.`);
    }
    items.push(...fetched.items);
    options.onProgress?.(items.length);
    const next = continuation(fetched.page);
    if (next === null) return { items, nextCursor: null };
    if (items.length >= request.maxItems) return { items, nextCursor: next };
    if (next === cursor) throw new CliFailure('The server returned the same cursor twice; stopping.');
    cursor = next;
  }
}
