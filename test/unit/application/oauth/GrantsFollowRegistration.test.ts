import { expect } from 'chai';
import { InvalidScopeError } from '../../../../src/domain/grantErrors';
import type { GrantedAccess } from '../../../../src/domain/model/GrantedAccess';
import { authenticatedClient } from '../../../support/oauthClients';
import { RIG_NOW, RIG_USER, RIG_VERIFIER, UserGrantRig } from '../../../support/userGrantRig';

const GRANTED: GrantedAccess = { scopes: ['orders:read', 'orders:write'], resources: ['https://orders.example', 'https://billing.example'] };
const REGISTERED = { scopes: ['orders:read', 'orders:write'], resources: ['https://orders.example', 'https://billing.example'] };
/** The same client after `clients update web --scope orders:read --resource https://orders.example`. */
const NARROWED = authenticatedClient('web', true, { scopes: ['orders:read'], resources: ['https://orders.example'] });
/** After `clients update web --scope other`: none of the granted scopes is left. */
const NOTHING_LEFT = authenticatedClient('web', true, { scopes: ['other'], resources: REGISTERED.resources });

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('Grants follow the registration: what `clients update` removed is not minted by a refresh or a code issued before', () => {
  let rig: UserGrantRig;

  beforeEach(() => {
    rig = new UserGrantRig();
  });

  const exchange = (client = authenticatedClient('web', true, REGISTERED)) =>
    rig.exchange.execute({ code: 'c1', redirectUri: 'https://web.example/cb', codeVerifier: RIG_VERIFIER, client, requested: {} });
  const familyToken = () => rig.families.start(RIG_USER, 'web', GRANTED, { jti: 'first', expiresAt: RIG_NOW + 300, subject: RIG_USER.id, issuedAt: RIG_NOW });

  it('a code issued before the change mints only what is still registered; its family keeps the whole grant', async () => {
    await rig.issueCode('c1', { granted: GRANTED });
    const result = await exchange(NARROWED);
    expect(result.scopes).to.deep.equal(['orders:read']);
    expect(rig.claimsOf(result.accessToken)).to.include({ scope: 'orders:read', aud: 'https://orders.example' });
    expect((await rig.refreshStore.find(result.refreshToken))?.family.granted).to.deep.equal(GRANTED);
  });

  it('a code whose scopes are all gone is invalid_scope, and the code stays unused', async () => {
    await rig.issueCode('c1', { granted: GRANTED });
    const error = await refusal(exchange(NOTHING_LEFT));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect(rig.codes.codes.get('c1')?.usedAt).to.equal(null);
    expect(rig.signer.signed).to.deep.equal([]);
  });

  it('a refresh mints only what is still registered, and the whole grant again once the registration allows it', async () => {
    const first = await rig.refresh.execute({ refreshToken: await familyToken(), client: NARROWED, requested: {} });
    expect(first.scopes).to.deep.equal(['orders:read']);
    expect(rig.claimsOf(first.accessToken)).to.include({ scope: 'orders:read', aud: 'https://orders.example' });
    const second = await rig.refresh.execute({ refreshToken: first.refreshToken, client: authenticatedClient('web', true, REGISTERED), requested: {} });
    expect(second.scopes).to.deep.equal(GRANTED.scopes);
    expect(rig.claimsOf(second.accessToken)).to.deep.include({ aud: GRANTED.resources });
  });

  it('a refresh asking for a scope no longer registered is invalid_scope naming it, and the token is not spent', async () => {
    const token = await familyToken();
    const error = await refusal(rig.refresh.execute({ refreshToken: token, client: NARROWED, requested: { scopes: ['orders:write'] } }));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect((error as InvalidScopeError).scope).to.equal('orders:write');
    expect((await rig.refreshStore.find(token))?.current).to.equal(true);
  });

  it('a refresh of a family whose scopes are all gone is invalid_scope, and the token is not spent', async () => {
    const token = await familyToken();
    const error = await refusal(rig.refresh.execute({ refreshToken: token, client: NOTHING_LEFT, requested: {} }));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect((await rig.refreshStore.find(token))?.current).to.equal(true);
  });

  it('a family of no client (the seed password grant) has no registration to follow: its grant as it was', async () => {
    const token = await rig.families.start(RIG_USER, null, NO_CLIENT_GRANT, { jti: 'first', expiresAt: RIG_NOW + 300, subject: RIG_USER.id, issuedAt: RIG_NOW });
    const result = await rig.refresh.execute({ refreshToken: token, client: null, requested: {} });
    expect(result.scopes).to.deep.equal(NO_CLIENT_GRANT.scopes);
  });
});

const NO_CLIENT_GRANT: GrantedAccess = { scopes: ['legacy'], resources: [] };
