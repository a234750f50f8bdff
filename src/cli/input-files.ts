import { readFile } from 'node:fs/promises';
import { CliFailure, UsageError } from './cli-errors.js';
import type { Io } from './io.js';

/** Reads JSON from a file path, or from stdin when the path is `-`. */
export async function readJsonInput(io: Io, source: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await io.readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new CliFailure(`Cannot read ${what} from ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${what} in ${source === '-' ? 'stdin' : source} is not valid JSON: ${(error as Error).message}`);
  }
}

export function parseJsonFlag(flag: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new UsageError(`${flag} is not valid JSON: ${(error as Error).message}`);
  }
}
