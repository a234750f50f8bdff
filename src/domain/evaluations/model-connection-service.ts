import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorCodec, Page } from '../../pagination/cursor.js';
import type { ModelConnectionRecord } from '../../ports/evaluations.js';
import type { Store } from '../../ports/store.js';
import type { DestinationGuard, VettedDestination } from '../webhooks/destination-guard.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { createdPage, type PageRequest } from './created-pages.js';

export interface ModelConnectionInput {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** What a judge call needs: where (vetted now), which model, and the key in clear. */
export interface OpenedConnection {
  destination: VettedDestination;
  model: string;
  apiKey: string;
}

/** The associated data of a sealed key: a ciphertext copied to another connection (or a webhook) does not open. */
const aad = (id: string): string => `model_connection:${id}`;

/** `{baseUrl}/chat/completions`, without doubling a trailing slash. */
export const completionsUrl = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, '')}/chat/completions`;

/**
 * Per-project connections to OpenAI-compatible chat-completions endpoints. The base URL passes the
 * webhook SSRF policy (DestinationGuard, WEBHOOK_ALLOWED_HOSTS) at creation and again before every
 * call; the API key is sealed with the webhook SecretBox and never returned.
 */
export class ModelConnectionService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly destinations: DestinationGuard,
    private readonly secrets: SecretBox,
  ) {}

  async create(projectId: string, input: ModelConnectionInput): Promise<ModelConnectionRecord> {
    await this.vet(input.baseUrl);
    const id = randomUUID();
    const record: ModelConnectionRecord = {
      id,
      projectId,
      name: input.name.trim() || input.name,
      baseUrl: input.baseUrl,
      model: input.model,
      apiKeyCiphertext: this.secrets.seal(input.apiKey, aad(id)),
      createdAt: this.clock.now(),
    };
    if (!(await this.store.modelConnections.insert(record))) {
      throw problems.conflict('PUBLIC_API_MODEL_CONNECTION_CONFLICT', `A model connection named "${record.name}" exists in the project.`);
    }
    return record;
  }

  /** Changes what is given; a new key is sealed in place of the old one, an absent key keeps it. */
  async update(projectId: string, id: string, change: Partial<ModelConnectionInput>): Promise<ModelConnectionRecord> {
    const current = await this.store.modelConnections.find(projectId, id);
    if (!current) throw problems.notFound('The model connection');
    if (change.baseUrl !== undefined) await this.vet(change.baseUrl);
    const record: ModelConnectionRecord = {
      ...current,
      name: change.name === undefined ? current.name : change.name.trim() || change.name,
      baseUrl: change.baseUrl ?? current.baseUrl,
      model: change.model ?? current.model,
      apiKeyCiphertext: change.apiKey === undefined ? current.apiKeyCiphertext : this.secrets.seal(change.apiKey, aad(id)),
    };
    const outcome = await this.store.modelConnections.update(record);
    if (outcome === 'missing') throw problems.notFound('The model connection');
    if (outcome === 'conflict') {
      throw problems.conflict('PUBLIC_API_MODEL_CONNECTION_CONFLICT', `A model connection named "${record.name}" exists in the project.`);
    }
    return record;
  }

  list(request: PageRequest): Promise<{ items: ModelConnectionRecord[]; page: Page }> {
    return createdPage(this.cursors, request, {}, (limit, after) => this.store.modelConnections.list(request.projectId, limit, after));
  }

  async delete(projectId: string, id: string): Promise<void> {
    if (!(await this.store.modelConnections.delete(projectId, id))) throw problems.notFound('The model connection');
  }

  /** The connection ready to call: re-vetted (DNS may have changed since creation) and its key opened. */
  async open(connection: ModelConnectionRecord): Promise<OpenedConnection> {
    const destination = await this.vet(connection.baseUrl);
    return { destination: { ...destination, url: new URL(completionsUrl(connection.baseUrl)) }, model: connection.model, apiKey: this.secrets.open(connection.apiKeyCiphertext, aad(connection.id)) };
  }

  private async vet(baseUrl: string): Promise<VettedDestination> {
    try {
      return await this.destinations.vet(completionsUrl(baseUrl));
    } catch (error) {
      if (error instanceof ProblemError && error.code === 'PUBLIC_API_WEBHOOK_DESTINATION_FORBIDDEN') {
        throw new ProblemError(400, error.code, error.message, {
          errors: [{ code: 'destination_forbidden', message: 'the base URL is not a public http(s) address', path: '/body/baseUrl' }],
        });
      }
      throw error;
    }
  }
}
