import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './bench/server-process.js';

/**
 * The console bundle's sizes as README.md states them: the entry (what every first load fetches:
 * index.html's script and stylesheet) and each page's chunk, raw and gzip (level 9, as a server
 * compressing static files would send them). Run after `npm run build:console`; prints a Markdown table.
 */
const assets = path.join(REPO_ROOT, 'console', 'dist', 'assets');
const index = readFileSync(path.join(REPO_ROOT, 'console', 'dist', 'index.html'), 'utf8');
const entry = new Set([...index.matchAll(/assets\/([^"]+)"/g)].map((m) => m[1]));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const rows = readdirSync(assets)
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .map((file) => {
    const content = readFileSync(path.join(assets, file));
    return { file, name: file.replace(/-[\w-]{8}\.(js|css)$/, '.$1'), entry: entry.has(file), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => Number(b.entry) - Number(a.entry) || b.gzip - a.gzip);

const total = (list: typeof rows) => list.reduce((sum, r) => sum + r.gzip, 0);
console.log('| File | Loaded | Size | gzip |');
console.log('|---|---|---:|---:|');
for (const r of rows) console.log(`| \`${r.name}\` | ${r.entry ? 'first load (entry)' : r.name.includes('-page.') ? 'with its page' : 'shared by pages, with the first that needs it'} | ${kb(r.raw)} | ${kb(r.gzip)} |`);
console.log(`\nEntry total: ${kb(total(rows.filter((r) => r.entry)))} gzip; all chunks: ${kb(total(rows))} gzip.`);
