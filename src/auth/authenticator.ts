import type { IncomingHttpHeaders } from 'node:http';
import { ProblemError } from '../errors.js';
import type { Store } from '../ports/store.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { Clock } from '../clock.js';
import type { CredentialKind, Principal, SecuritySchemeName } from './principal.js';
import { hashToken, tokenKindOf } from './tokens.js';
import { TtlCache } from './ttl-cache.js';
import { canonicalResource } from '../domain/identity/resource-indicators.js';
import type { ApiKeyRecord } from '../ports/api-keys.js';
import { effectiveProjectRole, satisfiesRole, type ProjectRole } from './roles.js';

const REALM = 'tracewell';
const LAST_USED_RESOLUTION_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The credential policy of one operation (from its `security` in the contract). */
export interface CredentialPolicy {
  security: { scheme: SecuritySchemeName; scopes: string[] }[];
  projectScoped: boolean;
  /** HTTP method: guest review tokens are read-only whatever an operation declares. */
  method?: string;
  /** Least project role for principals that hold roles (OAuth users, service accounts); absent → viewer. */
  minRole?: ProjectRole;
  /**
   * The request only opens a door to operations that are each authorized on their own (the tool
   * server: every tools/call is checked as its contract operation). A read-only key passes here and
   * is refused, per call, by the operations that write.
   */
  operationsCheckedPerCall?: boolean;
  /**
   * `x-tracewell-read-only: true`: a POST that only reads (its question is too large or structured
   * for a query string, as queryMetrics'), so a read-only key may call it.
   */
  readsOnly?: boolean;
}

/**
 * An operation that only reads: its HTTP method is GET, or the contract marks it
 * `x-tracewell-read-only` (docs/identity.md). What a read-only API key may call, in REST and as a tool.
 */
export const isReadOperation = (operation: { method?: string; readsOnly?: boolean } | undefined): boolean =>
  operation?.method === 'GET' || operation?.readsOnly === true;

/** A credential found valid by its resolver, before project selection and scope checks. */
export interface ResolvedCredential {
  kind: CredentialKind;
  credentialId: string;
  /** null when the credential is not tied to one organization (an OAuth token acts for its user). */
  organizationId: string | null;
  userId: string | null;
  scopes: readonly string[] | null;
  /** The one project the credential is limited to (a project API key, a guest share), if any. */
  fixedProjectId: string | null;
  grant?: { resourceType: string; resourceId: string } | null;
  /** Role or binding check for the selected project; absent means organization membership suffices. */
  canAccessProject?: (project: ProjectRecord) => Promise<boolean>;
  /**
   * The principal's role in the selected project (null: no membership or binding → 403). Present for
   * principals that hold roles; the operation's minimum role is then enforced as well as its scopes.
   */
  projectRole?: (project: ProjectRecord) => Promise<ProjectRole | null>;
  /** A read-only API key: GET operations only. */
  readOnly?: boolean;
  /** The grant (refresh family) of an OAuth token. */
  grantId?: string | null;
}

export interface RequestTarget {
  /** The Host the request was sent to, for host-bound tokens. */
  host: string;
  /**
   * RFC 8707 audiences this request serves: an OAuth token bound to a resource outside this list is
   * invalid here. Absent: the whole service only (the REST API). The tool server adds its own.
   */
  audiences?: readonly string[];
}

/** Turns a presented token into a credential, or null when it is unknown, expired or revoked. */
export type CredentialResolver = (token: string, target: RequestTarget) => Promise<ResolvedCredential | null>;

interface Presented {
  scheme: SecuritySchemeName;
  token: string;
}

/**
 * A request's credential as presented and as its resolver found it (null: unknown, expired or
 * revoked), read once: a request that is authorized against several operations (the tool server's
 * door, then each call's own operation) passes it to each authenticate() instead of hashing and
 * looking the token up again per operation. It belongs to one request and its RequestTarget.
 */
export interface RequestCredential {
  readonly presented: Presented;
  readonly credential: ResolvedCredential | null;
}

export const unauthenticated = (detail: string, tokenPresented: boolean): ProblemError =>
  new ProblemError(401, tokenPresented ? 'PUBLIC_API_INVALID_CREDENTIAL' : 'PUBLIC_API_UNAUTHENTICATED', detail, {
    headers: {
      'WWW-Authenticate': tokenPresented
        ? `Bearer realm="${REALM}", error="invalid_token", error_description="${detail.replace(/"/g, "'")}"`
        : `Bearer realm="${REALM}"`,
    },
  });

/**
 * Establishes the Principal of a request: which credential was presented and how, whether it is
 * valid, whether the operation accepts that kind, which project it selects, and whether the token's
 * scopes cover the operation. Kinds beyond API keys and OAuth plug in as resolvers.
 */
export class Authenticator {
  private readonly resolvers = new Map<SecuritySchemeName, CredentialResolver>();
  // Every REST request and tool call resolves its key and project; keeping found ones for a few
  // seconds takes two queries off the hot path. The price: a key revoked elsewhere keeps working on
  // this process for at most `cacheMs` (CREDENTIAL_CACHE_MS; 0 turns caching off).
  private readonly apiKeys: TtlCache<ApiKeyRecord>;
  private readonly projects: TtlCache<ProjectRecord>;

  private readonly serviceResource: string | null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    cacheMs = 0,
    /** PUBLIC_BASE_URL: the resource of the whole service, which tokens bound to it may use everywhere. */
    publicBaseUrl: string | null = null,
  ) {
    this.serviceResource = publicBaseUrl === null ? null : canonicalResource(publicBaseUrl);
    this.apiKeys = new TtlCache(clock, cacheMs);
    this.projects = new TtlCache(clock, cacheMs);
    const apiKey: CredentialResolver = (token) => this.resolveApiKey(token);
    this.resolvers.set('apiKey', apiKey);
    this.resolvers.set('legacyBearer', apiKey);
    this.resolvers.set('oauth2', (token, target) => this.resolveOAuthToken(token, target));
  }

  /** Adds or replaces the resolver of a scheme (service accounts and guest tokens register here). */
  register(scheme: SecuritySchemeName, resolver: CredentialResolver): void {
    this.resolvers.set(scheme, resolver);
  }

  /** The request's credential, presented and resolved, for authenticate() against each operation of the request. */
  async resolveRequest(headers: IncomingHttpHeaders, target: RequestTarget): Promise<RequestCredential> {
    const presented = this.present(headers);
    const credential = (await this.resolvers.get(presented.scheme)?.(presented.token, target)) ?? null;
    return { presented, credential };
  }

  /**
   * The principal of `headers` under `policy`. `resolved` is the same request's credential from
   * resolveRequest (same headers and target); without it the credential is presented and resolved here.
   */
  async authenticate(headers: IncomingHttpHeaders, policy: CredentialPolicy, target: RequestTarget, resolved?: RequestCredential): Promise<Principal> {
    let presented: Presented;
    let credential: ResolvedCredential | null | undefined;
    if (resolved) {
      ({ presented, credential } = resolved);
    } else {
      presented = this.present(headers);
      credential = await this.resolvers.get(presented.scheme)?.(presented.token, target);
    }
    if (!credential) throw unauthenticated('The credential is invalid, expired or revoked.', true);

    // An operation may list a scheme more than once (OpenAPI security alternatives): any one suffices.
    const alternatives = policy.security.filter((entry) => entry.scheme === presented.scheme);
    const accepted = alternatives.find((entry) => !credential.scopes || entry.scopes.every((scope) => credential.scopes!.includes(scope))) ?? alternatives[0];
    if (!accepted) {
      throw new ProblemError(403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED', `This operation does not accept ${describe(presented.scheme)}.`);
    }

    if (credential.kind === 'guest' && policy.method !== undefined && policy.method !== 'GET') {
      throw new ProblemError(403, 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED', 'Guest review tokens are read-only.');
    }
    // A read-only key calls the operations that read. The tool server's door lets it in; each tool's
    // own operation then decides, with this same rule.
    if (credential.readOnly && !policy.operationsCheckedPerCall && !isReadOperation(policy)) {
      throw new ProblemError(403, 'PUBLIC_API_READ_ONLY_CREDENTIAL', 'This API key is read-only: it may call read operations (GET, and the tools that map onto them) only.');
    }

    const project = policy.projectScoped ? await this.selectProject(headers, presented.scheme, credential) : null;
    const role = project && credential.projectRole ? await credential.projectRole(project) : null;
    if (project && credential.projectRole && role === null) {
      throw new ProblemError(403, 'PUBLIC_API_PROJECT_FORBIDDEN', 'The credential is not authorized for this project.');
    }

    if (credential.scopes) {
      const missing = accepted.scopes.filter((scope) => !credential.scopes!.includes(scope));
      if (missing.length > 0) {
        throw new ProblemError(403, 'PUBLIC_API_INSUFFICIENT_SCOPE', `The token lacks the scope ${missing.join(' ')}.`, {
          headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${accepted.scopes.join(' ')}"` },
        });
      }
    }

    const minRole = policy.minRole ?? 'viewer';
    if (role !== null && !satisfiesRole(role, minRole)) {
      throw new ProblemError(403, 'PUBLIC_API_INSUFFICIENT_ROLE', `This operation needs the project role ${minRole}; the principal holds ${role}.`);
    }

    return {
      kind: credential.kind,
      scheme: presented.scheme,
      credentialId: credential.credentialId,
      organizationId: project?.organizationId ?? credential.organizationId,
      userId: credential.userId,
      scopes: credential.scopes,
      project,
      grant: credential.grant ?? null,
      role,
      fixedProjectId: credential.fixedProjectId,
      ...(credential.readOnly ? { readOnly: true } : {}),
      ...(credential.grantId ? { grantId: credential.grantId } : {}),
    };
  }

  private present(headers: IncomingHttpHeaders): Presented {
    const apiKeyHeader = headers['x-api-key'];
    const authorization = headers.authorization;
    if (typeof apiKeyHeader === 'string' && authorization) {
      throw new ProblemError(400, 'PUBLIC_API_AMBIGUOUS_CREDENTIALS', 'Send one credential: x-api-key or Authorization, not both.');
    }
    if (typeof apiKeyHeader === 'string') {
      if (tokenKindOf(apiKeyHeader) !== 'apiKey') throw unauthenticated('x-api-key must carry a public API key.', true);
      return { scheme: 'apiKey', token: apiKeyHeader };
    }
    if (!authorization) throw unauthenticated('A credential is required: x-api-key or an Authorization header.', false);

    const match = /^(\S+)\s+(\S+)$/.exec(authorization.trim());
    if (!match) throw unauthenticated('The Authorization header is malformed.', true);
    const [, authScheme, token] = match;
    const kind = tokenKindOf(token);
    // The spec allows guest tokens in exactly this form, so the scheme name is matched as written.
    if (authScheme === 'ServiceGuest') {
      if (kind !== 'guestReview') throw unauthenticated('ServiceGuest carries only guest review tokens.', true);
      return { scheme: 'guestReview', token };
    }
    if (authScheme.toLowerCase() !== 'bearer') throw unauthenticated(`Unsupported authorization scheme ${authScheme}.`, true);
    switch (kind) {
      case 'apiKey':
        return { scheme: 'legacyBearer', token };
      case 'oauthAccess':
        return { scheme: 'oauth2', token };
      case 'serviceAccount':
        return { scheme: 'serviceAccount', token };
      case 'guestReview':
        throw unauthenticated('Guest review tokens are accepted only as Authorization: ServiceGuest <token>.', true);
      default:
        throw unauthenticated('The bearer token is not a credential this service issues.', true);
    }
  }

  private async selectProject(headers: IncomingHttpHeaders, scheme: SecuritySchemeName, credential: ResolvedCredential): Promise<ProjectRecord> {
    const header = headers['x-project-id'];
    const requested = typeof header === 'string' ? header : undefined;
    if (requested !== undefined && !UUID.test(requested)) {
      throw new ProblemError(400, 'PUBLIC_API_INVALID_PROJECT_ID', 'x-project-id must be a project uuid.', {
        errors: [{ code: 'format', message: 'must be a uuid', path: '/headers/x-project-id' }],
      });
    }
    // A token bound to a project at consent (MCP connections) needs no header; others name theirs.
    const tokenNeedsHeader = (scheme === 'oauth2' || scheme === 'serviceAccount') && !credential.fixedProjectId;
    if (requested === undefined && (tokenNeedsHeader || !credential.fixedProjectId)) {
      throw new ProblemError(400, 'PUBLIC_API_PROJECT_REQUIRED', 'Select a project with the x-project-id header.', {
        errors: [{ code: 'required', message: 'x-project-id is required with this credential', path: '/headers/x-project-id' }],
      });
    }
    const projectId = (requested ?? credential.fixedProjectId)!.toLowerCase();
    if (credential.fixedProjectId && credential.fixedProjectId !== projectId) {
      throw new ProblemError(403, 'PUBLIC_API_PROJECT_FORBIDDEN', 'The credential is not authorized for this project.');
    }
    const project = await this.projects.get(projectId, () => this.store.projects.findById(projectId));
    const allowed =
      project !== null &&
      (credential.organizationId === null || project.organizationId === credential.organizationId) &&
      (credential.canAccessProject ? await credential.canAccessProject(project) : true);
    // An unknown project and a project of another organization answer alike, so ids do not leak.
    if (!allowed) throw new ProblemError(403, 'PUBLIC_API_PROJECT_FORBIDDEN', 'The credential is not authorized for this project.');
    return project!;
  }

  private async resolveApiKey(token: string): Promise<ResolvedCredential | null> {
    const keyHash = hashToken(token);
    const key = await this.apiKeys.get(keyHash, () => this.loadApiKey(keyHash));
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= this.clock.now().getTime())) return null;
    return {
      readOnly: key.readOnly,
      kind: 'api_key',
      credentialId: key.id,
      organizationId: key.organizationId,
      userId: key.createdByUserId,
      scopes: null,
      fixedProjectId: key.projectId,
    };
  }

  /**
   * A key read from the database (at most once per cache period per process) records its use, at
   * most once a minute: `lastUsedAt` is a hint for operators, not worth a write per request.
   */
  private async loadApiKey(keyHash: string): Promise<ApiKeyRecord | null> {
    const key = await this.store.apiKeys.findByHash(keyHash);
    if (key && !key.revokedAt) {
      const now = this.clock.now();
      if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await this.store.apiKeys.touch(key.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
      }
    }
    return key;
  }

  private async resolveOAuthToken(token: string, target: RequestTarget): Promise<ResolvedCredential | null> {
    const record = await this.store.oauthTokens.findByHash(hashToken(token));
    if (!record || record.revokedAt || record.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    if (hostname(record.host) !== hostname(target.host)) return null;
    // RFC 8707: a token for one resource is no credential at another (the tool server's token at REST).
    if (record.resource) {
      const audiences = target.audiences ?? (this.serviceResource ? [this.serviceResource] : []);
      if (!audiences.includes(record.resource)) return null;
    }
    return {
      kind: 'oauth',
      credentialId: record.id,
      organizationId: null,
      userId: record.userId,
      scopes: record.scopes,
      fixedProjectId: record.projectId ?? null,
      grantId: record.familyId ?? null,
      // An OAuth token acts for its user: the user's role in the project (organization role, raised by
      // a project membership) bounds what the token's scopes allow.
      projectRole: async (project) =>
        effectiveProjectRole(
          await this.store.organizations.findMemberRole(project.organizationId, record.userId),
          await this.store.projectMembers.findRole(project.id, record.userId),
        ),
    };
  }
}

/** The host without its port: a token is bound to the host it was issued on, on any port. */
const hostname = (host: string): string => host.toLowerCase().replace(/:\d+$/, '');

function describe(scheme: SecuritySchemeName): string {
  return {
    apiKey: 'public API keys',
    legacyBearer: 'public API keys',
    oauth2: 'OAuth access tokens',
    serviceAccount: 'service-account tokens',
    guestReview: 'guest review tokens',
  }[scheme];
}
