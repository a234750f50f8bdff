import { expect } from 'chai';
import { ambientStore, inAmbientTransaction } from '../../adapters/ambient-transaction.js';
import type { Store } from '../../src/ports/store.js';

/**
 * A store that names itself, whose transaction hands `work` a store named after it: enough of the
 * Store port to see which one an ambient store resolves to.
 */
function namedStore(name: string, opened: string[] = []): Store {
  let next = 0;
  const store = {
    name,
    async transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      const tx = namedStore(`${name}/tx${++next}`, opened);
      opened.push((tx as unknown as { name: string }).name);
      return work(tx);
    },
  };
  return store as unknown as Store;
}
const nameOf = (store: Store) => (store as unknown as { name: string }).name;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inAmbientTransaction (adapters/ambient-transaction.ts)', () => {
  it('binds the ambient store to the transaction inside, across awaits, and to the root store after it', async () => {
    const root = namedStore('root');
    const ambient = ambientStore(root);
    const seen: string[] = [];
    await inAmbientTransaction(root, async () => {
      seen.push(nameOf(ambient));
      await tick();
      seen.push(nameOf(ambient));
    });
    seen.push(nameOf(ambient));
    expect(seen).to.deep.equal(['root/tx1', 'root/tx1', 'root']);
  });

  it('joins an open transaction instead of opening another', async () => {
    const opened: string[] = [];
    const root = namedStore('root', opened);
    const ambient = ambientStore(root);
    let inner = '';
    await inAmbientTransaction(root, async () => {
      await tick();
      await inAmbientTransaction(root, async (tx) => {
        inner = `${nameOf(tx)} ${nameOf(ambient)}`;
      });
    });
    expect(opened).to.deep.equal(['root/tx1']);
    expect(inner).to.equal('root/tx1 root/tx1');
  });

  it('keeps two concurrent transactions apart, also while the first to end leaves the other open', async () => {
    const root = namedStore('root');
    const ambient = ambientStore(root);
    const seen: string[] = [];
    let releaseSecond: () => void = () => undefined;
    const secondMayEnd = new Promise<void>((resolve) => (releaseSecond = resolve));
    const first = inAmbientTransaction(root, async () => {
      await tick();
      seen.push(`first ${nameOf(ambient)}`);
    });
    const second = inAmbientTransaction(root, async () => {
      await secondMayEnd;
      seen.push(`second ${nameOf(ambient)}`);
    });
    await first;
    // The first has ended; the second is still open and still bound to its own transaction.
    seen.push(`between ${nameOf(ambient)}`);
    releaseSecond();
    await second;
    seen.push(`after ${nameOf(ambient)}`);
    expect(seen).to.deep.equal(['first root/tx1', 'between root', 'second root/tx2', 'after root']);
  });

  it('answers the root store once no transaction is open, also when the last one failed, and binds the next one again', async () => {
    const root = namedStore('root');
    await inAmbientTransaction(root, async () => {
      await tick();
      throw new Error('rolled back');
    }).catch(() => undefined);
    await tick();
    expect(nameOf(ambientStore(root))).to.equal('root');
    // And the next transaction turns it on again.
    const ambient = ambientStore(root);
    let inside = '';
    await inAmbientTransaction(root, async () => {
      await tick();
      inside = nameOf(ambient);
    });
    expect(inside).to.equal('root/tx2');
  });
});
