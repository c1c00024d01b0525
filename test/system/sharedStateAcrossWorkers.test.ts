import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUsers } from '../support/attemptLimits';
import { AuthProcess, type LogLine } from '../support/authProcess';
import { loopbackRequest, type LoopbackResponse } from '../support/loopbackRequest';
import { UserEntity } from '../../src/infrastructure/persistence/UserEntity';
import { authTestConfig } from '../support/authTestServer';
import { fastPasswordHashing } from '../support/fastPasswordHashing';
import { StoreCliBeside } from '../support/StoreCliBeside';
import { PROPAGATION_MS as CACHE_PROPAGATION_MS } from '../support/takesEffectWithin';

const CLIENT = 'Basic ' + Buffer.from('svc:workers-test-secret-0123456789').toString('base64');
const PASSWORD = 'right password';
/** Rounds a check is repeated until it has crossed from one worker to the other (each round is on new connections). */
const ROUNDS = 12;
/** How long a revocation may take to reach the other worker: its revocation view re-reads the store every second. */
const PROPAGATION_MS = 10_000;

interface Served extends LoopbackResponse {
  /** The worker that answered, from its access-log line for this request's id. */
  readonly pid: number;
}

interface OAuthTokens {
  readonly access_token: string;
  readonly refresh_token: string;
}

const claimsOf = (token: string): { iss: string; sub: string } => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iss: string; sub: string };
const headerOf = (token: string): { kid: string } => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { kid: string };

/**
 * One auth instance with AUTH_WORKERS=2 on the default store, an SQLite file both workers open: what
 * must hold across instances must hold across its workers too, whichever answers. Each request goes on
 * a new connection (the cluster primary hands connections to the workers in turn) with its own request
 * id, and the worker that answered is read from the access log; a check is repeated until it has been
 * seen crossing from one worker to the other, so the test never depends on which one answers.
 */
describe('shared state across the workers of one instance (AUTH_WORKERS=2, default SQLite file)', function () {
  this.timeout(120_000);
  let dir: string;
  let auth: AuthProcess;
  let port: number;
  let sent = 0;
  /** The users and clients commands on the same file, beside the running workers. */
  let cli: StoreCliBeside;
  /** Secrets of the stored clients: one whose secret is rotated, one that is removed (each its own guessing limits). */
  let stored: Record<'rotated' | 'removed', string>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'auth-workers-state-'));
    const url = `sqlite:${join(dir, 'auth.sqlite')}`;
    await addUsers(url, [{ account: 'alice', password: PASSWORD }, { account: 'bob', password: PASSWORD }]);
    const cliConfig = authTestConfig({ AUTH_DATABASE_URL: url, AUTH_USER_STORE: 'database' });
    cli = await StoreCliBeside.open(cliConfig, fastPasswordHashing(cliConfig));
    const add = (id: string) => cli.addClient(id, '--confidential', '--grant', 'client_credentials');
    stored = { rotated: await add('rotated'), removed: await add('removed') };
    auth = AuthProcess.start({ AUTH_WORKERS: '2', AUTH_DATABASE_URL: url, AUTH_USER_STORE: 'database', AUTH_CLIENTS: 'svc:workers-test-secret-0123456789' });
    const listening = await auth.waitForLog((line) => line.msg === 'auth service listening', 2);
    port = listening[0].port as number;
  });

  after(async () => {
    await auth?.stop();
    await cli?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function send(path: string, options: { method?: string; headers?: Record<string, string>; json?: unknown; form?: string } = {}): Promise<Served> {
    const id = `workers-${process.pid}-${++sent}`;
    const headers = { 'x-request-id': id, ...options.headers, ...(options.form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) };
    const answer = await loopbackRequest({ port, path, method: options.method, headers, json: options.json, body: options.form });
    const [line] = await auth.waitForLog((l: LogLine) => l.reqId === id && l.msg === 'request completed');
    return { ...answer, pid: line.pid as number };
  }

  const login = async (): Promise<{ token: string; pid: number }> => {
    const answer = await send('/auth/oauth/jwt/token', { json: { username: 'alice', password: PASSWORD } });
    expect(answer.status, answer.body).to.equal(200);
    return { token: (JSON.parse(answer.body) as { data: { access_token: string } }).data.access_token, pid: answer.pid };
  };
  const details = (token: string) => send('/auth/current/user/details', { headers: { authorization: `Bearer ${token}` } });

  it('tokens signed by either worker name one issuer and one key, and each worker accepts the other’s', async () => {
    const crossings = new Set<string>();
    const issuers = new Set<string>();
    const kids = new Set<string>();
    for (let round = 0; round < ROUNDS && crossings.size < 2; round++) {
      const { token, pid } = await login();
      issuers.add(claimsOf(token).iss);
      kids.add(headerOf(token).kid);
      // Checked twice, on new connections: three requests a round, so the worker that signs changes from round to round.
      for (const checked of [await details(token), await details(token)]) {
        expect(checked.status, checked.body).to.equal(200);
        if (checked.pid !== pid) crossings.add(`${pid}→${checked.pid}`);
      }
    }
    expect([...issuers]).to.deep.equal(['http://auth.test/auth']);
    expect(kids.size, 'one signing key').to.equal(1);
    expect(crossings.size, `a token of each worker checked by the other (${[...crossings].join(', ')})`).to.equal(2);
  });

  it('a token signed out at one worker is refused by the other, and stays refused by both', async () => {
    const { token } = await login();
    const signOut = await send('/auth/oauth/revoke', { headers: { authorization: `Bearer ${token}` }, form: `token=${token}` });
    expect(signOut.status, signOut.body).to.equal(200);
    // The worker that recorded it refuses it at once; the other within its next revocation sync.
    const deadline = Date.now() + PROPAGATION_MS;
    const refusedBy = new Set<number>();
    while (refusedBy.size < 2 && Date.now() < deadline) {
      const answer = await details(token);
      if (answer.pid === signOut.pid) expect(answer.status, 'the worker that recorded the sign-out').to.equal(401);
      if (answer.status === 401) refusedBy.add(answer.pid);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusedBy.size, 'both workers refuse the signed-out token').to.equal(2);
    const later = await Promise.all(Array.from({ length: 6 }, () => details(token)));
    expect(later.map((answer) => answer.status), 'still refused').to.deep.equal([401, 401, 401, 401, 401, 401]);
  });

  it('a refresh token rotated by one worker is detected as replayed by the other, which ends the family for both', async () => {
    const token = (form: string) => send('/auth/oauth/token', { headers: { authorization: CLIENT }, form });
    let crossed = false;
    for (let round = 0; round < ROUNDS && !crossed; round++) {
      const issued = await token(`grant_type=password&username=alice&password=${encodeURIComponent(PASSWORD)}`);
      expect(issued.status, issued.body).to.equal(200);
      const first = JSON.parse(issued.body) as OAuthTokens;
      const rotated = await token(`grant_type=refresh_token&refresh_token=${first.refresh_token}`);
      expect(rotated.status, rotated.body).to.equal(200);
      const second = JSON.parse(rotated.body) as OAuthTokens;
      const replay = await token(`grant_type=refresh_token&refresh_token=${first.refresh_token}`);
      expect(replay.status, replay.body).to.equal(400);
      expect((JSON.parse(replay.body) as { error: string }).error).to.equal('invalid_grant');
      // The replay ended the family: the rotated token is dead too, wherever it is presented.
      const after = await token(`grant_type=refresh_token&refresh_token=${second.refresh_token}`);
      expect((JSON.parse(after.body) as { error: string }).error, after.body).to.equal('invalid_grant');
      crossed = rotated.pid !== replay.pid || rotated.pid !== after.pid;
    }
    expect(crossed, 'a rotation at one worker was checked at the other').to.equal(true);
  });

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const clientToken = (id: string, secret: string) => send('/auth/oauth/token', { headers: { authorization: basic(id, secret) }, form: 'grant_type=client_credentials' });
  /** Sends until each worker answered `status` twice (its second answer came from its cache). */
  async function warmBoth(request: () => Promise<Served>, status = 200): Promise<void> {
    const answered = new Map<number, number>();
    for (let round = 0; round < ROUNDS * 2 && (answered.size < 2 || [...answered.values()].some((count) => count < 2)); round++) {
      const answer = await request();
      expect(answer.status, answer.body).to.equal(status);
      answered.set(answer.pid, (answered.get(answer.pid) ?? 0) + 1);
    }
    expect(answered.size, 'both workers answered').to.equal(2);
    for (const count of answered.values()) expect(count, 'each worker answered twice').to.be.at.least(2);
  }
  /** Sends until each worker has answered as `refused` says, within the store cache's second. */
  async function refusedByBoth(what: string, request: () => Promise<Served>, refused: (answer: Served) => boolean): Promise<void> {
    const started = Date.now();
    const refusedBy = new Set<number>();
    const seen: string[] = [];
    while (refusedBy.size < 2 && Date.now() - started <= CACHE_PROPAGATION_MS) {
      const answer = await request();
      seen.push(`${Date.now() - started} ms ${answer.pid} ${answer.status}`);
      if (refused(answer)) refusedBy.add(answer.pid);
      // Paced: every refused secret counts against the client's guessing limit, whose 429 would hide the answer.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refusedBy.size, `${what}: both workers within ${CACHE_PROPAGATION_MS} ms (${seen.join(', ')})`).to.equal(2);
  }

  it('`clients rotate-secret` and `clients remove` on the shared file reach both workers’ caches within one second', async () => {
    await warmBoth(() => clientToken('rotated', stored.rotated));
    const rotated = await cli.clients(['rotate-secret', 'rotated']);
    expect(rotated.code).to.equal(0);
    await refusedByBoth('the old secret refused', () => clientToken('rotated', stored.rotated), (answer) => answer.status === 401);
    await warmBoth(() => clientToken('rotated', rotated.out.at(-1)!));
    await warmBoth(() => clientToken('removed', stored.removed));
    expect((await cli.clients(['remove', 'removed'])).code).to.equal(0);
    await refusedByBoth('the removed client refused', () => clientToken('removed', stored.removed), (answer) => answer.status === 401);
  });

  it('a user disabled by hand in the file (no revocation written): its token is inactive at both workers within one second', async () => {
    const issued = await send('/auth/oauth/token', { headers: { authorization: CLIENT }, form: `grant_type=password&username=bob&password=${encodeURIComponent(PASSWORD)}` });
    expect(issued.status, issued.body).to.equal(200);
    const access = (JSON.parse(issued.body) as OAuthTokens).access_token;
    const introspect = () => send('/auth/oauth/introspect', { headers: { authorization: CLIENT }, form: `token=${access}` });
    const active = (answer: Served) => (JSON.parse(answer.body) as { active: boolean }).active;
    await warmBoth(async () => {
      const answer = await introspect();
      expect(active(answer)).to.equal(true);
      return answer;
    });
    await cli.dataSource.getRepository(UserEntity).update({ account: 'bob' }, { status: 'disabled' });
    await refusedByBoth('the token inactive', introspect, (answer) => answer.status === 200 && !active(answer));
  });
});
