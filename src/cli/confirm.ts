import { UsageError } from './cli-errors.js';
import type { Io } from './io.js';

/**
 * Destructive commands need --yes, or a typed "yes" when a person is at a terminal. Without a
 * terminal and without --yes nothing is sent: a script must say so explicitly.
 */
export async function confirmDestructive(io: Io, yes: boolean | undefined, question: string): Promise<boolean> {
  if (yes) return true;
  if (!io.stdinIsTTY) throw new UsageError('refusing to delete without confirmation: pass --yes (stdin is not a terminal)');
  const answer = await io.ask(`${question} Type "yes" to confirm: `);
  return answer.trim().toLowerCase() === 'yes';
}
