/** Whether DATABASE_URL selects SQLite: unset (the file under DATA_DIR), or `sqlite:<file>` / `file:<file>`. */
export function selectsSqlite(databaseUrl: string | undefined): boolean {
  return !databaseUrl || /^(sqlite|file):./.test(databaseUrl);
}
