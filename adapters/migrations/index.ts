import type { Migration } from './migration.js';
import { foundation } from './001-foundation.js';
import { traces } from './002-traces.js';
// (traces: migration imports go here)

// (tools: migration imports go here)

import { detections } from './003-detections.js';
// (detections: migration imports go here)

// (saved-filters: migration imports go here)

// (identity: migration imports go here)

// (webhooks: migration imports go here)

/** Every migration, in order. Append; never reorder or edit one that has shipped. */
export const migrations: readonly Migration[] = [
  foundation,
  traces,
  // (traces: migrations go here)

  // (tools: migrations go here)

  detections,
  // (detections: migrations go here)

  // (saved-filters: migrations go here)

  // (identity: migrations go here)

  // (webhooks: migrations go here)
];
