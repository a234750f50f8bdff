import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { applyHeapGrowth, heapGrowingFlag } from '../../src/startup/heap-growth.js';
import { ConfigError } from '../../src/settings/config-error.js';

describe('heap growth (HEAP_GROWING_PERCENT)', () => {
  it('defaults to a 30 % growing factor when unset or empty', () => {
    expect(heapGrowingFlag({})).to.equal('--heap-growing-percent=30');
    expect(heapGrowingFlag({ HEAP_GROWING_PERCENT: '' })).to.equal('--heap-growing-percent=30');
  });

  it('passes a set value on as the V8 flag', () => {
    expect(heapGrowingFlag({ HEAP_GROWING_PERCENT: '75' })).to.equal('--heap-growing-percent=75');
  });

  it('0 leaves V8 its own factor: no flag', () => {
    expect(heapGrowingFlag({ HEAP_GROWING_PERCENT: '0' })).to.equal(null);
  });

  it('stops start-up on a value below 0, above 300 or not an integer, naming the variable', () => {
    for (const bad of ['-1', '301', '12.5', 'lots']) {
      expect(() => heapGrowingFlag({ HEAP_GROWING_PERCENT: bad }), bad).to.throw(ConfigError, /^HEAP_GROWING_PERCENT must be an integer/);
    }
    expect(heapGrowingFlag({ HEAP_GROWING_PERCENT: '300' })).to.equal('--heap-growing-percent=300');
  });

  it('sets the flag on the process through V8, once', () => {
    const set: string[] = [];
    expect(applyHeapGrowth({ HEAP_GROWING_PERCENT: '40' }, (flags) => set.push(flags))).to.equal('--heap-growing-percent=40');
    expect(set).to.deep.equal(['--heap-growing-percent=40']);
  });

  it('sets nothing when the setting is 0', () => {
    const set: string[] = [];
    expect(applyHeapGrowth({ HEAP_GROWING_PERCENT: '0' }, (flags) => set.push(flags))).to.equal(null);
    expect(set).to.deep.equal([]);
  });

  it('names a flag this node accepts (V8 ignores an unknown one set at run time without a word)', () => {
    // v8.setFlagsFromString ignores an unknown flag silently; --heap-growing-percent must be one this node knows.
    const child = spawnSync(process.execPath, ['--heap-growing-percent=30', '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(child.stderr).to.equal('');
    expect(child.status).to.equal(0);
    const unknown = spawnSync(process.execPath, ['--heap-growing-percentage=30', '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(unknown.status, 'node rejects a flag it does not know, so the check above can fail').to.not.equal(0);
  });
});
