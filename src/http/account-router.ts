import express, { type Request, type Response, type Router } from 'express';
import type { AccountLinks } from '../domain/identity/account-links.js';
import type { InvitationService } from '../domain/identity/invitation-service.js';
import { isProblemError } from '../errors.js';
import { escapeHtml, messagePage, page } from './oauth-pages.js';

/** Pages carry passwords: never framed, never cached. */
function pageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  res.setHeader('Referrer-Policy', 'no-referrer');
}

const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

const SIGN_IN_HINT = 'You can sign in to the web console now, or from the command line with `tracewell login`.';
/** Where a person goes once their password is set: the console's sign-in. */
const ONWARD = { href: '/sign-in', label: 'Sign in to the console →' };

const passwordForm = (action: string, token: string, intro: string, extra = '', error?: string): string =>
  page(
    'Set your password',
    `<p>${intro}</p>
${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${extra}
<label>Password (at least 8 characters) <input type="password" name="password" autocomplete="new-password" minlength="8" required></label>
<button type="submit">Save</button>
</form>`,
  );

/**
 * The pages behind one-time links, outside the REST contract (HTML forms, or JSON for scripts and
 * tests): setting a password through a setup or reset link, and accepting an invitation.
 */
export function accountRouter(links: AccountLinks, invitations: InvitationService): Router {
  const router = express.Router();
  const forms = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];

  const reply = (req: Request, res: Response, status: number, body: Record<string, unknown>, title: string, message: string, next?: { href: string; label: string }): void => {
    pageHeaders(res);
    if (req.is('application/json')) res.status(status).json(body);
    else res.status(status).type('html').send(messagePage(title, message, next));
  };
  const failure = (req: Request, res: Response, error: unknown): boolean => {
    if (!isProblemError(error)) return false;
    reply(req, res, error.status, { error: error.code, error_description: error.message, errors: error.errors ?? [] }, 'Not saved', error.message);
    return true;
  };

  router.get('/account/password', async (req, res, next) => {
    try {
      const token = field(req.query, 'token') ?? '';
      const found = token ? await links.preview(token) : null;
      pageHeaders(res);
      if (!found) return void res.status(400).type('html').send(messagePage('Link not valid', 'This link is unknown, used or expired. Ask the operator for a new one (npm run admin -- setup-link).'));
      res.type('html').send(passwordForm('/account/password', token, `Choose the password of <strong>${escapeHtml(found.user.email)}</strong>.`));
    } catch (error) {
      next(error);
    }
  });

  router.post('/account/password', ...forms, async (req, res, next) => {
    try {
      const user = await links.redeem(field(req.body, 'token') ?? '', field(req.body, 'password'));
      if (!user) return reply(req, res, 400, { error: 'invalid_link', error_description: 'The link is unknown, used or expired.' }, 'Link not valid', 'This link is unknown, used or expired.');
      reply(req, res, 200, { status: 'password_set', email: user.email }, 'Password saved', `The password of ${user.email} is set. ${SIGN_IN_HINT}`, ONWARD);
    } catch (error) {
      if (!failure(req, res, error)) next(error);
    }
  });

  router.get('/account/invitation', async (req, res, next) => {
    try {
      const token = field(req.query, 'token') ?? '';
      const found = token ? await invitations.preview(token) : null;
      pageHeaders(res);
      if (!found) return void res.status(400).type('html').send(messagePage('Invitation not valid', 'This invitation is unknown, accepted, revoked or expired.'));
      const intro = `You are invited to <strong>${escapeHtml(found.organization.name)}</strong> as ${escapeHtml(found.invitation.role)}, as <strong>${escapeHtml(found.invitation.email)}</strong>.${found.existingUser ? ' Enter your current password to accept.' : ''}`;
      const nameField = found.existingUser ? '' : '<label>Your name <input type="text" name="name" autocomplete="name" maxlength="255"></label>';
      res.type('html').send(passwordForm('/account/invitation', token, intro, nameField));
    } catch (error) {
      next(error);
    }
  });

  router.post('/account/invitation', ...forms, async (req, res, next) => {
    try {
      const user = await invitations.accept(field(req.body, 'token') ?? '', { name: field(req.body, 'name'), password: field(req.body, 'password') });
      if (!user) return reply(req, res, 400, { error: 'invalid_invitation', error_description: 'The invitation is unknown, accepted, revoked or expired.' }, 'Invitation not valid', 'This invitation is unknown, accepted, revoked or expired.');
      reply(req, res, 200, { status: 'accepted', email: user.email, userId: user.id }, 'Invitation accepted', `Welcome, ${user.name}. ${SIGN_IN_HINT}`, ONWARD);
    } catch (error) {
      if (!failure(req, res, error)) next(error);
    }
  });

  return router;
}
