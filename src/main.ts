/**
 * `npm start`'s entry. The compile cache is enabled before anything else loads, so the server's own
 * modules and its packages are read back compiled from the second start on (src/startup/compile-cache.ts);
 * then the server starts (src/startup/serve.ts).
 */
import { enableCompileCache } from './startup/compile-cache.js';

enableCompileCache();
await import('./startup/serve.js');
