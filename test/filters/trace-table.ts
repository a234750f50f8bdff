import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { registeredTraces } from '../support/trace-fixtures.js';
import { migrateToLatest, openDatabase, type Database } from '../../adapters/database.js';
import { createStore } from '../../adapters/store.js';
import { MemoryTraceListReader } from '../../adapters/memory/trace-list-reader.js';
import type { FilterNode } from '../../src/domain/filters/index.js';
import type { TraceListReader } from '../../src/ports/traces.js';
import { isolatedDatabase, seedDialect, type IsolatedDatabase, type PortAdapter } from '../support/adapters.js';
import { memoryRowsOf } from '../support/memory-rows.js';

/** A trace as the filter sees it (camelCase) and as it is inserted into `traces`. */
export interface TraceFixture {
  id: string;
  name: string;
  status: string;
  framework: string | null;
  agentName: string | null;
  errorMessage: string | null;
  latencyMs: number;
  cost: number;
  spanCount: number;
  totalTokens: number;
  createdAt: number;
  metadata: Record<string, unknown>;
  /** Its tags (migration 049's trigger writes their trace_tags rows). */
  tags?: string[];
}

/**
 * A migrated database with one project whose `traces` rows a test replaces at will, and the trace
 * list port of `adapter` over it (the in-memory adapter over the rows seeded into SQLite).
 */
export class TraceTable {
  private constructor(
    readonly adapter: PortAdapter,
    private readonly isolated: IsolatedDatabase,
    private readonly database: Database,
    readonly projectId: string,
  ) {}

  static async open(adapter: PortAdapter): Promise<TraceTable> {
    const isolated = isolatedDatabase(seedDialect(adapter));
    const database = await openDatabase({
      databaseUrl: isolated.databaseUrl,
      dataDir: isolated.dataDir,
      sqliteFile: isolated.sqliteFile,
      postgresSchema: isolated.postgresSchema,
    });
    await migrateToLatest(database);
    const organizationId = randomUUID();
    const projectId = randomUUID();
    await database.knex('organizations').insert({ id: organizationId, name: 'Org', created_at: 0, updated_at: 0 });
    await database.knex('projects').insert({ id: projectId, organization_id: organizationId, name: 'Project', created_at: 0, updated_at: 0 });
    return new TraceTable(adapter, isolated, database, projectId);
  }

  get knex(): Knex {
    return this.database.knex;
  }

  async replace(traces: readonly TraceFixture[]): Promise<void> {
    await this.knex('traces').where({ project_id: this.projectId }).delete();
    if (traces.length === 0) return;
    await this.knex('traces').insert(
      await registeredTraces(
        this.knex,
        traces.map((t) => ({
          project_id: this.projectId,
          id: t.id,
          name: t.name,
          status: t.status,
          framework: t.framework,
          agent_name: t.agentName,
          error_message: t.errorMessage,
          latency_ms: t.latencyMs,
          cost: t.cost,
          span_count: t.spanCount,
          total_tokens: t.totalTokens,
          created_at: t.createdAt,
          metadata: JSON.stringify(t.metadata),
          tags: JSON.stringify(t.tags ?? []),
        })),
      ),
    );
  }

  /** The trace list port under test, over the rows as they are now. */
  async reader(): Promise<TraceListReader> {
    return this.adapter === 'memory' ? new MemoryTraceListReader(await memoryRowsOf(this.knex)) : createStore(this.knex, this.adapter).traces;
  }

  /** Ids of the rows the trace list keeps under the rules (a saved filter's condition), sorted. */
  async matching(rules: readonly FilterNode[]): Promise<string[]> {
    const traces = await (await this.reader()).list({ projectId: this.projectId, filters: {}, limit: 10_000, extraCondition: { kind: 'filter', rules } });
    return traces.map((trace) => trace.id).sort();
  }

  async close(): Promise<void> {
    await this.database.close();
    await this.isolated.drop();
  }
}
