import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { AuthProcess, CLIENT_DEMO_ENTRY } from '../support/authProcess';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/**
 * The README's shell examples that call a running service: every `curl` command of its ```sh blocks
 * (continuation lines joined; `TOKEN=$(curl …)` included), in order, with its trailing comment.
 */
function curlExamples(): Array<{ command: string; comment: string }> {
  const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1].replace(/\\\n\s*/g, ''));
  return blocks
    .flatMap((block) => block.split('\n'))
    .filter((line) => /^(TOKEN=\$\()?curl /.test(line))
    .map((line) => {
      // A comment starts at " #" outside quotes; the examples quote no " #".
      const at = line.search(/\s#\s/);
      return at < 0 ? { command: line.trim(), comment: '' } : { command: line.slice(0, at).trim(), comment: line.slice(at).replace(/^\s*#\s*/, '') };
    });
}

describe("the README's curl examples, run as written against the started services", function () {
  this.timeout(60_000);

  let dir: string;
  let auth: AuthProcess;
  let demo: AuthProcess;
  let authPort: number;
  let demoPort: number;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'auth-readme-'));
    // The clients the README's examples use: the OAuth client it starts the service with, and the demo client's defaults.
    auth = AuthProcess.start({ AUTH_DATABASE_URL: `sqlite:${join(dir, 'auth.sqlite')}`, AUTH_CLIENTS: 'reporting-service:its-secret,auth-client-demo:123456' });
    authPort = await auth.port();
    demo = AuthProcess.start({ AUTH_SERVER_URL: `http://127.0.0.1:${authPort}` }, CLIENT_DEMO_ENTRY);
    [{ port: demoPort }] = (await demo.waitForLog((line) => line.msg === 'client demo listening')) as Array<{ port: number }>;
  });

  after(async () => {
    await demo?.stop('SIGKILL');
    await auth?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds the examples: login, the protected routes of both services, the key endpoint, health, the OAuth client', () => {
    const commands = curlExamples().map((example) => example.command);
    expect(commands.length).to.be.at.least(8);
    expect(commands.some((c) => c.startsWith('TOKEN=$(curl'))).to.equal(true);
    expect(commands.some((c) => c.includes('grant_type=client_credentials'))).to.equal(true);
  });

  it('runs each one (the README ports swapped for the started ones): each answers as its comment says, or succeeds', () => {
    const examples = curlExamples();
    // One shell, so TOKEN set by the login example reaches the ones after it.
    const script = examples
      .map(({ command }, i) => `echo "@@${i}"; ${command.replace(/localhost:8001/g, `localhost:${authPort}`).replace(/localhost:8002/g, `localhost:${demoPort}`)}; echo; echo "@@exit $?"`)
      .join('\n');
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
    const outputs = run.stdout.split(/^@@\d+\n/m).slice(1);
    expect(outputs, run.stderr).to.have.length(examples.length);
    examples.forEach(({ command, comment }, i) => {
      const output = outputs[i];
      expect(output, `${command}\n${output}`).to.match(/@@exit 0\n$/);
      const status = /^(\d{3})\b/.exec(comment)?.[1];
      if (status) {
        expect(output, command).to.match(new RegExp(`^HTTP/1\\.1 ${status} `, 'm'));
      } else if (!command.startsWith('TOKEN=')) {
        expect(output, command).not.to.match(/"success":false|"error":|^HTTP\/1\.1 [45]/m);
        expect(output.replace(/@@exit 0\n$/, '').trim(), command).not.to.equal('');
      }
    });
    // The login example set a token that the protected examples used successfully.
    const detailsOutputs = examples.flatMap(({ command }, i) => (command.includes('current/user/details') && command.includes('$TOKEN') ? [outputs[i]] : []));
    expect(detailsOutputs.length).to.be.at.least(2);
    for (const output of detailsOutputs) expect(output).to.include('"success":true');
  });
});
