import { AsyncLocalStorage } from 'node:async_hooks';
import type { Store } from '../src/ports/store.js';

const current = new AsyncLocalStorage<Store>();

/**
 * The store services are built with: outside an ambient transaction it is the connection's store;
 * inside `inAmbientTransaction` every repository (and every nested `transaction`, which joins) is
 * bound to that one transaction. This lets a request's mutation and its audit record commit or roll
 * back together without threading a transaction handle through every service.
 */
export function ambientStore(root: Store): Store {
  return new Proxy(root, {
    get(target, property) {
      return Reflect.get(current.getStore() ?? target, property);
    },
  });
}

/** Runs `work` with every use of an ambient store inside one transaction (joined when one is open). */
export function inAmbientTransaction<T>(store: Store, work: (tx: Store) => Promise<T>): Promise<T> {
  const open = current.getStore();
  if (open) return work(open);
  return store.transaction((tx) => current.run(tx, () => work(tx)));
}
