import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the Node this process runs on. better-sqlite3 12 wraps its objects with V8's
 * ObjectWrap, whose destructor on Node 24 removes an environment cleanup hook and aborts the process
 * (`Assertion failed: (env) != nullptr`) when a Statement is collected after its environment is gone —
 * a worker thread ending, or plain garbage collection. Version 13 is written against Node-API and ships
 * a prebuilt binary for every Node from 22 on, but crashes on Node 20. So Node 20 loads 12 (built at
 * install) and Node ≥ 22 loads 13 (the `better-sqlite3-napi` alias). Same API; the types are 12's.
 * When Node 20 support ends, 13 becomes the only dependency and this module goes.
 */
const requireFromHere = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);

export const SQLITE_DRIVER_PACKAGE = major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const Database = requireFromHere(SQLITE_DRIVER_PACKAGE) as typeof BetterSqlite3;
export default Database;
