import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import { ApiProblemError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { printJson, renderTable } from '../output.js';

type Project = SuccessData<'getProject'>;

const KIND_LABEL = {
  'api-key': 'public API key',
  oauth: 'OAuth access token',
  'service-account': 'service-account token',
  'bearer-token': 'bearer token',
} as const;

const SELECT_HINT = 'Select one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).';
const SERVICE_ACCOUNT_HINT =
  'A service-account token works in the projects its account is bound to; name one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).';
const NO_LISTING_HINT = 'This token cannot list projects (that needs organization:read); name one with --project <id> (or TRACEWELL_PROJECT_ID=<id>).';

type Listing = { projects: SuccessData<'listProjects'>['projects'] } | { hint: string };

/**
 * What whoami can say about the projects of a credential with none selected: the list, or why not
 * (service-account tokens are not accepted by listProjects; a token may lack its scope).
 */
async function reachableProjects(context: CommandContext): Promise<Listing> {
  const client = context.client();
  if (client.credentialKind === 'service-account') return { hint: SERVICE_ACCOUNT_HINT };
  try {
    return { projects: (await client.get<SuccessData<'listProjects'>>('/api/v1/public/projects')).projects };
  } catch (error) {
    if (error instanceof ApiProblemError && error.problem.code === 'PUBLIC_API_INSUFFICIENT_SCOPE') return { hint: NO_LISTING_HINT };
    throw error;
  }
}

/**
 * The selected project, or null when the credential needs one named and none was (an organization
 * key, a login or a service-account token without --project): that is where a first day starts,
 * so whoami answers it instead of failing.
 */
async function selectedProject(context: CommandContext): Promise<Project | null> {
  try {
    return await context.client().get<Project>('/api/v1/public/project');
  } catch (error) {
    if (error instanceof ApiProblemError && error.problem.code === 'PUBLIC_API_PROJECT_REQUIRED' && !context.settings.projectId) return null;
    throw error;
  }
}

function listingLines(listing: Listing): string[] {
  if ('hint' in listing) return [listing.hint];
  if (!listing.projects.length) return ['This credential reaches no project yet.'];
  const table = renderTable(listing.projects, [
    { header: 'ID', value: (p) => p.id },
    { header: 'NAME', value: (p) => p.name },
    { header: 'ORGANIZATION', value: (p) => `${p.organizationName} (${p.organizationId})` },
  ]);
  return ['Projects this credential reaches:', table.trimEnd(), SELECT_HINT];
}

export function registerAccountCommands(program: Command, io: Io): void {
  program
    .command('whoami')
    .description('show the credential kind, project and scopes in use (without a project: the projects it reaches)')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const client = context.client();
      const project = await selectedProject(context);
      const listing = project === null ? await reachableProjects(context) : undefined;
      const projects = listing && 'projects' in listing ? listing.projects : undefined;
      const session = client.credentialKind === 'oauth' && !context.settings.token ? context.settings.config.session(context.settings.baseUrl) : undefined;
      // API keys carry no scopes; a login's scopes are what the token endpoint granted.
      const scopes = session ? session.scopes : null;
      const identity = { baseUrl: context.settings.baseUrl, credential: client.credentialKind, scopes, project, ...(projects ? { projects } : {}) };
      if (context.settings.json) return printJson(io, identity);
      const lines = [
        `Server:      ${identity.baseUrl}`,
        `Credential:  ${KIND_LABEL[identity.credential]}${session ? ` (expires ${new Date(session.expiresAt).toISOString()})` : ''}`,
        ...(project
          ? [`Project:     ${project.name} (${project.id})`, `Organization: ${project.organizationName} (${project.organizationId})`]
          : ['Project:     (none selected)']),
        `Scopes:      ${scopes ? scopes.join(' ') || '(none)' : client.credentialKind === 'api-key' ? '(API keys carry no scopes)' : '(not known to the CLI)'}`,
      ];
      if (listing) lines.push('', ...listingLines(listing));
      io.out(lines.join('\n') + '\n');
    });
}
