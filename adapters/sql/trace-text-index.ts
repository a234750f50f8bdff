import type { Knex } from 'knex';
import type { SearchClause, SearchQuery } from '../../src/ports/traces.js';

/** One trace's search document, as the full-text index stores it. */
export interface SearchDocument {
  projectId: string;
  traceId: string;
  body: string;
}

/**
 * The trace columns search_traces filters on by equality, which PostgreSQL copies into each search
 * row and indexes beside the document (migration 026): a filtered search then finds its matches in
 * the one index scan instead of joining every match to its trace.
 */
export const FACET_COLUMNS = ['status', 'framework', 'session_id', 'user_id'] as const;
export type FacetColumn = (typeof FACET_COLUMNS)[number];

/** A search's trace filters, as the text index takes them. */
export interface SearchFilter {
  /** The whole filter, as a condition on the joined `traces AS t`. */
  condition: (qb: Knex.QueryBuilder) => void;
  /** Its equalities on facet columns (also part of `condition`). */
  facets: Partial<Record<FacetColumn, string>>;
  /** The rest of the filter as a condition on `traces AS t`; absent when the facets are all of it. */
  rest?: (qb: Knex.QueryBuilder) => void;
  /**
   * Whether the index may answer the facets itself (TraceTextIndex.facetsIndexed): false while the
   * project's older documents are still being given their facet tokens, when the whole condition is
   * tested on the traces.
   */
  facetsIndexed: boolean;
}

/** What a dialect reads of a project before building its search statements (TraceTextIndex.searchPlan). */
export interface SearchPlan {
  /** PostgreSQL: the store blocks where the tiers of the project's search window begin, for this query (adapters/postgres/search-tiers.ts). */
  tierFloors?: readonly number[];
}

/**
 * The dialect-specific half of trace search: how documents are written to the database's own text
 * index and how matches (trace id + relevance, higher is better) are selected from it. Queries
 * arrive parsed (search-query.ts): their words are letters and digits only, so each dialect may
 * quote them into its own query language without escaping.
 */
export interface TraceTextIndex {
  /** Writes the documents of traces just stored (in the same transaction), last in the store order. */
  write(db: Knex, documents: SearchDocument[]): Promise<void>;
  /** Deletes the documents of some traces of one project at once (a retention pass). */
  removeMany(db: Knex, projectId: string, traceIds: string[]): Promise<void>;
  /**
   * Rewrites existing documents of one project (a re-index batch, an OTLP trace that received
   * more spans), each keeping its place in the store order that `recentMatches` walks: a rebuild
   * must not make the rebuilt traces the newest. A trace without a document gets one.
   */
  replace(db: Knex, projectId: string, documents: SearchDocument[]): Promise<void>;
  /**
   * A subquery selecting `relevance` and `recency` (the place in the store order, higher is newer)
   * of the `window` most recently stored of the project's traces matching the query — and `filter`,
   * when given — and whatever else `joinTraces` needs to reach their traces. Relevance is computed
   * for these only: scoring every match of a common word is what made a search over a million
   * traces take seconds (docs/search.md, "Order"). `plan`: what searchPlan read of the project.
   */
  recentMatches(db: Knex, projectId: string, query: SearchQuery, window: number, filter?: SearchFilter, plan?: SearchPlan): Knex.QueryBuilder;
  /**
   * What recentMatches needs to know of the project and the query before its statement is built
   * (the same `query`, `window` and `filter`), read outside the search's transaction and partly
   * kept for a while: it steers the statement's plan, never its answer. Absent: nothing.
   */
  searchPlan?(db: Knex, projectId: string, query: SearchQuery, window: number, filter?: SearchFilter): Promise<SearchPlan>;
  /** Joins `traces AS t` (of the project) to the rows `m` of recentMatches, each by its trace's key. */
  joinTraces(qb: Knex.QueryBuilder, projectId: string): void;
  /**
   * Whether every document of the project carries its facets, so recentMatches and countMatches may
   * find a filter's equalities in the index (SearchFilter.facetsIndexed). Absent: always.
   */
  facetsIndexed?(db: Knex, projectId: string): Promise<boolean>;
  /** A query selecting `n`: how many of the project's traces match (and pass `filter`), counted up to `limit`. */
  countMatches(db: Knex, projectId: string, query: SearchQuery, limit: number, filter?: SearchFilter): Knex.QueryBuilder;
  /**
   * A condition on `traces AS t` that holds for the project's traces matching the query: for pages
   * in time order, where the planner may walk the time index and test each trace (a common word)
   * or collect the matches first (a rare one).
   */
  matchCondition(projectId: string, query: SearchQuery): { sql: string; bindings: Knex.RawBinding[] };
  /**
   * A query selecting `n`, at most `limit` exactly when every statement of the search (the query
   * with `filter`) reads at most `limit` matches, however the project's traces are filtered or
   * ordered — reading at most `limit` + 1 entries of the index — so the search may run where a list
   * page of as many rows runs. Null: this search is never so bounded. Absent: none is.
   */
  fewMatches?(db: Knex, query: SearchQuery, limit: number, filter?: SearchFilter): Knex.QueryBuilder | null;
  /** Session settings the search queries need, applied inside their (read-only) transaction. */
  prepareSearch?(trx: Knex.Transaction): Promise<void>;
}

export type { SearchClause, SearchQuery };
