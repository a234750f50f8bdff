import type { Principal } from '../auth/principal.js';

/**
 * Who a tool session belongs to: an OAuth token's grant (its refresh family), so the session
 * survives the client refreshing its access token; any other credential itself.
 */
export const sessionOwner = (principal: Principal): string => (principal.grantId ? `grant:${principal.grantId}` : principal.credentialId);
