import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateToLatest, openDatabase, type Database } from '../../adapters/database.js';
import type { Dialect } from '../../src/ports/store.js';
import { isolatedDatabase, type IsolatedDatabase } from '../support/adapters.js';

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
}

/** A migrated database of `adapter` with one project whose `traces` rows a test replaces at will. */
export class TraceTable {
  private constructor(
    readonly adapter: Dialect,
    private readonly isolated: IsolatedDatabase,
    private readonly database: Database,
    readonly projectId: string,
  ) {}

  static async open(adapter: Dialect): Promise<TraceTable> {
    const isolated = isolatedDatabase(adapter);
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
      })),
    );
  }

  /** Ids of the rows `apply` keeps, sorted. */
  async matching(apply: (qb: Knex.QueryBuilder) => void): Promise<string[]> {
    const query = this.knex('traces').select('id').where({ project_id: this.projectId });
    apply(query);
    return (await query).map((row: { id: string }) => row.id).sort();
  }

  async close(): Promise<void> {
    await this.database.close();
    await this.isolated.drop();
  }
}
