import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

const PACKAGE = join(__dirname, '..');

/** The fenced code blocks of the README, in order. */
function codeBlocks(): string[] {
  const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
  return [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((match) => match[1]);
}

describe('README examples are the files the tests run', () => {
  for (const file of ['examples/plainExpress.js', 'examples/nodeHttpServer.ts', 'examples/inversify.ts', 'test/examples/testKit.test.ts', 'test/examples/ordersByPurpose.test.ts']) {
    it(`shows ${file} verbatim`, () => {
      expect(codeBlocks()).to.include(readFileSync(join(PACKAGE, file), 'utf8'));
    });
  }
});
