/**
 * The OAuth requests of the token-endpoint rows, to the auth service and to
 * its peer oidc-provider alike: client_secret_basic, form bodies, the same
 * grants. The auth service's client is registered through the real CLI
 * (`npm run clients -- add`) before the service starts.
 */
import { execFile } from 'node:child_process';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LoadJob } from './load';
import { childExecArgv, post, scriptPath } from './processes';

const COMPOSITION = join(__dirname, '..', '..', 'src', 'interfaces', 'composition');

export interface BenchClient {
  readonly id: string;
  readonly secret: string;
}

/** What the peer registers (bench/servers/oidcPeer.mjs). */
export const PEER_CLIENT: BenchClient = { id: 'bench', secret: 'bench-secret' };
/** The scope and resource both servers grant, so that both sign tokens of the same shape (RFC 9068, aud and scope). */
export const SCOPE = 'api';
export const RESOURCE = 'urn:bench:api';
/** The body of a refresh request up to the token. */
export const REFRESH_PREFIX = 'grant_type=refresh_token&refresh_token=';

export type Job = Omit<LoadJob, 'connections' | 'seconds' | 'feed'>;

/**
 * Registers a confidential client for client_credentials, password and
 * refresh_token with the scope and resource above, in the store at
 * `databaseUrl`, through `npm run clients -- add` (the secret is its last line).
 */
export async function registerBenchClient(databaseUrl: string, id = 'bench-client'): Promise<BenchClient> {
  const args = ['add', '--id', id, '--confidential', '--scope', SCOPE, '--resource', RESOURCE];
  for (const grant of ['client_credentials', 'password', 'refresh_token']) args.push('--grant', grant);
  const { stdout } = await promisify(execFile)(process.execPath, [...childExecArgv(), scriptPath(join(COMPOSITION, 'clientsCli')), ...args], {
    env: { ...process.env, AUTH_DATABASE_URL: databaseUrl },
  });
  const secret = stdout.trim().split('\n').pop() ?? '';
  if (secret === '') throw new Error(`npm run clients -- add printed no secret: ${stdout}`);
  return { id, secret };
}

/** The headers of every request of these rows: client_secret_basic (RFC 6749 §2.3.1) and a form body. */
export function clientHeaders(client: BenchClient): Record<string, string> {
  const credentials = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`;
  return { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

export function formJob(url: string, client: BenchClient, body: string): Job {
  return { url, method: 'POST', headers: clientHeaders(client), body };
}

/** POSTs a form and returns the JSON answer; anything but 200 throws, naming the request. */
export async function postForm(url: string, client: BenchClient, body: string, agent: Agent | false = false): Promise<Record<string, unknown>> {
  const answer = await post(url, body, clientHeaders(client), agent);
  if (answer.status !== 200) throw new Error(`POST ${url} (${body.split('=')[0]}=…) answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** An access token of the client's own (client_credentials), for `resource` when named. */
export async function clientCredentialsToken(tokenUrl: string, client: BenchClient, resource?: string): Promise<string> {
  const body = `grant_type=client_credentials&scope=${SCOPE}${resource ? `&resource=${encodeURIComponent(resource)}` : ''}`;
  return String((await postForm(tokenUrl, client, body)).access_token);
}

/** Throws unless the introspection endpoint answers `active: true` for the token. */
export async function expectActive(introspectionUrl: string, client: BenchClient, token: string): Promise<void> {
  const answer = await postForm(introspectionUrl, client, `token=${encodeURIComponent(token)}`);
  if (answer.active !== true) throw new Error(`${introspectionUrl} answered ${JSON.stringify(answer)} for the token the row introspects`);
}

/** Spends one refresh token and throws unless a new access token and a different refresh token come back (rotation). */
export async function expectRotation(tokenUrl: string, client: BenchClient, refreshToken: string): Promise<void> {
  const answer = await postForm(tokenUrl, client, `${REFRESH_PREFIX}${encodeURIComponent(refreshToken)}`);
  if (typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string' || answer.refresh_token === refreshToken) {
    throw new Error(`${tokenUrl} refreshed without rotation: ${JSON.stringify(Object.keys(answer))}`);
  }
}

/** Password grants in flight at once while minting. */
const MINTING_CONNECTIONS = 8;

/**
 * Refresh tokens minted by the password grant, one user each (`bench-<n>`:
 * bench/servers/benchUsers.cjs answers any of them), over a few kept-alive
 * connections at once (one at a time, 26,000 tokens took about a minute).
 */
export class PasswordGrantMinter {
  private users = 0;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: MINTING_CONNECTIONS });

  constructor(
    private readonly tokenUrl: string,
    private readonly client: BenchClient,
  ) {}

  async mint(count: number): Promise<string[]> {
    const tokens: string[] = [];
    let asked = 0;
    const minter = async () => {
      while (asked < count) {
        asked++;
        const body = `grant_type=password&username=bench-${++this.users}&password=bench-password&scope=${SCOPE}`;
        const answer = await postForm(this.tokenUrl, this.client, body, this.agent);
        if (typeof answer.refresh_token !== 'string') throw new Error(`the password grant answered no refresh token: ${JSON.stringify(Object.keys(answer))}`);
        tokens.push(answer.refresh_token);
      }
    };
    await Promise.all(Array.from({ length: MINTING_CONNECTIONS }, minter));
    return tokens;
  }

  close(): void {
    this.agent.destroy();
  }
}
