/**
 * `npm start`'s entry. The compile cache is enabled before anything else loads, so the server's own
 * modules and its packages are read back compiled from the second start on (src/startup/compile-cache.ts);
 * the SQLite thread starts loading beside the request thread (src/startup/early-start.ts); then the
 * server starts (src/startup/serve.ts).
 */
import { enableCompileCache } from './startup/compile-cache.js';

enableCompileCache();
// Imported, not a static import: those are evaluated before this module's body, before the cache is on.
(await import('./startup/early-start.js')).startEarly();
await import('./startup/serve.js');
