import type { OrganizationRepository } from './organizations.js';
import type { ProjectRepository } from './projects.js';
import type { UserRepository } from './users.js';
import type { ApiKeyRepository } from './api-keys.js';
import type { OAuthAccessTokenRepository } from './oauth-tokens.js';
import type { DetectionRepository } from './detections.js';
import type { DetectionEventRepository } from './detection-events.js';
import type { DetectionJobRepository } from './detection-jobs.js';
import type { EvaluationTraceReader } from './evaluation-traces.js';
import type { FixRepository } from './fixes.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Every repository, bound to one connection or one transaction. `transaction` runs `work` with a
 * store whose repositories all share one database transaction: it commits when `work` resolves and
 * rolls back when it throws, so multi-row writes are all-or-nothing.
 */
export interface Store {
  readonly dialect: Dialect;
  readonly organizations: OrganizationRepository;
  readonly projects: ProjectRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly oauthTokens: OAuthAccessTokenRepository;
  // (traces: repositories go here)

  // (tools: repositories go here)

  readonly detections: DetectionRepository;
  readonly detectionEvents: DetectionEventRepository;
  readonly detectionJobs: DetectionJobRepository;
  /** The detections area's read access to traces and spans (evaluation, trends). */
  readonly evaluationTraces: EvaluationTraceReader;
  readonly fixes: FixRepository;
  // (detections: repositories go here)

  // (saved-filters: repositories go here)

  // (identity: repositories go here)

  // (webhooks: repositories go here)
  transaction<T>(work: (store: Store) => Promise<T>): Promise<T>;
}
