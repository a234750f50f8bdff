import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { displayPrefix, hashToken, issueToken } from '../../auth/tokens.js';
import { ProblemError } from '../../errors.js';
import type { ScimConnectionRecord, ScimGroupRole, ScimRole } from '../../ports/scim.js';
import type { Store } from '../../ports/store.js';
import { syncMembership } from './scim-membership.js';
import { checkedGroupRoles } from './group-role-mapping.js';

export const DEFAULT_SCIM_ROLE: ScimRole = 'member';

export interface ScimConnectionView extends ScimConnectionRecord {
  enabled: boolean;
  baseUrl: string;
}

const ownersOnly = (): ProblemError =>
  new ProblemError(403, 'PUBLIC_API_OWNER_REQUIRED', 'Only an owner of the organization (signed in as a user) may manage its SCIM provisioning.');

/**
 * The REST side of SCIM provisioning: an organization owner reads the connection, sets the default
 * role and group mapping, and issues (rotates) the bearer token the identity provider uses.
 */
export class ScimConnections {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
  ) {}

  async get(principal: Principal): Promise<ScimConnectionView> {
    const organizationId = await this.ownedOrganization(principal);
    return this.view(organizationId, await this.store.scim.findConnection(organizationId));
  }

  /** Saves the mapping and recomputes every provisioned member's role in the same transaction. */
  async update(principal: Principal, settings: { defaultRole: ScimRole; groupRoles: ScimGroupRole[] }): Promise<ScimConnectionView> {
    const organizationId = await this.ownedOrganization(principal);
    const projects = new Set((await this.store.projects.listByOrganization(organizationId)).map((project) => project.id));
    const groupRoles = checkedGroupRoles(settings.groupRoles, projects);
    return this.store.transaction(async (tx) => {
      const now = this.clock.now();
      await tx.scim.saveSettings(organizationId, { defaultRole: settings.defaultRole, groupRoles }, now);
      const connection = (await tx.scim.findConnection(organizationId))!;
      for (const user of await tx.scim.allUsers(organizationId)) await syncMembership(tx, connection, user, now);
      return this.view(organizationId, connection);
    });
  }

  /** A new token, returned once; the previous one stops working in the same write. */
  async rotateToken(principal: Principal): Promise<{ token: string; connection: ScimConnectionView }> {
    const organizationId = await this.ownedOrganization(principal);
    const token = issueToken('scim');
    const now = this.clock.now();
    await this.store.scim.setToken(organizationId, { hash: hashToken(token), prefix: displayPrefix(token) }, { defaultRole: DEFAULT_SCIM_ROLE }, now);
    return { token, connection: this.view(organizationId, await this.store.scim.findConnection(organizationId)) };
  }

  private view(organizationId: string, record: ScimConnectionRecord | null): ScimConnectionView {
    const connection = record ?? { organizationId, tokenPrefix: null, tokenCreatedAt: null, defaultRole: DEFAULT_SCIM_ROLE, groupRoles: [], updatedAt: null };
    return { ...connection, enabled: connection.tokenPrefix !== null, baseUrl: `${this.publicBaseUrl}/scim/v2` };
  }

  /** The selected project's organization, when the caller is a user who owns it. */
  private async ownedOrganization(principal: Principal): Promise<string> {
    const organizationId = principal.project!.organizationId;
    if (principal.kind !== 'oauth' || !principal.userId) throw ownersOnly();
    if ((await this.store.organizations.findMemberRole(organizationId, principal.userId)) !== 'owner') throw ownersOnly();
    return organizationId;
  }
}
