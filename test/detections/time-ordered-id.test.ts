import { expect } from 'chai';
import { timeOrderedUuid } from '../../src/domain/time-ordered-id.js';

describe('timeOrderedUuid (detection job ids)', () => {
  it('is a version 7 UUID (RFC 9562) carrying the Unix time in milliseconds in its first 48 bits', () => {
    const id = timeOrderedUuid(Date.parse('2026-11-26T01:02:03.456Z'));
    expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).to.equal(Date.parse('2026-11-26T01:02:03.456Z'));
  });

  it('sorts ids of later milliseconds after earlier ones, and differs within one millisecond', () => {
    const at = Date.parse('2026-11-26T01:02:03.456Z');
    const ids = [timeOrderedUuid(at), timeOrderedUuid(at), timeOrderedUuid(at + 1), timeOrderedUuid(at + 86_400_000)];
    expect(new Set(ids).size).to.equal(4);
    expect(ids[2] > ids[0] && ids[2] > ids[1]).to.equal(true);
    expect(ids[3] > ids[2]).to.equal(true);
  });
});
