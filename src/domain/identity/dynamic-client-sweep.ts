import type { ScheduledTask } from '../scheduling/scheduler.js';
import type { OAuthClients } from './oauth-clients.js';

const BATCH = 100;

/**
 * Deletes self-registered (and metadata-document) clients unused past OAUTH_DYNAMIC_CLIENT_IDLE_DAYS,
 * with their grants: one bounded batch per UTC hour. Expired clients are already refused when
 * looked up; this keeps abandoned registrations from piling up when nobody registers anew (each
 * registration also sweeps a batch).
 */
export class DynamicClientSweep implements ScheduledTask {
  readonly name = 'oauth-dynamic-client-sweep';

  constructor(private readonly clients: OAuthClients) {}

  async dueSlots(now: Date): Promise<string[]> {
    return [now.toISOString().slice(0, 13)]; // YYYY-MM-DDTHH: each hour once
  }

  async run(): Promise<void> {
    await this.clients.deleteUnused(BATCH);
  }
}
