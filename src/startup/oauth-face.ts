import type { Router } from 'express';
import type { Runtime } from '../runtime.js';
import { oauthRouter } from '../http/oauth-router.js';
import { SignInThrottle } from '../domain/identity/sign-in-throttle.js';
import { ConsentTickets } from '../domain/identity/consent-tickets.js';
import { ClientRegistration } from '../domain/identity/client-registration.js';

/**
 * The OAuth 2.1 authorization server's pages and endpoints (/oauth/*, /.well-known/*) with the
 * throttle, registration limit and consent tickets only they use. A module of its own so the app
 * imports it on the first such request (src/http/lazy-router.ts), not on the way to `listen`.
 */
export function oauthFace(runtime: Runtime): Router {
  const { config, services, limiter, clock } = runtime;
  const registration = new ClientRegistration(services.oauth.clients, limiter, clock, { perAddressPerHour: config.oauthRegistrationsPerHour });
  return oauthRouter(services.oauth, services.identityProvisioning, new SignInThrottle(limiter, clock), registration, new ConsentTickets(runtime.store, clock), services.sso);
}
