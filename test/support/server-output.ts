import type { ServerProcess } from '../../scripts/bench/server-process.js';
import { eventually } from './eventually.js';

/** The first match of `pattern` in the server's output, waiting for it to arrive (stdout is a pipe: lines come in chunks). */
export const outputMatch = (server: ServerProcess, pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> =>
  eventually(() => pattern.exec(server.output()), { timeoutMs, what: `${pattern} in the server output` });

/**
 * Stops the server and returns its whole output once the drain's last line has arrived. The way to
 * check that something was *not* printed: everything the process wrote comes before that line.
 */
export async function finalOutput(server: ServerProcess): Promise<{ code: number | null; output: string }> {
  const code = await server.stop();
  await outputMatch(server, /Drained; database closed\./);
  return { code, output: server.output() };
}
