import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Store } from '../../ports/store.js';
import type { DispatchService } from '../dispatch/dispatch-service.js';
import { DestinationGuard } from '../webhooks/destination-guard.js';
import { SecretBox } from '../webhooks/secret-box.js';
import { gitHubPoster, type GitHubPoster } from './github-client.js';
import { GitHubIssueWorker } from './github-issue-worker.js';
import { GitHubTargetService } from './github-target-service.js';
import { GitHubWebhookReceiver } from './github-webhook-receiver.js';

export interface GitHubServices {
  /** The project's GitHub target (PUT/GET/DELETE /integrations/github). */
  githubTargets: GitHubTargetService;
  /** Creates the issues of GitHub dispatches: `runOnce()` / `drain()`; the runtime polls it. */
  githubIssues: GitHubIssueWorker;
  /** GitHub's `issues` webhook. */
  githubWebhooks: GitHubWebhookReceiver;
}

/**
 * The GitHub area, with the webhooks' secret box (key and derivation) and SSRF policy
 * (WEBHOOK_ALLOWED_HOSTS) so one set of settings governs every outbound destination.
 */
export function createGitHubServices(deps: { store: Store; clock: Clock; config: Config; dispatch: DispatchService; poster?: GitHubPoster }): GitHubServices {
  const { store, clock, config, dispatch } = deps;
  const secrets = new SecretBox(config.webhooks.encryptionKey, config.serverSecret);
  const destinations = new DestinationGuard(config.webhooks.allowedHosts);
  return {
    githubTargets: new GitHubTargetService(store, clock, secrets, destinations, config.github.apiUrl, config.publicBaseUrl),
    githubIssues: new GitHubIssueWorker({
      store,
      clock,
      secrets,
      destinations,
      poster: deps.poster ?? gitHubPoster,
      dispatch,
      apiUrl: config.github.apiUrl,
      publicBaseUrl: config.publicBaseUrl,
      timeoutMs: config.webhooks.deliveryTimeoutMs,
    }),
    githubWebhooks: new GitHubWebhookReceiver(store, clock, secrets, dispatch),
  };
}
