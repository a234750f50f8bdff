import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { ProblemError, problems } from '../../errors.js';
import type { SsoConnectionRecord, SsoGroupRole, SsoRole } from '../../ports/sso.js';
import type { Store } from '../../ports/store.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { checkedGroupRoles } from '../scim/group-role-mapping.js';
import type { OidcClient } from './oidc-client.js';
import { SsoError } from './sso-error.js';

export const DEFAULT_GROUP_CLAIM = 'groups';
const MAX_DOMAINS = 20;
/** A DNS name of at least two labels, lower case (IDNs in their xn-- form). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const CLAIM = /^[A-Za-z0-9_:./-]{1,255}$/;

export interface SsoConnectionInput {
  issuer: string;
  clientId: string;
  /** Required when creating; left out on replace, the stored secret is kept. */
  clientSecret?: string;
  allowedDomains: string[];
  defaultRole: SsoRole;
  groupClaim?: string;
  groupRoles?: SsoGroupRole[];
  requireSso?: boolean;
}

export interface SsoConnectionView extends Omit<SsoConnectionRecord, 'clientSecretSealed'> {
  /** What the identity provider's application must list as its redirect (callback) URI. */
  redirectUri: string;
}

const ownersOnly = (): ProblemError =>
  new ProblemError(403, 'PUBLIC_API_OWNER_REQUIRED', 'Only an owner of the organization (signed in as a user) may manage its single sign-on.');

const field = (path: string, code: string, message: string, detail: string): ProblemError => problems.validation(detail, [{ code, message, path }]);

/**
 * The REST side of OpenID Connect single sign-on: an organization owner reads, creates, replaces and
 * deletes the organization's one connection. Saving fetches the provider's discovery document (through
 * the SSRF guard) so a wrong issuer is refused now, not at the first sign-in. The client secret is
 * sealed with the secret box (the connection id as associated data) and never returned.
 */
export class SsoConnections {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly oidc: OidcClient,
    readonly redirectUri: string,
  ) {}

  async list(principal: Principal): Promise<SsoConnectionView[]> {
    const organizationId = await this.ownedOrganization(principal);
    const found = await this.store.sso.findByOrganization(organizationId);
    return found ? [this.view(found)] : [];
  }

  async create(principal: Principal, input: SsoConnectionInput): Promise<SsoConnectionView> {
    const organizationId = await this.ownedOrganization(principal);
    if (await this.store.sso.findByOrganization(organizationId)) {
      throw problems.conflict('SSO_CONNECTION_EXISTS', 'The organization already has a single sign-on connection; replace it (PUT) or delete it first.');
    }
    if (input.clientSecret === undefined) throw field('/body/clientSecret', 'required', 'is required when creating a connection', 'A client secret is required.');
    const now = this.clock.now();
    const id = randomUUID();
    return this.save(organizationId, input, { id, sealed: this.box.seal(input.clientSecret, id), createdAt: now });
  }

  async replace(principal: Principal, id: string, input: SsoConnectionInput): Promise<SsoConnectionView> {
    const existing = await this.owned(principal, id);
    const sealed = input.clientSecret === undefined ? existing.clientSecretSealed : this.box.seal(input.clientSecret, id);
    return this.save(existing.organizationId, input, { id, sealed, createdAt: existing.createdAt });
  }

  async remove(principal: Principal, id: string): Promise<SsoConnectionView> {
    const existing = await this.owned(principal, id);
    await this.store.sso.remove(id);
    return this.view(existing);
  }

  private async save(organizationId: string, input: SsoConnectionInput, base: { id: string; sealed: string; createdAt: Date }): Promise<SsoConnectionView> {
    const issuer = input.issuer.trim().replace(/\/+$/, '');
    const clientId = input.clientId.trim();
    if (!clientId) throw field('/body/clientId', 'required', 'must not be empty', 'A client id is required.');
    if (input.clientSecret !== undefined && input.clientSecret.length === 0) throw field('/body/clientSecret', 'required', 'must not be empty', 'The client secret must not be empty.');
    const allowedDomains = this.domains(input.allowedDomains);
    const groupClaim = (input.groupClaim ?? DEFAULT_GROUP_CLAIM).trim();
    if (!CLAIM.test(groupClaim)) throw field('/body/groupClaim', 'pattern', 'must be a claim name (letters, digits, _ : . / -)', 'The group claim is not a claim name.');
    const projects = new Set((await this.store.projects.listByOrganization(organizationId)).map((project) => project.id));
    const groupRoles = checkedGroupRoles(input.groupRoles ?? [], projects);
    try {
      await this.oidc.discover(issuer);
    } catch (error) {
      if (error instanceof SsoError) throw field('/body/issuer', error.code, 'is not a usable OpenID Connect issuer', error.message);
      throw error;
    }
    const record: SsoConnectionRecord = {
      id: base.id,
      organizationId,
      issuer,
      clientId,
      clientSecretSealed: base.sealed,
      allowedDomains,
      defaultRole: input.defaultRole,
      groupClaim,
      groupRoles,
      requireSso: input.requireSso ?? false,
      createdAt: base.createdAt,
      updatedAt: this.clock.now(),
    };
    if ((await this.store.sso.save(record)) === 'conflict') {
      throw new ProblemError(409, 'SSO_DOMAIN_TAKEN', 'An email domain of this connection belongs to another organization’s single sign-on.', {
        errors: [{ code: 'unique', message: 'names a domain another organization signs in', path: '/body/allowedDomains' }],
      });
    }
    return this.view(record);
  }

  private domains(input: readonly string[]): string[] {
    if (input.length === 0) throw field('/body/allowedDomains', 'minItems', 'must name at least one domain', 'Name the email domains this connection signs in.');
    if (input.length > MAX_DOMAINS) throw field('/body/allowedDomains', 'maxItems', `must name at most ${MAX_DOMAINS} domains`, 'Too many domains.');
    const seen = new Set<string>();
    input.forEach((raw, index) => {
      const domain = raw.trim().toLowerCase();
      const path = `/body/allowedDomains/${index}`;
      if (!DOMAIN.test(domain)) throw field(path, 'pattern', 'is not a domain name such as example.com', 'An allowed domain is not a domain name.');
      if (seen.has(domain)) throw field(path, 'unique', 'names a domain already listed', 'Each domain is listed once.');
      seen.add(domain);
    });
    return [...seen].sort();
  }

  private view(record: SsoConnectionRecord): SsoConnectionView {
    const { clientSecretSealed: _sealed, ...rest } = record;
    return { ...rest, redirectUri: this.redirectUri };
  }

  private async owned(principal: Principal, id: string): Promise<SsoConnectionRecord> {
    const organizationId = await this.ownedOrganization(principal);
    const found = await this.store.sso.findById(id);
    if (!found || found.organizationId !== organizationId) throw problems.notFound('The single sign-on connection');
    return found;
  }

  /** The selected project's organization, when the caller is a user who owns it. */
  private async ownedOrganization(principal: Principal): Promise<string> {
    const organizationId = principal.project!.organizationId;
    if (principal.kind !== 'oauth' || !principal.userId) throw ownersOnly();
    if ((await this.store.organizations.findMemberRole(organizationId, principal.userId)) !== 'owner') throw ownersOnly();
    return organizationId;
  }
}
