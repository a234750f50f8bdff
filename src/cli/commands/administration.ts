import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { confirmDestructive } from '../confirm.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printJson, printResource, renderTable } from '../output.js';

type ApiKeyList = SuccessData<'listApiKeys'>;
type AuditList = SuccessData<'listAuditEvents'>;

const ORG_ROLES = ['owner', 'admin', 'member', 'viewer'];
const PROJECT_ROLES = ['viewer', 'editor', 'admin'];

function retention(raw: string): number | null {
  if (raw === 'unlimited') return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 36500) throw new UsageError(`retention must be 1 to 36500 days or "unlimited"; got ${raw}`);
  return Number(raw);
}

/** The project's experiment significance level: the contract's bounds (ExperimentAlpha), checked before any request. */
function experimentAlpha(raw: string): number {
  const value = Number(raw);
  if (!/^(0?\.\d+|0|1)$/.test(raw) || !(value > 0 && value <= 0.5)) throw new UsageError(`alpha must be above 0 and at most 0.5; got ${raw}`);
  return value;
}

/** projects, api-keys, members, invitations and audit: the administration of an organization. */
export function registerAdministrationCommands(program: Command, io: Io): void {
  const projects = program.command('projects').description('projects of your organizations');
  projects
    .command('list')
    .description('list the projects the credential reaches')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const { projects: items } = await context.client().get<SuccessData<'listProjects'>>('/api/v1/public/projects');
      if (context.settings.json) return printJson(io, items);
      io.out(items.length ? renderTable(items, [
        { header: 'ID', value: (p) => p.id },
        { header: 'NAME', value: (p) => p.name },
        { header: 'ORGANIZATION', value: (p) => p.organizationName },
        { header: 'RETENTION', value: (p) => (p.retentionDays === null ? 'unlimited' : `${p.retentionDays} d`) },
        { header: 'CREATED', value: (p) => p.createdAt },
      ]) : 'No projects.\n');
    });
  projects
    .command('create <name>')
    .description('create a project (organization key, or an owner/admin login)')
    .option('--organization <id>', 'the organization, when you belong to several')
    .action(async (name: string, options: { organization?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const body: BodyOf<'createProject'> = { name, ...(options.organization ? { organizationId: options.organization } : {}) };
      printResource(io, context.settings.json, await context.client().request<SuccessData<'createProject'>>('POST', '/api/v1/public/projects', { body }));
    });
  projects
    .command('rename <name>')
    .description('rename the selected project (--project)')
    .action(async (name: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateProject'>>('PATCH', '/api/v1/public/project', { body: { name } }));
    });
  projects
    .command('retention <days>')
    .description('keep traces of the selected project this many days (or "unlimited")')
    .action(async (days: string, _options: unknown, self: Command) => {
      const retentionDays = retention(days);
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateProject'>>('PATCH', '/api/v1/public/project', { body: { retentionDays } }));
    });
  projects
    .command('experiment-alpha <alpha>')
    .description("the selected project's significance level for experiment comparisons and notification.experiment_significant (default 0.05)")
    .action(async (alpha: string, _options: unknown, self: Command) => {
      const value = experimentAlpha(alpha);
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateProject'>>('PATCH', '/api/v1/public/project', { body: { experimentAlpha: value } }));
    });
  projects
    .command('delete <projectId>')
    .description('delete a project and all its data (asks for confirmation on a terminal, or takes --yes)')
    .option('-y, --yes', 'delete without asking')
    .action(async (projectId: string, options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, `Delete project ${projectId} and ALL of its traces, detections, fixes and settings?`))) {
        context.notice('Not deleted.');
        return;
      }
      // The id is sent as x-project-id and repeated as `confirmation`: a mistyped id deletes nothing.
      const client = new CommandContext(io, { ...context.settings, projectId }).client();
      const data = await client.request<SuccessData<'deleteProject'>>('DELETE', '/api/v1/public/project', { body: { confirmation: projectId } });
      if (context.settings.json) printResource(io, true, data);
      else io.out(`Deleted project ${projectId}; its data is purged in the background.\n`);
    });

  const apiKeys = program.command('api-keys').description('public API keys of the selected project (and the organization)');
  addListCommand<ApiKeyList, ApiKeyList['apiKeys'][number]>(apiKeys, io, {
    description: 'list API keys (never the secret)',
    noun: 'API keys',
    path: '/api/v1/public/api-keys',
    maxPageSize: 100,
    items: (data) => data.apiKeys,
    columns: [
      { header: 'ID', value: (k) => k.id },
      { header: 'PREFIX', value: (k) => k.prefix },
      { header: 'NAME', value: (k) => k.name },
      { header: 'SCOPE', value: (k) => (k.readOnly ? `${k.scope} (read-only)` : k.scope) },
      { header: 'CREATED', value: (k) => k.createdAt },
      { header: 'LAST USED', value: (k) => k.lastUsedAt },
      { header: 'EXPIRES', value: (k) => k.expiresAt },
      { header: 'REVOKED', value: (k) => k.revokedAt },
    ],
  });
  apiKeys
    .command('create')
    .description('create a key; it is printed once')
    .requiredOption('--name <name>', 'what the key is for')
    .option('--scope <scope>', 'project (default) or organization')
    .option('--expires-at <date-time>', 'when the key stops working (ISO 8601)')
    .option('--read-only', 'the key may only read')
    .action(async (options: { name: string; scope?: string; expiresAt?: string; readOnly?: boolean }, self: Command) => {
      if (options.scope && !['project', 'organization'].includes(options.scope)) throw new UsageError('--scope must be project or organization');
      const context = CommandContext.of(io, self);
      // scope and readOnly have server-side defaults.
      const body = {
        name: options.name,
        ...(options.scope ? { scope: options.scope } : {}),
        ...(options.expiresAt ? { expiresAt: options.expiresAt } : {}),
        ...(options.readOnly ? { readOnly: true } : {}),
      } as BodyOf<'createApiKey'>;
      const data = await context.client().request<SuccessData<'createApiKey'>>('POST', '/api/v1/public/api-keys', { body });
      if (context.settings.json) return printJson(io, data);
      io.out(`${data.key}\n`);
      context.notice(`Created ${data.apiKey.scope} key ${data.apiKey.id} (${data.apiKey.prefix}…). It is shown only this once.`);
    });
  apiKeys
    .command('revoke <apiKeyId>')
    .description('revoke a key (every server stops accepting it within CREDENTIAL_CACHE_MS)')
    .action(async (apiKeyId: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'revokeApiKey'>>('DELETE', `/api/v1/public/api-keys/${encodeURIComponent(apiKeyId)}`));
    });

  const members = program.command('members').description("members of the selected project's organization");
  members
    .command('list')
    .description('list members with their organization and project roles')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const { members: items } = await context.client().get<SuccessData<'listMembers'>>('/api/v1/public/members');
      if (context.settings.json) return printJson(io, items);
      io.out(renderTable(items, [
        { header: 'USER', value: (m) => m.userId },
        { header: 'EMAIL', value: (m) => m.email },
        { header: 'ROLE', value: (m) => m.role },
        { header: 'PROJECT ROLE', value: (m) => m.projectRole },
        { header: 'EFFECTIVE', value: (m) => m.effectiveProjectRole },
      ]));
    });
  members
    .command('set-role <userId>')
    .description("change a member's organization role (--role) or role in the selected project (--project-role, or none)")
    .option('--role <role>', ORG_ROLES.join(' | '))
    .option('--project-role <role>', `${PROJECT_ROLES.join(' | ')} | none`)
    .action(async (userId: string, options: { role?: string; projectRole?: string }, self: Command) => {
      if (options.role && !ORG_ROLES.includes(options.role)) throw new UsageError(`--role must be one of ${ORG_ROLES.join(', ')}`);
      if (options.projectRole && ![...PROJECT_ROLES, 'none'].includes(options.projectRole)) throw new UsageError(`--project-role must be one of ${PROJECT_ROLES.join(', ')}, none`);
      if (!options.role && !options.projectRole) throw new UsageError('give --role or --project-role');
      const context = CommandContext.of(io, self);
      const body = {
        ...(options.role ? { role: options.role } : {}),
        ...(options.projectRole ? { projectRole: options.projectRole === 'none' ? null : options.projectRole } : {}),
      } as BodyOf<'updateMember'>;
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateMember'>>('PATCH', `/api/v1/public/members/${encodeURIComponent(userId)}`, { body }));
    });
  members
    .command('remove <userId>')
    .description('remove a member from the organization')
    .option('-y, --yes', 'remove without asking')
    .action(async (userId: string, options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, `Remove member ${userId}?`))) return context.notice('Not removed.');
      await context.client().request('DELETE', `/api/v1/public/members/${encodeURIComponent(userId)}`);
      io.out(`Removed member ${userId}.\n`);
    });

  const invitations = program.command('invitations').description('invitations into the organization');
  invitations
    .command('create <email>')
    .description('invite an email with a role; prints the link (also mailed to them when the server sends mail)')
    .requiredOption('--role <role>', ORG_ROLES.join(' | '))
    .action(async (email: string, options: { role: string }, self: Command) => {
      if (!ORG_ROLES.includes(options.role)) throw new UsageError(`--role must be one of ${ORG_ROLES.join(', ')}`);
      const context = CommandContext.of(io, self);
      const data = await context.client().request<SuccessData<'createInvitation'>>('POST', '/api/v1/public/invitations', { body: { email, role: options.role as 'viewer' } });
      if (context.settings.json) return printJson(io, data);
      io.out(`${data.url}\n`);
      const delivery = data.mailed ? `the link was mailed to ${data.invitation.email} and` : 'pass the link on; it';
      context.notice(`Invited ${data.invitation.email} as ${data.invitation.role}; ${delivery} is valid until ${data.invitation.expiresAt}.`);
    });
  invitations
    .command('list')
    .description('list open invitations')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const { invitations: items } = await context.client().get<SuccessData<'listInvitations'>>('/api/v1/public/invitations');
      if (context.settings.json) return printJson(io, items);
      io.out(items.length ? renderTable(items, [
        { header: 'ID', value: (i) => i.id },
        { header: 'EMAIL', value: (i) => i.email },
        { header: 'ROLE', value: (i) => i.role },
        { header: 'EXPIRES', value: (i) => i.expiresAt },
      ]) : 'No open invitations.\n');
    });
  invitations
    .command('revoke <invitationId>')
    .description('revoke an open invitation')
    .action(async (invitationId: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'revokeInvitation'>>('DELETE', `/api/v1/public/invitations/${encodeURIComponent(invitationId)}`));
    });

  const audit = program.command('audit').description('the audit log of administrative changes');
  addListCommand<AuditList, AuditList['auditEvents'][number]>(audit, io, {
    description: 'list audit events, newest first',
    noun: 'audit events',
    path: '/api/v1/public/audit-events',
    maxPageSize: 100,
    items: (data) => data.auditEvents,
    columns: [
      { header: 'TIME', value: (e) => e.createdAt },
      { header: 'ACTION', value: (e) => e.action },
      { header: 'TARGET', value: (e) => `${e.targetType}:${e.targetId ?? '-'}` },
      { header: 'ACTOR', value: (e) => `${e.actor.kind}:${e.actor.userId ?? e.actor.credentialId}` },
      { header: 'REQUEST', value: (e) => e.requestId },
    ],
    filters: [
      { flags: '--action <action>', description: 'e.g. api_key.created', param: 'action' },
      { flags: '--actor <id>', description: 'a credential id or user id', param: 'actor' },
      { flags: '--target <id>', description: 'the target id', param: 'targetId' },
      { flags: '--from <date-time>', description: 'at or after (ISO 8601)', param: 'from' },
      { flags: '--to <date-time>', description: 'before (ISO 8601)', param: 'to' },
    ],
  });
}
