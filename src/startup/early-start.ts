import { startSqliteThread } from '../../adapters/sqlite/sqlite-thread.js';
import { selectsSqlite } from '../settings/database-kind.js';
import { readSetting } from '../settings/read-setting.js';

/**
 * What `npm start` begins before it imports the rest of the server: on SQLite (DATABASE_URL unset or
 * `sqlite:`/`file:`), the SQLite thread, whose own start-up (its isolate, the driver, its modules:
 * ~0.1 s of CPU) otherwise began only once the request thread had loaded everything and opened the
 * database. Started here, it runs on the other core meanwhile (issue #61 item 2). A mistyped
 * DATABASE_URL starts nothing; loadConfig names the mistake as before.
 */
export function startEarly(env: NodeJS.ProcessEnv = process.env): { sqliteThread: boolean } {
  const sqlite = selectsSqlite(readSetting(env, 'DATABASE_URL'));
  if (sqlite) startSqliteThread();
  return { sqliteThread: sqlite };
}
