import type { components } from '../../generated/openapi.js';

export type Problem = components['schemas']['Problem'];

/** Exit codes are part of the CLI's interface: scripts branch on them. */
export const EXIT = { ok: 0, failure: 1, usage: 2, regression: 3 } as const;

/** The command line itself is wrong (flags, arguments): exit 2, nothing was sent. */
export class UsageError extends Error {
  readonly exitCode = EXIT.usage;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The API answered with Problem Details: exit 1, rendered with title, detail and requestId. */
export class ApiProblemError extends Error {
  readonly exitCode = EXIT.failure;
  constructor(readonly problem: Problem) {
    super(problem.detail);
    this.name = 'ApiProblemError';
  }
}

/** Anything else that stops a command: unreachable server, unreadable file, denied login. */
export class CliFailure extends Error {
  readonly exitCode = EXIT.failure;
  constructor(message: string) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** `experiments run --fail-on regression` found a significant regression: exit 3, so CI can tell it from a broken run (1). */
export class RegressionFound extends Error {
  readonly exitCode = EXIT.regression;
  constructor(message: string) {
    super(message);
    this.name = 'RegressionFound';
  }
}

export function isProblem(value: unknown): value is Problem {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.title === 'string' && typeof candidate.code === 'string' && typeof candidate.status === 'number';
}

/** The lines written to stderr for a failure. An expired cursor chain says what to do next. */
export function describeFailure(error: unknown): string[] {
  if (error instanceof ApiProblemError) {
    const { problem } = error;
    const lines = [`Error: ${problem.title} (${problem.status} ${problem.code})`, `  ${problem.detail}`];
    for (const field of problem.errors ?? []) lines.push(`  - ${field.path || '(request)'}: ${field.message}`);
    if (problem.code === 'PUBLIC_API_INVALID_CURSOR') {
      lines.push(
        '  The cursor chain is invalid or expired: a chain lasts 15 minutes from its first page and is bound to the',
        '  same credential, project and filters. Run the command again without --cursor (same filters) to start a new chain.',
      );
    }
    lines.push(`  requestId: ${problem.requestId}`);
    return lines;
  }
  if (error instanceof UsageError) return [`Usage error: ${error.message}`, '  Run with --help for the options.'];
  if (error instanceof CliFailure) return [`Error: ${error.message}`];
  if (error instanceof RegressionFound) return [`Regression: ${error.message}`];
  return [`Error: ${error instanceof Error ? error.message : String(error)}`];
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof RegressionFound) return EXIT.regression;
  return EXIT.failure;
}
