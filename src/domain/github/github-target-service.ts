import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { isProblemError, problems, ProblemError } from '../../errors.js';
import type { GitHubTargetRecord } from '../../ports/github.js';
import type { Store } from '../../ports/store.js';
import type { DestinationGuard } from '../webhooks/destination-guard.js';
import type { SecretBox } from '../webhooks/secret-box.js';

export interface GitHubTargetView {
  target: GitHubTargetRecord;
  /** The webhook secret the service generated, in the answer that generated it only. */
  generatedSecret: string | null;
}

export interface GitHubTargetInput {
  repository: string;
  token?: string;
  labels?: string[];
  webhookSecret?: string;
}

/** Associated data of each sealed secret: a ciphertext copied onto another project or field does not open. */
export const tokenAad = (projectId: string): string => `github-token:${projectId}`;
export const webhookSecretAad = (projectId: string): string => `github-webhook-secret:${projectId}`;

/**
 * The project's GitHub target (docs/integrations.md#github). The token and the webhook secret are
 * sealed with the webhook secret box and never leave it except to call GitHub and check signatures.
 */
export class GitHubTargetService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
    private readonly destinations: DestinationGuard,
    private readonly apiUrl: string,
    private readonly publicBaseUrl: string,
  ) {}

  /** The Payload URL GitHub's webhook posts to for the project (the contract's receiveGithubWebhook). */
  webhookUrl(projectId: string): string {
    return `${this.publicBaseUrl}/api/v1/public/integrations/github/webhook/${projectId}`;
  }

  async get(projectId: string): Promise<GitHubTargetRecord> {
    const target = await this.store.github.findTarget(projectId);
    if (!target) throw problems.notFound('The GitHub target');
    return target;
  }

  async set(projectId: string, input: GitHubTargetInput, actor: string): Promise<GitHubTargetView> {
    // The API host must be reachable under the SSRF policy; refusing here beats failing every dispatch.
    await this.destinations.vet(this.apiUrl).catch((error: unknown) => {
      if (!isProblemError(error)) throw error;
      throw new ProblemError(400, error.code, `GITHUB_API_URL (${this.apiUrl}): ${error.message}`, {
        errors: [{ code: 'destination_forbidden', message: 'the deployment\'s GitHub API is not an allowed destination', path: '/body/repository' }],
      });
    });
    return this.store.transaction(async (tx) => {
      const existing = await tx.github.findTarget(projectId);
      if (!existing && input.token === undefined) {
        throw problems.validation('A new GitHub target needs a token.', [{ code: 'required', message: 'required when the project has no GitHub target', path: '/body/token' }]);
      }
      const generatedSecret = !existing && input.webhookSecret === undefined ? `ghws_${randomBytes(24).toString('base64url')}` : null;
      const webhookSecret = input.webhookSecret ?? generatedSecret;
      const now = this.clock.now();
      const target: GitHubTargetRecord = {
        projectId,
        repository: input.repository,
        tokenCiphertext: input.token !== undefined ? this.secrets.seal(input.token, tokenAad(projectId)) : existing!.tokenCiphertext,
        webhookSecretCiphertext: webhookSecret !== null ? this.secrets.seal(webhookSecret, webhookSecretAad(projectId)) : existing!.webhookSecretCiphertext,
        labels: input.labels ?? existing?.labels ?? [],
        updatedBy: actor,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      await tx.github.saveTarget(target);
      return { target, generatedSecret };
    });
  }

  async delete(projectId: string): Promise<void> {
    if (!(await this.store.github.deleteTarget(projectId))) throw problems.notFound('The GitHub target');
  }
}
