import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';

const ROOT = resolve(__dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const BUILT_CLIENT = join(ROOT, 'packages/client/dist/index.d.ts');

function tsc(args: readonly string[], cwd = ROOT): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSC, ...args], { cwd, encoding: 'utf8', timeout: 170_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The client package README's text under a heading, up to the next heading of the same or a higher level. */
function readmeSection(heading: string): string {
  // The client's examples live in the package's own README.
  const readme = readFileSync(join(ROOT, 'packages/client/README.md'), 'utf8');
  const level = heading.match(/^#+/)![0].length;
  const start = readme.split('\n').indexOf(heading);
  if (start < 0) throw new Error(`packages/client/README.md has no heading "${heading}"`);
  const lines = readme.split('\n').slice(start + 1);
  const end = lines.findIndex((line) => new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(0, end < 0 ? undefined : end).join('\n');
}

function codeBlock(section: string, language: string): string {
  const match = section.match(new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```'));
  if (!match) throw new Error(`no \`\`\`${language} block in the section`);
  return match[1];
}

describe('install paths', function () {
  // Each tsc run type-checks a small program with express and inversify types: seconds, more on a busy machine.
  this.timeout(180_000);

  describe('the build', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

    it('runs on install from a git URL or a path (prepare), and on npm ci', () => {
      expect(scripts.prepare).to.equal('npm run build --silent');
      expect(scripts.build).to.equal('tsc -b tsconfig.build.json');
    });

    it('lets start, start:client, keys, users and clients skip compiling when no source changed', () => {
      for (const script of ['start', 'start:client', 'keys', 'users', 'clients']) {
        expect(scripts[`pre${script}`], script).to.equal('tsc -b tsconfig.build.json');
        // exec: npm passes SIGTERM straight to node (node flags such as --max-semi-space-size may come first).
        expect(scripts[script], script).to.match(/^exec node (--[\w-]+(=\S+)? )*dist\//);
      }
      expect(tsc(['-b', 'tsconfig.build.json']).status, 'the build itself').to.equal(0);
      const check = tsc(['-b', 'tsconfig.build.json', '--dry', '--verbose']);
      expect(check.output).to.match(/is up to date/);
      expect(check.output).not.to.match(/would build/);
    });
  });

  describe("the client README's inversify example", () => {
    let consumer: string;
    let readmeOptions: Record<string, unknown>;

    before(() => {
      if (!existsSync(BUILT_CLIENT)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
      // A consumer project whose node_modules holds this package and the example's own imports.
      consumer = mkdtempSync(join(tmpdir(), 'readme-consumer-'));
      mkdirSync(join(consumer, 'node_modules'));
      mkdirSync(join(consumer, 'node_modules/@auth-service'));
      symlinkSync(join(ROOT, 'packages/client'), join(consumer, 'node_modules/@auth-service/client'), 'dir');
      for (const name of ['express', 'inversify', 'inversify-express-utils', 'reflect-metadata', '@types']) {
        symlinkSync(join(ROOT, 'node_modules', name), join(consumer, 'node_modules', name), 'dir');
      }
      const section = readmeSection('## inversify (inversify-express-utils)');
      writeFileSync(join(consumer, 'server.ts'), codeBlock(section, 'ts'));
      readmeOptions = (JSON.parse(codeBlock(section, 'json')) as { compilerOptions: Record<string, unknown> }).compilerOptions;
    });

    after(() => {
      if (consumer) rmSync(consumer, { recursive: true, force: true });
    });

    function compileWith(compilerOptions: Record<string, unknown>): { status: number | null; output: string } {
      writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, outDir: 'out' }, files: ['server.ts'] }));
      return tsc(['-p', consumer], consumer);
    }

    it('compiles as written, with the tsconfig the README gives, against the built client', () => {
      const result = compileWith(readmeOptions);
      expect(result.output).to.equal('');
      expect(result.status).to.equal(0);
      expect(readFileSync(join(consumer, 'out/server.js'), 'utf8')).to.contain('@auth-service/client');
    });

    it('needs the decorator options the README names (without them it does not compile)', () => {
      const { experimentalDecorators, emitDecoratorMetadata, ...others } = readmeOptions;
      expect([experimentalDecorators, emitDecoratorMetadata]).to.deep.equal([true, true]);
      // Only the example's own errors matter here: no emit, no re-check of the libraries' types (a third of the time).
      const result = compileWith({ ...others, skipLibCheck: true, noEmit: true });
      expect(result.status).not.to.equal(0);
      expect(result.output).to.match(/decorator/i);
    });
  });
});
