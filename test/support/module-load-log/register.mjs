// `node --import <this file>`: installs hooks.mjs beside it, before the entry module loads.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
