import type supertest from 'supertest';
import type { TestServer } from '../support/harness.js';
import { assertScim, type ScimBody } from '../support/scim-rfc7643-schemas.js';

export const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_URN = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** Turns SCIM provisioning on for the tenant's organization through the REST API, as its owner does; returns the token. */
export async function enableScim(server: TestServer, tenant = server.tenant): Promise<string> {
  const owner = await server.oauthToken(tenant.user.id, ['access:read', 'access:write']);
  const res = await server.request().post('/api/v1/public/scim-connection/token').set('authorization', `Bearer ${owner}`).set('x-project-id', tenant.project.id);
  if (res.status !== 201) throw new Error(`rotateScimToken answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** Sends the owner's REST request for the mapping. */
export async function mapGroups(server: TestServer, defaultRole: string, groupRoles: { group: string; role: string; projectRoles?: { projectId: string; role: string }[] }[]): Promise<supertest.Response> {
  const owner = await server.oauthToken(server.tenant.user.id, ['access:read', 'access:write']);
  return server.request().put('/api/v1/public/scim-connection').set('authorization', `Bearer ${owner}`).set('x-project-id', server.tenant.project.id).send({ defaultRole, groupRoles });
}

export type ScimMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A SCIM client bound to one token: every answer's media type is checked, and its body against RFC 7643/7644 (`expect`). */
export function scimClient(server: TestServer, token: () => string) {
  const call = (method: ScimMethod, path: string, body?: unknown): Promise<supertest.Response> => {
    const req = server.request()[method](`/scim/v2${path}`).set('authorization', `Bearer ${token()}`).set('accept', 'application/scim+json');
    return body === undefined ? req : req.set('content-type', 'application/scim+json').send(body as object);
  };
  return {
    call,
    /** The call, asserting its status and (unless 204) that its body is a valid `kind`, List responses' Resources as `resources`. */
    async expect(method: ScimMethod, path: string, body: unknown, status: number, kind: ScimBody | null, resources?: ScimBody): Promise<Record<string, any>> {
      const res = await call(method, path, body);
      if (res.status !== status) throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}, expected ${status}: ${res.text}`);
      if (kind) {
        if (!/^application\/scim\+json/.test(res.headers['content-type'] ?? '')) throw new Error(`content-type ${res.headers['content-type']}`);
        assertScim(kind, res.body, resources);
      }
      return res.body as Record<string, any>;
    },
  };
}

let counter = 0;
/** A user body as Okta's test plan creates one (userName an email, name, emails, active). */
export function oktaUser(prefix = 'okta'): Record<string, unknown> {
  counter++;
  const userName = `${prefix}.user${counter}.${Date.now()}@example.com`;
  return {
    schemas: [USER_URN],
    userName,
    name: { givenName: 'Ada', familyName: `Lovelace${counter}` },
    emails: [{ primary: true, value: userName, type: 'work' }],
    displayName: `Ada Lovelace ${counter}`,
    locale: 'en-US',
    externalId: `00u${counter}okta`,
    groups: [],
    password: 'ignored-by-the-service',
    active: true,
  };
}
