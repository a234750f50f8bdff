/** knex's better-sqlite3 dialect client, a CommonJS class it ships without declarations (thread-client.ts types what it uses). */
declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  const Client_BetterSQLite3: unknown;
  export default Client_BetterSQLite3;
}
