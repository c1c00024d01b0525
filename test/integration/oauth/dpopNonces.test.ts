import { expect } from 'chai';
import { DpopKey } from '../../support/dpopKey';
import { FixedClock } from '../../support/FixedClock';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';
import { basic } from '../../support/oauthTestHttp';
import { dpopGet as get, dpopPost as post } from '../../support/plainFetch';

const ISSUER_TOKEN_URL = 'http://localhost/auth/oauth/token';
const ISSUER_USERINFO_URL = 'http://localhost/auth/oauth/userinfo';

describe('DPoP server nonces (AUTH_DPOP_NONCE=required), two instances on PostgreSQL', () => {
  let two: TwoInstancesOnOneStore;
  let svc: string;
  let key: DpopKey;

  before(async function () {
    this.timeout(60_000);
    two = await TwoInstancesOnOneStore.start(STORE_BACKENDS[1], new FixedClock(new Date()), {
      env: { AUTH_DPOP_NONCE: 'required' },
      register: async (cli) => {
        svc = basic('svc', await cli.addClient('svc', '--confidential', '--grant', 'client_credentials'));
      },
    });
    key = await DpopKey.generate('EdDSA');
  });
  after(() => two?.dispose());

  it('asks for a nonce with use_dpop_nonce and DPoP-Nonce; one instance\'s nonce is good at the other', async () => {
    const first = await post(`${two.firstOrigin}/auth/oauth/token`, { grant_type: 'client_credentials' }, { Authorization: svc, DPoP: await key.proof('POST', ISSUER_TOKEN_URL) });
    expect([first.status, first.body.error]).to.deep.equal([400, 'use_dpop_nonce']);
    const nonce = first.headers.get('dpop-nonce');
    expect(nonce).to.be.a('string');
    const second = await post(`${two.secondOrigin}/auth/oauth/token`, { grant_type: 'client_credentials' }, { Authorization: svc, DPoP: await key.proof('POST', ISSUER_TOKEN_URL, { nonce: nonce! }) });
    expect(second.status, JSON.stringify(second.body)).to.equal(200);
    expect(second.body.token_type).to.equal('DPoP');
    expect(second.headers.get('dpop-nonce')).to.equal(nonce);
  });

  it('userinfo asks for the nonce with a DPoP challenge', async () => {
    const nonce = (await post(`${two.firstOrigin}/auth/oauth/token`, { grant_type: 'client_credentials' }, { Authorization: svc, DPoP: await key.proof('POST', ISSUER_TOKEN_URL) })).headers.get('dpop-nonce')!;
    const token = (await post(`${two.firstOrigin}/auth/oauth/token`, { grant_type: 'client_credentials' }, { Authorization: svc, DPoP: await key.proof('POST', ISSUER_TOKEN_URL, { nonce }) })).body.access_token as string;
    const userinfo = `${two.secondOrigin}/auth/oauth/userinfo`;
    const asked = await get(userinfo, { Authorization: `DPoP ${token}`, DPoP: await key.proof('GET', ISSUER_USERINFO_URL, { accessToken: token }) });
    expect(asked.status).to.equal(401);
    expect(asked.headers.get('www-authenticate')).to.match(/^DPoP error="use_dpop_nonce"/);
    expect(asked.headers.get('dpop-nonce')).to.equal(nonce);
    const ok = await get(userinfo, { Authorization: `DPoP ${token}`, DPoP: await key.proof('GET', ISSUER_USERINFO_URL, { accessToken: token, nonce }) });
    expect(ok.body).to.deep.equal({ sub: 'svc', client_id: 'svc' });
  });
});
