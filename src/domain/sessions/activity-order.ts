import { problems } from '../../errors.js';
import type { SortDirection } from '../../ports/session-activity.js';

/**
 * A `sort` parameter (`field:direction`) as an order of `fields`; anything else is a 400 naming
 * /query/sort. The contract's enum refuses it first over REST; tools and the CLI reach here too.
 */
export function activityOrderOf<S extends string>(sort: string | undefined, fields: readonly S[], fallback: S): { field: S; direction: SortDirection } {
  if (sort === undefined) return { field: fallback, direction: 'desc' };
  const [field, direction, extra] = sort.split(':');
  if (extra !== undefined || !fields.includes(field as S) || (direction !== 'asc' && direction !== 'desc')) {
    throw problems.validation('The sort is not one the list knows.', [
      { path: '/query/sort', code: 'enum', message: `must be one of ${fields.flatMap((f) => [`${f}:desc`, `${f}:asc`]).join(', ')}` },
    ]);
  }
  return { field: field as S, direction };
}

/** A decoded cursor position that is a keyset ([sort value, key]); anything else was not issued here. */
export const isActivityKeyset = (value: unknown): value is [number, string] =>
  Array.isArray(value) && value.length === 2 && Number.isFinite(value[0]) && typeof value[1] === 'string';
