import { expect } from 'chai';
import { UsageError } from '../../src/cli/cli-errors.js';
import { collect, parseListFlags, type PageFetcher } from '../../src/cli/list-engine.js';
import { Progress, progressAllowed } from '../../src/cli/progress.js';

/** An in-memory keyset list of `total` numbered items; the cursor is the index of the next item. */
function numbered(total: number): { fetch: PageFetcher<number>; requests: { cursor?: string; limit?: number }[] } {
  const requests: { cursor?: string; limit?: number }[] = [];
  const all = Array.from({ length: total }, (_, i) => i + 1);
  return {
    requests,
    fetch: async (request) => {
      requests.push(request);
      const start = request.cursor ? Number(request.cursor) : 0;
      const limit = request.limit ?? 20;
      const items = all.slice(start, start + limit);
      const hasMore = start + limit < total;
      return { items, page: { hasMore, limit, nextCursor: hasMore ? String(start + limit) : null } };
    },
  };
}

describe('CLI list flags', () => {
  it('rejects --all without --max-items as a usage error', () => {
    expect(() => parseListFlags({ all: true })).to.throw(UsageError, '--all needs --max-items');
  });

  it('rejects --max-items without --all as a usage error', () => {
    expect(() => parseListFlags({ maxItems: '5' })).to.throw(UsageError, '--max-items only applies together with --all');
  });

  it('accepts --max-items from 1 to 1000 only', () => {
    expect(parseListFlags({ all: true, maxItems: '1' }).maxItems).to.equal(1);
    expect(parseListFlags({ all: true, maxItems: '1000' }).maxItems).to.equal(1000);
    for (const bad of ['0', '1001', '-3', '2.5', 'ten', '']) {
      expect(() => parseListFlags({ all: true, maxItems: bad }), bad).to.throw(UsageError, '--max-items must be an integer from 1 to 1000');
    }
  });

  it('rejects a --limit that is not a positive integer and an empty --cursor', () => {
    expect(() => parseListFlags({ limit: '0' })).to.throw(UsageError, '--limit');
    expect(() => parseListFlags({ cursor: ' ' })).to.throw(UsageError, '--cursor must not be empty');
    expect(parseListFlags({ limit: '7', cursor: 'abc' })).to.deep.equal({ limit: 7, cursor: 'abc', maxItems: undefined });
  });
});

describe('CLI list engine', () => {
  it('fetches one page by default and keeps its continuation cursor', async () => {
    const list = numbered(30);
    const result = await collect(list.fetch, { limit: 5 }, { maxPageSize: 50 });
    expect(result).to.deep.equal({ items: [1, 2, 3, 4, 5], nextCursor: '5' });
    expect(list.requests).to.deep.equal([{ cursor: undefined, limit: 5 }]);
  });

  it('stops --all at exactly max-items, asking only for the items still wanted, and keeps the cursor', async () => {
    const list = numbered(30);
    const result = await collect(list.fetch, { limit: 4, maxItems: 10 }, { maxPageSize: 50 });
    expect(result.items).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.nextCursor).to.equal('10');
    expect(list.requests.map((r) => r.limit)).to.deep.equal([4, 4, 2]);
  });

  it('resumes from the kept cursor with no gap and no duplicate', async () => {
    const list = numbered(12);
    const first = await collect(list.fetch, { maxItems: 7 }, { maxPageSize: 50 });
    const rest = await collect(list.fetch, { cursor: first.nextCursor!, maxItems: 1000 }, { maxPageSize: 50 });
    expect([...first.items, ...rest.items]).to.deep.equal(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rest.nextCursor).to.equal(null);
  });

  it('ends with a null cursor when the list ends before max-items', async () => {
    const list = numbered(3);
    expect(await collect(list.fetch, { maxItems: 50 }, { maxPageSize: 2 })).to.deep.equal({ items: [1, 2, 3], nextCursor: null });
  });

  it('reports progress after every page', async () => {
    const counts: number[] = [];
    await collect(numbered(5).fetch, { limit: 2, maxItems: 5 }, { maxPageSize: 50, onProgress: (n) => counts.push(n) });
    expect(counts).to.deep.equal([2, 4, 5]);
  });
});

describe('CLI progress indicator', () => {
  it('is allowed only on a terminal and without --quiet', () => {
    expect(progressAllowed({ stdoutIsTTY: true, stderrIsTTY: true }, false)).to.equal(true);
    expect(progressAllowed({ stdoutIsTTY: false, stderrIsTTY: true }, false)).to.equal(false);
    expect(progressAllowed({ stdoutIsTTY: true, stderrIsTTY: false }, false)).to.equal(false);
    expect(progressAllowed({ stdoutIsTTY: true, stderrIsTTY: true }, true)).to.equal(false);
  });

  it('draws nothing during the first second, then one overwritten line, erased at the end', () => {
    let now = 0;
    const written: string[] = [];
    const progress = new Progress({ write: (t) => written.push(t), enabled: true, now: () => now, tickMs: 0 });
    progress.update(20);
    expect(written).to.deep.equal([]);
    now = 1500;
    progress.update(40);
    progress.finish();
    expect(written).to.deep.equal(['\r\x1b[2KFetched 40 items…', '\r\x1b[2K']);
  });
});
