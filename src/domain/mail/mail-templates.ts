import type { NotificationMailKind } from './mail-kinds.js';
import { renderMail, type MailBody, type MailContent } from './mail-layout.js';

/** A time as readers see it in mail: minutes in UTC, unambiguous across zones. */
export const mailTime = (at: Date | string): string => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Links of one deployment's mail: the console at PUBLIC_BASE_URL. */
export interface ConsoleLinks {
  base: string;
  unsubscribe(kind: NotificationMailKind): string;
}

const footerOf = (links: ConsoleLinks, kind: NotificationMailKind, what: string): MailBody['unsubscribe'] => ({
  url: links.unsubscribe(kind),
  what,
  preferencesUrl: `${links.base}/settings/email`,
});

export function invitationMail(input: { organizationName: string; role: string; inviterName: string | null; url: string; expiresAt: Date }): MailContent {
  const who = input.inviterName ?? 'An administrator';
  return renderMail({
    subject: `You are invited to ${input.organizationName} on Tracewell`,
    heading: `Join ${input.organizationName}`,
    paragraphs: [`${who} invited you to the organization ${input.organizationName} on Tracewell as ${input.role}.`, 'Open the link to set your password (or enter your current one) and accept.'],
    details: [['Valid until', mailTime(input.expiresAt)]],
    action: { href: input.url, label: 'Accept the invitation' },
    footnote: 'If you did not expect this invitation, ignore this mail: nothing happens unless the link is used.',
  });
}

export function passwordLinkMail(input: { email: string; url: string; expiresAt: Date; purpose: 'setup' | 'reset' }): MailContent {
  const reset = input.purpose === 'reset';
  return renderMail({
    subject: reset ? 'Reset your Tracewell password' : 'Set your Tracewell password',
    heading: reset ? 'Reset your password' : 'Set your password',
    paragraphs: [`A one-time link to ${reset ? 'choose a new' : 'set the'} password of ${input.email}. Earlier links no longer work.`],
    details: [['Valid until', mailTime(input.expiresAt)]],
    action: { href: input.url, label: reset ? 'Choose a new password' : 'Set your password' },
    footnote: reset ? 'If you did not ask for a new password, ignore this mail: your password stays as it is.' : undefined,
  });
}

export function mentionMail(links: ConsoleLinks, input: { project: string; fixId: string; fixTitle: string; author: string; text: string }): MailContent {
  return renderMail({
    subject: `[${input.project}] You were mentioned on the fix "${input.fixTitle}"`,
    heading: 'You were mentioned',
    paragraphs: [`${input.author} mentioned you in a comment on the fix "${input.fixTitle}" in ${input.project}:`],
    quote: input.text,
    action: { href: `${links.base}/fixes/${input.fixId}`, label: 'Open the fix' },
    unsubscribe: footerOf(links, 'mention', 'mentions'),
  });
}

export function approvalRequestedMail(
  links: ConsoleLinks,
  input: { project: string; fixId: string; fixTitle: string; requestedBy: string; note: string | null; expiresAt: string | null },
): MailContent {
  const details: [string, string][] = [['Requested by', input.requestedBy]];
  if (input.expiresAt) details.push(['Decide before', mailTime(input.expiresAt)]);
  if (input.note) details.push(['Note', input.note]);
  return renderMail({
    subject: `[${input.project}] Approval requested: dispatch the fix "${input.fixTitle}"`,
    heading: 'A fix dispatch awaits your approval',
    paragraphs: [`The fix "${input.fixTitle}" in ${input.project} is to be dispatched. As an admin of the project you can approve or reject it.`],
    details,
    action: { href: `${links.base}/fixes/${input.fixId}`, label: 'Review the fix' },
    unsubscribe: footerOf(links, 'approval_requested', 'approval requests'),
  });
}

export function approvalOutcomeMail(
  links: ConsoleLinks,
  input: { project: string; fixId: string; fixTitle: string; outcome: 'approved' | 'rejected' | 'expired'; actor: string; note: string | null },
): MailContent {
  const details: [string, string][] = input.outcome === 'expired' ? [] : [['Decided by', input.actor]];
  if (input.note) details.push(['Note', input.note]);
  return renderMail({
    subject: `[${input.project}] Dispatch ${input.outcome}: "${input.fixTitle}"`,
    heading: `Dispatch ${input.outcome}`,
    paragraphs: [
      input.outcome === 'expired'
        ? `The approval to dispatch the fix "${input.fixTitle}" in ${input.project} expired without a decision; request the dispatch again to retry.`
        : `The dispatch of the fix "${input.fixTitle}" in ${input.project} was ${input.outcome}.`,
    ],
    details,
    action: { href: `${links.base}/fixes/${input.fixId}`, label: 'Open the fix' },
    unsubscribe: footerOf(links, 'approval_outcome', 'approval outcomes of fixes you requested or are assigned'),
  });
}

/** The digest summary as the scheduler stores it (DigestSummary in notifications/digest-service.ts). */
export interface DigestMailSummary {
  kind: 'daily' | 'weekly';
  periodStart: string;
  periodEnd: string;
  traces: { count: number; errorCount: number; errorRate: number };
  cost: { total: number };
  topDetections: { displayName: string; fireCount: number }[];
  newFixes: { total: number; fixes: { title: string; severity: string }[] };
  resolvedFixes: { total: number; fixes: { title: string; severity: string }[] };
}

/** An error rate as a percentage with one decimal, e.g. 0.25 → "25.0 %". */
export const percent = (rate: number): string => `${(rate * 100).toFixed(1)} %`;
/** Dollars to the cent, e.g. 1.2345 → "$1.23". */
export const dollars = (amount: number): string => `$${amount.toFixed(2)}`;

export function digestMail(links: ConsoleLinks, input: { project: string; summary: DigestMailSummary }): MailContent {
  const { summary } = input;
  const daily = summary.kind === 'daily';
  const more = (shown: number, total: number) => (total > shown ? [`… and ${total - shown} more`] : []);
  return renderMail({
    subject: `[${input.project}] ${daily ? 'Daily digest' : 'Weekly report'} up to ${summary.periodEnd.slice(0, 10)}`,
    heading: `${daily ? 'Daily digest' : 'Weekly report'} of ${input.project}`,
    paragraphs: [`From ${mailTime(summary.periodStart)} to ${mailTime(summary.periodEnd)}.`],
    details: [
      ['Traces', String(summary.traces.count)],
      ['Errors', `${summary.traces.errorCount} (${percent(summary.traces.errorRate)})`],
      ['Cost', dollars(summary.cost.total)],
      ['New fixes', String(summary.newFixes.total)],
      ['Resolved fixes', String(summary.resolvedFixes.total)],
    ],
    lists: [
      { title: 'Top detections', items: summary.topDetections.map((d) => `${d.displayName}: ${d.fireCount} firing${d.fireCount === 1 ? '' : 's'}`) },
      { title: 'New fixes', items: [...summary.newFixes.fixes.map((f) => `${f.title} (${f.severity})`), ...more(summary.newFixes.fixes.length, summary.newFixes.total)] },
      { title: 'Resolved fixes', items: [...summary.resolvedFixes.fixes.map((f) => `${f.title} (${f.severity})`), ...more(summary.resolvedFixes.fixes.length, summary.resolvedFixes.total)] },
    ],
    action: { href: `${links.base}/notifications?digest=${summary.kind}`, label: daily ? 'Open the daily digest' : 'Open the weekly report' },
    unsubscribe: footerOf(links, daily ? 'daily_digest' : 'weekly_report', daily ? 'the daily digest' : 'the weekly report'),
  });
}

export function annotationAssignedMail(links: ConsoleLinks, input: { project: string; queueId: string; queueName: string }): MailContent {
  return renderMail({
    subject: `[${input.project}] You were added to the annotation queue "${input.queueName}"`,
    heading: 'You annotate in a new queue',
    paragraphs: [`You are now a member of the annotation queue "${input.queueName}" in ${input.project}. Batches dispatched to the queue will deal items to you.`],
    action: { href: `${links.base}/annotation-queues/${input.queueId}`, label: 'Open the queue' },
    unsubscribe: footerOf(links, 'annotation_assignment', 'annotation assignments'),
  });
}

export function annotationBatchMail(links: ConsoleLinks, input: { project: string; queueId: string; batchId: string; itemCount: number; deadline: string }): MailContent {
  const items = `${input.itemCount} item${input.itemCount === 1 ? '' : 's'}`;
  return renderMail({
    subject: `[${input.project}] ${items} to annotate by ${mailTime(input.deadline)}`,
    heading: 'New items to annotate',
    paragraphs: [`A batch dispatched in ${input.project} gives you ${items} to annotate.`],
    details: [['Deadline', mailTime(input.deadline)]],
    action: { href: `${links.base}/annotations/${input.queueId}/${input.batchId}`, label: 'Start annotating' },
    unsubscribe: footerOf(links, 'annotation_assignment', 'annotation assignments'),
  });
}

export type DeadlineNotice = 'reminder' | 'approaching' | 'passed';

export function annotationDeadlineMail(
  links: ConsoleLinks,
  input: { project: string; notice: DeadlineNotice; queueId: string; batchId: string; pendingItems: number; deadline: string },
): MailContent {
  const items = `${input.pendingItems} item${input.pendingItems === 1 ? '' : 's'}`;
  const text = {
    reminder: { subject: `Reminder: ${items} left to annotate`, heading: 'A reminder about your annotations', line: `You have ${items} left to annotate in ${input.project}.` },
    approaching: { subject: `Deadline in 24 hours: ${items} left to annotate`, heading: 'The deadline is close', line: `The batch is due within 24 hours and ${items} of yours are still open in ${input.project}.` },
    passed: { subject: `Deadline passed: ${items} not annotated`, heading: 'The deadline has passed', line: `The batch's deadline has passed with ${items} of yours still open in ${input.project}.` },
  }[input.notice];
  return renderMail({
    subject: `[${input.project}] ${text.subject}`,
    heading: text.heading,
    paragraphs: [text.line],
    details: [['Deadline', mailTime(input.deadline)]],
    action: { href: `${links.base}/annotations/${input.queueId}/${input.batchId}`, label: 'Continue annotating' },
    unsubscribe: footerOf(links, 'annotation_deadline', 'annotation reminders and deadlines'),
  });
}
