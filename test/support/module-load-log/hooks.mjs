// Module customization hooks (run on node's hooks thread): every file module the process loads is
// appended, one URL a line, to the file MODULE_LOAD_LOG names — an observable record of what a
// process loaded and when, for tests of lazy loading.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && process.env.MODULE_LOAD_LOG) appendFileSync(process.env.MODULE_LOAD_LOG, `${url}\n`);
  return nextLoad(url, context);
}
