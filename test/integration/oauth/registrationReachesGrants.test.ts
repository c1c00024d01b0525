import { expect } from 'chai';
import { FixedClock } from '../../support/FixedClock';
import { PKCE_VERIFIER, signInForCode, tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const ORDERS = 'https://orders.example';
const BILLING = 'https://billing.example';

const claimsOf = (token: unknown) => JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/**
 * `clients update` on the store reaches grants made before it: a refresh on
 * the other instance, and a code issued before the change, mint only what the
 * registration allows now; a grant with none of its scopes left is invalid_scope.
 */
for (const backend of STORE_BACKENDS) {
  describe(`A registration narrowed by clients update reaches refreshes and codes (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;

    const update = async (...flags: string[]) => {
      const { code, out, err } = await instances.cli.clients(['update', 'spa', ...flags]);
      expect(code, [...out, ...err].join('\n')).to.equal(0);
    };
    const everything = ['--scope', 'orders:read', '--scope', 'orders:write', '--resource', ORDERS, '--resource', BILLING];
    const exchange = (origin: string, code: string) =>
      tokenRequest(origin, { grant_type: 'authorization_code', client_id: 'spa', code, redirect_uri: CALLBACK, code_verifier: PKCE_VERIFIER });
    const refresh = (origin: string, token: unknown) => tokenRequest(origin, { grant_type: 'refresh_token', client_id: 'spa', refresh_token: String(token) });
    const codeForEverything = () => signInForCode(instances.firstOrigin, 'spa', CALLBACK, 'alice', { scope: 'orders:read orders:write' });

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'alice');
          await commands.addClient('spa', '--redirect-uri', CALLBACK, '--public', '--first-party', ...everything);
        },
      });
    });

    beforeEach(() => update(...everything));
    after(() => instances?.dispose());

    it('a refresh on the other instance drops what the update removed, and gives it back once registered again', async () => {
      const tokens = await exchange(instances.firstOrigin, await codeForEverything());
      expect(tokens.body.scope).to.equal('orders:read orders:write');
      await update('--scope', 'orders:read', '--resource', ORDERS);
      const narrowed = await refresh(instances.secondOrigin, tokens.body.refresh_token);
      expect(narrowed.status, JSON.stringify(narrowed.body)).to.equal(200);
      expect(narrowed.body.scope).to.equal('orders:read');
      expect(claimsOf(narrowed.body.access_token)).to.include({ scope: 'orders:read', aud: ORDERS });
      await update(...everything);
      const restored = await refresh(instances.firstOrigin, narrowed.body.refresh_token);
      expect(restored.body.scope).to.equal('orders:read orders:write');
    });

    it('a code issued before the update mints only what is still registered', async () => {
      const code = await codeForEverything();
      await update('--scope', 'orders:write', '--resource', BILLING);
      const tokens = await exchange(instances.secondOrigin, code);
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      expect(tokens.body.scope).to.equal('orders:write');
      expect(claimsOf(tokens.body.access_token)).to.include({ scope: 'orders:write', aud: BILLING });
    });

    it('none of the granted scopes left: invalid_scope for the code and for the refresh', async () => {
      const tokens = await exchange(instances.firstOrigin, await codeForEverything());
      const code = await codeForEverything();
      await update('--scope', 'other');
      expect((await exchange(instances.secondOrigin, code)).body.error).to.equal('invalid_scope');
      expect((await refresh(instances.secondOrigin, tokens.body.refresh_token)).body.error).to.equal('invalid_scope');
    });
  });
}
