import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { isUuid } from '../actor.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { webhookSecretAad } from './github-target-service.js';
import { verifyGitHubSignature } from './github-signature.js';

export type ReceiptOutcome = 'handled' | 'duplicate' | 'pong' | 'ignored';

export interface Receipt {
  status: 200 | 202;
  outcome: ReceiptOutcome;
  detail: string;
}

export interface GitHubDelivery {
  projectId: string;
  signature: string | undefined;
  event: string | undefined;
  deliveryId: string | undefined;
  body: Buffer;
}

interface IssuesPayload {
  action?: unknown;
  issue?: { number?: unknown; html_url?: unknown };
  repository?: { full_name?: unknown };
  sender?: { login?: unknown };
}

const unauthorized = (detail: string): ProblemError => new ProblemError(401, 'PUBLIC_API_UNAUTHORIZED', detail);
const header = (name: string, detail: string): ProblemError =>
  problems.validation(detail, [{ code: 'required', message: `the ${name} header is required`, path: `/header/${name.toLowerCase()}` }]);

/**
 * GitHub's `issues` webhook for one project (docs/integrations.md#github). The signature over the
 * exact bytes received is the credential, checked before anything in the body is read. Each delivery
 * id is recorded in the transaction that acts on it, so a redelivery acts once, and a delivery whose
 * handling failed is not recorded and may be redelivered.
 */
export class GitHubWebhookReceiver {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly dispatch: DispatchService,
  ) {}

  async receive(delivery: GitHubDelivery): Promise<Receipt> {
    const projectId = delivery.projectId.toLowerCase();
    const target = isUuid(projectId) ? await this.store.github.findTarget(projectId) : null;
    if (!target) throw problems.notFound('The GitHub target of this project');
    const secret = this.secrets.open(target.webhookSecretCiphertext, webhookSecretAad(projectId));
    if (!verifyGitHubSignature(secret, delivery.body, delivery.signature)) {
      throw unauthorized('X-Hub-Signature-256 is missing or is not the HMAC-SHA256 of the body with this project\'s GitHub webhook secret.');
    }
    if (!delivery.event) throw header('X-GitHub-Event', 'The X-GitHub-Event header names the event.');
    if (!delivery.deliveryId) throw header('X-GitHub-Delivery', 'The X-GitHub-Delivery header identifies the delivery.');
    if (delivery.event.length > 64 || delivery.deliveryId.length > 64) {
      throw problems.validation('GitHub event names and delivery ids are short.', [{ code: 'too_long', message: 'at most 64 characters', path: delivery.event.length > 64 ? '/header/x-github-event' : '/header/x-github-delivery' }]);
    }
    let payload: IssuesPayload;
    try {
      payload = JSON.parse(delivery.body.toString('utf8')) as IssuesPayload;
    } catch {
      throw problems.validation('The body is not JSON; set the webhook\'s content type to application/json.', [{ code: 'malformed_json', message: 'not JSON', path: '/body' }]);
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw problems.validation('The body is not a JSON object.', [{ code: 'invalid_type', message: 'must be an object', path: '/body' }]);
    }
    const event = delivery.event;
    const deliveryId = delivery.deliveryId;
    return this.store.transaction(async (tx) => {
      const receipt = await this.judge(tx, projectId, target.repository, event, payload);
      if (!(await tx.github.recordDelivery(projectId, deliveryId, event, receipt.outcome, this.clock.now()))) {
        // A redelivery: throw away whatever judging it did in this transaction.
        throw new DuplicateDelivery();
      }
      return receipt;
    }).catch((error: unknown) => {
      if (error instanceof DuplicateDelivery) return { status: 200 as const, outcome: 'duplicate' as const, detail: `Delivery ${deliveryId} was received before.` };
      throw error;
    });
  }

  private async judge(tx: Store, projectId: string, repository: string, event: string, payload: IssuesPayload): Promise<Receipt> {
    const ignored = (detail: string): Receipt => ({ status: 202, outcome: 'ignored', detail });
    if (event === 'ping') return { status: 200, outcome: 'pong', detail: 'The webhook reaches this project.' };
    if (event !== 'issues') return ignored(`Only issues events act on fixes; this is ${event}.`);
    const fullName = typeof payload.repository?.full_name === 'string' ? payload.repository.full_name : '';
    // GitHub repository names are case-insensitive.
    if (fullName.toLowerCase() !== repository.toLowerCase()) return ignored(`The event is of ${fullName || 'no repository'}, not of the target ${repository}.`);
    const action = payload.action;
    if (action !== 'closed' && action !== 'reopened') return ignored(`Issue events with action ${typeof action === 'string' ? action : '(none)'} change nothing.`);
    const number = payload.issue?.number;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) return ignored('The event names no issue number.');
    const fixId = await tx.github.fixOfIssue(projectId, number);
    if (!fixId) return ignored(`Issue #${number} was not created by a fix dispatch of this project.`);
    const by = typeof payload.sender?.login === 'string' ? ` by ${payload.sender.login.slice(0, 100)}` : '';
    const moved = await this.dispatch.applyIssueEvent(tx, projectId, fixId, action, `GitHub issue #${number} ${action}${by}.`);
    return moved
      ? { status: 200, outcome: 'handled', detail: `Fix ${fixId} is now ${action === 'closed' ? 'resolved' : 'in_progress'}.` }
      : ignored(`Fix ${fixId} already is where issue #${number} being ${action} would put it.`);
  }
}

/** Rolls back the transaction of a delivery seen before. */
class DuplicateDelivery extends Error {}
