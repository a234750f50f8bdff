/**
 * The Content-Security-Policy of the consent page. CSP `form-action` also governs the redirects
 * that follow a form submission (CSP3 §6.4.1; Chromium enforces it), so with `form-action 'self'`
 * alone the browser refused the consent answer's 302 to the client's callback and the user stayed
 * on the page. The page therefore lists exactly the one validated redirect target of its request:
 * the origin for http and https (the loopback port included), the scheme for a private-use scheme
 * (`cursor:`, `vscode:`: a scheme-source is the only CSP form that matches them). CSP host-sources
 * have no IPv6 literals (Chromium ignores `http://[::1]:8080` as invalid), so a redirect to one is
 * allowed by its scheme: `http:` is then as wide as the page allows, which is harmless here since
 * the page renders no input as markup and its one form posts to itself.
 */
export function consentPagePolicy(redirectUri: string | null): string {
  const target = redirectUri ? redirectSource(redirectUri) : null;
  const formAction = target ? `'self' ${target}` : "'self'";
  return `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`;
}

function redirectSource(redirectUri: string): string | null {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return null;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname.startsWith('[') ? url.protocol : url.origin;
  // Registration admits only [a-z][a-z0-9+.-]* schemes, so nothing here can break out of the header.
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : null;
}
