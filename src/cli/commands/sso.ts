import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { printResource } from '../output.js';

type Connection = SuccessData<'listSsoConnections'>['ssoConnections'][number];
type Request = BodyOf<'createSsoConnection'>;

const PATH = '/api/v1/public/sso-connections';
const ROLES = ['admin', 'member', 'viewer'] as const;
const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').map((entry) => entry.trim()).filter(Boolean)];

/** `Group Name=role` → a mapping entry (organization role only; project roles go through the REST API or the console). */
function groupRole(entry: string): NonNullable<Request['groupRoles']>[number] {
  const at = entry.lastIndexOf('=');
  const role = entry.slice(at + 1).trim();
  if (at <= 0 || !(ROLES as readonly string[]).includes(role)) throw new UsageError(`--group takes "Group name=role" with role admin, member or viewer, not ${JSON.stringify(entry)}`);
  return { group: entry.slice(0, at).trim(), role: role as (typeof ROLES)[number] };
}

interface SetOptions {
  issuer?: string;
  clientId?: string;
  clientSecretStdin?: boolean;
  domain?: string[];
  defaultRole?: string;
  groupClaim?: string;
  group?: string[];
  requireSso?: boolean;
}

/** `tracewell sso`: the organization's OpenID Connect connection (owners only; docs/sso.md). */
export function registerSsoCommands(program: Command, io: Io): void {
  const sso = program.command('sso').description("single sign-on: the organization's OpenID Connect connection (owners)");
  const current = async (context: CommandContext): Promise<Connection | null> =>
    (await context.client().request<SuccessData<'listSsoConnections'>>('GET', PATH)).ssoConnections[0] ?? null;

  sso
    .command('show')
    .description('the connection (never its secret) and the redirect URI to register at the identity provider')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const connection = await current(context);
      if (!connection) {
        if (context.settings.json) io.out('null\n');
        else io.out('No single sign-on connection. Create one with `tracewell sso set`.\n');
        return;
      }
      printResource(io, context.settings.json, connection);
    });

  sso
    .command('set')
    .description('create the connection, or change it (unnamed settings are kept; the secret too)')
    .option('--issuer <url>', "the identity provider's issuer URL")
    .option('--client-id <id>', 'client id of the application registered at the provider')
    .option('--client-secret-stdin', 'read the client secret from standard input (required when creating)')
    .option('--domain <domain>', 'an allowed email domain (repeat, or comma-separate)', collect)
    .option('--default-role <role>', 'role of people signed in for the first time in no mapped group: admin, member, viewer')
    .option('--group-claim <claim>', 'the ID token claim with the groups (default groups)')
    .option('--group <name=role>', 'map a group to an organization role (repeat; replaces the mapping)', (value: string, previous: string[] = []) => [...previous, value])
    .option('--require-sso', 'refuse password sign-in to members (owners keep an audited break-glass path)')
    .option('--no-require-sso', 'allow password sign-in again')
    .action(async (options: SetOptions, self: Command) => {
      const context = CommandContext.of(io, self);
      const existing = await current(context);
      if (options.defaultRole !== undefined && !(ROLES as readonly string[]).includes(options.defaultRole)) throw new UsageError('--default-role is admin, member or viewer');
      const secret = options.clientSecretStdin ? (await io.readStdin()).replace(/\r?\n$/, '') : undefined;
      const issuer = options.issuer ?? existing?.issuer;
      const clientId = options.clientId ?? existing?.clientId;
      const allowedDomains = options.domain ?? existing?.allowedDomains;
      if (!issuer || !clientId || !allowedDomains?.length) throw new UsageError('creating a connection needs --issuer, --client-id and --domain');
      if (!existing && secret === undefined) throw new UsageError('creating a connection needs --client-secret-stdin');
      const body: Request = {
        issuer,
        clientId,
        allowedDomains,
        defaultRole: (options.defaultRole ?? existing?.defaultRole ?? 'member') as Request['defaultRole'],
        groupClaim: options.groupClaim ?? existing?.groupClaim ?? 'groups',
        groupRoles: options.group ? options.group.map(groupRole) : (existing?.groupRoles ?? []),
        requireSso: options.requireSso ?? existing?.requireSso ?? false,
        ...(secret !== undefined ? { clientSecret: secret } : {}),
      };
      const saved = existing
        ? await context.client().request<SuccessData<'replaceSsoConnection'>>('PUT', `${PATH}/${encodeURIComponent(existing.id)}`, { body })
        : await context.client().request<SuccessData<'createSsoConnection'>>('POST', PATH, { body });
      printResource(io, context.settings.json, saved);
    });

  sso
    .command('delete')
    .description('remove the connection: SSO sign-ins stop, passwords work again')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const existing = await current(context);
      if (!existing) throw new UsageError('there is no single sign-on connection');
      printResource(io, context.settings.json, await context.client().request<SuccessData<'deleteSsoConnection'>>('DELETE', `${PATH}/${encodeURIComponent(existing.id)}`));
    });
}
