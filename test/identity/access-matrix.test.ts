import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { operationIndex, type OperationMeta } from '../../src/http/contract.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import type { SecuritySchemeName } from '../../src/auth/principal.js';
import type { ProjectRole } from '../../src/auth/roles.js';

/**
 * The access matrix, generated from the contract: every operation × every credential kind × every
 * access situation. A new operation joins it automatically. "Allowed" means the access decision let
 * the request through (not 401/403); the request may still fail later (400 on an empty body, 404 on
 * the placeholder ids), which is not what this matrix tests.
 */
const KINDS: SecuritySchemeName[] = ['apiKey', 'legacyBearer', 'oauth2', 'serviceAccount', 'guestReview'];
const FUNCTIONAL_SCOPES = SCOPES.filter((scope) => scope !== 'offline_access');
const PLACEHOLDER_ID = '0b5e7c1a-4f6d-4e8b-9a3c-2d1f0e9b8a7c';
/**
 * Reads that need organization reach whatever the scheme (their descriptions say so): a project key
 * is refused by the service, not by the access policy, so the matrix tries them with the organization key.
 */
const ORGANIZATION_REACH_READS = new Set(['listInvitations']);

type Situation = 'right scope' | 'wrong scope' | 'no binding' | 'wrong project' | 'insufficient role' | 'invalid token';

const pathOf = (operation: OperationMeta): string => operation.pathTemplate.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
/** The guest grant that matches the placeholder path: a `{fixId}` path shares a fix, anything else a trace. */
const grantTypeOf = (operation: OperationMeta): 'trace' | 'fix' => (/\{fixId\}/.test(operation.pathTemplate) ? 'fix' : 'trace');

forEachAdapter((adapter) => {
  describe('access matrix (generated from the contract)', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter, {
        env: { RATE_LIMIT_READ_PER_MINUTE: '1000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000', RATE_LIMIT_INGEST_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000' },
      });
    });
    after(async () => server.close());

    const now = () => server.clock.now();

    async function serviceAccountToken(scopes: string[], role: ProjectRole | null, options: { revoked?: boolean } = {}): Promise<string> {
      const { store } = server.runtime;
      const account = await store.serviceAccounts.create({
        id: randomUUID(), organizationId: server.tenant.organization.id, name: 'matrix', description: null, createdByUserId: null, createdAt: now(), updatedAt: now(),
      });
      if (role) await store.serviceAccounts.upsertBinding({ serviceAccountId: account.id, projectId: server.tenant.project.id, role, now: now() });
      const token = issueToken('serviceAccount');
      const record = await store.serviceAccounts.createToken({
        id: randomUUID(), serviceAccountId: account.id, tokenHash: hashToken(token), displayPrefix: token.slice(0, 10), scopes, rotatedFromId: null,
        expiresAt: new Date(now().getTime() + 3_600_000), revokedAt: null, createdAt: now(),
      });
      if (options.revoked) await store.serviceAccounts.revokeToken(record.id, now());
      return token;
    }

    async function guestToken(resourceType: 'trace' | 'fix', options: { revoked?: boolean } = {}): Promise<string> {
      const token = issueToken('guestReview');
      await server.runtime.store.guestTokens.create({
        id: randomUUID(), tokenHash: hashToken(token), organizationId: server.tenant.organization.id, projectId: server.tenant.project.id, resourceType,
        resourceId: PLACEHOLDER_ID, createdByCredentialId: 'matrix', expiresAt: new Date(now().getTime() + (options.revoked ? 0 : 3_600_000)), revokedAt: null, createdAt: now(),
      });
      return token;
    }

    async function userWithRole(role: 'owner' | 'viewer'): Promise<string> {
      const user = await server.runtime.services.provisioning.createUser(`${role}-${randomUUID()}@example.com`, 'Matrix', [{ organizationId: server.tenant.organization.id, role }]);
      return user.id;
    }

    /** The headers of one credential in one situation; null when the situation does not apply to the kind. */
    async function credential(kind: SecuritySchemeName, situation: Situation, operation: OperationMeta, scopes: string[]): Promise<Record<string, string> | null> {
      // A scheme may be listed more than once (alternatives): a wrong scope satisfies none of them.
      const anyAlternative = operation.security.filter((entry) => entry.scheme === kind).flatMap((entry) => entry.scopes);
      const wrongScopes = FUNCTIONAL_SCOPES.filter((scope) => !anyAlternative.includes(scope));
      const tenantProject = { 'x-project-id': server.tenant.project.id };
      const otherProject = { 'x-project-id': server.other.project.id };
      const project = situation === 'wrong project' ? otherProject : tenantProject;
      switch (kind) {
        case 'apiKey':
        case 'legacyBearer': {
          if (situation === 'wrong scope' || situation === 'no binding' || situation === 'insufficient role') return null;
          let key = ORGANIZATION_REACH_READS.has(operation.operationId) ? server.tenant.orgApiKey : server.tenant.apiKey;
          if (situation === 'invalid token') {
            const issued = await server.runtime.services.provisioning.issueApiKey({ organizationId: server.tenant.organization.id, projectId: server.tenant.project.id, name: 'revoked' });
            await server.runtime.store.apiKeys.revoke(issued.record.id, now());
            key = issued.key;
          }
          return { ...(kind === 'apiKey' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` }), ...project };
        }
        case 'oauth2': {
          const granted = situation === 'wrong scope' ? wrongScopes : scopes.length ? scopes : FUNCTIONAL_SCOPES;
          if (situation === 'wrong scope' && scopes.length === 0) return null;
          const userId =
            situation === 'no binding' ? server.other.user.id : situation === 'insufficient role' ? await userWithRole('viewer') : server.tenant.user.id;
          const token = await server.oauthToken(userId, [...granted], { expiresInMs: situation === 'invalid token' ? 0 : 3_600_000 });
          return { authorization: `Bearer ${token}`, ...project };
        }
        case 'serviceAccount': {
          if (situation === 'wrong scope' && scopes.length === 0) return null;
          const granted = situation === 'wrong scope' ? wrongScopes : scopes.length ? scopes : FUNCTIONAL_SCOPES;
          const role = situation === 'no binding' ? null : situation === 'insufficient role' ? 'viewer' : 'admin';
          return { authorization: `Bearer ${await serviceAccountToken([...granted], role, { revoked: situation === 'invalid token' })}`, ...project };
        }
        case 'guestReview': {
          if (situation === 'wrong scope' || situation === 'no binding' || situation === 'insufficient role') return null;
          const token = await guestToken(grantTypeOf(operation), { revoked: situation === 'invalid token' });
          return { authorization: `ServiceGuest ${token}`, ...(situation === 'wrong project' ? otherProject : {}) };
        }
      }
    }

    /** The expected access decision: allowed, or the 401/403 Problem code. */
    function expected(operation: OperationMeta, kind: SecuritySchemeName, situation: Situation): 'allowed' | { status: 401 | 403; code: string } {
      const accepted = operation.security.find((entry) => entry.scheme === kind);
      if (situation === 'invalid token') return { status: 401, code: 'PUBLIC_API_INVALID_CREDENTIAL' };
      if (!accepted) return { status: 403, code: 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED' };
      if (kind === 'guestReview' && operation.method !== 'GET') return { status: 403, code: 'PUBLIC_API_CREDENTIAL_NOT_ALLOWED' };
      if (situation === 'right scope') return 'allowed';
      if (situation === 'wrong project' || situation === 'no binding') {
        // Outside a project (e.g. the profile) there is no binding to miss and no project to get wrong.
        return operation.projectScoped ? { status: 403, code: 'PUBLIC_API_PROJECT_FORBIDDEN' } : 'allowed';
      }
      if (situation === 'wrong scope') return { status: 403, code: 'PUBLIC_API_INSUFFICIENT_SCOPE' };
      // insufficient role: a viewer principal
      if (!operation.projectScoped || operation.minRole === 'viewer') return 'allowed';
      return { status: 403, code: 'PUBLIC_API_INSUFFICIENT_ROLE' };
    }

    /** Situations a kind cannot be in: keys and guest tokens carry no scopes, roles or bindings; scope-less policies have no wrong scope. */
    function applies(kind: SecuritySchemeName, situation: Situation, scopes: string[]): boolean {
      const scopeless = kind === 'apiKey' || kind === 'legacyBearer' || kind === 'guestReview';
      if (scopeless) return !['wrong scope', 'no binding', 'insufficient role'].includes(situation);
      return situation !== 'wrong scope' || scopes.length > 0;
    }

    const SITUATIONS: Situation[] = ['right scope', 'wrong scope', 'no binding', 'wrong project', 'insufficient role', 'invalid token'];

    // POST /v1/traces answers with OTLP google.rpc.Status bodies, not Problems; its authentication
    // (the same authenticator) is covered in test/otlp/export-protocol.test.ts.
    for (const operation of operationIndex().filter((op) => op.operationId !== 'exportOtlpTraces')) {
      describe(`${operation.method} ${operation.pathTemplate} (${operation.operationId})`, () => {
        for (const kind of KINDS) {
          const scopes = operation.security.find((entry) => entry.scheme === kind)?.scopes ?? [];
          for (const situation of SITUATIONS.filter((s) => applies(kind, s, scopes))) {
            it(`${kind}, ${situation}`, async () => {
              const headers = (await credential(kind, situation, operation, scopes))!;
              const outcome = expected(operation, kind, situation);
              const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
              let request = server.request()[method](pathOf(operation));
              for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
              const res = method === 'get' || method === 'delete' ? await request : await request.send({});
              if (outcome === 'allowed') {
                expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).to.not.be.oneOf([401, 403]);
              } else {
                expectProblem(res, outcome.status, outcome.code);
              }
            });
          }
        }
      });
    }
  });
});
