import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { confirmDestructive } from '../confirm.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { readSetting } from '../../settings/read-setting.js';
import { printResource } from '../output.js';

const PATH = '/api/v1/public/integrations/github';

/** `--labels a,b` → ['a', 'b']; an empty value clears the labels. */
const labelsOf = (raw: string | undefined): string[] | undefined =>
  raw === undefined ? undefined : raw.split(',').map((label) => label.trim()).filter(Boolean);

export function registerGitHubCommands(program: Command, io: Io): void {
  const github = program.command('github').description('the project\'s GitHub target: approved fix dispatches become issues (docs/integrations.md#github)');

  github
    .command('set')
    .description('create or change the GitHub target; the token is read from GITHUB_TOKEN (never a flag: flags land in shell history)')
    .requiredOption('--repo <owner/name>', 'the repository issues are created in')
    .option('--labels <a,b>', 'labels every issue gets (comma-separated; empty clears them)')
    .option('--webhook-secret <secret>', 'the secret of GitHub\'s issues webhook (default: generated at creation and printed once)')
    .action(async (options: { repo: string; labels?: string; webhookSecret?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const token = readSetting(io.env, 'GITHUB_TOKEN')?.trim();
      const body: BodyOf<'setGithubTarget'> = { repository: options.repo };
      if (token) body.token = token;
      const labels = labelsOf(options.labels);
      if (labels !== undefined) body.labels = labels;
      if (options.webhookSecret !== undefined) body.webhookSecret = options.webhookSecret;
      const data = await context.client().request<SuccessData<'setGithubTarget'>>('PUT', PATH, { body });
      printResource(io, context.settings.json, data);
      if (!context.settings.json && data.webhookSecret) {
        context.notice(`Add a webhook to ${data.repository}: Payload URL ${data.webhookUrl}, content type application/json, secret above (shown once), event "Issues".`);
      }
    });

  github
    .command('show')
    .description('read the GitHub target (the token and webhook secret are never shown)')
    .action(async (_options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().get<SuccessData<'getGithubTarget'>>(PATH));
    });

  github
    .command('remove')
    .description('remove the GitHub target (asks for confirmation on a terminal, or takes --yes)')
    .option('-y, --yes', 'remove without asking')
    .action(async (options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, 'Remove the project\'s GitHub target?'))) {
        context.notice('Not removed.');
        return;
      }
      const data = await context.client().request<SuccessData<'deleteGithubTarget'>>('DELETE', PATH);
      if (context.settings.json) printResource(io, true, data);
      else io.out('Removed the GitHub target.\n');
    });
}

