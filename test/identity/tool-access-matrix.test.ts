import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { SCOPES } from '../../src/auth/scopes.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import type { SecuritySchemeName } from '../../src/auth/principal.js';
import type { ProjectRole } from '../../src/auth/roles.js';
import { CapabilityGuard } from '../../src/domain/capabilities/capability-guard.js';
import { operationIndex, type OperationMeta } from '../../src/http/contract.js';
import { toolMappings } from '../../src/tools/registry.js';
import { SERVED_TOOL_NAMES } from '../tools/tool-server.js';
import { loadConfig } from '../../src/config.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';

/**
 * Parity of the two faces, generated from the tool table and the contract: every tool × credential
 * kind × access situation × public-api-mutations state gets the same access decision over MCP as its
 * operation over REST — allowed, or the same 401/403 code. One app per capability state shares one
 * database per adapter, so the matrix stays cheap.
 *
 * One deliberate difference: the tool server does not accept guest review tokens at all (a share is
 * read over REST), so for guestReview the tool answer is always 403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED.
 */
const KINDS: SecuritySchemeName[] = ['apiKey', 'legacyBearer', 'oauth2', 'serviceAccount', 'guestReview'];
type Situation = 'right scope' | 'wrong scope' | 'no binding' | 'wrong project' | 'insufficient role' | 'invalid token';
const SITUATIONS: Situation[] = ['right scope', 'wrong scope', 'no binding', 'wrong project', 'insufficient role', 'invalid token'];
/** With mutations off, the capability is judged after the credential: the situations where it may be reached. */
const CAPABILITY_OFF_SITUATIONS: Situation[] = ['right scope', 'insufficient role'];
const FUNCTIONAL_SCOPES = SCOPES.filter((scope) => scope !== 'offline_access');
const PLACEHOLDER_ID = '0b5e7c1a-4f6d-4e8b-9a3c-2d1f0e9b8a7c';
/** The tool server's own connection scope for tokens (see TOOL_CREDENTIAL_POLICY). */
const CONNECTION_SCOPE = 'observability:read';

/** Arguments that pass each tool's schema, so only the access decision can refuse the call. */
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  search_traces: { query: 'matrix' },
  get_trace_context: { trace_id: PLACEHOLDER_ID },
  get_detection_trend: { detection_name: 'matrix' },
  log_trace: { name: 'matrix' },
  triage_update_status: { fix_id: PLACEHOLDER_ID, status: 'in_progress' },
  triage_dispatch: { fix_id: PLACEHOLDER_ID, action: 'acknowledge' },
  triage_decide_dispatch: { fix_id: PLACEHOLDER_ID, decision: 'approve' },
  agent_claim_fix: { fix_id: PLACEHOLDER_ID },
  agent_report_progress: { fix_id: PLACEHOLDER_ID, action: 'matrix', finding: 'matrix' },
  agent_complete_fix: { fix_id: PLACEHOLDER_ID },
  get_dataset_items: { dataset_id: PLACEHOLDER_ID },
  list_experiment_runs: { dataset_id: PLACEHOLDER_ID },
  compare_experiment_runs: { dataset_id: PLACEHOLDER_ID, baseline: PLACEHOLDER_ID, candidate: [PLACEHOLDER_ID] },
  start_experiment_run: { dataset_id: PLACEHOLDER_ID, name: 'matrix', task: { messages: [{ role: 'user', content: '{{input}}' }], modelConnectionId: PLACEHOLDER_ID } },
  get_session: { session_id: 'matrix' },
  get_user: { user_id: 'matrix' },
  test_channel: { channel_id: PLACEHOLDER_ID },
  list_channel_deliveries: { channel_id: PLACEHOLDER_ID },
  get_dashboard: { dashboard_id: 'default' },
  create_dashboard: { name: 'matrix', widgets: [] },
  update_dashboard: { dashboard_id: PLACEHOLDER_ID, name: 'matrix' },
  delete_dashboard: { dashboard_id: PLACEHOLDER_ID },
  list_failure_cluster_traces: { cluster_id: PLACEHOLDER_ID },
};
const argumentsOf = (tool: string): Record<string, unknown> => ARGUMENTS[tool] ?? (tool.startsWith('triage_') && tool !== 'triage_list' ? { fix_id: PLACEHOLDER_ID } : {});

type Outcome = 'allowed' | `${number} ${string}`;

const applies = (kind: SecuritySchemeName, situation: Situation): boolean =>
  kind === 'oauth2' || kind === 'serviceAccount' || !['wrong scope', 'no binding', 'insufficient role'].includes(situation);

forEachAdapter((adapter) => {
  describe('tool access parity with REST (generated from the tool table and the contract)', () => {
    let server: TestServer;
    let app: () => supertest.Agent;
    // One app for both capability states (it compiles its request validators once): the guard reads this switch.
    const capability = { 'public-api-mutations': true };
    const operations = new Map(operationIndex().map((operation) => [operation.operationId, operation]));
    const mappings = toolMappings(loadConfig({ SERVER_SECRET: 'tool-access-matrix-secret', DATA_DIR: '/tmp/tracewell-matrix' }));

    before(async () => {
      const unlimited = '1000000';
      server = await startTestServer(adapter, {
        env: {
          RATE_LIMIT_READ_PER_MINUTE: unlimited,
          RATE_LIMIT_WRITE_PER_MINUTE: unlimited,
          RATE_LIMIT_INGEST_PER_MINUTE: unlimited,
          RATE_LIMIT_SEARCH_PER_MINUTE: unlimited,
          TOOL_RATE_LIMIT_PER_MINUTE: unlimited,
        },
      });
      const listening = createServer(createApp({ ...server.runtime, services: { ...server.runtime.services, capabilities: new CapabilityGuard(capability) } }));
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
      app = () => supertest.agent(url);
      closeListening = () => new Promise<void>((resolve) => listening.close(() => resolve()));
    });
    let closeListening: () => Promise<void>;
    after(async () => {
      await closeListening();
      await server.close();
    });

    const now = () => server.clock.now();

    async function serviceAccountToken(scopes: string[], role: ProjectRole | null, revoked: boolean): Promise<string> {
      const { store } = server.runtime;
      const account = await store.serviceAccounts.create({
        id: randomUUID(), organizationId: server.tenant.organization.id, name: 'tool matrix', description: null, createdByUserId: null, createdAt: now(), updatedAt: now(),
      });
      if (role) await store.serviceAccounts.upsertBinding({ serviceAccountId: account.id, projectId: server.tenant.project.id, role, now: now() });
      const token = issueToken('serviceAccount');
      const record = await store.serviceAccounts.createToken({
        id: randomUUID(), serviceAccountId: account.id, tokenHash: hashToken(token), displayPrefix: token.slice(0, 10), scopes, rotatedFromId: null,
        expiresAt: new Date(now().getTime() + 3_600_000), revokedAt: null, createdAt: now(),
      });
      if (revoked) await store.serviceAccounts.revokeToken(record.id, now());
      return token;
    }

    // Credentials (and tool sessions) are shared by the cases that need the same one: most tools
    // need the same scopes, and minting a credential per case would dominate the matrix's time.
    const credentials = new Map<string, Promise<Record<string, string>>>();
    const sessions = new Map<string, Promise<{ session: string } | { refused: Outcome }>>();

    function credential(kind: SecuritySchemeName, situation: Situation, operation: OperationMeta): Promise<Record<string, string>> {
      const alternatives = operation.security.filter((entry) => entry.scheme === kind);
      const key = JSON.stringify([kind, situation, alternatives, operation.pathTemplate.includes('/fixes/')]);
      if (!credentials.has(key)) credentials.set(key, mint(kind, situation, operation));
      return credentials.get(key)!;
    }

    async function mint(kind: SecuritySchemeName, situation: Situation, operation: OperationMeta): Promise<Record<string, string>> {
      const project = { 'x-project-id': (situation === 'wrong project' ? server.other : server.tenant).project.id };
      const alternatives = operation.security.filter((entry) => entry.scheme === kind);
      const needed = [...new Set([...(alternatives[0]?.scopes ?? []), CONNECTION_SCOPE])];
      const wrong = FUNCTIONAL_SCOPES.filter((scope) => !alternatives.some((entry) => entry.scopes.includes(scope)));
      const granted = situation === 'wrong scope' ? wrong : needed;
      switch (kind) {
        case 'apiKey':
        case 'legacyBearer': {
          let key = server.tenant.apiKey;
          if (situation === 'invalid token') {
            const issued = await server.runtime.services.provisioning.issueApiKey({ organizationId: server.tenant.organization.id, projectId: server.tenant.project.id, name: 'revoked' });
            await server.runtime.store.apiKeys.revoke(issued.record.id, now());
            key = issued.key;
          }
          return { ...(kind === 'apiKey' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` }), ...project };
        }
        case 'oauth2': {
          const userId =
            situation === 'no binding'
              ? server.other.user.id
              : situation === 'insufficient role'
                ? (await server.runtime.services.provisioning.createUser(`viewer-${randomUUID()}@example.com`, 'Viewer', [{ organizationId: server.tenant.organization.id, role: 'viewer' }])).id
                : server.tenant.user.id;
          const token = await server.oauthToken(userId, granted, { expiresInMs: situation === 'invalid token' ? 0 : 3_600_000 });
          return { authorization: `Bearer ${token}`, ...project };
        }
        case 'serviceAccount': {
          const role = situation === 'no binding' ? null : situation === 'insufficient role' ? 'viewer' : 'admin';
          return { authorization: `Bearer ${await serviceAccountToken(granted, role, situation === 'invalid token')}`, ...project };
        }
        case 'guestReview': {
          const token = issueToken('guestReview');
          await server.runtime.store.guestTokens.create({
            id: randomUUID(), tokenHash: hashToken(token), organizationId: server.tenant.organization.id, projectId: server.tenant.project.id,
            resourceType: operation.pathTemplate.includes('/fixes/') ? 'fix' : 'trace', resourceId: PLACEHOLDER_ID, createdByCredentialId: 'matrix',
            expiresAt: new Date(now().getTime() + (situation === 'invalid token' ? 0 : 3_600_000)), revokedAt: null, createdAt: now(),
          });
          return { authorization: `ServiceGuest ${token}`, ...(situation === 'wrong project' ? project : {}) };
        }
      }
    }

    async function overRest(agent: supertest.Agent, operation: OperationMeta, headers: Record<string, string>): Promise<Outcome> {
      const method = operation.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
      const path = operation.pathTemplate.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
      const request = agent[method](path).set(headers);
      const res = method === 'get' || method === 'delete' ? await request : await request.send({});
      return res.status === 401 || res.status === 403 ? `${res.status} ${res.body.code}` : 'allowed';
    }

    async function overMcp(agent: () => supertest.Agent, tool: string, headers: Record<string, string>): Promise<Outcome> {
      const post = (body: unknown, extra: Record<string, string> = {}) => agent().post('/mcp').set({ ...headers, ...extra, 'content-type': 'application/json' }).send(JSON.stringify(body));
      const sessionKey = JSON.stringify(headers);
      if (!sessions.has(sessionKey)) {
        sessions.set(
          sessionKey,
          post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } } }).then((init) =>
            init.status === 200 ? { session: init.headers['mcp-session-id'] as string } : { refused: `${init.status} ${init.body.error.data.code}` as Outcome },
          ),
        );
      }
      const opened = await sessions.get(sessionKey)!;
      if ('refused' in opened) return opened.refused;
      const res = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: argumentsOf(tool) } }, { 'mcp-session-id': opened.session });
      if (res.status !== 200) return `${res.status} ${res.body.error.data.code}`;
      if (res.body.error) return 'allowed'; // a JSON-RPC error after the access check (never a refusal of access)
      const result = res.body.result as { isError?: boolean; content: { text: string }[] };
      const body = JSON.parse(result.content[0].text) as { status?: number; code?: string };
      return result.isError && (body.status === 401 || body.status === 403) ? `${body.status} ${body.code}` : 'allowed';
    }

    for (const state of ['on', 'off'] as const) {
      describe(`public-api-mutations ${state}`, () => {
        before(() => {
          capability['public-api-mutations'] = state === 'on';
        });
        for (const mapping of mappings) {
          const operation = operations.get(mapping.operationId)!;
          describe(`${mapping.name} ↔ ${operation.method} ${operation.pathTemplate} (${operation.operationId})`, () => {
            for (const kind of KINDS) {
              for (const situation of (state === 'on' ? SITUATIONS : CAPABILITY_OFF_SITUATIONS).filter((s) => applies(kind, s))) {
                it(`${kind}, ${situation}`, async () => {
                  const headers = await credential(kind, situation, operation);
                  const rest = await overRest(app(), operation, headers);
                  const mcp = await overMcp(app, mapping.name, headers);
                  if (kind === 'guestReview') {
                    expect(mcp, 'the tool server takes no guest tokens').to.equal(situation === 'invalid token' ? '401 PUBLIC_API_INVALID_CREDENTIAL' : '403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
                    if (!operation.security.some((entry) => entry.scheme === 'guestReview')) expect(rest).to.equal(mcp);
                  } else if (situation === 'wrong project' && !operation.security.some((entry) => entry.scheme === kind)) {
                    // Both refuse, in their own order: the tool server binds the project when the session opens,
                    // before any tool is named, so a foreign project is refused there; REST knows the operation
                    // first and refuses the credential kind (docs/tool-server.md#access).
                    expect(rest).to.equal('403 PUBLIC_API_CREDENTIAL_NOT_ALLOWED');
                    expect(mcp).to.equal('403 PUBLIC_API_PROJECT_FORBIDDEN');
                  } else {
                    expect(mcp, `REST answered ${rest}`).to.equal(rest);
                  }
                });
              }
            }
          });
        }
      });
    }

    it('covers every tool of the table, each on an operation of the contract', () => {
      expect(mappings.map((m) => m.name)).to.have.members(SERVED_TOOL_NAMES); // the spec's fifteen and the extensions
      for (const mapping of mappings) expect(operations.has(mapping.operationId), mapping.name).to.equal(true);
    });
  });
});
