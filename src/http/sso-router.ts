import express, { type Router } from 'express';
import type { OAuthServer } from '../domain/identity/oauth-server.js';
import type { IdentityProvisioning } from '../domain/identity/identity-provisioning.js';
import { AuthorizationRequestError, type AuthorizationParams } from '../domain/identity/authorization-codes.js';
import type { SsoSignIn } from '../domain/sso/sso-sign-in.js';
import { SsoError } from '../domain/sso/sso-error.js';
import { messagePage } from './oauth-pages.js';
import { consentPagePolicy } from './consent-csp.js';

export const SSO_CALLBACK_PATH = '/sso/callback';

const BACK = { href: '/sign-in', label: 'Back to sign-in' };

/**
 * Where the identity provider sends the browser back (`{PUBLIC_BASE_URL}/sso/callback`). The
 * sign-in is checked (sso-sign-in.ts), then what the person started resumes: the console's (or an
 * MCP client's) authorization request gets its code, or the device code is approved. Refusals are a
 * page in plain words, and nothing was created for them.
 */
export function ssoRouter(oauth: OAuthServer, identity: IdentityProvisioning, sso: SsoSignIn): Router {
  const router = express.Router();

  router.get(SSO_CALLBACK_PATH, async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', consentPagePolicy(null));
    const fail = (status: number, title: string, message: string): void => {
      res.status(status).type('html').send(messagePage(title, message, BACK));
    };
    try {
      const params = new URL(req.originalUrl, 'http://callback.invalid').searchParams;
      const { user, resume } = await sso.finish(params);
      if (resume.kind === 'device') {
        const approved = await oauth.devices.decide(resume.userCode, user, true);
        if (!approved) return fail(400, 'Not connected', 'This device code expired or was already used while you were signing in. Start `tracewell login` again.');
        res.type('html').send(messagePage('Device connected', 'You can return to your device.'));
        return;
      }
      let request;
      try {
        request = await oauth.authorizationCodes.validate(resume.params as AuthorizationParams);
      } catch (error) {
        if (error instanceof AuthorizationRequestError) return fail(400, 'Sign-in failed', error.message);
        throw error;
      }
      const redirect = (query: Record<string, string | undefined>): void => {
        const url = new URL(request.redirectUri);
        for (const [name, value] of Object.entries({ ...query, state: request.state, iss: oauth.issuer })) if (value !== undefined) url.searchParams.set(name, value);
        res.redirect(302, url.toString());
      };
      // An MCP connection works in one project; single sign-on has no password ticket to carry a
      // project choice across pages, so it connects the user's only project.
      let projectId: string | null = null;
      if (request.resource === oauth.resources.mcp) {
        const projects = await identity.projectsOf(user.id);
        if (projects.length !== 1) {
          return redirect({ error: 'access_denied', error_description: projects.length === 0 ? 'The account belongs to no project.' : 'Choose a project: with single sign-on, an MCP connection needs an account with exactly one project.' });
        }
        projectId = projects[0].id;
      }
      redirect({ code: await oauth.authorizationCodes.approve(request, user, req.headers.host ?? '', projectId) });
    } catch (error) {
      if (error instanceof SsoError) return fail(error.status, 'Single sign-on failed', error.message);
      next(error);
    }
  });

  return router;
}
