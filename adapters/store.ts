import type { Knex } from 'knex';
import type { Dialect, Store } from '../src/ports/store.js';
import {
  SqlApiKeyRepository,
  SqlOAuthAccessTokenRepository,
  SqlOrganizationRepository,
  SqlProjectRepository,
  SqlUserRepository,
} from './sql/foundation-repositories.js';
// (traces: repository imports go here)

// (tools: repository imports go here)

import { SqlDetectionEventRepository, SqlDetectionRepository } from './sql/detection-repositories.js';
import { SqlDetectionJobRepository } from './sql/detection-job-repository.js';
import { SqlEvaluationTraceReader } from './sql/evaluation-trace-reader.js';
import { SqlFixRepository } from './sql/fix-repository.js';
// (detections: repository imports go here)

// (saved-filters: repository imports go here)

// (identity: repository imports go here)

// (webhooks: repository imports go here)

/** Builds every repository over one knex connection or transaction. */
export function createStore(knex: Knex, dialect: Dialect): Store {
  const store: Store = {
    dialect,
    organizations: new SqlOrganizationRepository(knex),
    projects: new SqlProjectRepository(knex),
    users: new SqlUserRepository(knex),
    apiKeys: new SqlApiKeyRepository(knex),
    oauthTokens: new SqlOAuthAccessTokenRepository(knex),
    // (traces: repositories go here)

    // (tools: repositories go here)

    detections: new SqlDetectionRepository(knex),
    detectionEvents: new SqlDetectionEventRepository(knex),
    detectionJobs: new SqlDetectionJobRepository(knex, dialect),
    evaluationTraces: new SqlEvaluationTraceReader(knex),
    fixes: new SqlFixRepository(knex),
    // (detections: repositories go here)

    // (saved-filters: repositories go here)

    // (identity: repositories go here)

    // (webhooks: repositories go here)
    transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      // A transaction store nested in another joins it rather than opening a second one.
      if ((knex as Knex.Transaction).isTransaction) return work(store);
      return knex.transaction((trx) => work(createStore(trx, dialect)));
    },
  };
  return store;
}
