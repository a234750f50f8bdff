// The layers of Tracewell and the rules between them, checked by `npm run lint:deps`
// (dependency-cruiser; `npm test` runs it first). docs/architecture.md ("Layers and the
// dependency rule") draws the picture and says how to read a violation.
//
// Every module of src/, adapters/, conformance/, scripts/ and generated/ belongs to exactly
// one group below. A group may import its own group and the groups beneath it; the rules
// further down forbid the rest. Paths are relative to the folder the cruiser runs in, so
// test/architecture/layers.test.ts can run these same rules on a small fixture tree.

const group = {
  // Leaf modules every layer may use. They import nothing of ours but each other.
  kernel: [
    '^generated/',
    '^src/(clock|errors|extended|package-root|lazy-module)\\.ts$',
    '^src/pagination/',
    '^src/auth/tokens\\.ts$',
    '^src/observability/(instruments|prom-client-parts|logger|garbage-collector)\\.ts$',
    // A generic worker-thread pool: the SQLite adapter and the domain's background work share it.
    '^src/domain/background/thread-pool\\.ts$',
    // The settings catalog and its readers: every loader reads the environment it is handed through them.
    '^src/settings/',
  ],
  // The process entry point.
  entry: ['^src/main\\.ts$'],
  // The composition root: reads the settings, builds the store and the services, wires
  // handlers, routers and background work. The only place that may import adapters.
  composition: [
    '^src/(app|services|runtime|config)\\.ts$',
    '^src/startup/',
    // The handler table as served (built from the runtime's services, wrapped in the audit trail).
    '^src/handlers/(index|served-handlers)\\.ts$',
    // Gauges of the process and of the database pool, registered where the pool is built.
    '^src/observability/runtime-gauges\\.ts$',
  ],
  // Delivery: REST over express, MCP tools over JSON-RPC, the command-line client, and
  // the metrics that watch them.
  delivery: ['^src/http/', '^src/tools/', '^src/cli/', '^src/observability/request-observer\\.ts$'],
  // Files in src/http that describe contract operations rather than serve HTTP: the typed
  // operation map, the request context a handler receives, the operation table. Handlers
  // are written against them, so they sit beneath handlers.
  contract: [
    '^src/http/(operation-types|request-context|contract|uuid-parameters|operation-capabilities|request-id|fair-share-middleware|response-end|query-parameters|date-time-format)\\.ts$',
  ],
  // Thin handler classes, one per contract area.
  handlers: ['^src/handlers/'],
  // Domain services and value types, and identity & access (src/auth).
  domain: ['^src/domain/', '^src/auth/'],
  // Ports: the interfaces the domain needs from storage and infrastructure.
  ports: ['^src/ports/', '^src/ratelimit/rate-limiter\\.ts$'],
  // Adapters implement ports: SQLite, PostgreSQL, and the rate limiters.
  adapters: ['^adapters/', '^src/ratelimit/(memory|redis|resilient)-rate-limiter\\.ts$'],
};

// The contract files live under src/http/ but are not delivery.
const delivery = { path: group.delivery, pathNot: group.contract };
const typeOnly = ['type-only', 'type-import'];
// src/config.ts: the settings read from the environment, in the composition root.
const settings = '^src/config\\.ts$';
const all = (...names) => names.flatMap((name) => group[name]);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circles, type-only imports included: a circle makes load order matter and the layers meaningless.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-is-a-leaf',
      comment: 'Kernel modules are used by every layer, so they may import only other kernel modules (and the Config type).',
      severity: 'error',
      from: { path: group.kernel, pathNot: group.entry },
      to: { path: '^(src|adapters|conformance|scripts)/', pathNot: [...group.kernel, settings] },
    },
    {
      name: 'only-the-entry-imports-main',
      severity: 'error',
      from: { pathNot: group.entry },
      to: { path: group.entry },
    },
    {
      name: 'composition-is-not-imported-below',
      comment: 'Only the entry point (and scripts) may import the composition root.',
      severity: 'error',
      from: { path: [...all('delivery', 'contract', 'handlers', 'domain', 'ports', 'adapters', 'kernel')], pathNot: group.composition },
      to: { path: group.composition, pathNot: settings },
    },
    {
      name: 'settings-are-read-as-a-type',
      comment:
        'Every layer may name its slice of the Config type (import type); only the composition root reads the environment and hands the values down.',
      severity: 'error',
      from: { pathNot: [...group.entry, ...group.composition, '^scripts/'] },
      to: { path: settings, dependencyTypesNot: typeOnly },
    },
    {
      name: 'delivery-is-not-imported-below',
      comment: 'Handlers, domain, ports and adapters do not know about express, MCP or the CLI.',
      severity: 'error',
      from: { path: all('contract', 'handlers', 'domain', 'ports', 'adapters', 'kernel') },
      to: delivery,
    },
    {
      name: 'handlers-are-not-imported-below',
      severity: 'error',
      from: { path: all('contract', 'domain', 'ports', 'adapters', 'kernel') },
      to: { path: group.handlers, pathNot: group.composition },
    },
    {
      name: 'contract-is-not-imported-below',
      severity: 'error',
      from: { path: all('domain', 'ports', 'adapters', 'kernel') },
      to: { path: group.contract },
    },
    {
      name: 'ports-name-domain-types-only',
      comment:
        'Ports speak the domain: they may name domain value types (import type), never run domain code.',
      severity: 'error',
      from: { path: group.ports },
      to: { path: group.domain, pathNot: group.kernel, dependencyTypesNot: typeOnly },
    },
    {
      name: 'adapters-implement-ports',
      comment:
        'Adapters may import ports, kernel modules and domain value types (import type); nothing of handlers, delivery or the composition root.',
      severity: 'error',
      from: { path: group.adapters },
      to: { path: all('entry', 'composition', 'delivery', 'contract', 'handlers') },
    },
    {
      name: 'adapters-name-domain-types-only',
      comment:
        'The one exception is the rule language (src/domain/filters/): rules cross the ports as its AST, and the adapters compile or evaluate them with its pure functions (case folding, the reference evaluator) so that every storage reads a rule alike.',
      severity: 'error',
      from: { path: group.adapters },
      to: { path: group.domain, pathNot: [...group.kernel, '^src/domain/filters/'], dependencyTypesNot: typeOnly },
    },
    {
      name: 'only-the-composition-root-imports-adapters',
      comment:
        'Outer layers reach storage and infrastructure through ports; the composition root (and scripts, which build their own) picks the adapter.',
      severity: 'error',
      from: { path: '^src/', pathNot: [...group.composition, ...group.adapters] },
      to: { path: group.adapters },
    },
    {
      name: 'no-sql-above-the-adapters',
      comment: 'SQL drivers and the query builder belong to adapters/.',
      severity: 'error',
      from: { path: '^src/', pathNot: [...group.adapters, ...group.composition] },
      to: { path: 'node_modules/(knex|pg|better-sqlite3|pg-copy-streams)/' },
    },
    {
      name: 'conformance-is-black-box',
      comment: 'The conformance kit tests a deployment from outside: it speaks HTTP, it imports no server code.',
      severity: 'error',
      from: { path: '^conformance/' },
      to: { path: '^(src|adapters)/' },
    },
    {
      name: 'every-module-has-a-layer',
      comment:
        'A module of src/, adapters/ or generated/ outside every group would escape the layer rules: place it in a group above.',
      severity: 'error',
      from: { path: '^(src|adapters|generated)/', pathNot: Object.values(group).flat() },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot resolve would escape every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are edges too: a circle through types is still a circle.
    tsPreCompilationDeps: true,
    // Name packages by node_modules/ even where node_modules is a symlink (worktrees), so rules
    // and the known-violations baseline read the same on every machine.
    preserveSymlinks: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
