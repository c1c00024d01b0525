import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'chai';

const ROOT = join(__dirname, '..', '..', '..');
const DOCS = join(ROOT, 'docs');
const FILES = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((name) => name.endsWith('.md')).map((name) => join(DOCS, name))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugOf(match[1])));
}

/** Every relative link and image of a markdown file (code blocks left out), with its line. */
function linksOf(file: string): Array<{ target: string; line: number }> {
  const links: Array<{ target: string; line: number }> = [];
  let inCode = false;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.startsWith('```')) inCode = !inCode;
      if (inCode) return;
      for (const match of text.replace(/`[^`]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (!/^[a-z]+:/i.test(match[1])) links.push({ target: match[1], line: index + 1 });
      }
    });
  return links;
}

describe('README.md and docs/*.md: every relative link resolves', () => {
  it('finds the README and the docs', () => {
    expect(FILES.length).to.be.greaterThan(5);
    expect(linksOf(join(ROOT, 'README.md')).length).to.be.greaterThan(10);
  });

  for (const file of FILES) {
    it(relative(ROOT, file), () => {
      const broken = linksOf(file).flatMap(({ target, line }) => {
        const [path, anchor] = target.split('#');
        const resolved = path ? join(dirname(file), decodeURIComponent(path)) : file;
        if (!existsSync(resolved)) return [`line ${line}: ${target} (no file ${relative(ROOT, resolved)})`];
        if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return [`line ${line}: ${target} (no heading #${anchor})`];
        return [];
      });
      expect(broken).to.deep.equal([]);
    });
  }
});
