import type { Migration } from './migration.js';

/**
 * `projects.experiment_alpha`: the project's significance level for experiment runs (the finish-time
 * `notification.experiment_significant` check and the compare operation's default), 0.05 unless set.
 */
export const experimentAlpha: Migration = {
  name: '035-experiment-alpha',
  async up(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.double('experiment_alpha').notNullable().defaultTo(0.05);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('projects', (t) => {
      t.dropColumn('experiment_alpha');
    });
  },
};
