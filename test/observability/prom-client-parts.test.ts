import { expect } from 'chai';
import * as promClient from 'prom-client';
import { Counter, Gauge, Histogram, Registry } from '../../src/observability/prom-client-parts.js';

/**
 * The metric classes the server requires from prom-client's own files (start-up skips the package's
 * index) must be the classes the index exports: a metric made from one registers in a registry made
 * from the other, and the default metrics, loaded through the index at the first scrape, go into the
 * same registry. A prom-client upgrade that moved a file fails here, not in production.
 */
describe('prom-client parts (src/observability/prom-client-parts.ts)', () => {
  it('are the very classes prom-client exports', () => {
    expect(Registry).to.equal(promClient.Registry);
    expect(Counter).to.equal(promClient.Counter);
    expect(Gauge).to.equal(promClient.Gauge);
    expect(Histogram).to.equal(promClient.Histogram);
  });

  it('render a counter registered through the parts as the index would', async () => {
    const registry = new Registry();
    new Counter({ name: 'parts_test_total', help: 'A test counter.', registers: [registry] }).inc(3);
    expect(await promClient.Registry.merge([registry]).metrics()).to.equal('# HELP parts_test_total A test counter.\n# TYPE parts_test_total counter\nparts_test_total 3\n');
  });
});
