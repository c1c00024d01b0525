/**
 * The token-endpoint rows on PostgreSQL (one instance): client_credentials,
 * introspection of its JWT and refresh_token with rotation of the auth service
 * on a PostgreSQL database of its own (created for the run, dropped after),
 * against oidc-provider's same requests in the same rounds. The instance is set
 * up as the SQLite one (bench/tokenEndpoint.ts): its client registered by the
 * CLI, the bench's user store, a user per refresh token.
 */
import { withPostgres } from './lib/postgresScratch';
import type { RunningServer } from './lib/processes';
import { clientCredentialsToken, expectActive, expectRotation, formJob, PasswordGrantMinter, PEER_CLIENT, REFRESH_PREFIX, registerBenchClient, SCOPE } from './lib/oauthCalls';
import { TokenFeed } from './lib/tokenFeed';
import { compare, endpoints, mintOnPeer, TOKEN_ENDPOINT_TARGETS, type ClientCredentialsRates, type TokenEndpointRows } from './tokenEndpoint';

/** The resource for which the peer issues opaque access tokens, the only ones it introspects. */
const OPAQUE_RESOURCE = 'urn:bench:opaque';
/** How a baseline of these rows is named: the peer's figure of the PostgreSQL rows' own rounds. */
const ROUNDS = ", PostgreSQL rows' rounds";

export interface PostgresTokenEndpointRows extends Pick<TokenEndpointRows, 'report' | 'measure' | 'oidc' | 'log'> {
  /** Where the run's database is created and dropped. */
  readonly postgresUrl: string;
  /** Starts the auth service through its entry point, as the SQLite OAuth instance, on `databaseUrl`. */
  readonly startAuth: (databaseUrl: string) => Promise<RunningServer>;
  readonly stop: (server: RunningServer) => Promise<void>;
}

export async function measurePostgresTokenEndpoint(rows: PostgresTokenEndpointRows, rates: ClientCredentialsRates): Promise<void> {
  await withPostgres(rows.postgresUrl, 1, async ([databaseUrl]) => {
    const client = await registerBenchClient(databaseUrl);
    const auth = await rows.startAuth(databaseUrl);
    const { ours, peer } = endpoints({ auth, oidc: rows.oidc });
    const minter = new PasswordGrantMinter(ours.token, client);
    try {
      const tokens = { ours: await clientCredentialsToken(ours.token, client), peer: await clientCredentialsToken(peer.token, PEER_CLIENT, OPAQUE_RESOURCE) };
      await expectActive(ours.introspect, client, tokens.ours);
      await expectActive(peer.introspect, PEER_CLIENT, tokens.peer);
      await expectRotation(ours.token, client, (await minter.mint(1))[0]);
      const feed = (label: string, initialRate: number, mint: (count: number) => Promise<string[]>) =>
        new TokenFeed({ id: `${label} refresh_token`, bodyPrefix: REFRESH_PREFIX, initialRate, mint });
      const ccBody = `grant_type=client_credentials&scope=${SCOPE}`;
      const results = await rows.measure([
        { label: 'auth client_credentials, PostgreSQL', server: auth, job: formJob(ours.token, client, ccBody) },
        { label: 'oidc-provider client_credentials', server: rows.oidc, job: formJob(peer.token, PEER_CLIENT, 'grant_type=client_credentials&scope=api') },
        { label: 'auth introspection, PostgreSQL', server: auth, job: formJob(ours.introspect, client, `token=${tokens.ours}`) },
        { label: 'oidc-provider introspection', server: rows.oidc, job: formJob(peer.introspect, PEER_CLIENT, `token=${tokens.peer}`) },
        {
          label: 'auth refresh_token, PostgreSQL',
          server: auth,
          job: formJob(ours.token, client, 'grant_type=refresh_token'),
          feed: feed('the auth service on PostgreSQL', rates.auth, (count) => minter.mint(count)),
        },
        {
          label: 'oidc-provider refresh_token',
          server: rows.oidc,
          job: formJob(peer.token, PEER_CLIENT, 'grant_type=refresh_token'),
          feed: feed('oidc-provider', rates.oidc, (count) => mintOnPeer(rows.oidc, count)),
        },
      ]);
      await expectActive(ours.introspect, client, tokens.ours);
      const figures = [
        { name: TOKEN_ENDPOINT_TARGETS.clientCredentialsPostgresVsOidc, ours: 'auth client_credentials, PostgreSQL', peer: 'oidc-provider client_credentials', baseline: 'oidc-provider client_credentials req/s' },
        { name: TOKEN_ENDPOINT_TARGETS.introspectionPostgresVsOidc, ours: 'auth introspection, PostgreSQL', peer: 'oidc-provider introspection', baseline: 'oidc-provider introspection req/s' },
        { name: TOKEN_ENDPOINT_TARGETS.refreshPostgresVsOidc, ours: 'auth refresh_token, PostgreSQL', peer: 'oidc-provider refresh_token', baseline: 'oidc-provider refresh_token req/s' },
      ];
      for (const figure of figures) compare(rows, results, { ...figure, baseline: `${figure.baseline}${ROUNDS}`, http: figure.ours, limit: { limit: 1 } });
    } finally {
      minter.close();
      await rows.stop(auth);
    }
  });
}
