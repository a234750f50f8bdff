import { expect } from 'chai';
import { consentPagePolicy } from '../../src/http/consent-csp.js';

const policy = (formAction: string): string => `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`;

/** The consent page's CSP names the one validated redirect target (the browser behaviour: oauth-consent.browser.test.ts). */
describe('consent page Content-Security-Policy (form-action)', () => {
  for (const [uri, formAction] of [
    ['http://127.0.0.1:53682/callback', "'self' http://127.0.0.1:53682"],
    ['http://localhost:6274/oauth/callback', "'self' http://localhost:6274"],
    ['http://127.0.0.1/callback', "'self' http://127.0.0.1"],
    ['https://app.example/cb?x=1', "'self' https://app.example"],
    ['https://app.example:8443/cb', "'self' https://app.example:8443"],
    ['http://[::1]:8080/cb', "'self' http:"],
    ['cursor://anysphere.cursor-retrieval/oauth/callback', "'self' cursor:"],
    ['vscode://vscode.github-authentication/did-authenticate', "'self' vscode:"],
    ['com.example.app:/oauth2redirect', "'self' com.example.app:"],
  ]) {
    it(`allows the form answer to go to ${uri}: form-action ${formAction}`, () => {
      expect(consentPagePolicy(uri)).to.equal(policy(formAction));
    });
  }

  it("keeps form-action 'self' for pages without a validated redirect (error pages) and for what is no URL", () => {
    expect(consentPagePolicy(null)).to.equal(policy("'self'"));
    expect(consentPagePolicy('not a url')).to.equal(policy("'self'"));
  });
});
