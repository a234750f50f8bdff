import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { accessMiddleware } from './http/access-middleware.js';
import { bindOperations } from './http/bind-operations.js';
import { CONTRACT_PATH, createOperationMatcher, operationIndex } from './http/contract.js';
import { problemErrorHandler, routeNotFound } from './http/problem-response.js';
import { requestIdMiddleware } from './http/request-id.js';
import { buildHandlers } from './handlers/index.js';
import type { Runtime } from './runtime.js';

import { mcpRouter } from './tools/mcp-router.js';
import { buildToolRegistry } from './tools/registry.js';
import type { ToolDefinition } from './tools/tool-definition.js';

import { oauthRouter } from './http/oauth-router.js';

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
  app.set('query parser', 'extended');

  app.use(requestIdMiddleware);
  app.use(lifecycle.middleware());

  app.use(
    '/mcp',
    mcpRouter({
      authenticator,
      limiter,
      clock,
      log,
      settings: config.tools,
      tools: [...buildToolRegistry(services, config), ...(options.extraTools ?? [])],
    }),
  );

  app.use(oauthRouter(services.oauth, services.identityProvisioning));

  const operations = operationIndex();
  app.use(
    '/api/v1/public',
    accessMiddleware({
      authenticator,
      limiter,
      policies: config.rateLimits,
      clock,
      findOperation: createOperationMatcher(operations),
      capabilities: services.capabilities,
    }),
  );
  app.use('/api/v1/public', express.json({ limit: config.maxBodyBytes, type: ['application/json', 'application/*+json'] }));
  app.use(
    OpenApiValidator.middleware({
      apiSpec: CONTRACT_PATH,
      validateApiSpec: false,
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, removeAdditional: false },
      validateResponses: config.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      ignorePaths: (path: string) => !path.startsWith('/api/v1/public'),
    }),
  );
  bindOperations(app, operations, buildHandlers(services));

  app.use(routeNotFound);
  app.use(problemErrorHandler(log));
  return app;
}
