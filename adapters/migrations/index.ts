import type { Migration } from './migration.js';
import { foundation } from './001-foundation.js';
// (migrations: further imports go here)

/** Every migration, in order. Append; never reorder or edit one that has shipped. */
export const migrations: readonly Migration[] = [
  foundation,
  // (migrations: further entries go here)
];
