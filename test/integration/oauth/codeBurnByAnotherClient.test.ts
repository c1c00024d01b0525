import { expect } from 'chai';
import { FixedClock } from '../../support/FixedClock';
import { PKCE_VERIFIER, signInForCode, tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const ATTACKER_CALLBACK = 'http://127.0.0.1:9/attacker';

/**
 * RFC 6749 §4.1.3, RFC 9700 §4.5.3.1: only the client a code was issued to,
 * with its redirect URI and verifier, can use the code up, and only it ends
 * the family by presenting the code again. A public client's id (no secret
 * needed) with a made-up verifier, sent with someone else's used code, changes nothing.
 */
for (const backend of STORE_BACKENDS) {
  describe(`A used code sent by another client burns nothing (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'alice');
          await commands.addClient('spa', '--redirect-uri', CALLBACK, '--public', '--first-party');
          await commands.addClient('attacker', '--redirect-uri', ATTACKER_CALLBACK, '--public', '--first-party');
        },
      });
    });

    after(() => instances?.dispose());

    const exchange = (origin: string, code: string, overrides: Record<string, string> = {}) =>
      tokenRequest(origin, { grant_type: 'authorization_code', client_id: 'spa', code, redirect_uri: CALLBACK, code_verifier: PKCE_VERIFIER, ...overrides });

    it('another public client, a made-up verifier or another redirect URI: invalid_grant, and the real family still refreshes', async () => {
      const code = await signInForCode(instances.firstOrigin, 'spa', CALLBACK, 'alice');
      const tokens = await exchange(instances.firstOrigin, code);
      expect(tokens.status).to.equal(200);
      const madeUp = 'm'.repeat(43);
      const attempts: Array<Record<string, string>> = [
        { client_id: 'attacker', redirect_uri: ATTACKER_CALLBACK, code_verifier: madeUp },
        { client_id: 'attacker', code_verifier: madeUp },
        { code_verifier: madeUp },
        { redirect_uri: ATTACKER_CALLBACK },
      ];
      for (const overrides of attempts) {
        const refused = await exchange(instances.secondOrigin, code, overrides);
        expect(refused.status, JSON.stringify(overrides)).to.equal(400);
        expect(refused.body.error, JSON.stringify(overrides)).to.equal('invalid_grant');
      }
      const refreshed = await tokenRequest(instances.secondOrigin, { grant_type: 'refresh_token', client_id: 'spa', refresh_token: tokens.body.refresh_token as string });
      expect(refreshed.status, JSON.stringify(refreshed.body)).to.equal(200);

      // The code's own client presenting it again, proof included: a replay (RFC 6749 §4.1.2), and the family ends.
      expect((await exchange(instances.secondOrigin, code)).body.error).to.equal('invalid_grant');
      const ended = await tokenRequest(instances.firstOrigin, { grant_type: 'refresh_token', client_id: 'spa', refresh_token: refreshed.body.refresh_token as string });
      expect(ended.body.error).to.equal('invalid_grant');
    });

    it('a refused exchange of an unused code (made-up verifier) leaves it usable by its client', async () => {
      const code = await signInForCode(instances.firstOrigin, 'spa', CALLBACK, 'alice');
      expect((await exchange(instances.secondOrigin, code, { client_id: 'attacker', code_verifier: 'm'.repeat(43) })).body.error).to.equal('invalid_grant');
      expect((await exchange(instances.secondOrigin, code, { code_verifier: 'm'.repeat(43) })).body.error).to.equal('invalid_grant');
      expect((await exchange(instances.firstOrigin, code)).status).to.equal(200);
    });

    it('its own client sending it to both instances at once: one use, the other a replay that ends whatever the code started', async () => {
      const code = await signInForCode(instances.firstOrigin, 'spa', CALLBACK, 'alice');
      const answers = await Promise.all([exchange(instances.firstOrigin, code), exchange(instances.secondOrigin, code)]);
      // The replay lands during the first exchange (both refused) or after it (the first answered, its family then ended).
      expect(answers.filter((answer) => answer.status === 200)).to.have.length.at.most(1);
      expect(answers.filter((answer) => answer.body.error === 'invalid_grant')).to.have.length.at.least(1);
      for (const answer of answers.filter((each) => each.status === 200)) {
        const refreshed = await tokenRequest(instances.firstOrigin, { grant_type: 'refresh_token', client_id: 'spa', refresh_token: answer.body.refresh_token as string });
        expect(refreshed.body.error).to.equal('invalid_grant');
      }
    });
  });
}
