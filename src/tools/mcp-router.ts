import { createRequire } from 'node:module';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { isJSONRPCRequest, type JSONRPCRequest, type JSONRPCResponse, type JSONRPCServer } from 'json-rpc-2.0';
import type { Authenticator, CredentialPolicy } from '../auth/authenticator.js';
import type { Principal } from '../auth/principal.js';
import type { Clock } from '../clock.js';
import type { ToolServerSettings } from './tool-settings.js';
import { toProblem } from '../http/problem-response.js';
import { rateLimitHeaders } from '../http/rate-limit-headers.js';
import { requestIdOf } from '../http/request-id.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { RateDecision, RateLimiter } from '../ratelimit/rate-limiter.js';
import { createMcpMethods, type RpcContext } from './mcp-methods.js';
import { PROTOCOL_VERSION_HEADER, RpcCode, SESSION_HEADER, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { ToolCatalog } from './tool-catalog.js';
import type { ToolDefinition } from './tool-definition.js';
import { ToolInvoker } from './tool-invoker.js';
import { ToolSessions } from './tool-sessions.js';
import { badRequest, Rejection, sendRejection, type JsonRpcId } from './rpc-rejection.js';

/**
 * Who may use the tool server: public API keys (project keys, or organization keys with
 * x-project-id), and OAuth / service-account tokens with observability:read plus x-project-id.
 * Tools that write add their own scopes (ToolDefinition.requiredScopes).
 */
export const TOOL_CREDENTIAL_POLICY: CredentialPolicy = {
  security: [
    { scheme: 'apiKey', scopes: [] },
    { scheme: 'legacyBearer', scopes: [] },
    { scheme: 'oauth2', scopes: ['observability:read'] },
    { scheme: 'serviceAccount', scopes: ['observability:read'] },
  ],
  projectScoped: true,
};

export interface ToolServerDependencies {
  authenticator: Authenticator;
  limiter: RateLimiter;
  clock: Clock;
  log: (message: string) => void;
  settings: ToolServerSettings;
  tools: readonly ToolDefinition[];
}

const SERVER_VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

interface Caller {
  principal: Principal;
  project: ProjectRecord;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isResponseMessage = (value: unknown): boolean => isRecord(value) && !('method' in value) && ('result' in value || 'error' in value);
const isCall = (value: unknown): value is Record<string, unknown> & { id: JsonRpcId } =>
  isRecord(value) && typeof value.method === 'string' && value.id !== undefined;
const idOf = (value: unknown): JsonRpcId => {
  const id = isRecord(value) ? value.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/**
 * The agent tool server: MCP Streamable HTTP on one path. POST carries JSON-RPC requests,
 * notifications and batches, answered as application/json (202 without a body when nothing needs an
 * answer); DELETE ends a session; GET answers 405, as the server never starts a stream of its own.
 */
export function mcpRouter(deps: ToolServerDependencies): Router {
  const { authenticator, limiter, clock, log, settings } = deps;
  const catalog = new ToolCatalog(deps.tools, settings, log);
  const sessions = new ToolSessions(clock, settings.sessionIdleSeconds * 1000);
  const invoker = new ToolInvoker(catalog, clock, settings.maxResultBytes, log);
  const methods: JSONRPCServer<RpcContext> = createMcpMethods({ catalog, invoker, sessions, serverVersion: SERVER_VERSION, log });
  const router = express.Router();

  const authenticate = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const principal = await authenticator.authenticate(req.headers, TOOL_CREDENTIAL_POLICY, { host: req.headers.host ?? '' });
      res.locals.caller = { principal, project: principal.project! } satisfies Caller;
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
    const session = sessions.resume(id, caller.principal.credentialId, caller.project.id);
    if (!session) {
      throw new Rejection(404, RpcCode.sessionNotFound, 'Session not found', {
        status: 404,
        code: 'PUBLIC_API_SESSION_NOT_FOUND',
        error: 'The session does not exist or has ended (1 hour without requests, or DELETE); start a new one with initialize.',
      });
    }
    return session;
  };

  /** One hit per JSON-RPC request (notifications are free), shared by every session of the credential. */
  const countCalls = async (res: Response, caller: Caller, calls: number, id: JsonRpcId): Promise<void> => {
    let decision: RateDecision | null = null;
    for (let i = 0; i < calls; i++) {
      decision = await limiter.hit(caller.principal.credentialId, settings.rateLimit, clock.now().getTime());
      if (!decision.allowed) break;
    }
    if (!decision) return;
    const headers = rateLimitHeaders(decision);
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
        { ...headers, 'Retry-After': String(retryAfter) },
      );
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };

  const methodNotAllowed = (detail: string) => (_req: Request, res: Response) => {
    res.setHeader('Allow', 'POST, DELETE');
    sendRejection(res, new Rejection(405, RpcCode.requestRejected, 'Method Not Allowed', { status: 405, code: 'PUBLIC_API_METHOD_NOT_ALLOWED', error: detail }));
  };

  router.get('/', methodNotAllowed('This server offers no server-initiated stream; use POST.'));

  router.delete('/', authenticate, (req, res, next) => {
    try {
      const session = resumeSession(req, res.locals.caller as Caller);
      sessions.end(session.id);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  router.post('/', authenticate, express.raw({ type: () => true, limit: settings.maxRequestBytes }), async (req, res, next) => {
    try {
      const caller = res.locals.caller as Caller;
      const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        throw badRequest('PUBLIC_API_MALFORMED_JSON', 'The request body is not valid JSON.', RpcCode.parseError);
      }

      const batch = Array.isArray(payload);
      const messages: unknown[] = batch ? (payload as unknown[]) : [payload];
      if (messages.length === 0) throw badRequest('PUBLIC_API_INVALID_REQUEST', 'An empty batch is not a valid JSON-RPC request.', RpcCode.invalidRequest);
      if (!batch && !isResponseMessage(payload) && !isJSONRPCRequest(payload)) {
        throw badRequest('PUBLIC_API_INVALID_REQUEST', 'The body is not a JSON-RPC 2.0 request, notification or batch.', RpcCode.invalidRequest, idOf(payload));
      }

      const initializing = messages.some((message) => isRecord(message) && message.method === 'initialize');
      if (initializing && batch) {
        throw badRequest('PUBLIC_API_INVALID_REQUEST', 'initialize must be sent alone, not in a batch.', RpcCode.invalidRequest);
      }
      checkProtocolVersion(req);
      if (!initializing) resumeSession(req, caller);

      const calls = messages.filter(isCall).length;
      await countCalls(res, caller, calls, batch ? null : idOf(payload));

      const context: RpcContext = { ...caller, requestId: requestIdOf(res), session: null };
      const answers = await Promise.all(
        messages.map((message): PromiseLike<JSONRPCResponse | null> | null => {
          if (isResponseMessage(message)) return null; // answers to server requests: this server sends none
          if (!isRecord(message)) return Promise.resolve({ jsonrpc: '2.0', id: null, error: { code: RpcCode.invalidRequest, message: 'Invalid Request' } });
          return methods.receive(message as unknown as JSONRPCRequest, context);
        }),
      );
      const responses = answers.filter((answer): answer is JSONRPCResponse => answer !== null && answer !== undefined);

      if (context.session) res.setHeader('Mcp-Session-Id', context.session.id);
      if (responses.length === 0) {
        res.status(202).end();
        return;
      }
      res.status(200).json(batch ? responses : responses[0]);
    } catch (error) {
      next(error);
    }
  });

  router.all('/', methodNotAllowed('Use POST (or DELETE to end a session).'));

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const rejection = error instanceof Rejection ? error : Rejection.ofProblem(toProblem(error, req.method));
    if (rejection.status === 500) log(`${requestIdOf(res)} ${req.method} ${req.originalUrl} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    sendRejection(res, rejection);
  });

  return router;
}
