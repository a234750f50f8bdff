import type { MailMessage } from '../../ports/mail-transport.js';
import { truncate, type EventDescription } from './channel-event.js';

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Subjects stay on one line: header injection is the transport's to refuse, but a newline would end the subject early. */
const oneLine = (value: string): string => value.replace(/[\r\n]+/g, ' ');

/** An alert email: the same title, summary, facts and console link as Slack, in HTML and plain text. */
export function emailMessageOf(recipients: readonly string[], description: EventDescription, context: string): MailMessage {
  const resolved = description.incident?.status === 'resolved';
  const subject = truncate(oneLine(`[Tracewell] ${description.title}`), 200);
  const textLines = [
    description.title,
    '',
    description.summary,
    '',
    ...description.facts.map(([label, value]) => `${label}: ${value}`),
    ...(description.link ? ['', `${description.link.label}: ${description.link.url}`] : []),
    '',
    '--',
    context,
  ];
  const rows = description.facts.map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="color:${resolved ? '#1a7f37' : description.severity === 'info' ? '#0969da' : '#cf222e'}">${escapeHtml(description.title)}</h2>`,
    `<p>${escapeHtml(description.summary)}</p>`,
    rows ? `<table>${rows}</table>` : '',
    description.link ? `<p><a href="${escapeHtml(description.link.url)}">${escapeHtml(description.link.label)}</a></p>` : '',
    `<p style="color:#57606a;font-size:12px">${escapeHtml(context)}</p>`,
    '</body></html>',
  ].join('');
  return { to: recipients, subject, text: textLines.join('\n'), html };
}
