/** The OAuth scopes of the spec, exactly; service-account tokens use the same functional scopes. */
export const SCOPES = [
  'context:read',
  'project:write',
  'organization:read',
  'organization:write',
  'billing:read',
  'profile:read',
  'profile:write',
  'observability:read',
  'observability:write',
  'evaluation:read',
  'evaluation:write',
  'configuration:read',
  'configuration:write',
  'sharing:read',
  'sharing:write',
  'access:read',
  'access:write',
  'offline_access',
] as const;

export type Scope = (typeof SCOPES)[number];

const known: ReadonlySet<string> = new Set(SCOPES);
export const isScope = (value: string): value is Scope => known.has(value);
