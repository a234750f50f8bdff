import { problems } from '../../errors.js';

/** Items a dataset may ever hold (archived included): what a run, an export and a comparison read is bounded by it. */
export const MAX_DATASET_ITEMS = 10_000;

/** Bytes of one item's JSON (input, expected output and metadata together). */
export const MAX_ITEM_BYTES = 262_144;

/** Bytes of one result's output. */
export const MAX_OUTPUT_BYTES = 262_144;

/** Refuses a JSON value above `max` bytes as 400 at `path`. */
export function checkJsonSize(value: unknown, max: number, path: string): void {
  const bytes = Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');
  if (bytes > max) {
    throw problems.validation(`The JSON at ${path} is ${bytes} bytes; at most ${max} are accepted.`, [{ code: 'max_bytes', message: `must be at most ${max} bytes of JSON`, path }]);
  }
}
