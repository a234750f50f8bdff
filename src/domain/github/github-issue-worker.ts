import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { isProblemError } from '../../errors.js';
import type { GitHubIssueOutcome } from '../../ports/github.js';
import type { Store } from '../../ports/store.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';
import type { DestinationGuard } from '../webhooks/destination-guard.js';
import { isRetryableStatus, retryDelayMs } from '../webhooks/retry-schedule.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import type { GitHubPoster, GitHubResponse } from './github-client.js';
import { issueFor } from './github-issue-body.js';
import { tokenAad } from './github-target-service.js';

export interface GitHubIssueWorkerDependencies {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  destinations: DestinationGuard;
  poster: GitHubPoster;
  dispatch: DispatchService;
  /** GITHUB_API_URL, without a trailing slash. */
  apiUrl: string;
  /** PUBLIC_BASE_URL: the console the issue links back to. */
  publicBaseUrl: string;
  timeoutMs: number;
  random?: () => number;
  log?: (message: string) => void;
}

const BATCH_SIZE = 10;
const MAX_DRAIN_ROUNDS = 100;

/** Why an attempt did not create the issue, and whether another may. */
type Verdict = { kind: 'created'; number: number; url: string } | { kind: 'retry' | 'failed'; error: string };

function judge(response: GitHubResponse, timeoutMs: number): Verdict {
  if (response.kind === 'timeout') return { kind: 'retry', error: `timeout after ${timeoutMs} ms` };
  if (response.kind === 'connection') return { kind: 'retry', error: `connection error: ${response.message}` };
  if (response.statusCode === 201) {
    try {
      const issue = JSON.parse(response.body) as { number?: unknown; html_url?: unknown };
      if (Number.isSafeInteger(issue.number) && (issue.number as number) > 0 && typeof issue.html_url === 'string' && /^https?:\/\//.test(issue.html_url)) {
        return { kind: 'created', number: issue.number as number, url: issue.html_url };
      }
    } catch {
      // judged below
    }
    // Created, but we cannot tell which issue: another attempt would create a second one.
    return { kind: 'failed', error: 'GitHub answered 201 without an issue number and html_url' };
  }
  let message = '';
  try {
    message = String((JSON.parse(response.body) as { message?: unknown }).message ?? '');
  } catch {
    // not JSON
  }
  const error = `HTTP ${response.statusCode}${message ? `: ${message}` : ''}`.slice(0, 500);
  // GitHub's secondary rate limit is a 403 with Retry-After semantics; its message says so.
  const rateLimited = response.statusCode === 403 && /rate limit/i.test(message);
  return { kind: isRetryableStatus(response.statusCode) || rateLimited ? 'retry' : 'failed', error };
}

/**
 * Creates the GitHub issues of dispatched fixes, outside the request that dispatched them. Each fix
 * is leased (compare-and-set) before an attempt, so workers in several processes never create one
 * issue twice at once; the outcome is settled under the lease, in one transaction with the dispatch
 * transition it causes. Failures that may pass (timeouts, 5xx, 429, rate limits) are retried on the
 * webhook schedule (30 s × 4ⁿ with jitter, 8 attempts); the rest fail the dispatch at once.
 */
export class GitHubIssueWorker {
  private readonly owner = `github_${randomUUID()}`;
  private readonly random: () => number;
  private readonly log: (message: string) => void;

  constructor(private readonly deps: GitHubIssueWorkerDependencies) {
    this.random = deps.random ?? Math.random;
    this.log = deps.log ?? (() => undefined);
  }

  async runOnce(): Promise<number> {
    const { store, clock } = this.deps;
    const now = clock.now();
    const due = await store.github.dueIssues(now, BATCH_SIZE);
    const leaseUntil = new Date(now.getTime() + this.deps.timeoutMs + 30_000);
    const leased = [];
    for (const issue of due) if (await store.github.leaseIssue(issue.fixId, this.owner, now, leaseUntil)) leased.push(issue);
    await Promise.all(leased.map((issue) => this.attempt(issue.projectId, issue.fixId, issue.attempts)));
    return leased.length;
  }

  async drain(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
      const attempted = await this.runOnce();
      if (attempted === 0) break;
      total += attempted;
    }
    return total;
  }

  private async attempt(projectId: string, fixId: string, attempts: number): Promise<void> {
    try {
      const verdict = await this.send(projectId, fixId);
      const attempt = attempts + 1;
      const delay = verdict.kind === 'retry' ? retryDelayMs(attempt, this.random) : null;
      const outcome: GitHubIssueOutcome =
        verdict.kind === 'created'
          ? verdict
          : delay === null
            ? { kind: 'failed', error: verdict.error }
            : { kind: 'retry', error: verdict.error, nextAttemptAt: new Date(this.deps.clock.now().getTime() + delay) };
      if (!(await this.deps.dispatch.settleGitHubIssue(projectId, fixId, this.owner, outcome))) this.log(`github issue of fix ${fixId}: lease lost before attempt ${attempt} was recorded`);
    } catch (error) {
      // The lease lapses and the attempt is made again; never log the token.
      this.log(`github issue of fix ${fixId} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async send(projectId: string, fixId: string): Promise<Verdict> {
    const { store } = this.deps;
    const target = await store.github.findTarget(projectId);
    const fix = await store.fixes.findById(projectId, fixId);
    if (!target || !fix) return { kind: 'failed', error: 'the project\'s GitHub target was removed' };
    const dispatch = await store.fixDispatch.find(projectId, fixId);
    if (dispatch?.status !== 'dispatched' || dispatch.target !== 'github') return { kind: 'failed', error: `the dispatch is no longer waiting for its issue (${dispatch?.status ?? 'gone'})` };
    const [owner, repo] = target.repository.split('/');
    let destination;
    try {
      destination = await this.deps.destinations.vet(`${this.deps.apiUrl}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/issues`);
    } catch (error) {
      if (!isProblemError(error)) throw error;
      return { kind: 'failed', error: `destination refused: ${error.message}`.slice(0, 500) };
    }
    const traceIds = (await store.fixes.linkedTraceIds([fix.id])).get(fix.id) ?? [];
    const body = JSON.stringify(issueFor(fix, traceIds, this.deps.publicBaseUrl, target.labels));
    const token = this.deps.secrets.open(target.tokenCiphertext, tokenAad(projectId));
    return judge(await this.deps.poster({ destination, token, body, timeoutMs: this.deps.timeoutMs }), this.deps.timeoutMs);
  }
}
