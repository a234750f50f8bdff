import type { Migration } from './migration.js';
import { spanPromptColumns } from '../sql/span-prompt-columns.js';

/**
 * Traces filtered by the prompt their spans used, and a prompt's usage (docs/prompts.md#usage), seek
 * spans by (project, prompt name, version). The columns are expressions over the span's metadata, so
 * ingest writes nothing new: the database keeps the index in the ingest transaction, and building it
 * here indexes the spans stored before (no backfill). Partial: only spans that recorded a prompt are
 * in it, so spans without one cost ingest only the predicate.
 */
export const spanPromptIndex: Migration = {
  name: '036-span-prompt-index',
  async up(knex, dialect) {
    const { name, version } = spanPromptColumns(dialect, '');
    await knex.raw(`CREATE INDEX spans_prompt_idx ON spans (project_id, ${name}, ${version}) WHERE ${name} IS NOT NULL`);
  },
  async down(knex) {
    await knex.raw('DROP INDEX spans_prompt_idx');
  },
};
