import type { Migration } from './migration.js';

/**
 * MCP authorization (docs/mcp.md): clients may register themselves (RFC 7591) — such a client is
 * forgotten when unused for a while, so `last_used_at` is kept — and every grant may be bound to a
 * resource (RFC 8707: the audience its tokens are valid for) and to the one project an MCP
 * connection works in (chosen on the consent page, since MCP clients send no x-project-id).
 */
export const mcpAuthorization: Migration = {
  name: '021-mcp-authorization',
  async up(knex, dialect) {
    // A client id may be the URL of its metadata document (MCP 2025-11-25); SQLite does not enforce lengths.
    if (dialect === 'postgres') {
      for (const [table, column] of [
        ['oauth_clients', 'id'],
        ['oauth_authorization_codes', 'client_id'],
        ['oauth_refresh_tokens', 'client_id'],
        ['oauth_device_codes', 'client_id'],
        ['oauth_access_tokens', 'client_id'],
      ]) {
        await knex.raw('ALTER TABLE ?? ALTER COLUMN ?? TYPE varchar(1000)', [table, column]);
      }
    }
    await knex.schema.alterTable('oauth_clients', (t) => {
      t.string('registration', 20).notNullable().defaultTo('static'); // static | dynamic | metadata_document
      t.bigInteger('last_used_at');
      t.index(['registration', 'last_used_at'], 'oauth_clients_registration_used_idx');
    });
    for (const table of ['oauth_authorization_codes', 'oauth_refresh_tokens', 'oauth_access_tokens']) {
      await knex.schema.alterTable(table, (t) => {
        t.string('resource', 2000);
        t.uuid('project_id');
      });
    }
  },
  async down(knex) {
    for (const table of ['oauth_authorization_codes', 'oauth_refresh_tokens', 'oauth_access_tokens']) {
      await knex.schema.alterTable(table, (t) => {
        t.dropColumn('resource');
        t.dropColumn('project_id');
      });
    }
    await knex.schema.alterTable('oauth_clients', (t) => {
      t.dropIndex([], 'oauth_clients_registration_used_idx');
      t.dropColumn('registration');
      t.dropColumn('last_used_at');
    });
  },
};
