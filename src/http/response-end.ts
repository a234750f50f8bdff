import type { ServerResponse } from 'node:http';

/** Called once when a response ends: `finished` when it was sent whole, false when the connection closed first. */
export type ResponseEndCallback = (finished: boolean) => void;

const CALLBACKS = Symbol('response end callbacks');

type WithCallbacks = ServerResponse & { [CALLBACKS]?: ResponseEndCallback[] };

/**
 * Runs `callback` once when the response ends, in the order the callbacks were added. Every
 * response gets one `close` listener however many middlewares watch its end: each listener costs a
 * registration, and each `once` a wrapper, on every request, and each event copies its listener
 * list before it calls it (issue #61 item 3, the tool path). `close` alone suffices: a response
 * emits it after `finish` when it was sent (then `writableFinished` is true) and when its connection
 * closed first.
 */
export function onResponseEnd(res: ServerResponse, callback: ResponseEndCallback): void {
  const watched = res as WithCallbacks;
  const callbacks = watched[CALLBACKS];
  if (callbacks) {
    callbacks.push(callback);
    return;
  }
  const list = [callback];
  watched[CALLBACKS] = list;
  res.on('close', () => {
    const finished = res.writableFinished;
    for (const each of list) each(finished);
  });
}
