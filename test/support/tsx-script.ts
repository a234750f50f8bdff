import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Runs a script with the repository's TypeScript loader, in a process of its own (from a temporary
 * file: it imports the repository's modules by file URL); resolves with its exit code and output, or
 * 'timeout' when it has not exited by then (a thread or handle left holding it open).
 */
export function runScript(source: string, timeoutMs: number): Promise<{ code: number | null | 'timeout'; stdout: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tracewell-script-'));
  const file = path.join(dir, 'script.mts');
  writeFileSync(file, source);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'timeout', stdout });
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, stdout });
    });
  });
}
