import type { FixRecord } from '../../ports/fixes.js';

/** The issue `POST /repos/{owner}/{repo}/issues` creates for a dispatched fix. */
export interface IssueRequest {
  title: string;
  body: string;
  labels?: string[];
}

/** GitHub refuses an issue body above 65 536 characters; the trace links go last and are cut first. */
const MAX_BODY_CHARS = 65_000;
/** The issue links at most this many traces; the fix page lists them all. */
const MAX_TRACE_LINKS = 20;

const section = (heading: string, text: string | null): string => `## ${heading}\n\n${text?.trim() ? text.trim() : '_Not given._'}\n`;

/**
 * The issue's Markdown: the fix's analysis, recommended action, risk, verification and rollback plan,
 * and links into the console (on PUBLIC_BASE_URL) to the fix and its traces, so whoever works the
 * issue starts from the evidence.
 */
export function issueFor(fix: FixRecord, traceIds: readonly string[], consoleBaseUrl: string, labels: readonly string[]): IssueRequest {
  const fixUrl = `${consoleBaseUrl}/fixes/${fix.id}`;
  const shown = traceIds.slice(0, MAX_TRACE_LINKS);
  const traces = shown.length === 0 ? '_No linked traces._\n' : shown.map((id) => `- [${id}](${consoleBaseUrl}/traces/${encodeURIComponent(id)})`).join('\n') + '\n';
  const more = traceIds.length > shown.length ? `\n…and ${traceIds.length - shown.length} more on the [fix page](${fixUrl}).\n` : '';
  const parts = [
    `Dispatched from Tracewell: [${fix.title}](${fixUrl}) · severity **${fix.severity}**${fix.label ? ` · label \`${fix.label}\`` : ''}\n`,
    section('Analysis', [fix.description, fix.rootCause ? `**Root cause:** ${fix.rootCause}` : null].filter(Boolean).join('\n\n') || null),
    section('Recommended action', fix.recommendedAction),
    section('Risk', fix.riskAssessment),
    section('Verification', fix.verification),
    section('Rollback plan', fix.rollbackPlan),
    `## Traces\n\n${traces}${more}`,
    `<!-- tracewell-fix:${fix.id} -->\n`,
  ];
  let body = parts.join('\n');
  if (body.length > MAX_BODY_CHARS) body = `${body.slice(0, MAX_BODY_CHARS)}\n\n…(cut; the full fix is at ${fixUrl})\n`;
  return { title: fix.title.slice(0, 256), body, ...(labels.length > 0 ? { labels: [...labels] } : {}) };
}
