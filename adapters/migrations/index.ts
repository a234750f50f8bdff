import type { Migration } from './migration.js';
import { foundation } from './001-foundation.js';
import { traces } from './002-traces.js';
import { traceSearch } from './003-trace-search.js';
// (traces: migration imports go here)

// (tools: migration imports go here)

import { detections } from './003-detections.js';
// (detections: migration imports go here)

import { savedFilters } from './006-saved-filters.js';
// (saved-filters: migration imports go here)

import { identity } from './007-identity.js';
// (identity: migration imports go here)

import { webhooks } from './009-webhooks.js';
// (webhooks: migration imports go here)

/** Every migration, in order. Append; never reorder or edit one that has shipped. */
export const migrations: readonly Migration[] = [
  foundation,
  traces,
  traceSearch,
  // (traces: migrations go here)

  // (tools: migrations go here)

  detections,
  // (detections: migrations go here)

  savedFilters,
  // (saved-filters: migrations go here)

  identity,
  // (identity: migrations go here)

  webhooks,
  // (webhooks: migrations go here)
];
