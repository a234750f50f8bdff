import { randomBytes, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Clock } from '../../clock.js';
import { hashToken } from '../../auth/tokens.js';
import { TtlCache } from '../../auth/ttl-cache.js';
import type { OrganizationRole } from '../../ports/organizations.js';
import type { SsoConnectionRecord, SsoResume } from '../../ports/sso.js';
import type { Store } from '../../ports/store.js';
import type { UserRecord } from '../../ports/users.js';
import type { SecretBox } from '../webhooks/secret-box.js';
import { mappedProjectRoles, mappedRole, syncProjectRoles } from '../scim/scim-membership.js';
import type { IdTokenClaims, OidcClient, ProviderMetadata } from './oidc-client.js';
import { SsoError } from './sso-error.js';

/** How long the person may spend at the identity provider before the callback is refused. */
const LOGIN_STATE_LIFETIME_MS = 10 * 60_000;
const DISCOVERY_CACHE_MS = 5 * 60_000;
const MAX_GROUPS = 1000;

export const emailDomain = (email: string): string | null => {
  const at = email.trim().lastIndexOf('@');
  return at > 0 && at < email.trim().length - 1 ? email.trim().slice(at + 1).toLowerCase() : null;
};

/** The groups the ID token names under the connection's claim: a list of strings, or one string. */
function groupsOf(claims: IdTokenClaims, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string').slice(0, MAX_GROUPS);
}

export interface SsoSignedIn {
  user: UserRecord;
  resume: SsoResume;
  organizationId: string;
}

/**
 * Sign-in through an organization's OpenID Connect provider. `start` finds the connection by the
 * email's domain and sends the browser to the provider (code + PKCE S256, state, nonce; the state's
 * hash, nonce and verifier kept server-side for ten minutes). `finish` takes that state exactly once
 * (a replayed callback finds nothing), redeems the code, validates the ID token, requires a verified
 * email of an allowed domain, and only then — in one transaction — creates the account and membership
 * just in time and applies the group mapping (the organization role and project roles follow the
 * groups at every sign-in; owners are never changed). Every refusal is an SsoError in plain words.
 */
export class SsoSignIn {
  private readonly discovery: TtlCache<ProviderMetadata>;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly oidc: OidcClient,
    private readonly redirectUri: string,
  ) {
    this.discovery = new TtlCache(clock, DISCOVERY_CACHE_MS, 100);
  }

  /** The connection that signs in this email's domain, if any ("Continue with SSO"). */
  async connectionFor(email: string): Promise<SsoConnectionRecord | null> {
    const domain = emailDomain(email);
    return domain ? this.store.sso.findByDomain(domain) : null;
  }

  async start(email: string, resume: SsoResume): Promise<URL> {
    const domain = emailDomain(email);
    if (!domain) throw new SsoError(400, 'email_invalid', 'Enter your work email address (name@company.com).');
    const connection = await this.store.sso.findByDomain(domain);
    if (!connection) throw new SsoError(400, 'no_connection', `Single sign-on is not set up for ${domain}. Sign in with your email and password instead.`);
    const metadata = await this.metadata(connection);
    const state = randomBytes(32).toString('base64url');
    const nonce = oauth.generateRandomNonce();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const now = this.clock.now();
    await this.store.sso.createLoginState({ stateHash: hashToken(state), connectionId: connection.id, nonce, codeVerifier, resume, expiresAt: new Date(now.getTime() + LOGIN_STATE_LIFETIME_MS), createdAt: now });
    // The groups scope only where the provider lists it: some refuse a scope they do not know.
    const scope = ['openid', 'email', 'profile', ...((metadata.scopes_supported ?? []).includes('groups') ? ['groups'] : [])].join(' ');
    return this.oidc.authorizationUrl(metadata, { clientId: connection.clientId, redirectUri: this.redirectUri, scope, state, nonce, codeVerifier, loginHint: email.trim() });
  }

  async finish(params: URLSearchParams): Promise<SsoSignedIn> {
    const state = params.get('state');
    if (!state) throw new SsoError(400, 'state_missing', 'This sign-in response carries no state. Start the sign-in again from Tracewell.');
    const taken = await this.store.sso.takeLoginState(hashToken(state), this.clock.now());
    if (!taken) throw new SsoError(400, 'state_unknown', 'This sign-in link was already used or has expired. Start the sign-in again.');
    const connection = await this.store.sso.findById(taken.connectionId);
    if (!connection) throw new SsoError(400, 'state_unknown', 'The single sign-on connection of this sign-in was removed. Start the sign-in again.');
    const claims = await this.oidc.finish(
      await this.metadata(connection),
      { issuer: connection.issuer, clientId: connection.clientId, clientSecret: this.box.open(connection.clientSecretSealed, connection.id) },
      { params, state, nonce: taken.nonce, codeVerifier: taken.codeVerifier, redirectUri: this.redirectUri },
    );
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email) throw new SsoError(400, 'email_missing', 'Your identity provider did not share your email address (scope "email"). Ask your administrator to release it.');
    if (claims.email_verified !== true) throw new SsoError(403, 'email_unverified', `Your identity provider has not verified ${email}, so it cannot be used to sign in.`);
    const domain = emailDomain(email);
    if (!domain || !connection.allowedDomains.includes(domain)) {
      throw new SsoError(403, 'domain_not_allowed', `${email} is not in a domain this organization signs in with single sign-on (${connection.allowedDomains.join(', ')}).`);
    }
    const user = await this.admit(connection, claims, email, groupsOf(claims, connection.groupClaim));
    return { user, resume: taken.resume, organizationId: connection.organizationId };
  }

  /** Just-in-time account and membership, then the group mapping; audited `sso.signed_in`. */
  private admit(connection: SsoConnectionRecord, claims: IdTokenClaims, email: string, groups: string[]): Promise<UserRecord> {
    return this.store.transaction(async (tx) => {
      const now = this.clock.now();
      const organizationId = connection.organizationId;
      const existing = await tx.users.findByEmail(email);
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 255) : email.slice(0, email.indexOf('@'));
      const user = existing ?? (await tx.users.create({ id: randomUUID(), email, name, now }));
      const before = await tx.organizations.findMemberRole(organizationId, user.id);
      let after: OrganizationRole = before ?? connection.defaultRole;
      if (before !== 'owner') {
        // Without a mapping, a member keeps the role an admin gave them; with one, the groups decide.
        after = !before || connection.groupRoles.length > 0 ? mappedRole(connection, groups) : before;
        if (!before) await tx.organizations.addMember({ organizationId, userId: user.id, role: after, now });
        else if (before !== after) await tx.organizations.setMemberRole(organizationId, user.id, after);
        await syncProjectRoles(tx, tx.sso, organizationId, user.id, mappedProjectRoles(connection, groups), now);
      }
      await tx.auditEvents.insert({
        id: randomUUID(),
        organizationId,
        projectId: null,
        actorKind: 'sign_in',
        actorCredentialId: `sso:${connection.id}`,
        actorUserId: user.id,
        action: 'sso.signed_in',
        targetType: 'user',
        targetId: user.id,
        requestId: null,
        details: { issuer: connection.issuer, subject: claims.sub, accountCreated: !existing, roleBefore: before, roleAfter: after, groups: groups.slice(0, 50) },
        createdAt: now,
      });
      return user;
    });
  }

  private async metadata(connection: SsoConnectionRecord): Promise<ProviderMetadata> {
    try {
      return (await this.discovery.get(connection.issuer, () => this.oidc.discover(connection.issuer)))!;
    } catch (error) {
      if (error instanceof SsoError) throw new SsoError(502, 'provider_unreachable', `Your organization's identity provider could not be reached. Try again shortly, or ask an owner to check the single sign-on connection.`);
      throw error;
    }
  }
}
