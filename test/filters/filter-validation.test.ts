import { expect } from 'chai';
import { ProblemError } from '../../src/errors.js';
import { checkFilterTree, normalizedBytes, validateFilterTree, valueShapeErrors, type FilterNode } from '../../src/domain/filters/index.js';

const rule = (id: string, extra: Partial<Record<string, unknown>> = {}) => ({ id, field: 'name', operator: 'is', value: 'x', ...extra });
const group = (id: string, rules: unknown[], logicalOperator = 'And') => ({ id, type: 'group', logicalOperator, rules });
const errorsOf = (input: unknown) => checkFilterTree(input, { path: '/body/filters' }).errors;

/** A chain of `levels` nested groups with one rule in the innermost. */
const nested = (levels: number): unknown => (levels === 0 ? rule('leaf') : group(`g${levels}`, [nested(levels - 1)]));

describe('filter tree validation', () => {
  describe('limits', () => {
    it('accepts 100 nodes in total and rejects the 101st at its own path', () => {
      const hundred = [group('a', Array.from({ length: 99 }, (_, i) => rule(`r${i}`)))];
      expect(errorsOf(hundred)).to.deep.equal([]);
      const hundredOne = [group('a', Array.from({ length: 50 }, (_, i) => rule(`r${i}`))), group('b', Array.from({ length: 49 }, (_, i) => rule(`s${i}`)))];
      expect(errorsOf(hundredOne)).to.deep.equal([
        { code: 'max_nodes', message: 'a filter has at most 100 nodes (rules and groups); this is node 101', path: '/body/filters/1/rules/48' },
      ]);
    });

    it('accepts groups nested 8 levels and rejects the 9th level at that group', () => {
      expect(errorsOf([nested(8)])).to.deep.equal([]);
      const errors = errorsOf([nested(9)]);
      expect(errors).to.deep.equal([
        { code: 'max_depth', message: 'groups nest at most 8 levels; this group is at level 9', path: `/body/filters/0${'/rules/0'.repeat(8)}` },
      ]);
    });

    it('accepts 100 rules in a group and rejects 101 at the group rules', () => {
      expect(errorsOf([group('a', Array.from({ length: 99 }, (_, i) => rule(`r${i}`)))])).to.deep.equal([]);
      const errors = errorsOf([group('a', Array.from({ length: 101 }, (_, i) => rule(`r${i}`)))]);
      expect(errors[0]).to.deep.equal({ code: 'max_items', message: 'a group has at most 100 rules', path: '/body/filters/0/rules' });
    });

    it('a top-level group of 100 rules meets the per-group limit but is 101 nodes in total', () => {
      // 100 rules in one top-level group is 101 nodes: the per-group limit holds, the total does not.
      const errors = errorsOf([group('a', Array.from({ length: 100 }, (_, i) => rule(`r${i}`)))]);
      expect(errors.map((e) => e.code)).to.deep.equal(['max_nodes']);
    });

    it('accepts exactly 262144 normalized bytes and rejects one more', () => {
      const sized = (bytes: number): FilterNode[] => {
        const probe: FilterNode[] = [{ id: 'big', field: 'name', operator: 'is_any_of', value: [''] }];
        const strings: string[] = [];
        let remaining = bytes - normalizedBytes(probe);
        // Each further string costs its length + 3 bytes ("", plus a comma).
        while (remaining > 4096) {
          strings.push('a'.repeat(4096));
          remaining -= 4099;
        }
        strings.push('a'.repeat(remaining));
        return [{ id: 'big', field: 'name', operator: 'is_any_of', value: strings }];
      };
      const atLimit = sized(262_144);
      expect(normalizedBytes(atLimit)).to.equal(262_144);
      expect(errorsOf(atLimit)).to.deep.equal([]);
      const over = sized(262_145);
      expect(normalizedBytes(over)).to.equal(262_145);
      expect(errorsOf(over)).to.deep.equal([
        { code: 'max_bytes', message: 'the normalized filter is 262145 bytes; at most 262144 are allowed', path: '/body/filters' },
      ]);
    });

    it('measures bytes after normalization: surrounding whitespace of ids does not count', () => {
      const nodes = validateFilterTree([rule('  r1  ', { label: ' Name ' })]);
      expect(nodes).to.deep.equal([{ id: 'r1', field: 'name', operator: 'is', value: 'x', label: 'Name' }]);
      expect(normalizedBytes(nodes)).to.equal(Buffer.byteLength('[{"field":"name","id":"r1","label":"Name","operator":"is","value":"x"}]'));
    });

    it('accepts a string of 4096 characters and rejects 4097', () => {
      expect(errorsOf([rule('r', { operator: 'contains', value: 'é'.repeat(4096) })])).to.deep.equal([]);
      expect(errorsOf([rule('r', { operator: 'contains', value: 'é'.repeat(4097) })])).to.deep.equal([
        { code: 'max_length', message: 'must be at most 4096 characters', path: '/body/filters/0/value' },
      ]);
    });

    it('accepts an array of 100 items and rejects 101', () => {
      expect(errorsOf([rule('r', { operator: 'is_any_of', value: Array.from({ length: 100 }, (_, i) => `v${i}`) })])).to.deep.equal([]);
      expect(errorsOf([rule('r', { operator: 'is_any_of', value: Array.from({ length: 101 }, (_, i) => `v${i}`) })])[0]).to.deep.equal({
        code: 'max_items',
        message: 'must have at most 100 items',
        path: '/body/filters/0/value',
      });
    });

    it('value shape: an object of 50 properties passes, 51 fails', () => {
      const object = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
      expect(valueShapeErrors(object(50), '/v')).to.deep.equal([]);
      expect(valueShapeErrors(object(51), '/v')).to.deep.equal([{ code: 'max_properties', message: 'must have at most 50 properties', path: '/v' }]);
    });

    it('value shape: keys of 1 to 255 characters', () => {
      expect(valueShapeErrors({ ['k'.repeat(255)]: 1 }, '/v')).to.deep.equal([]);
      expect(valueShapeErrors({ ['k'.repeat(256)]: 1 }, '/v')[0].code).to.equal('property_name');
      expect(valueShapeErrors({ '': 1 }, '/v')).to.deep.equal([{ code: 'property_name', message: 'keys must be 1 to 255 characters', path: '/v/' }]);
    });

    it('value shape: two further levels of arrays or objects pass, a third fails at the too-deep container', () => {
      expect(valueShapeErrors([[['a']]], '/v')).to.deep.equal([]);
      expect(valueShapeErrors({ a: { b: { c: 1 } } }, '/v')).to.deep.equal([]);
      expect(valueShapeErrors([[[['a']]]], '/v')).to.deep.equal([
        { code: 'max_nesting', message: 'values nest at most two levels of arrays or objects below the value', path: '/v/0/0/0' },
      ]);
      expect(valueShapeErrors({ a: { b: { 'c/d': {} } } }, '/v')[0].path).to.equal('/v/a/b/c~1d');
    });

    it('accepts 100 top-level nodes and rejects 101', () => {
      expect(errorsOf(Array.from({ length: 100 }, (_, i) => rule(`r${i}`)))).to.deep.equal([]);
      expect(errorsOf(Array.from({ length: 101 }, (_, i) => rule(`r${i}`)))[0]).to.deep.equal({
        code: 'max_items',
        message: 'must have at most 100 nodes',
        path: '/body/filters',
      });
    });
  });

  describe('rule and group fields', () => {
    it('ids are 1 to 128 characters after trimming', () => {
      expect(errorsOf([rule('i'.repeat(128))])).to.deep.equal([]);
      expect(errorsOf([rule('i'.repeat(129))])).to.deep.equal([{ code: 'max_length', message: 'must have at most 128 characters', path: '/body/filters/0/id' }]);
      expect(errorsOf([group('  ', [])])).to.deep.equal([{ code: 'min_length', message: 'must have at least 1 character after trimming', path: '/body/filters/0/id' }]);
    });

    it('field is 1 to 255 characters and a known field name', () => {
      expect(errorsOf([rule('r', { field: 'f'.repeat(256) })])[0]).to.include({ code: 'max_length', path: '/body/filters/0/field' });
      expect(errorsOf([rule('r', { field: 'model' })])[0]).to.include({ code: 'unknown_field', path: '/body/filters/0/field' });
      expect(errorsOf([rule('r', { field: 'metadata.' })])[0]).to.include({ code: 'unknown_field', path: '/body/filters/0/field' });
      expect(errorsOf([rule('r', { field: 'metadata.model_v2' })])).to.deep.equal([]);
    });

    it('label is at most 255 characters', () => {
      expect(errorsOf([rule('r', { label: 'l'.repeat(255) })])).to.deep.equal([]);
      expect(errorsOf([rule('r', { label: 'l'.repeat(256) })])[0]).to.include({ code: 'max_length', path: '/body/filters/0/label' });
    });

    it('operator is one of the 17, logicalOperator And or Or, group type the constant group', () => {
      expect(errorsOf([rule('r', { operator: 'like' })])[0]).to.include({ code: 'enum', path: '/body/filters/0/operator' });
      expect(errorsOf([group('g', [], 'AND')])[0]).to.include({ code: 'enum', path: '/body/filters/0/logicalOperator' });
      expect(errorsOf([{ ...rule('r'), type: 'rule' }])[0]).to.include({ code: 'const', path: '/body/filters/0/type' });
    });

    it('points at the offending node deep in a tree', () => {
      const tree = [group('g', [rule('a'), group('h', [rule('b'), rule('c'), rule('d'), rule('e', { value: 42 })])])];
      expect(errorsOf(tree)).to.deep.equal([
        { code: 'invalid_operand', message: 'is on name needs a string', path: '/body/filters/0/rules/1/rules/3/value' },
      ]);
    });

    it('reports missing and unknown properties', () => {
      expect(errorsOf([{ id: 'r', field: 'name', operator: 'is', extra: 1 }])).to.deep.equal([
        { code: 'additional_properties', message: 'unknown property extra', path: '/body/filters/0/extra' },
        { code: 'required', message: 'must have property value (null for is_empty and is_not_empty)', path: '/body/filters/0' },
      ]);
      expect(errorsOf(['rule'])).to.deep.equal([{ code: 'type', message: 'must be a rule or group object', path: '/body/filters/0' }]);
    });
  });

  describe('operator and value compatibility', () => {
    const cases: [string, Record<string, unknown>, string | null][] = [
      ['is_within_range needs two numbers', { field: 'latencyMs', operator: 'is_within_range', value: [1] }, 'is_within_range needs a two-element range [min, max]'],
      ['is_within_range min ≤ max', { field: 'latencyMs', operator: 'is_within_range', value: [5, 1] }, 'the range minimum must not exceed its maximum'],
      ['is_within_range on time takes date-times', { field: 'createdAt', operator: 'is_within_range', value: ['2026-01-01T00:00:00Z', 1e13] }, null],
      ['is_any_of needs an array', { field: 'name', operator: 'is_any_of', value: 'a' }, 'is_any_of needs a non-empty array'],
      ['is_empty takes null', { field: 'name', operator: 'is_empty', value: '' }, 'is_empty takes no value: send null'],
      ['contains needs a non-empty string', { field: 'name', operator: 'contains', value: '' }, 'contains needs a non-empty string'],
      ['greater_than on a number field needs a number', { field: 'cost', operator: 'greater_than', value: '1' }, 'greater_than on cost needs a number'],
      ['metadata equality takes booleans', { field: 'metadata.cached', operator: 'is', value: true }, null],
      ['objects are no operand of any operator', { field: 'metadata.x', operator: 'is', value: { a: 1 } }, 'is on metadata.x needs a string, number or boolean'],
    ];
    for (const [title, fields, message] of cases) {
      it(title, () => {
        const errors = errorsOf([rule('r', fields)]);
        if (message === null) expect(errors).to.deep.equal([]);
        else expect(errors).to.deep.equal([{ code: 'invalid_operand', message, path: '/body/filters/0/value' }]);
      });
    }

    it('text operators on numeric fields are an operator error', () => {
      expect(errorsOf([rule('r', { field: 'latencyMs', operator: 'contains', value: '1' })])).to.deep.equal([
        { code: 'invalid_operator', message: 'contains applies to text fields, not latencyMs', path: '/body/filters/0/operator' },
      ]);
    });
  });

  it('validateFilterTree throws ProblemError 400 PUBLIC_API_VALIDATION_FAILED', () => {
    try {
      validateFilterTree([rule('r', { operator: 'nope' })]);
      expect.fail('should throw');
    } catch (error) {
      expect(error).to.be.instanceOf(ProblemError);
      expect((error as ProblemError).status).to.equal(400);
      expect((error as ProblemError).code).to.equal('PUBLIC_API_VALIDATION_FAILED');
      expect((error as ProblemError).errors?.[0].path).to.equal('/filters/0/operator');
    }
  });
});
