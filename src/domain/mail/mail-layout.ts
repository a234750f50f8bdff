/** A rendered message: the subject and its two parts. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * What a message says, as plain text only: the layout escapes every value for the HTML part, so
 * user content (a fix title, a comment) can never become markup in someone's mail.
 */
export interface MailBody {
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  /** Label and value rows, e.g. "Deadline: …". */
  details?: readonly (readonly [string, string])[];
  /** A quoted user text, e.g. the comment that mentioned the reader. */
  quote?: string;
  lists?: readonly { title: string; items: readonly string[] }[];
  action: { href: string; label: string };
  /** Why the reader gets this mail and how to stop it; absent for transactional mail. */
  unsubscribe?: { url: string; what: string; preferencesUrl: string };
  /** A closing line, e.g. who to ask when the mail was not expected. */
  footnote?: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Only our own http(s) links go into an href. */
const safeHref = (url: string): string => (/^https?:\/\//i.test(url) ? escapeHtml(url) : '#');

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderMail(body: MailBody): MailContent {
  return { subject: body.subject.replace(/[\r\n]+/g, ' '), text: renderText(body), html: renderHtml(body) };
}

function renderText(body: MailBody): string {
  const lines: string[] = [body.heading, ''];
  for (const paragraph of body.paragraphs) lines.push(paragraph, '');
  if (body.quote !== undefined) lines.push(...body.quote.split('\n').map((line) => `> ${line}`), '');
  if (body.details?.length) lines.push(...body.details.map(([label, value]) => `${label}: ${value}`), '');
  for (const list of body.lists ?? []) lines.push(list.title, ...(list.items.length ? list.items.map((item) => `  - ${item}`) : ['  (none)']), '');
  lines.push(`${body.action.label}: ${body.action.href}`, '');
  if (body.footnote) lines.push(body.footnote, '');
  if (body.unsubscribe) {
    lines.push('--', `You receive this mail for ${body.unsubscribe.what}.`, `Unsubscribe: ${body.unsubscribe.url}`, `Email preferences: ${body.unsubscribe.preferencesUrl}`);
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function renderHtml(body: MailBody): string {
  const parts: string[] = [`<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>`];
  for (const paragraph of body.paragraphs) parts.push(`<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`);
  if (body.quote !== undefined) {
    parts.push(`<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #c7d2fe;background:#f5f7ff;white-space:pre-wrap">${escapeHtml(body.quote)}</blockquote>`);
  }
  if (body.details?.length) {
    const rows = body.details.map(([label, value]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`);
    parts.push(`<table role="presentation" style="border-collapse:collapse;margin:0 0 12px">${rows.join('')}</table>`);
  }
  for (const list of body.lists ?? []) {
    parts.push(`<h2 style="font-size:15px;margin:16px 0 6px">${escapeHtml(list.title)}</h2>`);
    parts.push(list.items.length ? `<ul style="margin:0 0 12px;padding-left:20px">${list.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '<p style="margin:0 0 12px;color:#555">None.</p>');
  }
  parts.push(
    `<p style="margin:20px 0"><a href="${safeHref(body.action.href)}" style="display:inline-block;background:#3b46c4;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a></p>`,
    `<p style="margin:0 0 12px;font-size:12px;color:#555">Or open <a href="${safeHref(body.action.href)}" style="color:#3b46c4">${escapeHtml(body.action.href)}</a></p>`,
  );
  if (body.footnote) parts.push(`<p style="margin:0 0 12px;font-size:13px;color:#555">${escapeHtml(body.footnote)}</p>`);
  const footer = body.unsubscribe
    ? `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e5e7eb;font-size:12px;color:#666">You receive this mail for ${escapeHtml(body.unsubscribe.what)}. <a href="${safeHref(body.unsubscribe.url)}" style="color:#666">Unsubscribe</a> · <a href="${safeHref(body.unsubscribe.preferencesUrl)}" style="color:#666">Email preferences</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(body.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;${FONT};color:#111;font-size:15px;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#3b46c4">Tracewell</p>
${parts.join('\n')}
${footer}
</div>
</body></html>
`;
}
