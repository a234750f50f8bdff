import { createInterface } from 'node:readline/promises';

/** The process boundary, injectable so commands never reach for globals. */
export interface Io {
  env: Record<string, string | undefined>;
  out(text: string): void;
  /** Writes bytes to stdout, resolving once they are taken (back-pressure for large outputs). */
  outBytes?(chunk: Uint8Array): Promise<void>;
  err(text: string): void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  readStdin(): Promise<string>;
  /** Asks on stderr and reads one line from stdin. */
  ask(question: string): Promise<string>;
  sleep(ms: number): Promise<void>;
}

export function processIo(): Io {
  return {
    env: process.env,
    out: (text) => process.stdout.write(text),
    outBytes: (chunk) => new Promise<void>((resolve, reject) => process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()))),
    err: (text) => process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    },
    async ask(question) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
