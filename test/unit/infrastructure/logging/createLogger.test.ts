import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { asyncDestination, createLogger } from '../../../../src/infrastructure/logging/createLogger';
import { nodeArgsFor } from '../../../support/entryPoint';
import { LogCapture } from '../../../support/LogCapture';

/** Text that is longer in UTF-8 than in UTF-16 code units: a length taken from the string would cut lines short. */
const MULTIBYTE = '管理员 操作成功! 🔑';

describe('createLogger', () => {
  it('writes JSON lines with level, name and message to the given destination', () => {
    const capture = new LogCapture();

    createLogger({ name: 'auth', level: 'info', destination: capture }).info({ kid: 'k1' }, 'signing key ready');

    expect(capture.records()).to.have.length(1);
    expect(capture.records()[0]).to.include({ level: 30, name: 'auth', kid: 'k1', msg: 'signing key ready' });
  });

  it('redacts credentials and key material at the top level and one level down', () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'auth', level: 'info', destination: capture });

    logger.info(
      {
        password: 'p1',
        appSecret: 's1',
        privateKey: 'k1',
        token: 't1',
        passwordHash: 'h1',
        login: { password: 'p2', access_token: 't2' },
        err: { message: 'bad json', body: '{"password":"p3"}' },
        req: { headers: { authorization: 'Bearer t3', cookie: 'c=1', 'verified-ticket': 'v1' } },
      },
      'everything secret',
    );

    const line = capture.text();
    for (const secret of ['p1', 's1', 'k1', 't1', 'h1', 'p2', 't2', 'p3', 't3', 'c=1', 'v1']) expect(line).not.to.include(`"${secret}`);
    expect(capture.records()[0]).to.deep.include({ password: '[redacted]', login: { password: '[redacted]', access_token: '[redacted]' } });
  });

  it("keeps a failed query's bound values and the database's detail out of the line, the query text and code in", () => {
    const capture = new LogCapture();
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "ux_refresh_token_hash"'), {
      code: '23505',
      detail: 'Key (token_hash)=(digest-d1) already exists.',
    });
    const failed = new QueryFailedError('INSERT INTO "refresh_tokens"("token_hash", "password_hash") VALUES ($1, $2)', ['digest-d1', 'hash-h1'], driverError);

    createLogger({ name: 'auth', level: 'info', destination: capture }).error({ err: failed }, 'request failed');

    const line = capture.text();
    for (const secret of ['digest-d1', 'hash-h1']) expect(line).not.to.include(secret);
    expect(capture.records()[0].err).to.deep.include({ code: '23505', query: failed.query, parameters: '[redacted]', detail: '[redacted]' });
  });

  it('honours the level', () => {
    const capture = new LogCapture();
    const logger = createLogger({ name: 'auth', level: 'warn', destination: capture });

    logger.info('hidden');
    logger.warn('shown');

    expect(capture.records().map((record) => record.msg)).to.deep.equal(['shown']);
  });

  describe('the asynchronous destination (the default: stdout)', () => {
    let dir: string;

    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'auth-log-'));
    });

    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes every line whole and in order, multibyte text included', async () => {
      const file = join(dir, 'out.log');
      const destination = asyncDestination(openSync(file, 'w'));
      const logger = createLogger({ name: 'auth', level: 'info', destination });

      // Many lines in one turn of the event loop: they queue behind the first write and go out together.
      for (let i = 0; i < 500; i++) logger.info({ i, nick: MULTIBYTE }, `line ${i} ${MULTIBYTE}`);
      await new Promise((resolve) => destination.once('close', resolve).end());

      const records = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { i: number; nick: string; msg: string });
      expect(records.map((record) => record.i)).to.deep.equal([...Array(500).keys()]);
      for (const record of records) expect(record).to.deep.include({ nick: MULTIBYTE, msg: `line ${record.i} ${MULTIBYTE}` });
    });

    it('writes the lines still queued when the process exits', function () {
      this.timeout(20_000);
      const file = join(dir, 'exit.log');
      const [moduleArgs, modulePath] = loggerModule();
      const program = [
        `const { createLogger, asyncDestination } = require(${JSON.stringify(modulePath)});`,
        // A descriptor open from the start, as stdout is.
        `const fd = require('node:fs').openSync(${JSON.stringify(file)}, 'w');`,
        "const logger = createLogger({ name: 'auth', level: 'info', destination: asyncDestination(fd) });",
        `for (let i = 0; i < 2000; i++) logger.info({ i }, ${JSON.stringify(MULTIBYTE)});`,
        'process.exit(3);',
      ].join('\n');

      const run = spawnSync(process.execPath, [...moduleArgs, '-e', program], { encoding: 'utf8' });

      expect(run.status, run.stderr).to.equal(3);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines).to.have.length(2000);
      expect((JSON.parse(lines[1999]) as { i: number; msg: string })).to.deep.include({ i: 1999, msg: MULTIBYTE });
    });
  });
});

/** Node arguments and the path to require createLogger from in a child process: the build when fresh, else the source. */
function loggerModule(): [string[], string] {
  const source = join(__dirname, '..', '..', '..', '..', 'src', 'infrastructure', 'logging', 'createLogger.ts');
  const args = nodeArgsFor(source);
  return args.length === 1 ? [[], args[0]] : [args.slice(0, -1), source];
}

