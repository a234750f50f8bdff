import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import path from 'node:path';

/**
 * The calling thread's kernel id on Linux, where `/proc/thread-self` links to `<pid>/task/<tid>`;
 * null elsewhere.
 */
export function currentThreadId(): number | null {
  try {
    const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's CPU priority to `niceness` (0–19). Background threads — search
 * readers, detection scans — call it first thing, so when the cores are busy the kernel runs the
 * request event loop ahead of them: one tenant's heavy search or crafted traces then slow that
 * tenant's own work, not every other tenant's reads. On Linux nice values are per thread
 * (setpriority with a thread id); elsewhere this does nothing and says so by returning false.
 * Raising a thread's nice value needs no privilege.
 */
export function lowerThreadPriority(niceness: number): boolean {
  if (niceness <= 0) return false;
  const tid = currentThreadId();
  if (tid === null) return false;
  try {
    setPriority(tid, Math.min(19, Math.trunc(niceness)));
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's nice value (Linux), for tests and diagnostics; null where it cannot be read. */
export function currentThreadNiceness(): number | null {
  const tid = currentThreadId();
  if (tid === null) return null;
  try {
    return getPriority(tid);
  } catch {
    return null;
  }
}
