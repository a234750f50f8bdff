import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isJSONRPCRequest, type JSONRPCRequest, type JSONRPCResponse } from 'json-rpc-2.0';
import type { Authenticator, CredentialPolicy } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import type { ToolServerSettings } from './tool-settings.js';
import { toProblem } from '../http/problem-response.js';
import { parseCheckedJson } from '../http/json-hygiene.js';
import { BODY_PARSER_CODINGS, contentEncodingGate } from '../http/content-encoding.js';
import { declaredBody } from '../http/declared-body.js';
import { ProblemError } from '../errors.js';
import { rateLimitHeaders, setRateLimitHeaders } from '../http/rate-limit-headers.js';
import { requestIdOf } from '../http/request-id.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { RateDecision, RateLimiter } from '../ratelimit/rate-limiter.js';
import { createMcpMethods, type RpcContext } from './mcp-methods.js';
import type { RpcMethods } from './rpc-methods.js';
import { batchingAllowed, BATCHING_REMOVED_IN, DEFAULT_PROTOCOL_VERSION, MAX_BATCH_MESSAGES, PROTOCOL_VERSION_HEADER, RpcCode, SESSION_HEADER, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import type { PresentedCredential, ToolAccess } from './tool-access.js';
import { ToolCatalog } from './tool-catalog.js';
import type { ToolDefinition } from './tool-definition.js';
import { ToolInvoker } from './tool-invoker.js';
import { ToolSessions } from './tool-sessions.js';
import { sessionOwner } from './session-owner.js';
import { canonicalResource } from '../domain/identity/resource-indicators.js';
import { DEFAULT_SCOPES } from '../domain/identity/oauth-scopes.js';
import { originPolicy, originRefusal } from './origin-guard.js';
import type { McpContent } from './mcp-content.js';
import { badRequest, Rejection, sendRejection, type JsonRpcId } from './rpc-rejection.js';
import { sendRpc, serializeRpc } from './rpc-response.js';
import { PACKAGE_ROOT } from '../package-root.js';

/**
 * Who may open the tool server: public API keys (project keys, or organization keys with
 * x-project-id), and OAuth / service-account tokens with observability:read plus x-project-id.
 * Guest review tokens are not accepted: a share is read in the REST API. Each tools/call is then
 * authorized as its contract operation (ToolAccess), exactly as REST authorizes that operation.
 */
export const TOOL_CREDENTIAL_POLICY: CredentialPolicy = {
  security: [
    { scheme: 'apiKey', scopes: [] },
    { scheme: 'legacyBearer', scopes: [] },
    { scheme: 'oauth2', scopes: ['observability:read'] },
    { scheme: 'serviceAccount', scopes: ['observability:read'] },
  ],
  projectScoped: true,
  // Read-only API keys come in: the tools they may call are those whose operation reads (ToolAccess).
  operationsCheckedPerCall: true,
};

export interface ToolServerDependencies {
  authenticator: Authenticator;
  limiter: RateLimiter;
  clock: Clock;
  log: (message: string) => void;
  settings: ToolServerSettings;
  tools: readonly ToolDefinition[];
  access: ToolAccess;
  /** PUBLIC_BASE_URL: the tool server's resource (RFC 8707/9728) and its own origin. */
  publicBaseUrl: string;
  /** The address the server listens on (HOST): on loopback, Host is checked too. */
  bindHost: string;
  /** Resources and prompts, read through the same operations and access checks as the tools. */
  content?: McpContent;
}

const SERVER_VERSION: string = (createRequire(import.meta.url)(path.join(PACKAGE_ROOT, 'package.json')) as { version: string }).version;

interface Caller {
  principal: Principal;
  project: ProjectRecord;
  /** The request's credential, resolved once at the door: every call of the request is authorized on it. */
  credential: PresentedCredential;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isResponseMessage = (value: unknown): boolean => isRecord(value) && !('method' in value) && ('result' in value || 'error' in value);
const isCall = (value: unknown): value is Record<string, unknown> & { id: JsonRpcId } =>
  isRecord(value) && typeof value.method === 'string' && value.id !== undefined;
/** A message without an id whose method is not a lifecycle notification: it would run unanswered and uncounted. */
const isEffectfulNotification = (value: unknown): boolean =>
  isRecord(value) && typeof value.method === 'string' && !('id' in value) && !value.method.startsWith('notifications/');
const headerVersion = (req: Request): string | undefined => {
  const version = req.headers[PROTOCOL_VERSION_HEADER];
  return typeof version === 'string' ? version : undefined;
};
const idOf = (value: unknown): JsonRpcId => {
  const id = isRecord(value) ? value.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/**
 * The agent tool server: MCP Streamable HTTP on one path. POST carries JSON-RPC requests,
 * notifications and batches, answered as application/json (202 without a body when nothing needs an
 * answer); DELETE ends a session; GET answers 405, as the server never starts a stream of its own.
 */
export function mcpRouter(deps: ToolServerDependencies): RequestHandler {
  const { authenticator, limiter, clock, log, settings } = deps;
  const unknown = deps.tools.find((tool) => !deps.access.operation(tool.operationId));
  if (unknown) throw new Error(`Tool ${unknown.name} names ${unknown.operationId}, which is no operation of the contract.`);
  const catalog = new ToolCatalog(deps.tools, settings, log);
  const sessions = new ToolSessions(clock, settings.sessionIdleSeconds * 1000);
  const invoker = new ToolInvoker(catalog, deps.access, clock, settings.maxResultBytes, log);
  const methods: RpcMethods<RpcContext> = createMcpMethods({ catalog, access: deps.access, invoker, sessions, serverVersion: SERVER_VERSION, log, content: deps.content });
  const serviceResource = canonicalResource(deps.publicBaseUrl);
  const mcpResource = canonicalResource(`${serviceResource}/mcp`);
  // A token for the whole service or for the tool server works here; one for another resource does not.
  const audiences = [mcpResource, serviceResource];
  // The scope MCP clients will ask for: the default read scopes. Not offline_access: clients built on
  // the TypeScript SDK answer a step-up 403 by refreshing first when they hold a refresh token, which
  // cannot widen the grant, so observability:write would stay out of reach (docs/mcp.md).
  const challenge = `Bearer realm="tracewell", resource_metadata="${serviceResource}/.well-known/oauth-protected-resource/mcp", scope="${DEFAULT_SCOPES.join(' ')}"`;
  const origins = originPolicy(deps.publicBaseUrl, deps.bindHost, settings.allowedOrigins);

  const callerOf = async (req: Request): Promise<Caller> => {
    const target = { host: req.headers.host ?? '', audiences };
    const resolved = await authenticator.resolveRequest(req.headers, target);
    const principal = await authenticator.authenticate(req.headers, TOOL_CREDENTIAL_POLICY, target, resolved);
    return { principal, project: principal.project!, credential: { headers: req.headers, host: target.host, audiences, resolved } };
  };

  const authenticate = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      res.locals.caller = await callerOf(req);
      next();
    } catch (error) {
      next(error);
    }
  };

  const checkProtocolVersion = (req: Request): void => {
    const version = req.headers[PROTOCOL_VERSION_HEADER];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      throw badRequest('PUBLIC_API_UNSUPPORTED_PROTOCOL_VERSION', `MCP-Protocol-Version ${version} is not supported; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`);
    }
  };

  const resumeSession = (req: Request, caller: Caller) => {
    const id = req.headers[SESSION_HEADER];
    if (typeof id !== 'string' || id === '') {
      throw badRequest('PUBLIC_API_SESSION_REQUIRED', 'The Mcp-Session-Id header is required; start a session with initialize.');
    }
    const session = sessions.resume(id, sessionOwner(caller.principal), caller.project.id);
    if (!session) {
      throw new Rejection(404, RpcCode.sessionNotFound, 'Session not found', {
        status: 404,
        code: 'PUBLIC_API_SESSION_NOT_FOUND',
        error: 'The session does not exist or has ended (1 hour without requests, or DELETE); start a new one with initialize.',
      });
    }
    return session;
  };

  /**
   * The hits of one HTTP request, shared by every session of the credential: each message of a
   * batch (a batch cannot carry many calls for the price of one), and a single message unless it is
   * a lifecycle notification (the only notifications left by then, and they do nothing).
   */
  const countCalls = async (res: Response, caller: Caller, calls: number, id: JsonRpcId): Promise<void> => {
    let decision: RateDecision | null = null;
    for (let i = 0; i < calls; i++) {
      decision = await limiter.hit(caller.principal.credentialId, settings.rateLimit, clock.now().getTime());
      if (!decision.allowed) break;
    }
    if (!decision) return;
    if (!decision.allowed) {
      const retryAfter = decision.resetAfter;
      throw new Rejection(
        429,
        RpcCode.requestRejected,
        'Rate limit exceeded',
        {
          status: 429,
          code: 'PUBLIC_API_RATE_LIMITED',
          error: `Rate limit of ${decision.limit} tool requests per ${decision.policy.windowSeconds} s exceeded for this credential; retry after ${retryAfter} s.`,
          retry_after_seconds: retryAfter,
        },
        id,
        { ...rateLimitHeaders(decision), 'Retry-After': String(retryAfter) },
      );
    }
    setRateLimitHeaders(res, decision);
  };

  const methodNotAllowed = (detail: string) => (_req: Request, res: Response) => {
    res.setHeader('Allow', 'POST, DELETE');
    sendRejection(res, new Rejection(405, RpcCode.requestRejected, 'Method Not Allowed', { status: 405, code: 'PUBLIC_API_METHOD_NOT_ALLOWED', error: detail }));
  };

  const endSession = (req: Request, res: Response, next: NextFunction): void => {
    try {
      const session = resumeSession(req, res.locals.caller as Caller);
      sessions.end(session.id);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  };

  const answer = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      let payload: unknown;
      try {
        payload = parseCheckedJson(text, '');
      } catch (error) {
        // Depth, NUL, lone surrogates, unsafe numbers: the same rules and field paths as the REST bodies.
        if (error instanceof ProblemError && error.code !== 'PUBLIC_API_MALFORMED_JSON') {
          throw new Rejection(400, RpcCode.invalidRequest, 'Invalid Request', { status: 400, code: error.code, error: error.detail, errors: error.errors });
        }
        throw badRequest('PUBLIC_API_MALFORMED_JSON', 'The request body is not valid JSON.', RpcCode.parseError);
      }

      const batch = Array.isArray(payload);
      // Every refusal of a single message answers its id, once the body could be read: the body is
      // parsed before the credential is checked for that reason (its size is already bounded).
      res.locals.rpcId = batch ? null : idOf(payload);
      const caller = await callerOf(req);
      const messages: unknown[] = batch ? (payload as unknown[]) : [payload];
      if (messages.length === 0) throw badRequest('PUBLIC_API_INVALID_REQUEST', 'An empty batch is not a valid JSON-RPC request.', RpcCode.invalidRequest);
      if (messages.length > MAX_BATCH_MESSAGES) {
        throw badRequest('PUBLIC_API_BATCH_TOO_LARGE', `A batch holds at most ${MAX_BATCH_MESSAGES} messages; this one holds ${messages.length}.`, RpcCode.invalidRequest);
      }
      if (!batch && (!isRecord(payload) || (!isResponseMessage(payload) && !isJSONRPCRequest(payload)))) {
        throw badRequest('PUBLIC_API_INVALID_REQUEST', 'The body is not a JSON-RPC 2.0 request, notification or batch.', RpcCode.invalidRequest, idOf(payload));
      }
      const effectful = messages.find(isEffectfulNotification);
      if (effectful) {
        throw badRequest(
          'PUBLIC_API_NOTIFICATION_NOT_ALLOWED',
          `${String((effectful as Record<string, unknown>).method).slice(0, 100)} must be sent as a request with an id; only notifications/* methods may be notifications. Nothing was run.`,
          RpcCode.invalidRequest,
        );
      }

      const initializing = messages.some((message) => isRecord(message) && message.method === 'initialize');
      if (initializing && batch) {
        throw badRequest('PUBLIC_API_INVALID_REQUEST', 'initialize must be sent alone, not in a batch.', RpcCode.invalidRequest);
      }
      checkProtocolVersion(req);
      const session = initializing ? null : resumeSession(req, caller);
      // MCP-Protocol-Version is refused only when this server does not speak it (checked above): the
      // transport spec asks for 400 on an "invalid or unsupported" version, and clients that open
      // extra streams on a session (the official suite's multiple-streams scenario) send an older
      // supported one. The session keeps what initialize negotiated; batches follow that.
      if (batch) {
        const version = session?.protocolVersion ?? headerVersion(req) ?? DEFAULT_PROTOCOL_VERSION;
        if (!batchingAllowed(version)) {
          throw badRequest('PUBLIC_API_BATCH_NOT_SUPPORTED', `MCP ${version} has no JSON-RPC batches (removed in ${BATCHING_REMOVED_IN}); send one message per request.`, RpcCode.invalidRequest);
        }
      }

      await countCalls(res, caller, batch ? messages.length : messages.filter(isCall).length, batch ? null : idOf(payload));

      // Written out, not `...caller`: see src/extended.ts.
      const context: RpcContext = {
        principal: caller.principal,
        project: caller.project,
        requestId: requestIdOf(res),
        session: session ?? null,
        opened: null,
        credential: caller.credential,
        stepUp: null,
        batch,
        notifications: [],
      };
      const answers = await Promise.all(
        messages.map((message): PromiseLike<JSONRPCResponse | null> | null => {
          if (isResponseMessage(message)) return null; // answers to server requests: this server sends none
          if (!isRecord(message)) return Promise.resolve({ jsonrpc: '2.0', id: null, error: { code: RpcCode.invalidRequest, message: 'Invalid Request' } });
          return methods.receive(message as unknown as JSONRPCRequest, context);
        }),
      );
      const responses = answers.filter((answer): answer is JSONRPCResponse => answer !== null && answer !== undefined);

      if (context.opened) res.setHeader('Mcp-Session-Id', context.opened.id);
      if (context.stepUp && !batch) {
        // Step-up (MCP authorization): a token lacking a tool's scope gets the HTTP 403 OAuth clients
        // act on, naming the scopes to ask for; the body still answers the request's id.
        res.setHeader('WWW-Authenticate', `Bearer realm="tracewell", error="insufficient_scope", scope="${context.stepUp.scopes.join(' ')}", resource_metadata="${serviceResource}/.well-known/oauth-protected-resource/mcp", error_description="${context.stepUp.detail.replace(/"/g, "'")}"`);
        sendRpc(res, 403, responses[0]);
        return;
      }
      if (responses.length === 0) {
        res.status(202).end();
        return;
      }
      // Log messages the session asked for (logging/setLevel) ride a short SSE reply before the
      // answer, when the client accepts one (Streamable HTTP); otherwise the answer stays plain JSON.
      if (!batch && context.notifications.length > 0 && String(req.headers.accept ?? '').includes('text/event-stream')) {
        res.status(200).setHeader('Content-Type', 'text/event-stream');
        res.setHeader('Cache-Control', 'no-cache');
        // The whole reply is known: one string, one write (issue #61 item 3), not a chunk per event.
        const events = [...context.notifications, responses[0]].map((message) => `event: message\ndata: ${serializeRpc(message)}\n\n`).join('');
        res.setHeader('Content-Length', Buffer.byteLength(events, 'utf8'));
        res.end(events);
        return;
      }
      sendRpc(res, 200, batch ? responses : responses[0]);
    } catch (error) {
      next(error);
    }
  };

  const answerError = (error: unknown, req: Request, res: Response): void => {
    const id = (res.locals.rpcId as JsonRpcId | undefined) ?? null;
    let rejection = error instanceof Rejection ? error.withId(id) : Rejection.ofProblem(toProblem(error, req.method), id);
    // RFC 9728 §5.1: a 401 names the protected resource metadata, so an OAuth client can find the
    // authorization server from the tool server's URL alone; scope is the default it will be granted.
    if (rejection.status === 401) {
      const invalidToken = /error="invalid_token"[^]*$/.exec(rejection.headers['WWW-Authenticate'] ?? '');
      rejection = rejection.withHeaders({ 'WWW-Authenticate': invalidToken ? `${challenge}, ${invalidToken[0]}` : challenge });
    }
    // A token without the tool server's own scope: the step-up challenge names the metadata too.
    const refusedScope = rejection.status === 403 ? (rejection.headers['WWW-Authenticate'] ?? '') : '';
    if (refusedScope.includes('error="insufficient_scope"') && !refusedScope.includes('resource_metadata=')) {
      rejection = rejection.withHeaders({ 'WWW-Authenticate': `${refusedScope}, resource_metadata="${serviceResource}/.well-known/oauth-protected-resource/mcp"` });
    }
    if (rejection.status === 500) log(`${requestIdOf(res)} ${req.method} ${req.originalUrl} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    sendRejection(res, rejection);
  };

  const stream = methodNotAllowed('This server offers no server-initiated stream; use POST.');
  const steps: Readonly<Record<string, readonly Step[]>> = {
    GET: [stream],
    HEAD: [stream],
    DELETE: [authenticate, endSession],
    POST: [contentEncodingGate(BODY_PARSER_CODINGS), declaredBody(settings.maxRequestBytes, express.raw({ type: () => true, limit: settings.maxRequestBytes })), answer],
  };
  const otherMethod: readonly Step[] = [methodNotAllowed('Use POST (or DELETE to end a session).')];

  /**
   * One path and four methods, dispatched here rather than by an express Router: a Router matched
   * the path and method of each of its five layers again and built its closures on every call, for
   * a choice a table makes (issue #61 item 3, the tool path). Each step calls `next` as express's
   * would: with an error to answer it, without one to go on.
   */
  return (req, res, next) => {
    try {
      // First, before credentials or body, for every path below /mcp: a rebound page gets nothing but the refusal.
      const refusal = originRefusal(origins, req.headers);
      if (refusal) {
        sendRejection(res, new Rejection(403, RpcCode.requestRejected, 'Forbidden', { status: 403, code: 'PUBLIC_API_ORIGIN_NOT_ALLOWED', error: refusal }));
        return;
      }
    } catch (error) {
      answerError(error, req, res);
      return;
    }
    if (req.path !== '/') return next();
    const chain = steps[req.method] ?? otherMethod;
    let at = 0;
    const step = (error?: unknown): void => {
      if (error) return answerError(error, req, res);
      const current = chain[at++];
      if (!current) return next();
      try {
        void current(req, res, step);
      } catch (thrown) {
        answerError(thrown, req, res);
      }
    };
    step();
  };
}

/** A step of the tool server's dispatch: an express handler (its `next` takes an error to answer). */
type Step = (req: Request, res: Response, next: NextFunction) => unknown;
