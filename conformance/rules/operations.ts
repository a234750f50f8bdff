import { randomUUID } from 'node:crypto';
import type { OperationSpec } from '../contract-model.js';
import { dataOf, expectStatus, type Session } from '../session.js';

/** Operations that draw on the security-lifecycle bucket (10 per hour): the kit leaves them alone. */
const LIFECYCLE = new Set(['createServiceAccount', 'bindServiceAccount', 'unbindServiceAccount', 'createServiceAccountToken', 'revokeServiceAccountToken', 'rotateServiceAccountToken']);
/** Would revoke, demote or delete what the kit runs with (its key, its member, its project); never sent. */
const SELF_DESTRUCTIVE = new Set(['revokeApiKey', 'removeMember', 'updateMember', 'deleteProject']);
/**
 * Organization owners only, and live: rotating the SCIM token or changing its role mapping would cut
 * off or re-role the deployment's identity provider; the kit's credential is rarely an owner's.
 */
const OWNER_ONLY = new Set(['getScimConnection', 'updateScimConnection', 'rotateScimToken']);
/** A project's GitHub target holds a real GitHub token the kit does not have; until one is set the target is 404. */
const NEEDS_EXTERNAL_SECRET = new Set(['getGithubTarget', 'setGithubTarget', 'deleteGithubTarget']);
/** Called by another service in that service's terms (GitHub's webhook: content type and signature first), not a public API caller's. */
const EXTERNAL_CALLERS = new Set(['receiveGithubWebhook']);
/** Built-in resources that exist in every project and refuse change with 409 (the default dashboard). */
const BUILT_IN_IDS: Record<string, string> = { updateDashboard: 'default', deleteDashboard: 'default' };

export const traceBody = (traceId: string, tag: string) => ({
  trace_id: traceId,
  name: `${tag} trace`,
  metadata: { framework: 'conformance', agent_name: 'kit' },
  spans: [
    { span_id: 'root', name: 'plan', span_type: 'WORKFLOW', status: 'success', latency_ms: 12 },
    { span_id: 'llm', parent_span_id: 'root', name: 'answer', span_type: 'LLM', status: 'error', error: 'timeout', latency_ms: 7, metadata: { model: 'm', cost: 0.01 } },
  ],
});

export const filterRule = (id: string) => ({ id, field: 'status', operator: 'is', value: 'error' });

/** Request bodies the spec describes as valid, by operation; others get no body or the generic one. */
export function knownGoodBody(session: Session, op: OperationSpec): unknown {
  const tag = session.runTag;
  switch (op.operationId) {
    case 'ingestTrace':
      return traceBody(`${tag}-${randomUUID().slice(0, 8)}`, tag);
    case 'ingestTraceBatch':
      return { traces: [traceBody(`${tag}-b-${randomUUID().slice(0, 8)}`, tag), traceBody(`${tag}-b-${randomUUID().slice(0, 8)}`, tag)] };
    case 'createDetection':
      return { slug: `${tag}-${randomUUID().slice(0, 6)}`, displayName: 'Conformance PII check', type: 'pii', threshold: 0.5, severity: 'low', isActive: false };
    case 'updateDetection':
      return { displayName: 'Conformance PII check (renamed)' };
    case 'createSavedFilter':
      return { name: `${tag} errors ${randomUUID().slice(0, 6)}`, filters: [filterRule('r1')] };
    case 'updateSavedFilter':
      return { name: `${tag} errors (renamed)` };
    case 'createFixComment':
      return { text: 'Checked by the conformance kit.' };
    case 'patchAccountProfile':
      return { language: 'en' };
    case 'post_api_v1_public_webhooks':
      return { name: `${tag} hook ${randomUUID().slice(0, 6)}`, destinationUrl: session.webhookUrl, eventTypes: ['*'] };
    case 'updateWebhook':
      return { name: `${tag} hook renamed ${randomUUID().slice(0, 6)}` };
    case 'createGuestToken': {
      const traceId = session.ids.get('/api/v1/public/traces');
      return traceId ? { resourceType: 'trace', resourceId: traceId } : undefined;
    }
    default:
      return op.body ? {} : undefined;
  }
}

const KNOWN_BODIES = new Set([
  'ingestTrace', 'ingestTraceBatch', 'createDetection', 'updateDetection', 'createSavedFilter', 'updateSavedFilter', 'deleteSavedFilter',
  'createFixComment', 'patchAccountProfile', 'post_api_v1_public_webhooks', 'updateWebhook', 'createGuestToken',
]);
/** Headers the kit always knows how to fill. */
const FILLED_HEADERS = new Set(['x-project-id', 'idempotency-key']);

/**
 * Whether the kit can form a request the spec says must succeed: a body it knows to be valid (or
 * none), and no required parameter it cannot fill. Operations added to the contract later are still
 * driven and every answer checked, but their success is not demanded.
 */
function canFormValidRequest(op: OperationSpec): boolean {
  if (op.body?.required && !KNOWN_BODIES.has(op.operationId)) return false;
  return !op.parameters.some((p) => p.required && (p.in === 'query' || (p.in === 'header' && !FILLED_HEADERS.has(p.name.toLowerCase()))));
}

/** The collection a path parameter's value comes from: /detections/{id} → /detections. */
const collectionOf = (op: OperationSpec, name: string): string => op.pathTemplate.slice(0, op.pathTemplate.indexOf(`/{${name}}`));

function pathValues(session: Session, op: OperationSpec): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const id = session.ids.get(collectionOf(op, p.name));
    if (!id) return undefined;
    values[p.name] = id;
  }
  return values;
}

/** Remembers ids the kit can use in paths: created resources, and the first item of lists. */
function remember(session: Session, op: OperationSpec, data: Record<string, unknown> | undefined): void {
  if (!data) return;
  const collection = op.pathTemplate.replace(/\/\{[^}]+\}.*$/, '');
  if (op.method === 'POST' && typeof data.id === 'string' && !op.pathTemplate.includes('{')) {
    session.ids.set(op.pathTemplate === '/api/v1/public/traces/batch' ? '/api/v1/public/traces' : collection, data.id);
  }
  if (op.method === 'GET' && !op.pathTemplate.includes('{') && !session.ids.has(collection)) {
    const list = Object.values(data).find((v): v is { id?: unknown }[] => Array.isArray(v));
    const first = list?.[0]?.id;
    if (typeof first === 'string') session.ids.set(collection, first);
  }
}

const ORDER = [
  'getContractJson', 'getContractYaml', 'getProject', 'ingestTrace', 'ingestTraceBatch', 'listTraces', 'getTrace', 'createDetection', 'listDetections',
  'getDetection', 'updateDetection', 'createSavedFilter', 'listSavedFilters', 'getSavedFilter', 'updateSavedFilter', 'listFixes', 'getFix',
  'createFixComment', 'createGuestToken',
];
const LAST = ['deleteSavedFilter', 'deleteWebhook', 'deleteTrace'];

const R = {
  auth: ['auth-required', 'An operation with a credential policy answers 401 without a credential.'],
  success: ['success-reachable', 'Every operation the kit holds a credential for answers its documented success to a valid request.'],
  notFound: ['unknown-id-404', 'An operation addressing an unknown resource id answers 404 Problem.'],
  badParam: ['invalid-parameter-400', 'A query parameter outside its schema (limit 0, an undeclared parameter) is 400 Problem.'],
  badBody: ['invalid-body-400', 'A body with an unknown property is 400 Problem with field errors.'],
  mediaType: ['unsupported-media-type-415', 'A body sent as text/plain is 415 Problem.'],
  tooLarge: ['payload-too-large-413', 'A body above 1 MB is 413 Problem.'],
  traceExists: ['trace-exists-409', 'Storing a trace_id that already exists is 409 PUBLIC_API_TRACE_EXISTS and stores nothing.'],
} as const;

/**
 * Drives every operation of the contract: without a credential, with a valid request, and with the
 * documented failures the kit can provoke. The checker validates each answer as it returns.
 */
export async function exerciseOperations(session: Session): Promise<void> {
  const ops = session.contract.operations;
  for (const op of ops) session.checker.declareOperation(op);

  for (const op of ops.filter((o) => o.security.length > 0)) {
    const res = await session.call(op, { credential: 'none', body: op.body ? {} : undefined });
    session.expect(...R.auth, res, expectStatus(res, 401));
  }

  const rank = (op: OperationSpec) => (LAST.includes(op.operationId) ? 1000 + LAST.indexOf(op.operationId) : ORDER.includes(op.operationId) ? ORDER.indexOf(op.operationId) : 500);
  const ordered = [...ops].sort((a, b) => rank(a) - rank(b));
  for (const op of ordered) {
    const credential = session.credentialFor(op);
    const [ruleId, ruleText] = R.success;
    if (!credential) {
      session.book.skip(`responses:${op.operationId}`, '', `needs ${op.security.map((s) => s.scheme).join(' or ')}; pass --token`);
      continue;
    }
    if (LIFECYCLE.has(op.operationId)) {
      session.book.skip(`responses:${op.operationId}`, '', 'draws on the security-lifecycle bucket (10 per hour); not exercised');
      continue;
    }
    if (SELF_DESTRUCTIVE.has(op.operationId)) {
      session.book.skip(`responses:${op.operationId}`, '', 'would revoke, demote or delete the credential, member or project the kit runs with; not exercised');
      continue;
    }
    if (OWNER_ONLY.has(op.operationId)) {
      session.book.skip(`responses:${op.operationId}`, '', "organization owners only; would change the organization's live SCIM provisioning; not exercised");
      continue;
    }
    if (NEEDS_EXTERNAL_SECRET.has(op.operationId)) {
      session.book.skip(`responses:${op.operationId}`, '', 'needs a real GitHub token to configure; not exercised');
      continue;
    }
    if (op.operationId === 'getGuestReview') continue; // needs a guest token: exercised by createGuestToken below
    const path = op.operationId === 'deleteTrace' ? await disposableTrace(session) : pathValues(session, op);
    if (path && BUILT_IN_IDS[op.operationId] !== undefined && Object.values(path).includes(BUILT_IN_IDS[op.operationId]!)) {
      session.book.skip(`responses:${op.operationId}`, '', 'only the built-in resource exists to address, and it is read-only (409)');
    } else if (!path) {
      session.book.skip(`responses:${op.operationId}`, '', 'no resource of this kind exists in the project to address');
    } else {
      const body = op.operationId === 'deleteSavedFilter' ? { confirmation: path.id } : knownGoodBody(session, op);
      const headers: Record<string, string> = op.parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': randomUUID() } : {};
      const res = await session.call(op, { path, body, headers });
      const success = [...op.responses.keys()].filter((s) => s.startsWith('2'));
      if (op.organizationReach && res.status === 403) {
        // The kit cannot tell whether its credential reaches the organization; without that reach the
        // contract's one answer is this Problem, so that is what is demanded instead of the success.
        const code = (res.json as { code?: unknown } | undefined)?.code;
        session.expect(ruleId, ruleText, res, code === 'PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED' ? undefined : `${op.operationId}: 403 without organization reach must be PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED, got ${String(code)}`);
        session.log(`${op.operationId}: the credential has no organization reach (403 PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED)`);
      } else if (canFormValidRequest(op)) {
        session.expect(ruleId, ruleText, res, success.includes(String(res.status)) ? undefined : `${op.operationId}: expected ${success.join('/')}, got ${res.status}`);
      } else session.log(`${op.operationId}: no known-valid request; answer checked, success not demanded`);
      remember(session, op, dataOf(res));
      if (op.operationId === 'getProject' && !session.projectId) session.projectId = dataOf(res)?.id as string | undefined;
      if (op.operationId === 'createGuestToken' && res.status === 201) {
        const token = dataOf(res)?.token;
        if (typeof token === 'string') await session.call('getGuestReview', { credential: 'none', headers: { authorization: `ServiceGuest ${token}` } });
      }
      if (op.operationId === 'ingestTrace' && res.status === 201) {
        const again = await session.call(op, { body });
        session.expect(...R.traceExists, again, expectStatus(again, 409, 'PUBLIC_API_TRACE_EXISTS'));
      }
    }
    await provokeFailures(session, op);
  }
}

/** deleteTrace removes what it addresses: it gets a trace of its own, so later rules keep theirs. */
async function disposableTrace(session: Session): Promise<Record<string, string> | undefined> {
  const ingest = session.contract.operation('ingestTrace');
  if (!ingest || !session.credentialFor(ingest)) return undefined;
  const traceId = `${session.runTag}-deleted-${randomUUID().slice(0, 8)}`;
  const res = await session.call(ingest, { body: traceBody(traceId, session.runTag) });
  return res.status === 201 ? { traceId } : undefined;
}

/**
 * An id no resource has, valid for its parameter's schema: a fresh UUID, the largest allowed integer
 * (a version number never reached), else a tagged string. A value outside the schema would be a 400, not an unknown id.
 */
function unknownIdFor(schema: OperationSpec['parameters'][number]['schema'], runTag: string): string {
  if (schema.format === 'uuid') return randomUUID();
  // A pattern that admits a UUID (e.g. `default` or a UUID): a fresh UUID is valid and names nothing.
  const uuid = randomUUID();
  if (typeof schema.pattern === 'string' && new RegExp(schema.pattern).test(uuid)) return uuid;
  if (schema.type === 'integer') return String(typeof schema.maximum === 'number' ? schema.maximum : 2_147_483_647);
  return `${runTag}-missing`;
}

async function provokeFailures(session: Session, op: OperationSpec): Promise<void> {
  if (EXTERNAL_CALLERS.has(op.operationId)) {
    session.log(`${op.operationId}: answers its caller's protocol (GitHub's webhook), not probed with undeclared parameters`);
    return;
  }
  if (op.security.length === 0) {
    const res = await session.call(op, { query: { unknownParameter: 'x' } });
    session.expect(...R.badParam, res, expectStatus(res, 400));
    return;
  }
  const path = pathValues(session, op) ?? {};
  const idParams = op.parameters.filter((p) => p.in === 'path');
  if (idParams.length && op.responses.has('404') && canFormValidRequest(op)) {
    const unknown = Object.fromEntries(idParams.map((p) => [p.name, unknownIdFor(p.schema, session.runTag)]));
    const body = op.operationId === 'deleteSavedFilter' ? { confirmation: unknown.id } : knownGoodBody(session, op);
    const res = await session.call(op, { path: unknown, body, headers: op.parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': randomUUID() } : {} });
    session.expect(...R.notFound, res, expectStatus(res, 404));
  }
  if (op.parameters.some((p) => p.name === 'limit')) {
    const res = await session.call(op, { path, query: { limit: 0 } });
    session.expect(...R.badParam, res, expectStatus(res, 400));
  }
  if (op.method === 'GET') {
    const res = await session.call(op, { path, query: { [`${session.runTag}-undeclared`]: '1' } });
    session.expect(...R.badParam, res, expectStatus(res, 400));
  }
  if (op.body) {
    const idempotency = (): Record<string, string> => (op.parameters.some((p) => p.name === 'idempotency-key') ? { 'idempotency-key': randomUUID() } : {});
    const base = knownGoodBody(session, op);
    const withUnknown = { ...(base && typeof base === 'object' ? base : {}), [`${session.runTag}_unknown`]: 1 };
    const closed = session.contract.resolve(op.body.pointer).node.additionalProperties === false;
    const invalid = await session.call(op, { path, body: withUnknown, headers: idempotency() });
    if (closed) session.expect(...R.badBody, invalid, expectStatus(invalid, 400) ?? (Array.isArray((invalid.json as { errors?: unknown }).errors) ? undefined : 'the Problem has no errors[]'));
    if (op.responses.has('415')) {
      const res = await session.call(op, { path, rawBody: 'name=x', headers: { 'content-type': 'text/plain', ...idempotency() } });
      session.expect(...R.mediaType, res, expectStatus(res, 415));
    }
    if (op.responses.has('413')) {
      const res = await session.call(op, { path, rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 16) }), headers: { 'content-type': 'application/json', ...idempotency() } });
      session.expect(...R.tooLarge, res, expectStatus(res, 413));
    }
  }
}
