#!/usr/bin/env node
// Launcher for `npx tracewell …` from the repository: loads tsx, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
