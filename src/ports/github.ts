/** A project's GitHub target: where its approved dispatches become issues. Secrets travel sealed. */
export interface GitHubTargetRecord {
  projectId: string;
  /** `owner/name`. */
  repository: string;
  tokenCiphertext: string;
  webhookSecretCiphertext: string;
  labels: string[];
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A fix whose GitHub issue is due to be created, as the worker needs it. */
export interface DueGitHubIssue {
  projectId: string;
  fixId: string;
  attempts: number;
}

/** What one attempt at creating an issue ended in. */
export type GitHubIssueOutcome =
  | { kind: 'created'; number: number; url: string }
  | { kind: 'retry'; error: string; nextAttemptAt: Date }
  | { kind: 'failed'; error: string };

export interface GitHubRepository {
  findTarget(projectId: string): Promise<GitHubTargetRecord | null>;
  /** Inserts or replaces the project's target. */
  saveTarget(target: GitHubTargetRecord): Promise<void>;
  deleteTarget(projectId: string): Promise<boolean>;
  /** Records a webhook delivery id; false when it was recorded before (a redelivery). */
  recordDelivery(projectId: string, deliveryId: string, event: string, outcome: string, now: Date): Promise<boolean>;

  /** Marks the fix's issue as due now (a dispatch to GitHub): attempts start over, any old issue is forgotten. */
  scheduleIssue(projectId: string, fixId: string, now: Date): Promise<void>;
  /** Issues due at `now` and not leased, oldest due first. */
  dueIssues(now: Date, limit: number): Promise<DueGitHubIssue[]>;
  /** Takes the lease on a due issue (compare-and-set); false when another worker holds it or it is no longer due. */
  leaseIssue(fixId: string, owner: string, now: Date, until: Date): Promise<boolean>;
  /** Settles one attempt while the lease is still held; false when it was lost. */
  settleIssue(fixId: string, owner: string, outcome: GitHubIssueOutcome): Promise<boolean>;
  /** The fix of the project whose dispatch created issue `number` in `repository`, if any. */
  fixOfIssue(projectId: string, number: number): Promise<string | null>;
}
