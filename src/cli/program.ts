import { Command, CommanderError } from 'commander';
import { describeFailure, EXIT, exitCodeOf } from './cli-errors.js';
import { registerAccountCommands } from './commands/account.js';
import { registerSessionCommands } from './commands/session.js';
import { registerDetectionCommands } from './commands/detections.js';
import { registerClusterCommands } from './commands/clusters.js';
import { registerSavedFilterCommands } from './commands/saved-filters.js';
import { registerServiceAccountCommands } from './commands/service-accounts.js';
import { registerTraceCommands } from './commands/traces.js';
import { registerWebhookCommands } from './commands/webhooks.js';
import { registerChannelCommands } from './commands/channels.js';
import { registerAdministrationCommands } from './commands/administration.js';
import { registerMonitorCommands } from './commands/monitors.js';
import { registerPromptCommands } from './commands/prompts.js';
import { registerMetricsCommands } from './commands/metrics.js';
import { registerDashboardCommands } from './commands/dashboards.js';
import { registerDatasetCommands } from './commands/datasets.js';
import { registerExperimentCommands } from './commands/experiments.js';
import { registerSessionsCommands } from './commands/sessions.js';
import { registerUsersCommands } from './commands/users.js';
import { registerGitHubCommands } from './commands/github.js';
import { registerFixCommands } from './commands/fixes.js';
import { registerSsoCommands } from './commands/sso.js';
import type { Io } from './io.js';

export function buildProgram(io: Io): Command {
  const program = new Command('tracewell')
    .description('Command-line client of the Tracewell REST API')
    .version('0.1.0')
    .option('--base-url <url>', 'server address (TRACEWELL_BASE_URL, default http://127.0.0.1:8080)')
    .option('--api-key <key>', 'public API key tw_pk_… (TRACEWELL_API_KEY)')
    .option('--token <token>', 'service-account or OAuth bearer token (TRACEWELL_TOKEN)')
    .option('--project <id>', 'project uuid sent as x-project-id (TRACEWELL_PROJECT_ID)')
    .option('--json', 'print JSON: the API data for one resource, {items, nextCursor} for lists')
    .option('-q, --quiet', 'no progress or waiting notices on stderr')
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) });
  registerSessionCommands(program, io);
  registerAccountCommands(program, io);
  registerTraceCommands(program, io);
  registerSavedFilterCommands(program, io);
  registerWebhookCommands(program, io);
  registerChannelCommands(program, io);
  registerDetectionCommands(program, io);
  registerClusterCommands(program, io);
  registerServiceAccountCommands(program, io);
  registerAdministrationCommands(program, io);
  registerMonitorCommands(program, io);
  registerPromptCommands(program, io);
  registerMetricsCommands(program, io);
  registerDashboardCommands(program, io);
  registerDatasetCommands(program, io);
  registerExperimentCommands(program, io);
  registerSessionsCommands(program, io);
  registerUsersCommands(program, io);
  registerGitHubCommands(program, io);
  registerFixCommands(program, io);
  registerSsoCommands(program, io);
  // Commander must not exit on its own: usage errors become exit 2, help and version exit 0.
  const exitOverride = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(exitOverride);
  };
  exitOverride(program);
  return program;
}

/** Runs one command line; returns the exit code instead of exiting, so it is testable. */
export async function run(argv: string[], io: Io): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // help and --version report exit code 0; every parse failure is a usage error
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    io.err(`${describeFailure(error).join('\n')}\n`);
    return exitCodeOf(error);
  }
}
