import type { Knex } from 'knex';
import type { Dialect } from '../../src/ports/store.js';
import type { Migration } from './migration.js';

/**
 * A trace's deployment environment and release (docs/analytics.md#environment-and-release), for the
 * metrics dimensions and the filters: from OTLP resource attributes `deployment.environment.name`
 * (else `deployment.environment`) and `service.version`, or a native trace's `metadata.environment`
 * and `metadata.release`. Indexed like the other trace labels (project, label, created). Traces stored
 * before are filled here from the same places, so old and new traces group alike.
 */
function label(dialect: Dialect, path: readonly string[]): string {
  if (dialect === 'postgres') {
    const json = `CAST(metadata AS jsonb) #> '{${path.map((p) => `"${p}"`).join(',')}}'`;
    return `(CASE WHEN jsonb_typeof(${json}) = 'string' AND length(${json} #>> '{}') BETWEEN 1 AND 255 THEN ${json} #>> '{}' END)`;
  }
  const jsonPath = `'$.${path.map((p) => `"${p}"`).join('.')}'`;
  return `(CASE WHEN json_type(metadata, ${jsonPath}) = 'text' AND length(json_extract(metadata, ${jsonPath})) BETWEEN 1 AND 255 THEN json_extract(metadata, ${jsonPath}) END)`;
}

async function backfill(knex: Knex, dialect: Dialect): Promise<void> {
  const environment = `COALESCE(${label(dialect, ['environment'])}, ${label(dialect, ['otel_resource', 'deployment.environment.name'])}, ${label(dialect, ['otel_resource', 'deployment.environment'])})`;
  const release = `COALESCE(${label(dialect, ['release'])}, ${label(dialect, ['otel_resource', 'service.version'])})`;
  await knex.raw(`UPDATE traces SET environment = ${environment}, release = ${release}`);
}

export const traceEnvironmentRelease: Migration = {
  name: '038-trace-environment-release',
  async up(knex, dialect) {
    await knex.schema.alterTable('traces', (t) => {
      t.string('environment', 255);
      t.string('release', 255);
      t.index(['project_id', 'environment', 'created_at'], 'traces_project_environment_created_idx');
      t.index(['project_id', 'release', 'created_at'], 'traces_project_release_created_idx');
    });
    await backfill(knex, dialect);
  },
  async down(knex) {
    await knex.schema.alterTable('traces', (t) => {
      t.dropIndex([], 'traces_project_environment_created_idx');
      t.dropIndex([], 'traces_project_release_created_idx');
      t.dropColumn('environment');
      t.dropColumn('release');
    });
  },
};
