import type { Knex } from 'knex';
import { canonicalJson } from '../../src/pagination/cursor.js';
import type { PromptTemplate, PromptType } from '../../src/domain/prompts/prompt-template.js';
import type { PromptListQuery, PromptRecord, PromptRepository, PromptSummaryRecord, PromptVersionRecord, ServedVersionRecord } from '../../src/ports/prompts.js';
import type { Dialect } from '../../src/ports/store.js';
import { fromMillis, parseJson, toMillis } from './columns.js';
import { isUniqueViolation } from './unique-violation.js';

type Row = Record<string, unknown>;

/** `latest` is no stored label: it is the prompt row's latest_version. */
const LATEST = 'latest';

const PROMPT_COLUMNS = ['p.id', 'p.project_id', 'p.name', 'p.type', 'p.version_counter', 'p.latest_version', 'p.created_at', 'p.updated_at'];
const VERSION_COLUMNS = [
  'v.id as v_id',
  'v.version as v_version',
  'v.template as v_template',
  'v.config as v_config',
  'v.tags as v_tags',
  'v.commit_message as v_commit_message',
  'v.variables as v_variables',
  'v.placeholders as v_placeholders',
  'v.author as v_author',
  'v.created_at as v_created_at',
];

const toPrompt = (row: Row): PromptRecord => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  type: row.type as PromptType,
  versionCounter: Number(row.version_counter),
  latestVersion: Number(row.latest_version),
  createdAt: fromMillis(row.created_at as number),
  updatedAt: fromMillis(row.updated_at as number),
});

/** A version row, its columns read with `prefix` (the joined reads alias them `v_`). */
const toVersion = (row: Row, promptId: string, projectId: string, prefix = ''): PromptVersionRecord => ({
  id: row[`${prefix}id`] as string,
  promptId,
  projectId,
  version: Number(row[`${prefix}version`]),
  template: parseJson<PromptTemplate>(row[`${prefix}template`], ''),
  config: parseJson<Record<string, unknown>>(row[`${prefix}config`], {}),
  tags: parseJson<string[]>(row[`${prefix}tags`], []),
  commitMessage: (row[`${prefix}commit_message`] as string | null) ?? null,
  variables: parseJson<string[]>(row[`${prefix}variables`], []),
  placeholders: parseJson<string[]>(row[`${prefix}placeholders`], []),
  author: row[`${prefix}author`] as string,
  createdAt: fromMillis(row[`${prefix}created_at`] as number),
});


/** The three served reads: by a stored label, by `latest` (the prompt row's), by a version number. */
type ServedShape = 'label' | 'latest' | 'version';
interface ServedValues {
  projectId: string;
  name: string;
  label?: string;
  version?: number;
}
/** Stand-ins compiled where each value goes; no name, label or id holds a NUL, so none is ever a real value. */
const MARKERS: Record<keyof ServedValues, string> = { projectId: '\u0000projectId', name: '\u0000name', label: '\u0000label', version: '\u0000version' };
/** A compiled served read: its SQL (knex's `?` placeholders) and where each binding comes from. */
interface CompiledRead {
  sql: string;
  slots: ({ slot: keyof ServedValues } | { value: unknown })[];
}
/** Per dialect and shape; the same text for every connection and transaction of that dialect. */
const COMPILED_READS = new Map<string, CompiledRead>();

export class SqlPromptRepository implements PromptRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  async insertPrompt(record: PromptRecord): Promise<boolean> {
    try {
      // A savepoint, so a name taken meanwhile does not abort an enclosing PostgreSQL transaction.
      await this.db.transaction(async (trx) => {
        await trx('prompts').insert({
          id: record.id,
          project_id: record.projectId,
          name: record.name,
          type: record.type,
          version_counter: record.versionCounter,
          latest_version: record.latestVersion,
          created_at: toMillis(record.createdAt),
          updated_at: toMillis(record.updatedAt),
        });
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findPrompt(projectId: string, name: string): Promise<PromptRecord | null> {
    const row = await this.db('prompts as p').select(PROMPT_COLUMNS).where({ 'p.project_id': projectId, 'p.name': name }).first();
    return row ? toPrompt(row) : null;
  }

  async allocateVersion(promptId: string, updatedAt: Date): Promise<{ number: number; latestBefore: number }> {
    await this.db('prompts').where({ id: promptId }).update({ version_counter: this.db.raw('version_counter + 1'), updated_at: toMillis(updatedAt) });
    const row = await this.db('prompts').select('version_counter', 'latest_version').where({ id: promptId }).first();
    return { number: Number(row.version_counter), latestBefore: Number(row.latest_version) };
  }

  async touch(promptId: string, updatedAt: Date): Promise<void> {
    await this.db('prompts').where({ id: promptId }).update({ updated_at: toMillis(updatedAt) });
  }

  async setLatestVersion(promptId: string, latestVersion: number): Promise<void> {
    await this.db('prompts').where({ id: promptId }).update({ latest_version: latestVersion });
  }

  async insertVersion(record: PromptVersionRecord): Promise<void> {
    await this.db('prompt_versions').insert({
      id: record.id,
      prompt_id: record.promptId,
      project_id: record.projectId,
      version: record.version,
      template: JSON.stringify(record.template),
      config: canonicalJson(record.config),
      tags: JSON.stringify(record.tags),
      commit_message: record.commitMessage,
      variables: JSON.stringify(record.variables),
      placeholders: JSON.stringify(record.placeholders),
      author: record.author,
      created_at: toMillis(record.createdAt),
    });
  }

  async findVersion(promptId: string, version: number): Promise<PromptVersionRecord | null> {
    const row = await this.db('prompt_versions').where({ prompt_id: promptId, version }).first();
    return row ? toVersion(row, promptId, row.project_id as string) : null;
  }

  async findByLabel(projectId: string, name: string, label: string): Promise<ServedVersionRecord | null> {
    if (label === LATEST) return this.served(await this.servedRead('latest', { projectId, name }));
    return this.served(await this.servedRead('label', { projectId, name, label }));
  }

  async findByVersion(projectId: string, name: string, version: number): Promise<ServedVersionRecord | null> {
    return this.served(await this.servedRead('version', { projectId, name, version }));
  }

  /** The served read's statement for `shape`, built with markers where its values go (compiledRead compiles it once). */
  private servedQuery(shape: ServedShape): Knex.QueryBuilder {
    const query = this.db('prompts as p').select([...PROMPT_COLUMNS, ...VERSION_COLUMNS, this.storedLabelsColumn()]);
    if (shape === 'latest') {
      query.join('prompt_versions as v', (on) => on.on('v.prompt_id', 'p.id').andOn('v.version', 'p.latest_version'));
    } else if (shape === 'label') {
      query
        .join('prompt_labels as l', (on) => on.on('l.prompt_id', 'p.id').andOn('l.label', this.db.raw('?', [MARKERS.label])))
        .join('prompt_versions as v', (on) => on.on('v.prompt_id', 'p.id').andOn('v.version', 'l.version'));
    } else {
      query.join('prompt_versions as v', (on) => on.on('v.prompt_id', 'p.id').andOn('v.version', this.db.raw('?', [MARKERS.version])));
    }
    return query.where({ 'p.project_id': MARKERS.projectId, 'p.name': MARKERS.name }).first();
  }

  /**
   * Runs the served read of `shape` with `values`: its SQL compiled by knex once per dialect and
   * shape, each fetch binding its values to that text. Building and compiling the query per fetch was
   * about 5 % of a prompt fetch's server time (issue #54), the read an application makes before
   * each model call.
   */
  private async servedRead(shape: ServedShape, values: ServedValues): Promise<Row | undefined> {
    const key = `${this.dialect}:${shape}`;
    let compiled = COMPILED_READS.get(key);
    if (!compiled) {
      const { sql, bindings } = this.servedQuery(shape).toSQL();
      const slots = bindings.map((binding) => {
        const slot = (Object.keys(MARKERS) as (keyof ServedValues)[]).find((name) => MARKERS[name] === binding);
        return slot ? { slot } : { value: binding };
      });
      compiled = { sql, slots };
      COMPILED_READS.set(key, compiled);
    }
    const bindings = compiled.slots.map((slot) => ('slot' in slot ? values[slot.slot] : slot.value)) as Knex.RawBinding[];
    const result: Row[] | { rows: Row[] } = await this.db.raw(compiled.sql, bindings);
    return (Array.isArray(result) ? result : result.rows)[0];
  }

  async listVersions(promptId: string, limit: number, beforeVersion: number | null): Promise<PromptVersionRecord[]> {
    const query = this.db('prompt_versions').where({ prompt_id: promptId }).orderBy('version', 'desc').limit(limit);
    if (beforeVersion !== null) query.andWhere('version', '<', beforeVersion);
    return (await query).map((row: Row) => toVersion(row, promptId, row.project_id as string));
  }

  async labelsOf(promptId: string): Promise<Record<string, number>> {
    const rows: Row[] = await this.db('prompt_labels').select('label', 'version').where({ prompt_id: promptId }).orderBy('label');
    return Object.fromEntries(rows.map((row) => [row.label as string, Number(row.version)]));
  }

  async setLabel(promptId: string, projectId: string, label: string, version: number): Promise<void> {
    // The prompt's row is locked by the caller's transaction, so no other change of this prompt's
    // labels runs between the delete and the insert.
    await this.db('prompt_labels').where({ prompt_id: promptId, label }).delete();
    await this.db('prompt_labels').insert({ prompt_id: promptId, label, project_id: projectId, version });
  }

  async removeLabel(promptId: string, label: string): Promise<void> {
    await this.db('prompt_labels').where({ prompt_id: promptId, label }).delete();
  }

  async deleteVersion(promptId: string, version: number): Promise<void> {
    await this.db('prompt_labels').where({ prompt_id: promptId, version }).delete();
    await this.db('prompt_versions').where({ prompt_id: promptId, version }).delete();
  }

  async deletePrompt(promptId: string): Promise<void> {
    await this.db('prompt_labels').where({ prompt_id: promptId }).delete();
    await this.db('prompt_versions').where({ prompt_id: promptId }).delete();
    await this.db('prompts').where({ id: promptId }).delete();
  }

  async list(query: PromptListQuery): Promise<PromptSummaryRecord[]> {
    const rows = this.db('prompts as p')
      .select([...PROMPT_COLUMNS, 'v.tags as v_tags'])
      .leftJoin('prompt_versions as v', (on) => on.on('v.prompt_id', 'p.id').andOn('v.version', 'p.latest_version'))
      .where('p.project_id', query.projectId)
      .orderBy('p.name', 'asc')
      .limit(query.limit);
    // substr rather than LIKE: SQLite's LIKE folds ASCII case, PostgreSQL's does not.
    if (query.namePrefix !== undefined) rows.andWhereRaw('substr(p.name, 1, ?) = ?', [query.namePrefix.length, query.namePrefix]);
    if (query.afterName !== null) rows.andWhere('p.name', '>', query.afterName);
    if (query.label !== undefined) {
      rows.whereExists((sub) => sub.select(this.db.raw('1')).from('prompt_labels as l').whereRaw('l.prompt_id = p.id').andWhere('l.label', query.label!));
    }
    // Tags are stored as a JSON array of strings without quotes or backslashes (the contract's
    // pattern), so `"tag"` occurs in the text exactly when the tag is an element.
    if (query.tag !== undefined) rows.andWhereRaw(this.dialect === 'postgres' ? 'strpos(v.tags, ?) > 0' : 'instr(v.tags, ?) > 0', [JSON.stringify(query.tag)]);
    const matching: Row[] = await rows;
    const labels = await this.labelsByPrompt(matching.map((row) => row.id as string));
    return matching.map((row) => ({ ...toPrompt(row), labels: labels.get(row.id as string) ?? {}, latestTags: parseJson<string[]>(row.v_tags, []) }));
  }

  async protectedLabels(projectId: string): Promise<string[]> {
    const rows: Row[] = await this.db('prompt_protected_labels').select('label').where({ project_id: projectId }).orderBy('label');
    return rows.map((row) => row.label as string);
  }

  async setProtectedLabels(projectId: string, labels: string[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('prompt_protected_labels').where({ project_id: projectId }).delete();
      if (labels.length > 0) await trx('prompt_protected_labels').insert(labels.map((label) => ({ project_id: projectId, label })));
    });
  }

  /**
   * The prompt's stored labels as one JSON object column of the served read: the fetch an
   * application makes before each model call is then one round trip, not two (issue #54), and the
   * labels are read in the same statement — so from the same snapshot — as the version.
   */
  private storedLabelsColumn(): Knex.Raw {
    const aggregate = this.dialect === 'postgres' ? 'json_object_agg' : 'json_group_object';
    return this.db.raw(`(SELECT ${aggregate}(sl.label, sl.version) FROM prompt_labels sl WHERE sl.prompt_id = p.id) AS stored_labels`);
  }

  private served(row: Row | undefined): ServedVersionRecord | null {
    if (!row) return null;
    const prompt = toPrompt(row);
    // PostgreSQL's json arrives parsed (null when the prompt has no label); SQLite's as text ('{}').
    const stored = parseJson<Record<string, number | string> | null>(row.stored_labels, null) ?? {};
    const labels = Object.fromEntries(Object.entries(stored).map(([label, version]) => [label, Number(version)]));
    return { prompt, version: toVersion(row, prompt.id, prompt.projectId, 'v_'), labels };
  }

  private async labelsByPrompt(promptIds: string[]): Promise<Map<string, Record<string, number>>> {
    const byPrompt = new Map<string, Record<string, number>>();
    if (promptIds.length === 0) return byPrompt;
    const rows: Row[] = await this.db('prompt_labels').select('prompt_id', 'label', 'version').whereIn('prompt_id', promptIds).orderBy('label');
    for (const row of rows) {
      const labels = byPrompt.get(row.prompt_id as string) ?? {};
      labels[row.label as string] = Number(row.version);
      byPrompt.set(row.prompt_id as string, labels);
    }
    return byPrompt;
  }
}
