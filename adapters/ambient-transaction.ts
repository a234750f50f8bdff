import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from '../src/ports/store.js';

const current = new AsyncLocalStorage<Store>();

/**
 * Ambient transactions open now. While one is, the AsyncLocalStorage is enabled, and Node 20 runs
 * its promise hooks for every promise the process makes, whatever request it serves; when the last
 * one ends it is disabled again, so a read that opens no transaction (a prompt fetch, a tool call)
 * pays no hook on any of its promises once the writes around it are done (issue #54: the hooks were
 * a fixed share of every request's time, enabled for the process's life by its first write).
 */
let open = 0;

/**
 * The store services are built with: outside an ambient transaction it is the connection's store;
 * inside `inAmbientTransaction` every repository (and every nested `transaction`, which joins) is
 * bound to that one transaction. This lets a request's mutation and its audit record commit or roll
 * back together without threading a transaction handle through every service.
 */
export function ambientStore(root: Store): Store {
  return new Proxy(root, {
    get(target, property) {
      return Reflect.get((open > 0 ? current.getStore() : undefined) ?? target, property);
    },
  });
}

/** Runs `work` with every use of an ambient store inside one transaction (joined when one is open). */
export async function inAmbientTransaction<T>(store: Store, work: (tx: Store) => Promise<T>): Promise<T> {
  const joined = open > 0 ? current.getStore() : undefined;
  if (joined) return work(joined);
  open++;
  try {
    return await store.transaction((tx) => current.run(tx, () => work(tx)));
  } finally {
    // disable(): getStore() answers undefined everywhere until the next run(), which enables it again.
    if (--open === 0) current.disable();
  }
}
