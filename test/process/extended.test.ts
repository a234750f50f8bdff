import { expect } from 'chai';
import { extended } from '../../src/extended.js';

describe('extended (an object spread without the literal)', () => {
  it('answers a new object with the base’s properties, then the extra’s, later ones winning, in spread order', () => {
    const base = { a: 1, b: 2, c: 3 };
    const copy = extended(base, { b: 20, d: 4 });
    expect(copy).to.deep.equal({ a: 1, b: 20, c: 3, d: 4 });
    expect(Object.keys(copy)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(JSON.stringify(copy)).to.equal(JSON.stringify({ ...base, b: 20, d: 4 }));
  });

  it('leaves both inputs unchanged and shares their values (a shallow copy, as a spread is)', () => {
    const nested = { deep: true };
    const base = { nested };
    const extra = { more: [1] };
    const copy = extended(base, extra);
    expect(copy).not.to.equal(base);
    expect(base).to.deep.equal({ nested: { deep: true } });
    expect(extra).to.deep.equal({ more: [1] });
    expect(copy.nested).to.equal(nested);
    expect(copy.more).to.equal(extra.more);
  });

  it('copies own enumerable properties only, as a spread does', () => {
    const base = Object.create({ inherited: 1 }) as Record<string, unknown>;
    base.own = 2;
    Object.defineProperty(base, 'hidden', { value: 3, enumerable: false });
    expect(extended(base, {})).to.deep.equal({ own: 2 });
  });
});
