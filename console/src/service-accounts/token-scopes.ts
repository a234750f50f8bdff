import type { Schemas } from '../api/operation-types';

type Scope = Schemas['FunctionalScope'];

/** Every scope a service-account token may carry, with what it lets the token do, in the order a person picks them. */
export const TOKEN_SCOPES: readonly { scope: Scope; meaning: string }[] = [
  { scope: 'observability:write', meaning: 'send traces and change fixes and detections' },
  { scope: 'observability:read', meaning: 'read traces, spans, detections and fixes' },
  { scope: 'evaluation:write', meaning: 'write scores, run evaluators and annotation queues' },
  { scope: 'evaluation:read', meaning: 'read scores, evaluators and annotation queues' },
  { scope: 'configuration:write', meaning: 'change webhooks, monitors and settings' },
  { scope: 'configuration:read', meaning: 'read webhooks, monitors and settings' },
  { scope: 'sharing:write', meaning: 'share a trace or fix through a guest link' },
  { scope: 'sharing:read', meaning: 'read shared links' },
  { scope: 'context:read', meaning: 'read the organization and project it acts in' },
  { scope: 'project:write', meaning: 'change the project' },
  { scope: 'organization:read', meaning: 'read the organization' },
  { scope: 'organization:write', meaning: 'change the organization' },
  { scope: 'access:read', meaning: 'read members, API keys and the audit log' },
  { scope: 'access:write', meaning: 'change members and API keys' },
  { scope: 'billing:read', meaning: 'read billing' },
  { scope: 'profile:read', meaning: 'read a profile' },
  { scope: 'profile:write', meaning: 'change a profile' },
];
