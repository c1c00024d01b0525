/**
 * The token-endpoint rows beside oidc-provider (issue 35 targets 1–3, issue 33
 * point 7), on the auth service's OAuth instance (its client registered through
 * the CLI, bench/servers/benchUsers.cjs as its user store) and the peer
 * (bench/servers/oidcPeer.mjs). client_credentials is measured with the login
 * rows (bench/run.ts), in the same rounds as the peer's; introspection and
 * refresh_token with rotation here.
 */
import type { SustainedResults, Target } from './lib/sustained';
import type { RunningServer } from './lib/processes';
import { clientCredentialsToken, expectActive, expectRotation, formJob, PasswordGrantMinter, PEER_CLIENT, REFRESH_PREFIX, type BenchClient } from './lib/oauthCalls';
import type { Report, Target as Limit } from './lib/report';
import { TokenFeed } from './lib/tokenFeed';

export const TOKEN_ENDPOINT_TARGETS = {
  clientCredentialsVsOidc: 'auth client_credentials vs oidc-provider',
  refreshVsOidc: 'auth refresh_token with rotation vs oidc-provider',
  introspectionVsOidc: 'auth introspection vs oidc-provider',
  clientCredentialsPostgresVsOidc: 'auth client_credentials, PostgreSQL, vs oidc-provider',
  refreshPostgresVsOidc: 'auth refresh_token with rotation, PostgreSQL, vs oidc-provider',
  introspectionPostgresVsOidc: 'auth introspection, PostgreSQL, vs oidc-provider',
} as const;
/** Introspection of opaque, stored tokens on both sides: the one comparison of the same token format oidc-provider allows. */
export const REFRESH_INTROSPECTION = 'auth introspection of a refresh token vs oidc-provider';
/** The resource for which the peer issues opaque access tokens, the only ones it introspects. */
const OPAQUE_RESOURCE = 'urn:bench:opaque';

export interface TokenEndpointRows {
  readonly report: Report;
  /** Sustained ABBA runs in which a failing target is taken out and reported, not thrown (sustainedRows). */
  readonly measure: (targets: Target[]) => Promise<SustainedResults>;
  /** The auth service's OAuth instance and the client registered in its store. */
  readonly auth: RunningServer;
  readonly client: BenchClient;
  readonly oidc: RunningServer;
  readonly log: (line: string) => void;
}

/**
 * Our target against the peer's of the same rounds: the peer's figures as the
 * baseline, ours as req/s, p50, p99 (against bare express) when `http` names
 * them, and the ratio; a row that failed (ours, or the peer's baseline) is
 * reported with why.
 */
export function compare(
  rows: Pick<TokenEndpointRows, 'report'>,
  results: SustainedResults,
  figure: { name: string; ours: string; peer: string; baseline: string; http?: string; limit?: Limit },
): void {
  const { report } = rows;
  const ours = results.measured.get(figure.ours);
  const peer = results.measured.get(figure.peer);
  if (peer) report.asBaseline(figure.baseline, peer);
  if (ours && figure.http) report.http(figure.http, ours, 'bare express req/s');
  const failure = results.failed.get(figure.ours) ?? (peer ? undefined : `its baseline, ${figure.peer}, failed: ${results.failed.get(figure.peer)}`);
  if (failure !== undefined || !ours) report.failed(figure.name, failure ?? 'not measured', figure.limit);
  else report.rate(figure.name, ours, figure.baseline, figure.limit);
}

export const endpoints = (rows: Pick<TokenEndpointRows, 'auth' | 'oidc'>) => {
  const at = (server: RunningServer, path: string) => `http://127.0.0.1:${server.port}${path}`;
  return {
    ours: { token: at(rows.auth, '/auth/oauth/token'), introspect: at(rows.auth, '/auth/oauth/introspect') },
    peer: { token: at(rows.oidc, '/token'), introspect: at(rows.oidc, '/token/introspection') },
  };
};

/** Refresh tokens minted inside the peer process (a Grant and its RefreshToken each, oidcPeer.mjs). */
export async function mintOnPeer(oidc: RunningServer, count: number): Promise<string[]> {
  const answer = await oidc.ask({ mint: count }, (reply) => (reply.minted as string[] | undefined) ?? (reply.mintError === undefined ? undefined : new Error(String(reply.mintError))));
  if (answer instanceof Error) throw answer;
  return answer;
}

/**
 * Introspection (RFC 7662, client_secret_basic) of the auth service's RS256
 * JWT access token from client_credentials against the peer's introspection of
 * its own client_credentials access token, which is opaque (oidc-provider
 * refuses to introspect a JWT); then both introspecting a refresh token of
 * their own (opaque and stored on both sides). Every token is checked active
 * before and after the runs, so the figures are of `active: true` answers.
 */
export async function measureIntrospection(rows: TokenEndpointRows): Promise<void> {
  const { ours, peer } = endpoints(rows);
  const minter = new PasswordGrantMinter(ours.token, rows.client);
  const tokens = {
    ours: await clientCredentialsToken(ours.token, rows.client),
    peer: await clientCredentialsToken(peer.token, PEER_CLIENT, OPAQUE_RESOURCE),
    oursRefresh: (await minter.mint(1))[0],
    peerRefresh: (await mintOnPeer(rows.oidc, 1))[0],
  };
  minter.close();
  const checks = [
    { label: 'auth introspection', server: rows.auth, url: ours.introspect, client: rows.client, token: tokens.ours },
    { label: 'oidc-provider introspection', server: rows.oidc, url: peer.introspect, client: PEER_CLIENT, token: tokens.peer },
    { label: 'auth introspection, refresh token', server: rows.auth, url: ours.introspect, client: rows.client, token: tokens.oursRefresh },
    { label: 'oidc-provider introspection, refresh token', server: rows.oidc, url: peer.introspect, client: PEER_CLIENT, token: tokens.peerRefresh },
  ];
  for (const check of checks) await expectActive(check.url, check.client, check.token);
  const results = await rows.measure(
    checks.map((check) => ({ label: check.label, server: check.server, job: formJob(check.url, check.client, `token=${check.token}`) })),
  );
  for (const check of checks) await expectActive(check.url, check.client, check.token);

  compare(rows, results, {
    name: TOKEN_ENDPOINT_TARGETS.introspectionVsOidc,
    ours: 'auth introspection',
    peer: 'oidc-provider introspection',
    baseline: 'oidc-provider introspection req/s',
    http: 'auth introspection',
    limit: { limit: 1.2 },
  });
  compare(rows, results, {
    name: REFRESH_INTROSPECTION,
    ours: 'auth introspection, refresh token',
    peer: 'oidc-provider introspection, refresh token',
    baseline: 'oidc-provider refresh token introspection req/s',
  });
}

/** The client_credentials rates of the login rows: the first refresh run of each server is minted for as much. */
export interface ClientCredentialsRates {
  readonly auth: number;
  readonly oidc: number;
}

/**
 * refresh_token with rotation: every request spends a refresh token minted
 * before the run (TokenFeed), on the auth service by its password grant (a
 * user each), on the peer in its process; one of each is spent first to check
 * that both rotate.
 */
export async function measureRefresh(rows: TokenEndpointRows, rates: ClientCredentialsRates): Promise<void> {
  const { ours, peer } = endpoints(rows);
  const { log } = rows;
  const minter = new PasswordGrantMinter(ours.token, rows.client);
  const timed = (label: string, mint: (count: number) => Promise<string[]>) => async (count: number) => {
    const started = process.hrtime.bigint();
    const minted = await mint(count);
    log(`    minted ${count} refresh tokens on ${label} in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
    return minted;
  };
  try {
    await expectRotation(ours.token, rows.client, (await minter.mint(1))[0]);
    await expectRotation(peer.token, PEER_CLIENT, (await mintOnPeer(rows.oidc, 1))[0]);
    const feed = (label: string, initialRate: number, mint: (count: number) => Promise<string[]>) =>
      new TokenFeed({ id: `${label} refresh_token`, bodyPrefix: REFRESH_PREFIX, initialRate, mint: timed(label, mint) });
    const results = await rows.measure([
      {
        label: 'auth refresh_token',
        server: rows.auth,
        job: formJob(ours.token, rows.client, 'grant_type=refresh_token'),
        feed: feed('the auth service', rates.auth, (count) => minter.mint(count)),
      },
      {
        label: 'oidc-provider refresh_token',
        server: rows.oidc,
        job: formJob(peer.token, PEER_CLIENT, 'grant_type=refresh_token'),
        feed: feed('oidc-provider', rates.oidc, (count) => mintOnPeer(rows.oidc, count)),
      },
    ]);
    compare(rows, results, {
      name: TOKEN_ENDPOINT_TARGETS.refreshVsOidc,
      ours: 'auth refresh_token',
      peer: 'oidc-provider refresh_token',
      baseline: 'oidc-provider refresh_token req/s',
      http: 'auth refresh_token',
      limit: { limit: 1.2 },
    });
  } finally {
    minter.close();
  }
}
