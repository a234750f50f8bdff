import type { Command } from 'commander';
import type { SuccessData } from '../../http/operation-types.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { printJson } from '../output.js';

const KIND_LABEL = {
  'api-key': 'public API key',
  oauth: 'OAuth access token',
  'service-account': 'service-account token',
  'bearer-token': 'bearer token',
} as const;

export function registerAccountCommands(program: Command, io: Io): void {
  program
    .command('whoami')
    .description('show the credential kind, project and scopes in use')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const client = context.client();
      const project = await client.get<SuccessData<'getProject'>>('/api/v1/public/project');
      const session = client.credentialKind === 'oauth' && !context.settings.token ? context.settings.config.session(context.settings.baseUrl) : undefined;
      // API keys carry no scopes; a login's scopes are what the token endpoint granted.
      const scopes = session ? session.scopes : null;
      const identity = { baseUrl: context.settings.baseUrl, credential: client.credentialKind, scopes, project };
      if (context.settings.json) return printJson(io, identity);
      io.out(
        [
          `Server:      ${identity.baseUrl}`,
          `Credential:  ${KIND_LABEL[identity.credential]}${session ? ` (expires ${new Date(session.expiresAt).toISOString()})` : ''}`,
          `Project:     ${project.name} (${project.id})`,
          `Organization: ${project.organizationName} (${project.organizationId})`,
          `Scopes:      ${scopes ? scopes.join(' ') || '(none)' : client.credentialKind === 'api-key' ? '(API keys carry no scopes)' : '(not known to the CLI)'}`,
        ].join('\n') + '\n',
      );
    });
}
