import fc from 'fast-check';
import type { ContractModel, Json } from './contract-model.js';

/** Odd but valid unicode: combining marks, RTL, zero-width, astral, NUL, lone surrogate escapes. */
const ODD = ['\u0000', '\u202e', '\u200b', '\ufeff', 'e\u0301', '😀', '𝔘', '\ud800', '%00', '../', '<script>', "'; DROP TABLE", '\\', '"'];
const oddString = fc.array(fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 4 })), { maxLength: 6 }).map((parts) => parts.join(''));

/**
 * A fast-check arbitrary of values valid against a contract schema (as far as JSON Schema can say:
 * patterns, formats, lengths, enums, required members). Recursion is cut at `depth`.
 */
export function valueOf(contract: ContractModel, schema: Json, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return valueOf(contract, contract.resolve(schema.$ref.replace(/^#/, '')).node, depth + 1);
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(contract, s, depth + 1)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : ['object'];
  return fc.oneof(...types.map((type) => ofType(contract, schema, type, depth)));
}

function ofType(contract: ContractModel, schema: Json, type: string, depth: number): fc.Arbitrary<unknown> {
  const min = (k: string, d: number) => (typeof schema[k] === 'number' ? (schema[k] as number) : d);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: min('minimum', -1000), max: min('maximum', Math.max(min('minimum', -1000) + 1000, 1000)) });
    case 'number':
      return fc.double({ min: min('minimum', -1e6), max: min('maximum', 1e6), noNaN: true, noDefaultInfinity: true });
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'uri') return fc.webUrl({ withQueryParameters: false, withFragments: false }).filter((u) => u.length <= min('maxLength', 2000));
      if (typeof schema.pattern === 'string') {
        // No default below what a pattern may need (`^sha256=[0-9a-f]{64}$` is 71 characters): a filter no value passes never ends.
        const maxLength = min('maxLength', 2000);
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min('minLength', 0) && s.length <= maxLength);
      }
      return fc.string({ minLength: min('minLength', 0), maxLength: Math.min(min('maxLength', 40), Math.max(min('minLength', 0), 40)), unit: 'grapheme' });
    }
    case 'array':
      return fc.array(schema.items ? valueOf(contract, schema.items as Json, depth + 1) : fc.string(), {
        minLength: min('minItems', 0),
        maxLength: Math.min(min('maxItems', 4), Math.max(min('minItems', 0), 4)),
      });
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries(properties)) record[name] = valueOf(contract, s, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
    }
  }
}

/** A mutation of a valid value into one the contract forbids, or one at a hostile edge. */
export type Mutation = { kind: string; apply: (value: unknown) => unknown };

const deep = (levels: number): unknown => {
  let node: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) node = { n: node };
  return node;
};

export const mutationOf: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom<unknown>(42, -1, 1e308, true, null, [], {}, 'text', '').map((wrong) => ({
    kind: `a member replaced by ${JSON.stringify(wrong)}`,
    apply: (v: unknown) => replaceFirstMember(v, wrong),
  })),
  fc.constant({ kind: 'an unknown property added', apply: (v: unknown) => (isRecord(v) ? { ...v, unknownProperty: 1 } : { unknownProperty: v }) }),
  fc.constant({ kind: 'the whole body of the wrong type', apply: () => ['not', 'an', 'object'] }),
  fc.integer({ min: 1, max: 5000 }).map((n) => ({ kind: `a string member ${n} characters long`, apply: (v: unknown) => replaceFirstString(v, 'x'.repeat(n)) })),
  oddString.map((s) => ({ kind: `a string member set to odd unicode ${JSON.stringify(s)}`, apply: (v: unknown) => replaceFirstString(v, s) })),
  fc.integer({ min: 50, max: 3000 }).map((n) => ({ kind: `nesting ${n} levels deep`, apply: (v: unknown) => (isRecord(v) ? { ...v, deep: deep(n) } : deep(n)) })),
  fc.constant({ kind: 'a body of 1.2 MB', apply: (v: unknown) => (isRecord(v) ? { ...v, huge: 'h'.repeat(1_200_000) } : 'h'.repeat(1_200_000)) }),
);

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function replaceFirstMember(value: unknown, wrong: unknown): unknown {
  if (!isRecord(value)) return wrong;
  const keys = Object.keys(value);
  if (!keys.length) return { x: wrong };
  return { ...value, [keys[0]]: wrong };
}

function replaceFirstString(value: unknown, replacement: string): unknown {
  if (typeof value === 'string') return replacement;
  if (Array.isArray(value)) return value.length ? [replaceFirstString(value[0], replacement), ...value.slice(1)] : [replacement];
  if (isRecord(value)) {
    const key = Object.keys(value).find((k) => typeof value[k] === 'string' || isRecord(value[k])) ?? Object.keys(value)[0];
    return key ? { ...value, [key]: replaceFirstString(value[key], replacement) } : { s: replacement };
  }
  return replacement;
}
