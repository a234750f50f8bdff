import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliFailure } from './cli-errors.js';
import { readSetting, type Env } from '../settings/read-setting.js';

/** Tokens obtained by `tracewell login`, kept per server so a token is never sent to another host. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  scopes: string[];
  clientId: string;
  projectId: string | null;
}

/** The user config file: defaults plus one login session per base URL. */
export interface UserConfig {
  baseUrl?: string;
  projectId?: string;
  sessions?: Record<string, StoredSession>;
}

/** TRACEWELL_CONFIG, else $XDG_CONFIG_HOME/tracewell/config.json, else ~/.config/tracewell/config.json. */
export function configPath(env: Env): string {
  const file = readSetting(env, 'TRACEWELL_CONFIG');
  if (file) return path.resolve(file);
  const base = readSetting(env, 'XDG_CONFIG_HOME') || path.join(readSetting(env, 'HOME') || homedir(), '.config');
  return path.join(base, 'tracewell', 'config.json');
}

export class ConfigFile {
  constructor(readonly file: string) {}

  read(): UserConfig {
    if (!existsSync(this.file)) return {};
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as UserConfig) : {};
    } catch (error) {
      throw new CliFailure(`The config file ${this.file} is not valid JSON: ${(error as Error).message}`);
    }
  }

  /**
   * Written to a temporary file with mode 0600 and renamed over the old one, so the file holding
   * tokens is never readable by others, not even for a moment, and never left half-written.
   */
  write(config: UserConfig): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }

  session(baseUrl: string): StoredSession | undefined {
    return this.read().sessions?.[baseUrl];
  }

  saveSession(baseUrl: string, session: StoredSession): void {
    const config = this.read();
    this.write({ ...config, sessions: { ...config.sessions, [baseUrl]: session } });
  }

  forgetSession(baseUrl: string): void {
    const config = this.read();
    if (!config.sessions?.[baseUrl]) return;
    const { [baseUrl]: _forgotten, ...rest } = config.sessions;
    const next: UserConfig = { ...config, sessions: rest };
    if (Object.keys(rest).length === 0) delete next.sessions;
    if (Object.keys(next).length === 0) rmSync(this.file, { force: true });
    else this.write(next);
  }
}
