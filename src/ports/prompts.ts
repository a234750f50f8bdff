import type { PromptTemplate, PromptType } from '../domain/prompts/prompt-template.js';

/** A prompt: its name, its type (fixed by its first version) and where its numbering stands. */
export interface PromptRecord {
  id: string;
  projectId: string;
  name: string;
  type: PromptType;
  /** The highest version number ever given; numbers are not reused after a deletion. */
  versionCounter: number;
  /** The highest version that exists: what `latest` names. */
  latestVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One immutable version. */
export interface PromptVersionRecord {
  id: string;
  promptId: string;
  projectId: string;
  version: number;
  template: PromptTemplate;
  config: Record<string, unknown>;
  tags: string[];
  commitMessage: string | null;
  variables: string[];
  placeholders: string[];
  author: string;
  createdAt: Date;
}

/** A summary row of the list: the prompt with its stored labels and its latest version's tags. */
export interface PromptSummaryRecord extends PromptRecord {
  /** Stored labels (not `latest`) and the version each names. */
  labels: Record<string, number>;
  latestTags: string[];
}

/** One version as an application fetches it: with its prompt and the prompt's stored labels, read together. */
export interface ServedVersionRecord {
  prompt: PromptRecord;
  version: PromptVersionRecord;
  /** Stored labels of the prompt (not `latest`), label → version. */
  labels: Record<string, number>;
}

export interface PromptListQuery {
  projectId: string;
  namePrefix?: string;
  /** A stored label (never `latest`, which every prompt has). */
  label?: string;
  tag?: string;
  /** Names strictly after this one (byte order). */
  afterName: string | null;
  limit: number;
}

export interface PromptRepository {
  /** Inserts a new prompt; false when the project already has one of that name (nothing written). */
  insertPrompt(record: PromptRecord): Promise<boolean>;
  findPrompt(projectId: string, name: string): Promise<PromptRecord | null>;
  /**
   * Takes the next version number of the prompt and returns it with the latest version as it stood.
   * The row lock this update holds until the transaction ends serializes every change of one prompt,
   * so concurrent creators get distinct numbers and label moves do not interleave.
   */
  allocateVersion(promptId: string, updatedAt: Date): Promise<{ number: number; latestBefore: number }>;
  /** Locks the prompt row for the transaction (as allocateVersion does) without taking a number. */
  touch(promptId: string, updatedAt: Date): Promise<void>;
  setLatestVersion(promptId: string, latestVersion: number): Promise<void>;
  insertVersion(record: PromptVersionRecord): Promise<void>;
  findVersion(promptId: string, version: number): Promise<PromptVersionRecord | null>;
  /** The version a stored label names (or `latest`), read with its prompt and the prompt's labels in one query (the served read). */
  findByLabel(projectId: string, name: string, label: string): Promise<ServedVersionRecord | null>;
  /** The version with this number, read with its prompt and the prompt's labels in one query. */
  findByVersion(projectId: string, name: string, version: number): Promise<ServedVersionRecord | null>;
  /** Newest first, versions strictly below `beforeVersion` when given. */
  listVersions(promptId: string, limit: number, beforeVersion: number | null): Promise<PromptVersionRecord[]>;
  /** Stored labels of the prompt, label → version. */
  labelsOf(promptId: string): Promise<Record<string, number>>;
  /** Points `label` at `version`, replacing where it pointed before. */
  setLabel(promptId: string, projectId: string, label: string, version: number): Promise<void>;
  removeLabel(promptId: string, label: string): Promise<void>;
  deleteVersion(promptId: string, version: number): Promise<void>;
  deletePrompt(promptId: string): Promise<void>;
  list(query: PromptListQuery): Promise<PromptSummaryRecord[]>;
  protectedLabels(projectId: string): Promise<string[]>;
  setProtectedLabels(projectId: string, labels: string[]): Promise<void>;
}
