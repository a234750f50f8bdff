import type { Knex } from 'knex';
import type { DueGitHubIssue, GitHubIssueOutcome, GitHubRepository, GitHubTargetRecord } from '../../src/ports/github.js';
import { fromMillis, parseJson, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;

const toTarget = (row: Row): GitHubTargetRecord => ({
  projectId: row.project_id as string,
  repository: row.repository as string,
  tokenCiphertext: row.token_ciphertext as string,
  webhookSecretCiphertext: row.webhook_secret_ciphertext as string,
  labels: parseJson<string[]>(row.labels, []),
  updatedBy: row.updated_by as string,
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** GitHub targets, handled webhook deliveries and the issue-creation state kept on `fixes`. */
export class SqlGitHubRepository implements GitHubRepository {
  constructor(private readonly db: Knex) {}

  async findTarget(projectId: string): Promise<GitHubTargetRecord | null> {
    const row = await this.db('github_targets').where({ project_id: projectId }).first();
    return row ? toTarget(row) : null;
  }

  async saveTarget(target: GitHubTargetRecord): Promise<void> {
    const values = {
      repository: target.repository,
      token_ciphertext: target.tokenCiphertext,
      webhook_secret_ciphertext: target.webhookSecretCiphertext,
      labels: JSON.stringify(target.labels),
      updated_by: target.updatedBy,
      updated_at: toMillis(target.updatedAt),
    };
    await this.db('github_targets')
      .insert({ project_id: target.projectId, created_at: toMillis(target.createdAt), ...values })
      .onConflict('project_id')
      .merge(values);
  }

  async deleteTarget(projectId: string): Promise<boolean> {
    return (await this.db('github_targets').where({ project_id: projectId }).delete()) > 0;
  }

  async recordDelivery(projectId: string, deliveryId: string, event: string, outcome: string, now: Date): Promise<boolean> {
    // A savepoint keeps the caller's transaction usable on PostgreSQL when the id is a duplicate.
    try {
      await this.db.transaction(async (trx) => {
        await trx('github_webhook_deliveries').insert({ project_id: projectId, delivery_id: deliveryId, event, outcome, received_at: toMillis(now) });
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async scheduleIssue(projectId: string, fixId: string, now: Date): Promise<void> {
    await this.db('fixes').where({ project_id: projectId, id: fixId }).update({
      github_issue_number: null,
      github_issue_url: null,
      github_attempts: 0,
      github_next_attempt_at: toMillis(now),
      github_lease_owner: null,
      github_lease_until: null,
      github_last_error: null,
    });
  }

  async dueIssues(now: Date, limit: number): Promise<DueGitHubIssue[]> {
    const at = toMillis(now);
    const rows = await this.db('fixes')
      .where('github_next_attempt_at', '<=', at)
      .andWhere((q) => q.whereNull('github_lease_until').orWhere('github_lease_until', '<', at))
      .orderBy([{ column: 'github_next_attempt_at' }, { column: 'id' }])
      .limit(limit)
      .select('project_id', 'id', 'github_attempts');
    return rows.map((row: Row) => ({ projectId: row.project_id as string, fixId: row.id as string, attempts: Number(row.github_attempts) }));
  }

  async leaseIssue(fixId: string, owner: string, now: Date, until: Date): Promise<boolean> {
    const at = toMillis(now);
    const updated = await this.db('fixes')
      .where({ id: fixId })
      .andWhere('github_next_attempt_at', '<=', at)
      .andWhere((q) => q.whereNull('github_lease_until').orWhere('github_lease_until', '<', at))
      .update({ github_lease_owner: owner, github_lease_until: toMillis(until) });
    return updated === 1;
  }

  async settleIssue(fixId: string, owner: string, outcome: GitHubIssueOutcome): Promise<boolean> {
    const values: Row = { github_lease_owner: null, github_lease_until: null, github_attempts: this.db.raw('github_attempts + 1') };
    if (outcome.kind === 'created') {
      Object.assign(values, { github_issue_number: outcome.number, github_issue_url: outcome.url, github_next_attempt_at: null, github_last_error: null });
    } else if (outcome.kind === 'retry') {
      Object.assign(values, { github_next_attempt_at: toMillis(outcome.nextAttemptAt), github_last_error: outcome.error.slice(0, 500) });
    } else {
      Object.assign(values, { github_next_attempt_at: null, github_last_error: outcome.error.slice(0, 500) });
    }
    return (await this.db('fixes').where({ id: fixId, github_lease_owner: owner }).update(values)) === 1;
  }

  async fixOfIssue(projectId: string, number: number): Promise<string | null> {
    const row = await this.db('fixes').where({ project_id: projectId, github_issue_number: number }).orderBy('updated_at', 'desc').first('id');
    return row ? (row.id as string) : null;
  }
}
