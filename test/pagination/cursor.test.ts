import { expect } from 'chai';
import { ManualClock } from '../../src/clock.js';
import { ProblemError } from '../../src/errors.js';
import { CursorCodec, canonicalJson, type CursorBinding } from '../../src/pagination/cursor.js';

const binding: CursorBinding = {
  credentialId: 'key-1',
  projectId: 'project-1',
  endpoint: 'listTraces',
  filters: { status: 'error', framework: 'langgraph' },
  sort: 'createdAt:desc,id:desc',
};

function expectInvalid(run: () => unknown, detail: RegExp): void {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ProblemError);
    expect((error as ProblemError).status).to.equal(400);
    expect((error as ProblemError).code).to.equal('PUBLIC_API_INVALID_CURSOR');
    expect((error as ProblemError).detail).to.match(detail);
    return;
  }
  expect.fail('expected PUBLIC_API_INVALID_CURSOR');
}

describe('CursorCodec', () => {
  const clock = new ManualClock(new Date('2026-11-01T00:00:00Z'));
  const codec = new CursorCodec('secret', clock);

  it('round-trips a keyset position and keeps the chain start', () => {
    const cursor = codec.encode(binding, { createdAt: 5, id: 't-9' });
    expect(cursor.length).to.be.within(1, 1024);
    expect(codec.decode(cursor, binding)).to.deep.equal({ position: { createdAt: 5, id: 't-9' }, chainStartedAt: clock.now().getTime() });
  });

  it('treats filters with the same members in another order as the same binding', () => {
    const cursor = codec.encode(binding, 1);
    expect(codec.decode(cursor, { ...binding, filters: { framework: 'langgraph', status: 'error' } }).position).to.equal(1);
  });

  it('rejects a cursor whose payload was altered', () => {
    const [body, signature] = codec.encode(binding, { id: 'a' }).split('.');
    const altered = Buffer.from(Buffer.from(body, 'base64url').toString().replace('"a"', '"b"')).toString('base64url');
    expectInvalid(() => codec.decode(`${altered}.${signature}`, binding), /altered/);
  });

  it('rejects a cursor signed with another secret', () => {
    expectInvalid(() => codec.decode(new CursorCodec('other', clock).encode(binding, 1), binding), /altered/);
  });

  it('rejects garbage', () => {
    expectInvalid(() => codec.decode('not-a-cursor', binding), /altered/);
  });

  for (const field of ['credentialId', 'projectId', 'endpoint', 'sort'] as const) {
    it(`rejects a cursor used with another ${field}`, () => {
      expectInvalid(() => codec.decode(codec.encode(binding, 1), { ...binding, [field]: 'other' }), /does not match/);
    });
  }

  it('rejects a cursor used with other filters', () => {
    expectInvalid(() => codec.decode(codec.encode(binding, 1), { ...binding, filters: { status: 'success' } }), /does not match/);
  });

  it('expires a chain 15 minutes after its first cursor, however far it was followed', () => {
    const chainClock = new ManualClock(new Date('2026-11-01T00:00:00Z'));
    const chainCodec = new CursorCodec('secret', chainClock);
    const first = chainCodec.encode(binding, 1);
    chainClock.advance(10 * 60_000);
    const { chainStartedAt } = chainCodec.decode(first, binding);
    const second = chainCodec.encode(binding, 2, chainStartedAt);
    chainClock.advance(5 * 60_000);
    expect(chainCodec.decode(second, binding).position).to.equal(2);
    chainClock.advance(1);
    expectInvalid(() => chainCodec.decode(second, binding), /expired/);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: undefined } })).to.equal('{"a":{"d":[1,{"e":1,"f":2}]},"b":1}');
  });
});
