import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ScimError } from '../../domain/scim/scim-error.js';
import { SCIM_LIMITS } from '../../domain/scim/scim-schemas.js';
import type { ScimPageRequest, ScimService } from '../../domain/scim/scim-service.js';
import type { ScimConnectionRecord } from '../../ports/scim.js';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.js';
import { groupResource, listResponse, userResource } from './scim-representation.js';

const SCIM_JSON = 'application/scim+json; charset=utf-8';

function send(res: Response, status: number, body: unknown): void {
  res.status(status).setHeader('Content-Type', SCIM_JSON);
  res.setHeader('Cache-Control', 'no-store');
  res.send(JSON.stringify(body));
}

function sendError(res: Response, error: ScimError): void {
  if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="scim"');
  send(res, error.status, error.toJSON());
}

/** A query parameter sent once as a string (the extended parser makes `a[b]=` an object). */
function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ScimError(400, `${name} must be sent once, as a string.`, 'invalidValue');
  return value;
}

/** The :id path parameter (one segment, so one string). */
const idOf = (req: Request): string => String(req.params.id);

const pageRequest = (req: Request): ScimPageRequest => ({ filter: queryText(req, 'filter'), startIndex: queryText(req, 'startIndex'), count: queryText(req, 'count') });

/** `excludedAttributes` (RFC 7644 §3.4.2.5): the multi-valued references large groups make heavy. */
const excluded = (req: Request): Set<string> =>
  new Set(
    (queryText(req, 'excludedAttributes') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

type Handler = (req: Request, res: Response, connection: ScimConnectionRecord) => Promise<void>;

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2, outside the REST contract (docs/sso.md says why): its own media
 * type, error format and bearer token per organization. Each request's token names the
 * organization it provisions; there is no other way to select one.
 */
export function scimRouter(scim: ScimService, publicBaseUrl: string): Router {
  const router = express.Router();
  const baseUrl = `${publicBaseUrl}/scim/v2`;
  const json = express.json({ limit: SCIM_LIMITS.bodyBytes, type: ['application/json', 'application/scim+json'], strict: true });

  // Discovery: the same for every organization and free of tenant data, so no token is needed.
  router.get('/scim/v2/ServiceProviderConfig', (_req, res) => send(res, 200, serviceProviderConfig(baseUrl)));
  router.get('/scim/v2/ResourceTypes', (_req, res) => send(res, 200, listResponse({ items: resourceTypes(baseUrl), total: 2, startIndex: 1 }, (item) => item)));
  router.get('/scim/v2/ResourceTypes/:id', (req, res) => {
    const found = resourceTypes(baseUrl).find((type) => type.id === idOf(req));
    if (!found) return sendError(res, new ScimError(404, 'No such resource type.'));
    send(res, 200, found);
  });
  router.get('/scim/v2/Schemas', (_req, res) => send(res, 200, listResponse({ items: schemas(baseUrl), total: 2, startIndex: 1 }, (item) => item)));
  router.get('/scim/v2/Schemas/:id', (req, res) => {
    const found = schemas(baseUrl).find((schema) => schema.id === idOf(req));
    if (!found) return sendError(res, new ScimError(404, 'No such schema.'));
    send(res, 200, found);
  });

  const authenticated =
    (handler: Handler) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      try {
        const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization?.trim() ?? '');
        const connection = match ? await scim.authenticate(match[1]) : null;
        if (!connection) throw new ScimError(401, 'A valid SCIM bearer token is required (Authorization: Bearer tw_sc_…).');
        await handler(req, res, connection);
      } catch (error) {
        next(error);
      }
    };

  router.post('/scim/v2/Users', json, authenticated(async (req, res, connection) => {
    const view = await scim.createUser(connection, req.body);
    res.setHeader('Location', `${baseUrl}/Users/${view.user.id}`);
    send(res, 201, userResource(baseUrl, view));
  }));
  router.get('/scim/v2/Users', authenticated(async (req, res, connection) => {
    const hide = excluded(req);
    send(res, 200, listResponse(await scim.listUsers(connection, pageRequest(req)), (view) => userResource(baseUrl, view, hide)));
  }));
  router.get('/scim/v2/Users/:id', authenticated(async (req, res, connection) => {
    send(res, 200, userResource(baseUrl, await scim.getUser(connection, idOf(req)), excluded(req)));
  }));
  router.put('/scim/v2/Users/:id', json, authenticated(async (req, res, connection) => {
    send(res, 200, userResource(baseUrl, await scim.replaceUser(connection, idOf(req), req.body)));
  }));
  router.patch('/scim/v2/Users/:id', json, authenticated(async (req, res, connection) => {
    send(res, 200, userResource(baseUrl, await scim.patchUser(connection, idOf(req), req.body)));
  }));
  router.delete('/scim/v2/Users/:id', authenticated(async (req, res, connection) => {
    await scim.deleteUser(connection, idOf(req));
    res.status(204).end();
  }));

  router.post('/scim/v2/Groups', json, authenticated(async (req, res, connection) => {
    const view = await scim.createGroup(connection, req.body);
    res.setHeader('Location', `${baseUrl}/Groups/${view.group.id}`);
    send(res, 201, groupResource(baseUrl, view));
  }));
  router.get('/scim/v2/Groups', authenticated(async (req, res, connection) => {
    const hide = excluded(req);
    send(res, 200, listResponse(await scim.listGroups(connection, pageRequest(req)), (view) => groupResource(baseUrl, view, hide)));
  }));
  router.get('/scim/v2/Groups/:id', authenticated(async (req, res, connection) => {
    send(res, 200, groupResource(baseUrl, await scim.getGroup(connection, idOf(req)), excluded(req)));
  }));
  router.put('/scim/v2/Groups/:id', json, authenticated(async (req, res, connection) => {
    send(res, 200, groupResource(baseUrl, await scim.replaceGroup(connection, idOf(req), req.body)));
  }));
  router.patch('/scim/v2/Groups/:id', json, authenticated(async (req, res, connection) => {
    send(res, 200, groupResource(baseUrl, await scim.patchGroup(connection, idOf(req), req.body)));
  }));
  router.delete('/scim/v2/Groups/:id', authenticated(async (req, res, connection) => {
    await scim.deleteGroup(connection, idOf(req));
    res.status(204).end();
  }));

  // Anything else under /scim/v2 — an unknown endpoint or a method it does not take — is a SCIM 404/405.
  router.use('/scim/v2', (req, res) => {
    // Mounted on the prefix, so req.path is what follows /scim/v2.
    const known = /^\/(Users|Groups)(\/[^/]+)?$/.test(req.path);
    sendError(res, known ? new ScimError(405, `${req.method} is not supported here.`) : new ScimError(404, 'No such SCIM endpoint.'));
  });

  // Errors of this router, including the body parser's, answer in SCIM's error format, never as a 500 Problem.
  router.use('/scim/v2', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof ScimError) return sendError(res, error);
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.parse.failed') return sendError(res, new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'));
    if (type === 'entity.too.large') return sendError(res, new ScimError(413, `The body is larger than ${SCIM_LIMITS.bodyBytes} bytes.`));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') return sendError(res, new ScimError(415, 'The body encoding is not supported.'));
    next(error);
  });
  return router;
}
