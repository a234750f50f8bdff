import express, { type Request, type Response, type Router } from 'express';
import type { MailPreferenceService } from '../domain/mail/mail-preferences.js';
import { MAIL_KIND_LABELS } from '../domain/mail/mail-kinds.js';
import { escapeHtml, messagePage, page } from './oauth-pages.js';

function pageHeaders(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  res.setHeader('Referrer-Policy', 'no-referrer');
}

const tokenOf = (req: Request): string => (typeof req.query.token === 'string' ? req.query.token : '');
const INVALID = 'This unsubscribe link is not valid. Open the email preferences in the console to choose which mail you receive.';

/**
 * One-click unsubscribe (RFC 8058), outside the REST contract: the link of a notification mail's
 * `List-Unsubscribe` header and footer. GET only shows a confirm page — mail scanners and link
 * previews fetch links, and must not unsubscribe anyone; POST (a mail client's one-click request,
 * `List-Unsubscribe=One-Click`, or the page's button) unsubscribes. The signed token is the credential.
 */
export function mailRouter(preferences: MailPreferenceService, publicBaseUrl: string): Router {
  const router = express.Router();
  const preferencesLink = { href: `${publicBaseUrl}/settings/email`, label: 'Email preferences →' };

  router.get('/mail/unsubscribe', async (req, res, next) => {
    try {
      const token = tokenOf(req);
      const found = token ? await preferences.preview(token) : null;
      pageHeaders(res);
      if (!found) return void res.status(400).type('html').send(messagePage('Link not valid', INVALID, preferencesLink));
      res.type('html').send(
        page(
          'Unsubscribe',
          `<p>Stop sending <strong>${escapeHtml(MAIL_KIND_LABELS[found.kind])}</strong> to <strong>${escapeHtml(found.email)}</strong>?</p>
<form method="post" action="/mail/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`,
        ),
      );
    } catch (error) {
      next(error);
    }
  });

  router.post('/mail/unsubscribe', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res, next) => {
    try {
      const token = tokenOf(req);
      const done = token ? await preferences.unsubscribe(token) : null;
      pageHeaders(res);
      if (!done) return void res.status(400).type('html').send(messagePage('Link not valid', INVALID, preferencesLink));
      res.type('html').send(
        messagePage('Unsubscribed', `${done.email} no longer receives ${MAIL_KIND_LABELS[done.kind]}. You can turn it on again in the email preferences.`, preferencesLink),
      );
    } catch (error) {
      next(error);
    }
  });

  return router;
}
