/**
 * The floor of the start-up phase (issue #61 item 2): the least a process can be and still answer a
 * GET from the server's database — node:http and the database driver, nothing else. Plain
 * JavaScript run by plain node, as the compiled server is (a TypeScript loader would add its own
 * start-up and memory to the floor). The SQLite driver is the server's own module
 * (adapters/sqlite/driver.js of the compiled build, passed as the first argument), opening the same
 * file; on PostgreSQL one `pg` Client connects to the same database.
 *
 *   node scripts/bench/floor-server.mjs <build>/adapters/sqlite/driver.js   (DATABASE_URL, PORT, HOST)
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const databaseUrl = process.env.DATABASE_URL ?? '';
const sqlite = /^(sqlite|file):/.test(databaseUrl);

async function openQuery() {
  if (sqlite) {
    const { default: Sqlite } = await import(pathToFileURL(process.argv[2]).href);
    const connection = new Sqlite(databaseUrl.replace(/^(sqlite|file):(\/\/)?/, ''), { readonly: true, fileMustExist: true });
    const statement = connection.prepare('SELECT count(*) AS projects FROM projects');
    return async () => statement.get();
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return async () => (await client.query('SELECT count(*)::int AS projects FROM projects')).rows[0];
}

const query = await openQuery();
const server = http.createServer((req, res) => {
  if (req.method !== 'GET') {
    res.writeHead(405).end();
    return;
  }
  query().then(
    (row) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(row)),
    (error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
  );
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor server listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
