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

export function registerAccountCommands(program: Command, io: Io): void {
  program
    .command('whoami')
    .description('show the credential kind, project and scopes in use (without a project: the projects it reaches)')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const client = context.client();
      const project = await selectedProject(context);
      // Service-account tokens cannot list projects (listProjects does not take them): only a hint.
      const projects =
        project === null && client.credentialKind !== 'service-account'
          ? (await client.get<SuccessData<'listProjects'>>('/api/v1/public/projects')).projects
          : undefined;
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
      if (!project && projects) {
        lines.push('', projects.length ? 'Projects this credential reaches:' : 'This credential reaches no project yet.');
        if (projects.length) {
          lines.push(
            renderTable(projects, [
              { header: 'ID', value: (p) => p.id },
              { header: 'NAME', value: (p) => p.name },
              { header: 'ORGANIZATION', value: (p) => `${p.organizationName} (${p.organizationId})` },
            ]).trimEnd(),
            SELECT_HINT,
          );
        }
      } else if (!project) lines.push('', SERVICE_ACCOUNT_HINT);
      io.out(lines.join('\n') + '\n');
    });
}
