import { expectStatus, dataOf, type Session } from '../session.js';

const MAX_BYTES = 262_144;

const rule = (id: string, field = 'name') => ({ id, field, operator: 'contains', value: 'x' });
const group = (id: string, rules: unknown[]) => ({ id, type: 'group', logicalOperator: 'And', rules });

/** A group nesting `levels` deep (a top-level group is level 1) with one rule at the bottom. */
function nested(levels: number): unknown {
  let node: unknown = rule('leaf');
  for (let level = levels; level >= 1; level -= 1) node = group(`g${level}`, [node]);
  return node;
}

/** Canonical JSON as the spec measures it: keys sorted, no whitespace. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Rules whose filters measure exactly `bytes` UTF-8 bytes in canonical JSON (values of up to 4096 chars). */
export function filtersOfBytes(bytes: number): unknown[] {
  const rules: { id: string; field: string; operator: string; value: string }[] = [];
  while (Buffer.byteLength(canonical(rules)) < bytes) rules.push({ ...rule(`r${rules.length}`), value: 'a'.repeat(4096) });
  const last = rules[rules.length - 1];
  last.value = last.value.slice(0, last.value.length - (Buffer.byteLength(canonical(rules)) - bytes));
  if (Buffer.byteLength(canonical(rules)) !== bytes) throw new Error('could not hit the byte size');
  return rules;
}

/**
 * The saved-filter limits of the spec, each at its boundary (201) and one over (400): name length,
 * 100 top-level nodes, 100 nodes in total, 8 group levels, 100 rules per group, 262144 bytes, and
 * value sizes (string 4096, array 100, object 50 properties).
 */
export async function savedFilterLimits(session: Session): Promise<void> {
  const create = session.op('createSavedFilter');
  const cases: { id: string; text: string; at?: unknown[]; over: unknown[]; atName?: string; overName?: string }[] = [
    { id: 'name', text: 'name of 255 characters is accepted, 256 is 400', at: [rule('r')], over: [rule('r')], atName: 'n'.repeat(255), overName: 'n'.repeat(256) },
    { id: 'top-level-nodes', text: '100 top-level nodes are accepted, 101 is 400', at: Array.from({ length: 100 }, (_, i) => rule(`r${i}`)), over: Array.from({ length: 101 }, (_, i) => rule(`r${i}`)) },
    {
      id: 'total-nodes',
      text: '100 nodes in total are accepted, 101 is 400',
      at: [group('g', Array.from({ length: 99 }, (_, i) => rule(`r${i}`)))],
      over: [group('g', Array.from({ length: 50 }, (_, i) => rule(`a${i}`))), group('h', Array.from({ length: 49 }, (_, i) => rule(`b${i}`)))],
    },
    { id: 'depth', text: 'groups nested 8 levels deep are accepted, 9 is 400', at: [nested(8)], over: [nested(9)] },
    { id: 'rules-per-group', text: 'a group of 101 rules is 400 (100 is bounded by the total-node limit too)', over: [group('g', Array.from({ length: 101 }, (_, i) => rule(`r${i}`)))] },
    { id: 'bytes', text: `filters of ${MAX_BYTES} bytes of canonical JSON are accepted, ${MAX_BYTES + 1} is 400`, at: filtersOfBytes(MAX_BYTES), over: filtersOfBytes(MAX_BYTES + 1) },
    { id: 'string-value', text: 'a string value of 4096 characters is accepted, 4097 is 400', at: [{ ...rule('r'), value: 's'.repeat(4096) }], over: [{ ...rule('r'), value: 's'.repeat(4097) }] },
    {
      id: 'array-value',
      text: 'an array value of 100 items is accepted, 101 is 400',
      at: [{ ...rule('r'), operator: 'is_any_of', value: Array.from({ length: 100 }, (_, i) => `v${i}`) }],
      over: [{ ...rule('r'), operator: 'is_any_of', value: Array.from({ length: 101 }, (_, i) => `v${i}`) }],
    },
  ];
  for (const c of cases) {
    const id = `saved-filter-limit:${c.id}`;
    const text = `Saved filters: ${c.text}.`;
    if (!session.credentialFor(create)) {
      session.book.skip(id, text, 'no credential for createSavedFilter');
      continue;
    }
    if (c.at) {
      const res = await session.call(create, { body: { name: c.atName ?? `${session.runTag} ${c.id}`, filters: c.at } });
      session.expect(id, text, res, expectStatus(res, 201));
      const created = dataOf(res)?.id;
      if (typeof created === 'string') await session.call('deleteSavedFilter', { path: { id: created }, body: { confirmation: created } });
    }
    const res = await session.call(create, { body: { name: c.overName ?? `${session.runTag} ${c.id} over`, filters: c.over } });
    session.expect(id, text, res, expectStatus(res, 400));
  }
}
