import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { ProblemError, problems } from '../../errors.js';
import type { CursorBinding, CursorCodec, Page } from '../../pagination/cursor.js';
import type { PromptRecord, PromptSummaryRecord, PromptVersionRecord } from '../../ports/prompts.js';
import type { Store } from '../../ports/store.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { DEFAULT_LABEL, LATEST, guardProtected, labelsOfVersion, refuseLatest } from './prompt-labels.js';
import { checkTemplateShape, compileTemplate, placeholdersOf, variablesOf, type ChatMessage, type PromptTemplate, type PromptType } from './prompt-template.js';

const BODY = '/body';
/** Config is free JSON, but a prompt is fetched on every run: it stays small. */
const MAX_CONFIG_BYTES = 64 * 1024;

export const PROMPT_PAGE = { min: 1, max: 100, default: 20 } as const;

/** Who changes a prompt: the author recorded on versions and events, and whether protected labels are theirs to move. */
export interface PromptEditor {
  author: string;
  isAdmin: boolean;
}

export interface PromptVersionInput {
  name: string;
  type: PromptType;
  template: PromptTemplate;
  config?: Record<string, unknown>;
  labels?: string[];
  tags?: string[];
  commitMessage?: string;
  baseVersion?: number;
}

/** Which version a read wants: a label (default production) or a number, never both. */
export interface VersionSelector {
  label?: string;
  version?: number;
}

/** A version as served: with its prompt and the labels that name it now. */
export interface PromptVersionView {
  prompt: PromptRecord;
  version: PromptVersionRecord;
  labels: string[];
}

export interface PromptSummaryView {
  prompt: PromptRecord;
  /** label → version, `latest` included. */
  labels: Record<string, number>;
  tags: string[];
}

interface PageRequest {
  projectId: string;
  credentialId: string;
  endpoint: string;
  limit?: number;
  cursor?: string;
}

export interface PromptListRequest extends PageRequest {
  namePrefix?: string;
  label?: string;
  tag?: string;
}

const pageLimit = (limit: number | undefined): number => {
  const value = limit ?? PROMPT_PAGE.default;
  if (!Number.isInteger(value) || value < PROMPT_PAGE.min || value > PROMPT_PAGE.max) {
    throw problems.validation('limit is out of range.', [{ code: 'maximum', message: 'must be 1 to 100', path: '/query/limit' }]);
  }
  return value;
};

const sortedUnique = (values: readonly string[]): string[] => [...new Set(values)].sort();

/**
 * Versioned prompts of a project. Versions are immutable and numbered per prompt; labels point at
 * one version each and move on request (`latest` by itself); protected labels move for admins only.
 * Every change of one prompt runs in one transaction that first locks the prompt's row, so
 * concurrent changes of a prompt apply one after another, and each announces
 * `notification.prompt_version_changed` in that transaction.
 */
export class PromptService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly cursors: CursorCodec,
    private readonly events: EventPublisher,
  ) {}

  async createVersion(projectId: string, editor: PromptEditor, input: PromptVersionInput): Promise<PromptVersionView> {
    checkTemplateShape(input.type, input.template, `${BODY}/template`);
    const config = input.config ?? {};
    if (Buffer.byteLength(JSON.stringify(config)) > MAX_CONFIG_BYTES) {
      throw problems.validation('config is too large.', [{ code: 'max_size', message: 'must be at most 65536 bytes as JSON', path: `${BODY}/config` }]);
    }
    const labels = sortedUnique(input.labels ?? []);
    refuseLatest(input.labels ?? [], `${BODY}/labels`);
    const now = this.clock.now();

    return this.store.transaction(async (tx) => {
      guardProtected(labels, await tx.prompts.protectedLabels(projectId), editor.isAdmin);
      const prompt = await this.promptForNewVersion(tx, projectId, input, now);
      if (prompt.type !== input.type) {
        throw problems.validation(`The prompt ${input.name} is a ${prompt.type} prompt.`, [{ code: 'type_mismatch', message: `must be ${prompt.type}, the type of the prompt's first version`, path: `${BODY}/type` }]);
      }
      // Read under the row lock allocateVersion takes: the latest version no other request can change now.
      const { number, latestBefore } = await tx.prompts.allocateVersion(prompt.id, now);
      if (input.baseVersion !== undefined && latestBefore !== input.baseVersion) {
        throw problems.conflict(
          'PUBLIC_API_PROMPT_VERSION_CONFLICT',
          `The prompt's latest version is no longer ${input.baseVersion}: another version was created since. Start from the latest and try again.`,
        );
      }
      const stored = await tx.prompts.labelsOf(prompt.id);
      const version: PromptVersionRecord = {
        id: randomUUID(),
        promptId: prompt.id,
        projectId,
        version: number,
        template: input.template,
        config,
        tags: sortedUnique(input.tags ?? []),
        commitMessage: input.commitMessage ?? null,
        variables: variablesOf(input.template),
        placeholders: placeholdersOf(input.template),
        author: editor.author,
        createdAt: now,
      };
      await tx.prompts.insertVersion(version);
      await tx.prompts.setLatestVersion(prompt.id, number);
      for (const label of labels) await tx.prompts.setLabel(prompt.id, projectId, label, number);
      const movedFrom = Object.fromEntries(labels.filter((label) => stored[label] !== undefined).map((label) => [label, stored[label]]));
      const updated: PromptRecord = { ...prompt, versionCounter: number, latestVersion: number, updatedAt: now };
      const after = [...labels, LATEST].sort();
      await this.announce(tx, updated, number, 'version_created', [], after, movedFrom, editor.author);
      return { prompt: updated, version, labels: after };
    });
  }

  /** The version a label (default production) or a number selects; 404 when there is none. */
  async get(projectId: string, name: string, selector: VersionSelector): Promise<PromptVersionView> {
    if (selector.label !== undefined && selector.version !== undefined) {
      throw problems.validation('Send label or version, not both.', [{ code: 'exclusive', message: 'label and version are mutually exclusive', path: '/query/version' }]);
    }
    const found =
      selector.version !== undefined
        ? await this.store.prompts.findByVersion(projectId, name, selector.version)
        : await this.store.prompts.findByLabel(projectId, name, selector.label ?? DEFAULT_LABEL);
    if (!found) {
      const what = selector.version !== undefined ? `Version ${selector.version} of the prompt` : `The version labelled ${selector.label ?? DEFAULT_LABEL} of the prompt`;
      throw problems.notFound(what);
    }
    return { prompt: found.prompt, version: found.version, labels: labelsOfVersion(found.version.version, found.labels, found.prompt.latestVersion) };
  }

  async list(request: PromptListRequest): Promise<{ items: PromptSummaryView[]; page: Page }> {
    const limit = pageLimit(request.limit);
    const filters = { namePrefix: request.namePrefix, label: request.label, tag: request.tag };
    const binding: CursorBinding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters, sort: 'name:asc' };
    const decoded = request.cursor ? this.cursors.decode<{ name: string }>(request.cursor, binding) : null;
    const rows = await this.store.prompts.list({
      projectId: request.projectId,
      namePrefix: request.namePrefix,
      // Every prompt has a latest version, so `label=latest` filters nothing.
      label: request.label === LATEST ? undefined : request.label,
      tag: request.tag,
      afterName: decoded?.position.name ?? null,
      limit: limit + 1,
    });
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = items[items.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, { name: last.name }, decoded?.chainStartedAt) : null;
    return { items: items.map(toSummaryView), page: { hasMore, limit, nextCursor } };
  }

  async listVersions(request: PageRequest & { name: string }): Promise<{ items: PromptVersionView[]; page: Page }> {
    const limit = pageLimit(request.limit);
    const prompt = await this.requirePrompt(this.store, request.projectId, request.name);
    const binding: CursorBinding = { credentialId: request.credentialId, projectId: request.projectId, endpoint: request.endpoint, filters: { promptId: prompt.id }, sort: 'version:desc' };
    const decoded = request.cursor ? this.cursors.decode<{ version: number }>(request.cursor, binding) : null;
    const rows = await this.store.prompts.listVersions(prompt.id, limit + 1, decoded?.position.version ?? null);
    const stored = await this.store.prompts.labelsOf(prompt.id);
    const items = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = items[items.length - 1];
    const nextCursor = hasMore && last ? this.cursors.encode(binding, { version: last.version }, decoded?.chainStartedAt) : null;
    return {
      items: items.map((version) => ({ prompt, version, labels: labelsOfVersion(version.version, stored, prompt.latestVersion) })),
      page: { hasMore, limit, nextCursor },
    };
  }

  /** `labels` becomes the version's exact set (besides `latest`): added ones move here, missing ones are removed. */
  async setLabels(projectId: string, editor: PromptEditor, name: string, number: number, requested: string[]): Promise<PromptVersionView> {
    refuseLatest(requested, `${BODY}/labels`);
    const wanted = sortedUnique(requested);
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      const prompt = await this.lockedPrompt(tx, projectId, name, now);
      const version = await tx.prompts.findVersion(prompt.id, number);
      if (!version) throw problems.notFound(`Version ${number} of the prompt`);
      const stored = await tx.prompts.labelsOf(prompt.id);
      const before = labelsOfVersion(number, stored, prompt.latestVersion);
      const held = before.filter((label) => label !== LATEST);
      const added = wanted.filter((label) => !held.includes(label));
      const removed = held.filter((label) => !wanted.includes(label));
      guardProtected([...added, ...removed], await tx.prompts.protectedLabels(projectId), editor.isAdmin);
      for (const label of removed) await tx.prompts.removeLabel(prompt.id, label);
      for (const label of added) await tx.prompts.setLabel(prompt.id, projectId, label, number);
      const after = labelsOfVersion(number, { ...Object.fromEntries(Object.entries(stored).filter(([l]) => !removed.includes(l))), ...Object.fromEntries(added.map((l) => [l, number])) }, prompt.latestVersion);
      const updated = { ...prompt, updatedAt: now };
      if (added.length > 0 || removed.length > 0) {
        const movedFrom = Object.fromEntries(added.filter((label) => stored[label] !== undefined).map((label) => [label, stored[label]]));
        await this.announce(tx, updated, number, 'labels_changed', before, after, movedFrom, editor.author);
      }
      return { prompt: updated, version, labels: after };
    });
  }

  async deleteVersion(projectId: string, editor: PromptEditor, name: string, number: number, confirmation: string): Promise<{ prompt: PromptRecord; version: PromptVersionRecord; promptDeleted: boolean }> {
    if (confirmation !== `${name}@${number}`) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', 'confirmation must be <name>@<version> of the version to delete.', {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal <name>@<version> of the path', path: `${BODY}/confirmation` }],
      });
    }
    return this.store.transaction(async (tx) => {
      const prompt = await this.lockedPrompt(tx, projectId, name, this.clock.now());
      const version = await tx.prompts.findVersion(prompt.id, number);
      if (!version) throw problems.notFound(`Version ${number} of the prompt`);
      const stored = await tx.prompts.labelsOf(prompt.id);
      const held = Object.keys(stored).filter((label) => stored[label] === number);
      guardProtected(held, await tx.prompts.protectedLabels(projectId), editor.isAdmin);
      const remaining = await tx.prompts.listVersions(prompt.id, 1, null);
      const onlyOne = remaining.length === 1 && (await tx.prompts.listVersions(prompt.id, 1, remaining[0].version)).length === 0;
      if (onlyOne) {
        await tx.prompts.deletePrompt(prompt.id);
        return { prompt, version, promptDeleted: true };
      }
      for (const label of held) await tx.prompts.removeLabel(prompt.id, label);
      await tx.prompts.deleteVersion(prompt.id, number);
      if (number === prompt.latestVersion) {
        const [highest] = await tx.prompts.listVersions(prompt.id, 1, null);
        await tx.prompts.setLatestVersion(prompt.id, highest.version);
      }
      return { prompt, version, promptDeleted: false };
    });
  }

  async deletePrompt(projectId: string, editor: PromptEditor, name: string, confirmation: string): Promise<PromptRecord> {
    if (confirmation !== name) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', "confirmation must equal the name of the prompt to delete.", {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal the prompt name in the path', path: `${BODY}/confirmation` }],
      });
    }
    return this.store.transaction(async (tx) => {
      const prompt = await this.lockedPrompt(tx, projectId, name, this.clock.now());
      guardProtected(Object.keys(await tx.prompts.labelsOf(prompt.id)), await tx.prompts.protectedLabels(projectId), editor.isAdmin);
      await tx.prompts.deletePrompt(prompt.id);
      return prompt;
    });
  }

  async compile(
    projectId: string,
    name: string,
    request: VersionSelector & { variables?: Record<string, string>; placeholders?: Record<string, ChatMessage[]> },
  ): Promise<{ view: PromptVersionView; compiled: string | ChatMessage[] }> {
    if (request.label !== undefined && request.version !== undefined) {
      throw problems.validation('Send label or version, not both.', [{ code: 'exclusive', message: 'label and version are mutually exclusive', path: `${BODY}/version` }]);
    }
    const view = await this.get(projectId, name, { label: request.label, version: request.version });
    const compiled = compileTemplate(view.version.template, request.variables ?? {}, request.placeholders ?? {}, {
      variables: `${BODY}/variables`,
      placeholders: `${BODY}/placeholders`,
    });
    return { view, compiled };
  }

  protectedLabels(projectId: string): Promise<string[]> {
    return this.store.prompts.protectedLabels(projectId);
  }

  async setProtectedLabels(projectId: string, labels: string[]): Promise<string[]> {
    refuseLatest(labels, `${BODY}/labels`);
    const set = sortedUnique(labels);
    await this.store.prompts.setProtectedLabels(projectId, set);
    return set;
  }

  private async requirePrompt(store: Store, projectId: string, name: string): Promise<PromptRecord> {
    const prompt = await store.prompts.findPrompt(projectId, name);
    if (!prompt) throw problems.notFound('The prompt');
    return prompt;
  }

  /** The prompt, read again once its row is locked, so what the change reads no other change can alter. */
  private async lockedPrompt(tx: Store, projectId: string, name: string, now: Date): Promise<PromptRecord> {
    const found = await this.requirePrompt(tx, projectId, name);
    await tx.prompts.touch(found.id, now);
    return this.requirePrompt(tx, projectId, name);
  }

  /** The prompt the new version joins: created with the version when the name is new. */
  private async promptForNewVersion(tx: Store, projectId: string, input: PromptVersionInput, now: Date): Promise<PromptRecord> {
    const existing = await tx.prompts.findPrompt(projectId, input.name);
    if (existing) return existing;
    const created: PromptRecord = { id: randomUUID(), projectId, name: input.name, type: input.type, versionCounter: 0, latestVersion: 0, createdAt: now, updatedAt: now };
    if (await tx.prompts.insertPrompt(created)) return created;
    // Another request created it meanwhile (and has committed: the insert waited for it).
    const raced = await tx.prompts.findPrompt(projectId, input.name);
    if (!raced) throw new Error(`The prompt ${input.name} was neither inserted nor found.`);
    return raced;
  }

  private announce(
    tx: Store,
    prompt: PromptRecord,
    version: number,
    change: 'version_created' | 'labels_changed',
    labelsBefore: string[],
    labelsAfter: string[],
    movedFrom: Record<string, number>,
    author: string,
  ): Promise<void> {
    return this.events.publish(tx, {
      type: 'notification.prompt_version_changed',
      projectId: prompt.projectId,
      occurredAt: this.clock.now(),
      data: { promptId: prompt.id, name: prompt.name, version, change, labelsBefore, labelsAfter, movedFrom, author },
    });
  }
}

const toSummaryView = (row: PromptSummaryRecord): PromptSummaryView => ({
  prompt: row,
  labels: Object.fromEntries(Object.entries({ ...row.labels, [LATEST]: row.latestVersion }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  tags: row.latestTags,
});
