import { isScope } from '../auth/scopes.js';
import { SCOPE_DESCRIPTIONS } from '../auth/scope-descriptions.js';

/** The server-rendered pages of the OAuth flows: plain HTML forms, no scripts, escaped values. */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The console's look without its stylesheet (these pages allow inline styles only): the same type
 * scale, colors and both themes, following the system's preference. Contrast meets WCAG AA in both.
 */
const STYLE = [
  ':root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#f6f8fa;--surface:#fff;--line:#d0d7de;--accent:#0b5cad;--error:#b42318;--code:#eff2f5}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9ea7b3;--bg:#0d1117;--surface:#161b22;--line:#30363d;--accent:#1f6feb;--error:#ff7b72;--code:#1f242c}}',
  'body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0;padding:3rem 1rem}',
  'main{max-width:34rem;margin:0 auto;background:var(--surface);border:1px solid var(--line);border-radius:10px;padding:1.5rem 2rem}',
  'h1{font-size:1.5rem;margin:0 0 1rem}a{color:inherit}p a,.next a{color:var(--fg);font-weight:600}',
  'label{display:block;margin:.75rem 0;font-weight:600}input,select{font:inherit;color:inherit;background:var(--surface);border:1px solid #8c959f;border-radius:4px}',
  'input[type=email],input[type=password],input[type=text],select{display:block;width:100%;margin-top:.25rem;padding:.4rem}',
  'button{font:inherit;margin:1rem .5rem 0 0;padding:.5rem 1rem;border-radius:4px;border:1px solid #8c959f;background:var(--surface);color:inherit;cursor:pointer}',
  'button[value=approve]{background:var(--accent);border-color:var(--accent);color:#fff}.error{color:var(--error)}',
  'code{font-size:.9em;background:var(--code);padding:0 .25em;border-radius:4px}',
  '.scopes{list-style:none;padding:0;margin:.5rem 0 1rem}.scopes li{padding:.5rem 0;border-top:1px solid var(--line)}.scopes li:last-child{border-bottom:1px solid var(--line)}',
  '.scopes span{display:block;color:var(--muted)}.scopes code{color:var(--muted)}.hint{color:var(--muted);font-size:.9em}',
].join('');

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Tracewell</title>
<style>${STYLE}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

const hidden = (fields: Record<string, string | undefined>): string =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value!)}">`)
    .join('\n');

const signIn = `<label>Email <input type="email" name="email" autocomplete="username" required></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>`;

/**
 * Single sign-on from the same form: the email alone, no password (formnovalidate), and the server
 * sends the browser to the identity provider of the email's domain (docs/sso.md).
 */
const ssoButton = `<button type="submit" name="decision" value="sso" formnovalidate>Continue with SSO</button>
<p class="hint">Your organization uses single sign-on? Enter your work email and choose <strong>Continue with SSO</strong>; no password needed here.</p>`;

/**
 * One requested scope in plain words, its raw name kept beside them: "Read traces — traces, spans, …
 * (observability:read)". A scope this server does not know is shown by its name only.
 */
function scopeItem(scope: string): string {
  const described = isScope(scope) ? SCOPE_DESCRIPTIONS[scope] : null;
  if (!described) return `<li><code>${escapeHtml(scope)}</code></li>`;
  return `<li><strong>${escapeHtml(described.title)}</strong><span>${escapeHtml(described.detail)} <code>${escapeHtml(scope)}</code></span></li>`;
}

export const scopeList = (scopes: readonly string[]): string => `<ul class="scopes">${scopes.map(scopeItem).join('')}</ul>`;

const errorLine = (error: string | undefined): string => (error ? `<p class="error">${escapeHtml(error)}</p>` : '');

/** A project the consent page offers (MCP connections work in one project). */
export interface ProjectChoice {
  id: string;
  name: string;
}

const projectSelect = (projects: readonly ProjectChoice[] | undefined): string =>
  projects && projects.length > 0
    ? `<label>Project <select name="project_id" required>${projects.map((p) => `<option value="${escapeHtml(p.id)}">${escapeHtml(p.name)} (${escapeHtml(p.id)})</option>`).join('')}</select></label>`
    : '';

export function consentPage(input: {
  clientName: string;
  scopes: string[];
  fields: Record<string, string | undefined>;
  error?: string;
  /** The resource the tokens are for, when the client named one (RFC 8707). */
  resource?: string | null;
  /** Set when the signed-in user must pick the project the connection works in. */
  projects?: readonly ProjectChoice[];
  /** Proof of the password just typed (consent-tickets.ts): the project step asks for it no more. */
  ticket?: string;
}): string {
  const target = input.resource ? ` for <code>${escapeHtml(input.resource)}</code>` : '';
  const credentials = input.ticket ? hidden({ sign_in_ticket: input.ticket }) : signIn;
  return page(
    'Authorize access',
    `<p><strong>${escapeHtml(input.clientName)}</strong> asks for access to your Tracewell account${target}. It will be able to:</p>
${scopeList(input.scopes)}
${errorLine(input.error)}
<form method="post" action="/oauth/authorize">
${hidden(input.fields)}
${projectSelect(input.projects)}
${credentials}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
${input.ticket ? '' : ssoButton}
</form>`,
  );
}

export function devicePage(input: { userCode?: string; clientName?: string; scopes?: string[]; error?: string }): string {
  const request = input.clientName
    ? `<p><strong>${escapeHtml(input.clientName)}</strong> asks to be able to:</p>\n${scopeList(input.scopes ?? [])}`
    : '<p>Enter the code your device shows.</p>';
  return page(
    'Connect a device',
    `${request}
${errorLine(input.error)}
<form method="post" action="/oauth/device">
<label>Code <input type="text" name="user_code" value="${escapeHtml(input.userCode ?? '')}" autocomplete="off" required></label>
${signIn}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
${ssoButton}
</form>`,
  );
}

/** A page that only says something, with an optional way onward (a same-site path). */
export function messagePage(title: string, message: string, next?: { href: string; label: string }): string {
  const onward = next ? `\n<p class="next"><a href="${escapeHtml(next.href)}">${escapeHtml(next.label)}</a></p>` : '';
  return page(title, `<p>${escapeHtml(message)}</p>${onward}`);
}

/**
 * On the way to the identity provider. A page, not a 302: browsers apply the sign-in page's CSP
 * form-action to the redirects that follow a form post, and the provider's origin is not known
 * when that page is drawn; a refresh is a new navigation, outside form-action.
 */
export function ssoRedirectPage(url: string): string {
  const href = escapeHtml(url);
  return page('Single sign-on', `<p>Continuing to your organization's identity provider…</p>
<p class="next"><a href="${href}">Continue</a></p>`).replace('<meta charset="utf-8">', `<meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">`);
}
