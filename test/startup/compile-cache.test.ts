import { expect } from 'chai';
import { enableCompileCache, type CompileCacheApi } from '../../src/startup/compile-cache.js';

// node:module's statuses (doc/api/module.md, `module.constants.compileCacheStatus`).
const STATUS = { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 };
const runtimeWith = (result: ReturnType<NonNullable<CompileCacheApi['enableCompileCache']>>): CompileCacheApi => ({
  enableCompileCache: () => result,
  constants: { compileCacheStatus: STATUS },
});

// The real runtimes: Node 24's cache is tested against the compiled server in test/process/node24.test.ts.
describe('enableCompileCache', () => {
  it('on a runtime without a compile cache (Node 20) says so and leaves the environment as it was', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(enableCompileCache(env, {})).to.deep.equal({ enabled: false, reason: `node ${process.version} has no compile cache` });
    expect(env).to.deep.equal({});
  });

  it('once enabled, hands its directory to the worker threads through NODE_COMPILE_CACHE', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(enableCompileCache(env, runtimeWith({ status: STATUS.ENABLED, directory: '/tmp/node-compile-cache' }))).to.deep.equal({ enabled: true, directory: '/tmp/node-compile-cache' });
    expect(env).to.deep.equal({ NODE_COMPILE_CACHE: '/tmp/node-compile-cache' });
  });

  it('already enabled (NODE_COMPILE_CACHE set before the start) is enabled in the same directory', () => {
    const env: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: '/var/cache/tracewell' };
    expect(enableCompileCache(env, runtimeWith({ status: STATUS.ALREADY_ENABLED, directory: '/var/cache/tracewell' }))).to.deep.equal({ enabled: true, directory: '/var/cache/tracewell' });
    expect(env).to.deep.equal({ NODE_COMPILE_CACHE: '/var/cache/tracewell' });
  });

  it('turned off by NODE_DISABLE_COMPILE_CACHE, or failing (an unwritable directory), starts without it and says why', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(enableCompileCache(env, runtimeWith({ status: STATUS.DISABLED }))).to.deep.equal({ enabled: false, reason: 'disabled' });
    expect(enableCompileCache(env, runtimeWith({ status: STATUS.FAILED, message: 'EACCES: permission denied, mkdir /cache' }))).to.deep.equal({ enabled: false, reason: 'EACCES: permission denied, mkdir /cache' });
    expect(env).to.deep.equal({});
  });
});
