import type { Clock } from '../../clock.js';
import type { Store } from '../../ports/store.js';
import type { EventPublisher, EventType } from './event-publisher.js';

export type OpsEventType = Extract<EventType, `ops.${string}`>;

/**
 * Events about the deployment rather than a tenant's data (`ops.*`). Webhooks are per project, and a
 * process's backlog is no tenant's business, so these go only to the operator's organization: the one
 * named by OPS_EVENTS_ORGANIZATION_ID, or else the installation's first organization (the one the
 * first start creates for its admin). Each of its live projects gets the event, delivered to its
 * webhooks that subscribe to the type (or to `*`), in one transaction.
 */
export class OpsAnnouncer {
  constructor(
    private readonly store: Store,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    private readonly organizationId: string | undefined,
  ) {}

  /** Publishes `type` to every project of the operator's organization; answers how many projects. */
  async announce(type: OpsEventType, data: Record<string, unknown>): Promise<number> {
    return this.store.transaction(async (tx) => {
      const organizationId = this.organizationId ?? (await tx.organizations.firstOwner())?.organizationId;
      if (!organizationId) return 0;
      const projects = await tx.projects.listByOrganization(organizationId);
      const occurredAt = this.clock.now();
      for (const project of projects) await this.events.publish(tx, { type, projectId: project.id, occurredAt, data });
      return projects.length;
    });
  }
}
