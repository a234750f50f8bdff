import type { ServerResponse } from 'node:http';

/** Called once when a response ends: `finished` when it was sent whole, false when the connection closed first. */
export type ResponseEndCallback = (finished: boolean) => void;

const CALLBACKS = Symbol('response end callbacks');

type WithCallbacks = ServerResponse & { [CALLBACKS]?: ResponseEndCallback[] };

/**
 * Runs `callback` once when the response ends, in the order the callbacks were added. Every
 * response gets one `finish` and one `close` listener however many middlewares watch its end: each
 * listener costs a registration, and each `once` a wrapper, on every request, and each event copies
 * its listener list before it calls it (issue #61 item 3, the tool path).
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
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const finished = res.writableFinished;
    for (const each of list) each(finished);
  };
  res.on('finish', end);
  res.on('close', end);
}
