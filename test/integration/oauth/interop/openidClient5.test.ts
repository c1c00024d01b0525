import { expect } from 'chai';
import { errors, Issuer, type BaseClient } from 'openid-client-v5';
import { INTEROP_CLIENT, OTHER_CLIENT, startInteropServer, type InteropServer } from '../../../support/oauthInteropServer';

type Method = 'client_secret_basic' | 'client_secret_post';

/**
 * openid-client 5 (still widely deployed; installed side by side as the
 * `openid-client-v5` alias) against the real, listening auth service:
 * discovery from the issuer (openid-configuration) and from the RFC 8414
 * path-inserted URL, both grants, userinfo by GET and by POST (header and
 * body), revocation with both client authentication methods. Its Basic
 * header form-encodes the secret (a space becomes `+`), so this also checks
 * the RFC 6749 §2.3.1 decoding at the token and the revocation endpoints.
 */
describe('interop: openid-client 5', () => {
  let server: InteropServer;

  before(async () => {
    server = await startInteropServer();
  });
  after(() => server?.auth.close());

  const discoveries = () => [
    { name: 'from the issuer (openid-configuration)', url: server.issuer },
    { name: 'from the RFC 8414 path-inserted URL', url: `${server.origin}/.well-known/oauth-authorization-server/auth` },
  ];

  const clientOf = (issuer: Issuer<BaseClient>, method: Method, credentials: { id: string; secret: string } = INTEROP_CLIENT) =>
    new issuer.Client({
      client_id: credentials.id,
      client_secret: credentials.secret,
      token_endpoint_auth_method: method,
      revocation_endpoint_auth_method: method,
      response_types: [],
    });

  async function expectRefused(promise: Promise<unknown>): Promise<void> {
    const failure = await promise.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).to.be.instanceOf(errors.OPError);
    expect((failure as errors.OPError).error).to.equal('invalid_token');
  }

  it('discovers the same metadata both ways', async () => {
    const [oidc, rfc8414] = await Promise.all(discoveries().map(({ url }) => Issuer.discover(url)));
    expect(oidc.metadata.issuer).to.equal(server.issuer);
    expect(rfc8414.metadata).to.deep.equal(oidc.metadata);
    expect(oidc.metadata.revocation_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']);
  });

  for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
    it(`${method}: client_credentials, userinfo (GET, POST header, POST body), revocation`, async () => {
      for (const { name, url } of discoveries()) {
        const client = clientOf(await Issuer.discover(url), method);
        const token = await client.grant({ grant_type: 'client_credentials' });
        const accessToken = token.access_token as string;
        const expected = { sub: INTEROP_CLIENT.id, client_id: INTEROP_CLIENT.id };
        expect(await client.userinfo(accessToken), name).to.deep.equal(expected);
        expect(await client.userinfo(accessToken, { method: 'POST', via: 'header' }), name).to.deep.equal(expected);
        expect(await client.userinfo(accessToken, { method: 'POST', via: 'body' }), name).to.deep.equal(expected);
        await client.revoke(accessToken, 'access_token');
        await expectRefused(client.userinfo(accessToken));
      }
    });

    it(`${method}: password grant, userinfo, revocation`, async () => {
      for (const { url } of discoveries()) {
        const client = clientOf(await Issuer.discover(url), method);
        const token = await client.grant({ grant_type: 'password', username: 'admin', password: 'any' });
        const accessToken = token.access_token as string;
        expect(await client.userinfo(accessToken)).to.include({ sub: '1', account: 'admin' });
        await client.revoke(accessToken);
        await expectRefused(client.userinfo(accessToken, { method: 'POST' }));
      }
    });
  }

  it("gets unauthorized_client revoking another client's token, which keeps working", async () => {
    const issuer = await Issuer.discover(server.issuer);
    const owner = clientOf(issuer, 'client_secret_post');
    const token = (await owner.grant({ grant_type: 'client_credentials' })).access_token as string;
    const failure = await clientOf(issuer, 'client_secret_basic', OTHER_CLIENT)
      .revoke(token)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).to.be.instanceOf(errors.OPError);
    expect((failure as errors.OPError).error).to.equal('unauthorized_client');
    expect(await owner.userinfo(token)).to.include({ client_id: INTEROP_CLIENT.id });
  });
});
