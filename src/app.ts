import express, { type Express, type RequestHandler } from 'express';
import { answerDirectly } from './http/direct-route.js';
import { accessMiddleware } from './http/access-middleware.js';
import { bindOperations } from './http/bind-operations.js';
import { createOperationMatcher, operationIndex } from './http/contract.js';
import { problemErrorHandler, routeNotFound } from './http/problem-response.js';
import { requestIdMiddleware } from './http/request-id.js';
import { checkedJsonBody } from './http/checked-json-body.js';
import { BODY_PARSER_CODINGS, contentEncodingGate } from './http/content-encoding.js';
import { requestHygiene } from './http/request-hygiene.js';
import { buildStreamingHandlers } from './handlers/index.js';
import type { Runtime } from './runtime.js';
import { servedHandlers } from './handlers/served-handlers.js';
import type { ToolDefinition } from './tools/tool-definition.js';
import { lazyRouter, underPaths } from './http/lazy-router.js';
import { loadModule } from './lazy-module.js';
// The faces loaded on their first request (lazyRouter), by type here: nothing of them loads at start.
import type * as McpFace from './startup/mcp-face.js';
import type * as OtlpRouter from './http/otlp-router.js';
import type * as ScimRouter from './http/scim/scim-router.js';
import type * as GithubWebhookRouter from './http/github-webhook-router.js';
import type * as SsoRouter from './http/sso-router.js';
import type * as OauthFace from './startup/oauth-face.js';
import type * as AccountRouter from './http/account-router.js';
import type * as MailRouter from './http/mail-router.js';
import type * as ContractValidator from './http/contract-validator.js';

import { contractRouter } from './http/contract-router.js';
import { fairShareMiddleware, tenantActivityMiddleware } from './http/fair-share-middleware.js';
import { consoleRouter } from './http/console-router.js';

import { healthRouter } from './http/health-router.js';
import { runtimeGauges } from './observability/runtime-gauges.js';
import { databaseHealth } from '../adapters/store-health.js';
import { SqlQueueStatsReader } from '../adapters/sql/queue-stats-reader.js';
import { requestObserver } from './observability/request-observer.js';
import { GITHUB_WEBHOOK_PREFIX } from './http/github-webhook-path.js';

export interface AppOptions {
  /** Tools served beyond the registry; tests inject failing, slow or oversized tools here. */
  extraTools?: readonly ToolDefinition[];
}

/**
 * The express application, without listening. Order matters: request id and draining first, then
 * the non-REST faces, then for the public API authentication and rate limiting, body parsing,
 * contract validation, handlers, and the one Problem Details error handler.
 */
export function createApp(runtime: Runtime, options: AppOptions = {}): Express {
  const { config, services, authenticator, limiter, clock, lifecycle, log } = runtime;
  const app = express();
  app.disable('x-powered-by');
  // One spelling per path, as the contract writes it: /API/v1/public/project is a 404, not the
  // project. Express matches without case by default, while what keys on the path — the contract's
  // request validation, the access policy's operation lookup — compares it exactly, so another
  // spelling reached a handler unvalidated (docs/rest-api.md, "Paths").
  app.set('case sensitive routing', true);
  // No ETag computed for any res.json/res.send: each API envelope carries its own requestId, so
  // no two answers hash alike and If-None-Match could never match, while hashing a large answer (a
  // 1,000-span trace) cost a copy and a digest of all of it. The setting is app-wide, so the few
  // static JSON/HTML answers (OAuth discovery, /docs) lose theirs too; the contract document sets
  // its own, and the console's files are served with send's own ETags.
  app.set('etag', false);
  app.set('query parser', 'extended');

  // Every request's frame: its id and observation first; after the probes (which answer while
  // draining), the draining gate and the tenant's activity. /mcp also runs them, ahead of the router (below).
  const requestFrame: RequestHandler[] = [requestIdMiddleware, requestObserver(runtime)];
  const admission: RequestHandler[] = [lifecycle.middleware(), tenantActivityMiddleware(services.fairShare)];
  app.use(requestFrame);
  app.use(
    healthRouter({
      ...runtime,
      storeHealth: databaseHealth(runtime.database),
      gauges: runtimeGauges({ knex: runtime.database.knex, clock, queues: new SqlQueueStatsReader(runtime.database.knex) }),
    }),
  );
  app.use(admission);

  // One handler object and one operation index: REST routes and the agent tools both use them.
  const operations = operationIndex();
  const handlers = servedHandlers(runtime, operations);

  // The faces below that most requests never reach are imported on their first request
  // (src/http/lazy-router.ts, issue #61): nothing of them is loaded on the way to `listen`.
  const mcp = lazyRouter(
    () => true,
    async () => (await loadModule<typeof McpFace>(new URL('./startup/mcp-face.js', import.meta.url))).mcpFace(runtime, handlers, operations, options.extraTools ?? []),
  );
  app.use('/mcp', mcp);

  const access = accessMiddleware({
    authenticator,
    limiter,
    policies: config.rateLimits,
    clock,
    findOperation: createOperationMatcher(operations),
    capabilities: services.capabilities,
  });
  // OpenTelemetry's OTLP/HTTP path, outside /api/v1/public so exporters find it unchanged.
  const fairShare = fairShareMiddleware(services.fairShare);
  app.use(lazyRouter(underPaths('/v1/traces'), async () => (await loadModule<typeof OtlpRouter>(new URL('./http/otlp-router.js', import.meta.url))).otlpRouter({ otlp: services.otlpTraceExport, settings: config.otlp, access, fairShare, log })));
  // SCIM 2.0 provisioning (docs/sso.md): its own token, media type and error format, outside /api/v1/public.
  app.use(lazyRouter(underPaths('/scim'), async () => (await loadModule<typeof ScimRouter>(new URL('./http/scim/scim-router.js', import.meta.url))).scimRouter(services.scim, config.publicBaseUrl)));
  // Every other body-reading route: a coding its parser cannot undo is a 415 Problem before any parsing
  // (the tool server and the OTLP path, mounted above, run the same gate answering in their protocols).
  app.use(contentEncodingGate(BODY_PARSER_CODINGS));
  // GitHub's issues webhook: the signature of its raw body is its credential, so it answers before authentication.
  app.use(lazyRouter(underPaths(GITHUB_WEBHOOK_PREFIX), async () => (await loadModule<typeof GithubWebhookRouter>(new URL('./http/github-webhook-router.js', import.meta.url))).githubWebhookRouter(services.githubWebhooks)));

  // Before the console's pages: /sso/callback is the server's, not a console route.
  app.use(lazyRouter(underPaths('/sso'), async () => (await loadModule<typeof SsoRouter>(new URL('./http/sso-router.js', import.meta.url))).ssoRouter(services.oauth, services.identityProvisioning, services.sso.signIn)));
  app.use(consoleRouter(services.oauth.clients, config.publicBaseUrl));
  app.use(lazyRouter(underPaths('/.well-known', '/oauth'), async () => (await loadModule<typeof OauthFace>(new URL('./startup/oauth-face.js', import.meta.url))).oauthFace(runtime)));
  app.use(lazyRouter(underPaths('/account'), async () => (await loadModule<typeof AccountRouter>(new URL('./http/account-router.js', import.meta.url))).accountRouter(services.accountLinks, services.invitations)));
  app.use(lazyRouter(underPaths('/mail'), async () => (await loadModule<typeof MailRouter>(new URL('./http/mail-router.js', import.meta.url))).mailRouter(services.mailPreferences, config.publicBaseUrl)));

  // The served contract and /docs need no credential, so they answer before authentication.
  app.use(contractRouter());

  app.use('/api/v1/public', access);
  app.use('/api/v1/public', fairShare);
  app.use('/api/v1/public', requestHygiene, checkedJsonBody(config.maxBodyBytes));
  app.use(lazyRouter(underPaths('/api/v1/public'), async () => (await loadModule<typeof ContractValidator>(new URL('./http/contract-validator.js', import.meta.url))).contractValidator({ validateResponses: config.validateResponses })));
  bindOperations(app, operations, handlers, { streaming: buildStreamingHandlers(services) });

  const onError = problemErrorHandler(log);
  app.use(routeNotFound);
  app.use(onError);
  // The tool server's own path skips the router's walk to its mount (src/http/direct-route.ts): the
  // same frame, the same face, the same 404 and error handler.
  answerDirectly(app, { path: '/mcp', frame: [...requestFrame, ...admission], face: mcp, fallThrough: routeNotFound, onError });
  return app;
}
