import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { cacheValidatorRouteCompilation } from './http/validator-route-cache.js';
import { resolveComponentSchemasWithoutCompiling } from './http/validator-ref-resolution.js';
import { useContractAsBundled } from './http/validator-spec-loading.js';
import { accessMiddleware } from './http/access-middleware.js';
import { bindOperations } from './http/bind-operations.js';
import { createOperationMatcher, operationIndex, validationContract } from './http/contract.js';
import { problemErrorHandler, routeNotFound } from './http/problem-response.js';
import { requestIdMiddleware } from './http/request-id.js';
import { checkedJsonBody } from './http/checked-json-body.js';
import { BODY_PARSER_CODINGS, contentEncodingGate } from './http/content-encoding.js';
import { requestHygiene } from './http/request-hygiene.js';
import { DATE_TIME_FORMAT, RFC3339_DATE_TIME, RFC3339_FORMAT } from './http/date-time-format.js';
import { buildStreamingHandlers } from './handlers/index.js';
import type { Runtime } from './runtime.js';

import { mcpRouter } from './tools/mcp-router.js';
import { buildToolRegistry } from './tools/registry.js';
import { contentDefinitions, McpContent } from './tools/mcp-content.js';
import { servedHandlers } from './handlers/served-handlers.js';
import { ToolAccess } from './tools/tool-access.js';
import type { ToolDefinition } from './tools/tool-definition.js';

import { oauthRouter } from './http/oauth-router.js';
import { ssoRouter } from './http/sso-router.js';
import { contractRouter } from './http/contract-router.js';
import { mailRouter } from './http/mail-router.js';
import { accountRouter } from './http/account-router.js';
import { SignInThrottle } from './domain/identity/sign-in-throttle.js';
import { ConsentTickets } from './domain/identity/consent-tickets.js';
import { ClientRegistration } from './domain/identity/client-registration.js';
import { fairShareMiddleware, tenantActivityMiddleware } from './http/fair-share-middleware.js';
import { consoleRouter } from './http/console-router.js';

import { healthRouter } from './http/health-router.js';
import { runtimeGauges } from './observability/runtime-gauges.js';
import { databaseHealth } from '../adapters/store-health.js';
import { SqlQueueStatsReader } from '../adapters/sql/queue-stats-reader.js';
import { requestObserver } from './observability/request-observer.js';
import { otlpRouter } from './http/otlp-router.js';
import { scimRouter } from './http/scim/scim-router.js';
import { githubWebhookRouter } from './http/github-webhook-router.js';

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
  // No ETag computed for any res.json/res.send: each API envelope carries its own requestId, so
  // no two answers hash alike and If-None-Match could never match, while hashing a large answer (a
  // 1,000-span trace) cost a copy and a digest of all of it. The setting is app-wide, so the few
  // static JSON/HTML answers (OAuth discovery, /docs) lose theirs too; the contract document sets
  // its own, and the console's files are served with send's own ETags.
  app.set('etag', false);
  app.set('query parser', 'extended');

  app.use(requestIdMiddleware);
  app.use(requestObserver(runtime));
  app.use(
    healthRouter({
      ...runtime,
      storeHealth: databaseHealth(runtime.database),
      gauges: runtimeGauges({ knex: runtime.database.knex, clock, queues: new SqlQueueStatsReader(runtime.database.knex) }),
    }),
  );
  app.use(lifecycle.middleware());
  app.use(tenantActivityMiddleware(services.fairShare));

  // One handler object and one operation index: REST routes and the agent tools both use them.
  const operations = operationIndex();
  const handlers = servedHandlers(runtime, operations);

  const toolAccess = new ToolAccess(authenticator, services.capabilities, operations);
  app.use(
    '/mcp',
    mcpRouter({
      authenticator,
      limiter,
      clock,
      log,
      settings: config.tools,
      tools: [...buildToolRegistry(handlers, config), ...(options.extraTools ?? [])],
      access: toolAccess,
      publicBaseUrl: config.publicBaseUrl,
      bindHost: config.host,
      content: new McpContent(contentDefinitions(handlers, config), toolAccess, clock),
    }),
  );

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
  app.use(otlpRouter({ otlp: services.otlpTraceExport, settings: config.otlp, access, fairShare, log }));
  // SCIM 2.0 provisioning (docs/sso.md): its own token, media type and error format, outside /api/v1/public.
  app.use(scimRouter(services.scim, config.publicBaseUrl));
  // Every other body-reading route: a coding its parser cannot undo is a 415 Problem before any parsing
  // (the tool server and the OTLP path, mounted above, run the same gate answering in their protocols).
  app.use(contentEncodingGate(BODY_PARSER_CODINGS));
  // GitHub's issues webhook: the signature of its raw body is its credential, so it answers before authentication.
  app.use(githubWebhookRouter(services.githubWebhooks));

  // Before the console's pages: /sso/callback is the server's, not a console route.
  app.use(ssoRouter(services.oauth, services.identityProvisioning, services.sso.signIn));
  app.use(consoleRouter(services.oauth.clients, config.publicBaseUrl));
  const registration = new ClientRegistration(services.oauth.clients, limiter, clock, { perAddressPerHour: config.oauthRegistrationsPerHour });
  app.use(oauthRouter(services.oauth, services.identityProvisioning, new SignInThrottle(limiter, clock), registration, new ConsentTickets(runtime.store, clock), services.sso));
  app.use(accountRouter(services.accountLinks, services.invitations));
  app.use(mailRouter(services.mailPreferences, config.publicBaseUrl));

  // The served contract and /docs need no credential, so they answer before authentication.
  app.use(contractRouter());

  app.use('/api/v1/public', access);
  app.use('/api/v1/public', fairShare);
  app.use('/api/v1/public', requestHygiene, checkedJsonBody(config.maxBodyBytes));
  cacheValidatorRouteCompilation();
  resolveComponentSchemasWithoutCompiling();
  app.use(
    OpenApiValidator.middleware({
      // No copy of our own: the validator deep-copies the document it is given before annotating it.
      apiSpec: useContractAsBundled(validationContract()) as unknown as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
      validateApiSpec: false,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: config.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      // Registered after ajv-formats' own, so this `date-time` replaces theirs.
      formats: { 'date-time': DATE_TIME_FORMAT, [RFC3339_DATE_TIME]: RFC3339_FORMAT },
      ignorePaths: (path: string) => !path.startsWith('/api/v1/public'),
    }),
  );
  bindOperations(app, operations, handlers, { streaming: buildStreamingHandlers(services) });

  app.use(routeNotFound);
  app.use(problemErrorHandler(log));
  return app;
}
