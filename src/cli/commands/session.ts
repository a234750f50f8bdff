import type { Command } from 'commander';
import { CommandContext } from '../context.js';
import { deviceLogin } from '../device-login.js';
import type { Io } from '../io.js';
import { OAuthClient } from '../oauth-client.js';

/** What a CLI login asks for by default: read and write the project's observability data and configuration. */
export const DEFAULT_LOGIN_SCOPES = [
  'context:read',
  'observability:read',
  'observability:write',
  'configuration:read',
  'configuration:write',
  'organization:read',
  'offline_access',
];

export function registerSessionCommands(program: Command, io: Io): void {
  program
    .command('login')
    .description('sign in with the OAuth device flow; tokens are stored in the user config file (0600)')
    .option('--scopes <scopes>', 'space-separated OAuth scopes', DEFAULT_LOGIN_SCOPES.join(' '))
    .action(async (options: { scopes: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const { baseUrl, clientId, projectId, config } = context.settings;
      const scopes = options.scopes.split(/\s+/).filter(Boolean);
      const session = await deviceLogin({
        oauth: new OAuthClient(baseUrl, clientId),
        clientId,
        scopes,
        projectId: projectId ?? null,
        sleep: (ms) => io.sleep(ms),
        instruct: (uri, code, complete) => {
          io.err(`To sign in, open ${uri} and enter the code: ${code}\n`);
          if (complete) io.err(`  or open ${complete}\n`);
          io.err('Waiting for approval…\n');
        },
      });
      config.saveSession(baseUrl, session);
      io.out(`Logged in to ${baseUrl}${session.projectId ? ` (project ${session.projectId})` : ''}. Scopes: ${session.scopes.join(' ') || '(none)'}\n`);
      if (!session.projectId) io.out('Select a project with --project <id> or TRACEWELL_PROJECT_ID.\n');
    });

  program
    .command('logout')
    .description('revoke the stored tokens (RFC 7009) and forget them')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const { baseUrl, config } = context.settings;
      const session = config.session(baseUrl);
      if (!session) {
        io.out(`Not logged in to ${baseUrl}.\n`);
        return;
      }
      const oauth = new OAuthClient(baseUrl, session.clientId);
      // Revoking the refresh token first ends the grant; the access token is revoked too in case the
      // server keeps them apart. Forgetting happens even when the server cannot be reached.
      try {
        if (session.refreshToken) await oauth.revoke(session.refreshToken, 'refresh_token');
        await oauth.revoke(session.accessToken, 'access_token');
      } catch (error) {
        context.notice(`Warning: the server did not confirm the revocation (${(error as Error).message}); the tokens are forgotten locally.`);
      } finally {
        config.forgetSession(baseUrl);
      }
      io.out(`Logged out of ${baseUrl}.\n`);
    });
}
