import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(ROOT, 'test/architecture/fixture');
const CRUISER = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  type: string;
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
}

/** Runs the project's rules (the same config file `npm run lint:deps` reads) over `folders` of `cwd`. */
async function cruise(cwd: string, folders: string[], extra: string[] = []): Promise<Violation[]> {
  // The cruiser exits non-zero when it finds violations; its JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, [CRUISER, '--config', CONFIG, '--output-type', 'json', ...extra, ...folders], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`dependency-cruiser failed: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const edges = (violations: Violation[], rule: string) =>
  violations.filter((violation) => violation.rule.name === rule).map((violation) => `${violation.from} → ${violation.to}`);

const printed = (violations: Violation[]) =>
  violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${[violation.to, ...(violation.cycle ?? []).map((step) => step.name)].join(' → ')}`).join('\n');

describe('the dependency rule (.dependency-cruiser.cjs) on a fixture tree that breaks each rule once', function () {
  this.timeout(120_000);
  let violations: Violation[];

  before(async () => {
    violations = await cruise(FIXTURE, ['src', 'adapters', 'conformance']);
  });

  it('reports an import circle made of type-only imports (no-circular)', () => {
    const circles = violations.filter((violation) => violation.rule.name === 'no-circular').map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)]);
    expect(circles).to.deep.include(['src/domain/orders/discounts.ts', 'src/domain/orders/pricing.ts', 'src/domain/orders/discounts.ts']);
  });

  it('reports a kernel module importing a port (kernel-is-a-leaf)', () => {
    expect(edges(violations, 'kernel-is-a-leaf')).to.deep.equal(['src/clock.ts → src/ports/orders.ts']);
  });

  it('reports a handler importing the composition root (composition-is-not-imported-below)', () => {
    expect(edges(violations, 'composition-is-not-imported-below')).to.deep.equal(['src/handlers/order-handlers.ts → src/runtime.ts']);
  });

  it('reports a value imported from config.ts outside the composition root, not a type (settings-are-read-as-a-type)', () => {
    expect(edges(violations, 'settings-are-read-as-a-type')).to.deep.equal(['src/domain/orders/pricing.ts → src/config.ts']);
  });

  it('reports the domain importing delivery code (delivery-is-not-imported-below)', () => {
    expect(edges(violations, 'delivery-is-not-imported-below')).to.deep.equal(['src/domain/orders/order.ts → src/http/order-router.ts']);
  });

  it('reports a port running domain code, not one naming a domain type (ports-name-domain-types-only)', () => {
    const found = violations.filter((violation) => violation.rule.name === 'ports-name-domain-types-only');
    expect(found.map((violation) => `${violation.from} → ${violation.to}`)).to.deep.equal(['src/ports/orders.ts → src/domain/orders/order.ts']);
  });

  it('reports delivery code importing an adapter, not the composition root doing so (only-the-composition-root-imports-adapters)', () => {
    expect(edges(violations, 'only-the-composition-root-imports-adapters')).to.deep.equal(['src/http/order-router.ts → adapters/order-table.ts']);
  });

  it('reports an adapter importing a handler, not one importing its port (adapters-implement-ports)', () => {
    expect(edges(violations, 'adapters-implement-ports')).to.deep.equal(['adapters/order-table.ts → src/handlers/order-handlers.ts']);
    expect(edges(violations, 'handlers-are-not-imported-below')).to.deep.equal(['adapters/order-table.ts → src/handlers/order-handlers.ts']);
  });

  it('reports the conformance kit importing server code (conformance-is-black-box)', () => {
    expect(edges(violations, 'conformance-is-black-box')).to.deep.equal(['conformance/kit.ts → src/http/order-router.ts']);
  });

  it('reports a module of src/ that is in no layer (every-module-has-a-layer)', () => {
    expect(edges(violations, 'every-module-has-a-layer')).to.deep.equal(['src/widgets/widget.ts → src/clock.ts']);
  });

  it('reports nothing else: the fixture edges that keep the rules pass', () => {
    const layerRules = violations.filter((violation) => violation.rule.name !== 'no-circular');
    expect(printed(layerRules).split('\n').sort()).to.deep.equal(
      [
        'adapters-implement-ports: adapters/order-table.ts → src/handlers/order-handlers.ts',
        'composition-is-not-imported-below: src/handlers/order-handlers.ts → src/runtime.ts',
        'conformance-is-black-box: conformance/kit.ts → src/http/order-router.ts',
        'delivery-is-not-imported-below: src/domain/orders/order.ts → src/http/order-router.ts',
        'every-module-has-a-layer: src/widgets/widget.ts → src/clock.ts',
        'handlers-are-not-imported-below: adapters/order-table.ts → src/handlers/order-handlers.ts',
        'kernel-is-a-leaf: src/clock.ts → src/ports/orders.ts',
        'only-the-composition-root-imports-adapters: src/http/order-router.ts → adapters/order-table.ts',
        'ports-name-domain-types-only: src/ports/orders.ts → src/domain/orders/order.ts',
        'settings-are-read-as-a-type: src/domain/orders/pricing.ts → src/config.ts',
      ].sort(),
    );
    // Every error-severity rule is an error: a warning would not fail `npm test`.
    expect(violations.every((violation) => violation.rule.severity === 'error')).to.equal(true);
  });
});

describe('the dependency rule on this repository (npm run lint:deps)', function () {
  this.timeout(180_000);

  it('finds no violation', async () => {
    const violations = await cruise(ROOT, ['src', 'adapters', 'conformance', 'scripts', 'generated']);
    expect(violations, printed(violations)).to.deep.equal([]);
  });
});
