import type { Scope } from './scopes.js';

/**
 * What each OAuth scope lets an application do, in the words a person approving it needs: the consent
 * and device pages show these beside the raw scope name (which stays visible for administrators and
 * the docs). Grounded in the operations each scope guards in contract/openapi.yaml (`x-required-scopes`).
 */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, { title: string; detail: string }>> = {
  'context:read': { title: 'Know which project it works in', detail: 'the project’s name, organization and settings' },
  'project:write': { title: 'Change the project', detail: 'rename it, set how long traces are kept, or delete it' },
  'organization:read': { title: 'See your organizations', detail: 'your projects across organizations and their service accounts' },
  'organization:write': { title: 'Manage service accounts', detail: 'create them, bind them to projects, mint, rotate and revoke their tokens' },
  'billing:read': { title: 'See usage and billing', detail: 'what the organization has used' },
  'profile:read': { title: 'See your profile', detail: 'your name and email address' },
  'profile:write': { title: 'Change your profile', detail: 'your display name and which mail you receive' },
  'observability:read': { title: 'Read traces', detail: 'traces, spans, sessions, search, detections, fixes and alerts' },
  'observability:write': { title: 'Write traces and act on them', detail: 'send and delete traces, edit detections, move and comment on fixes' },
  'evaluation:read': { title: 'Read evaluations', detail: 'scores, evaluators, model connections and annotation queues' },
  'evaluation:write': { title: 'Run evaluations', detail: 'add scores, set up evaluators and model connections, answer and manage annotation queues' },
  'configuration:read': { title: 'Read the project’s configuration', detail: 'webhooks, monitors, notification settings and model prices' },
  'configuration:write': { title: 'Change the project’s configuration', detail: 'add and edit webhooks, monitors, notification settings and model prices' },
  'sharing:read': { title: 'See shared links', detail: 'the guest links given out for traces' },
  'sharing:write': { title: 'Share traces', detail: 'create guest links that let others view a trace' },
  'access:read': { title: 'See who has access', detail: 'API keys (by prefix), members, invitations and the audit log' },
  'access:write': { title: 'Manage access', detail: 'create and revoke API keys, invite, change or remove members' },
  'offline_access': { title: 'Stay signed in', detail: 'keep access when you are away, until you sign out or revoke it' },
};
