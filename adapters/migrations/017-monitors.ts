import type { Migration } from './migration.js';

/**
 * Monitors (docs/alerts.md): a condition over a project's traces, evaluated per window by the
 * scheduler, and the incidents it opens and resolves.
 *
 * - `monitors.last_window_end` is the end (epoch ms) of the newest window evaluated; windows are
 *   aligned to multiples of `window_seconds` since the epoch, so every process computes the same ones.
 * - `monitor_windows` keeps each evaluated window's value: the history the anomaly kind compares with,
 *   and the record that a window was evaluated (primary key: once per monitor and window).
 * - `monitor_incidents`: one row per alerting episode, with the values it saw and whether its start
 *   and resolve events were sent (not while muted).
 */
export const monitors: Migration = {
  name: '017-monitors',
  async up(knex) {
    await knex.schema.createTable('monitors', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.string('name', 255).notNullable();
      t.string('kind', 32).notNullable();
      t.string('metric', 32); // null for ingestion_silence and compound
      // No foreign key: a deleted detection's monitor keeps naming it and counts 0 firings, rather than
      // silently widening to every detection (SET NULL) or disappearing (CASCADE).
      t.uuid('detection_id');
      t.text('scope').notNullable().defaultTo('{}'); // JSON object
      t.text('condition').notNullable().defaultTo('{}'); // JSON object, shape by kind
      t.integer('window_seconds').notNullable();
      t.integer('recover_after_windows').notNullable().defaultTo(1);
      t.boolean('enabled').notNullable().defaultTo(true);
      t.bigInteger('muted_until');
      t.string('state', 16).notNullable().defaultTo('ok'); // ok | alerting
      t.integer('clean_windows').notNullable().defaultTo(0);
      t.uuid('open_incident_id');
      t.bigInteger('last_window_end').notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('updated_at').notNullable();
      t.unique(['project_id', 'name']);
      t.index(['project_id', 'created_at', 'id'], 'monitors_project_created_idx');
      t.index(['enabled', 'last_window_end'], 'monitors_due_idx');
    });
    await knex.schema.createTable('monitor_windows', (t) => {
      t.uuid('monitor_id').notNullable().references('monitors.id').onDelete('CASCADE');
      t.bigInteger('window_end').notNullable();
      t.double('value'); // null: no data in the window
      t.boolean('breaching').notNullable();
      t.text('details').notNullable().defaultTo('{}'); // JSON object
      t.bigInteger('evaluated_at').notNullable();
      t.primary(['monitor_id', 'window_end']);
    });
    await knex.schema.createTable('monitor_incidents', (t) => {
      t.uuid('id').primary();
      t.uuid('project_id').notNullable().references('projects.id').onDelete('CASCADE');
      t.uuid('monitor_id').notNullable().references('monitors.id').onDelete('CASCADE');
      t.string('status', 16).notNullable(); // alerting | resolved
      t.string('event_type', 64).notNullable();
      t.string('metric', 32);
      t.uuid('fix_id').references('fixes.id').onDelete('SET NULL');
      t.uuid('detection_id');
      t.bigInteger('started_window_end').notNullable();
      t.bigInteger('resolved_window_end');
      t.double('open_value');
      t.double('peak_value');
      t.double('last_value');
      t.integer('windows').notNullable().defaultTo(1);
      t.boolean('start_notified').notNullable();
      t.boolean('resolve_notified');
      t.text('details').notNullable().defaultTo('{}'); // JSON object: the opening window's evidence
      t.bigInteger('started_at').notNullable();
      t.bigInteger('resolved_at');
      t.index(['project_id', 'started_window_end', 'id'], 'monitor_incidents_project_started_idx');
      t.index(['monitor_id', 'started_at'], 'monitor_incidents_monitor_idx');
      t.index(['fix_id'], 'monitor_incidents_fix_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('monitor_incidents');
    await knex.schema.dropTableIfExists('monitor_windows');
    await knex.schema.dropTableIfExists('monitors');
  },
};
