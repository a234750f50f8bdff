import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config.js';

export type { Logger } from 'pino';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/**
 * A tiny human format for a terminal: `12:00:00 INFO  message key=value …`. Machines (files, pipes,
 * log shippers) get pino's JSON lines unchanged; this is only chosen when stdout is a TTY.
 */
export function prettyLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = record;
  const clock = typeof time === 'number' ? new Date(time).toISOString().slice(11, 19) : '';
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const label = typeof level === 'number' ? (LEVEL_NAMES[level] ?? String(level)) : String(level).toUpperCase();
  return `${clock} ${label.padEnd(5)} ${String(msg ?? '')}${fields ? ` ${fields}` : ''}\n`;
}

class PrettyStream extends Writable {
  constructor(private readonly out: NodeJS.WritableStream) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const text = chunk.toString('utf8');
    this.out.write(text.split('\n').filter(Boolean).map(prettyLine).join(''));
    done();
  }
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go; stdout by default. */
  destination?: NodeJS.WritableStream;
  /** Human lines instead of JSON; by default only when the destination is a terminal. */
  pretty?: boolean;
}

/** The service's logger: one JSON object per line on stdout, `level` as its name, time in epoch ms. */
export function createLogger(options: LoggerOptions): Logger {
  const destination = options.destination ?? process.stdout;
  const pretty = options.pretty ?? Boolean((destination as { isTTY?: boolean }).isTTY);
  return pino(
    {
      level: options.level,
      base: { pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      // Belt and braces: no credential header or body field reaches a line even if one is passed by mistake.
      redact: { paths: ['authorization', 'cookie', 'headers.authorization', 'headers.cookie', 'headers["x-api-key"]', 'body', 'password', 'secret'], censor: '[redacted]' },
    },
    pretty ? new PrettyStream(destination) : destination,
  );
}
