/** The server-rendered pages of the OAuth flows: plain HTML forms, no scripts, escaped values. */

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Tracewell</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input[type=email],input[type=password],input[type=text]{width:100%;padding:.4rem}button{margin:1rem .5rem 0 0;padding:.5rem 1rem}.error{color:#b00020}code{font-size:1.1em}</style>
</head><body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

const hidden = (fields: Record<string, string | undefined>): string =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value!)}">`)
    .join('\n');

const signIn = `<label>Email <input type="email" name="email" autocomplete="username" required></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>`;

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
    `<p><strong>${escapeHtml(input.clientName)}</strong> asks for access to your Tracewell account${target} with these scopes:</p>
<ul>${input.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>
${errorLine(input.error)}
<form method="post" action="/oauth/authorize">
${hidden(input.fields)}
${projectSelect(input.projects)}
${credentials}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
  );
}

export function devicePage(input: { userCode?: string; clientName?: string; scopes?: string[]; error?: string }): string {
  const request = input.clientName
    ? `<p><strong>${escapeHtml(input.clientName)}</strong> asks for: ${(input.scopes ?? []).map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}</p>`
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
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<p>${escapeHtml(message)}</p>`);
}
