import type { TextScanner } from './scan-pool.js';

// What a text scan is given, apart from the scan itself: detector engines hold it, text detection
// uses it, and neither needs to import the other for it.

/** The budgets of one text-detection evaluation (one detection over one trace). */
export interface ScanLimits {
  /** Time the scan may take. */
  budgetMs: number;
  /** Characters scanned of one field; the rest of a longer field is skipped. */
  maxFieldChars: number;
  /** Characters scanned over the whole trace; fields past it are skipped. */
  maxChars: number;
}

export interface ScanContext {
  scanner: TextScanner;
  limits: ScanLimits;
}
