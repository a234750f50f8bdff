import type { Command } from 'commander';
import { ApiClient } from './api-client.js';
import { credentialFor } from './credentials.js';
import type { Io } from './io.js';
import { McpClient } from './mcp-client.js';
import { Progress, progressAllowed } from './progress.js';
import { resolveSettings, type GlobalOptions, type Settings } from './settings.js';

/** What a command action works with: settings from flags/env/config, the process boundary, the API. */
export class CommandContext {
  private api: ApiClient | undefined;

  constructor(
    readonly io: Io,
    readonly settings: Settings,
  ) {}

  static of(io: Io, command: Command): CommandContext {
    return new CommandContext(io, resolveSettings(command.optsWithGlobals<GlobalOptions>(), io.env));
  }

  /** Informational stderr line, silenced by --quiet. Errors never go through here. */
  notice(message: string): void {
    if (!this.settings.quiet) this.io.err(`${message}\n`);
  }

  client(): ApiClient {
    this.api ??= new ApiClient({
      baseUrl: this.settings.baseUrl,
      credential: credentialFor(this.settings),
      projectId: this.settings.projectId,
      notice: (message) => this.notice(message),
      sleep: (ms) => this.io.sleep(ms),
    });
    return this.api;
  }

  /** The tool server, for features without a REST path; same credential and project as REST. */
  tools(): McpClient {
    return new McpClient({
      baseUrl: this.settings.baseUrl,
      credential: credentialFor(this.settings),
      projectId: this.settings.projectId,
      notice: (message) => this.notice(message),
      sleep: (ms) => this.io.sleep(ms),
    });
  }

  progress(): Progress {
    return new Progress({
      write: (text) => this.io.err(text),
      enabled: progressAllowed({ stdoutIsTTY: this.io.stdoutIsTTY, stderrIsTTY: this.io.stderrIsTTY }, this.settings.quiet),
    });
  }
}
