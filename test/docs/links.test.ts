import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name));
const DOCUMENTS = ['README.md', ...DOCS];

const withoutCode = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, `-1`, `-2` for repeats. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCode(readFileSync(path.join(ROOT, file), 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative links (file and optional #anchor) that lead nowhere. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, link] of withoutCode(readFileSync(path.join(ROOT, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?|mailto):/.test(link)) continue;
    const [target, anchor] = link.split('#');
    const resolved = target ? path.normalize(path.join(path.dirname(file), target)) : file;
    if (!existsSync(path.join(ROOT, resolved))) broken.push(`${file}: ${link} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
  }
  return broken;
}

describe('documentation links', () => {
  it('every relative link of README.md and docs/*.md reaches an existing file and heading', () => {
    expect(DOCUMENTS.flatMap(brokenLinks)).to.deep.equal([]);
  });
});

describe('README.md', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

  it('stays a guide: at most 300 lines (reference material belongs under docs/)', () => {
    expect(readme.split('\n').length).to.be.at.most(300);
  });

  it('links every document under docs/ from its reference table', () => {
    const unlinked = DOCS.filter((doc) => !readme.includes(`](${doc.split(path.sep).join('/')})`) && !readme.includes(`](${doc.split(path.sep).join('/')}#`));
    expect(unlinked).to.deep.equal([]);
  });
});
