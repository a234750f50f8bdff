// The smoke tier (test/tiers/smoke.json) with the suite's own mocha settings: `npm run test:smoke`.
const base = require('./.mocharc.json');
const tier = require('./test/tiers/smoke.json');

module.exports = { ...base, spec: tier.files };
