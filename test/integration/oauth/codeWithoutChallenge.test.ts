import { expect } from 'chai';
import { TypeOrmAuthorizationCodeStore } from '../../../src/infrastructure/persistence/TypeOrmAuthorizationCodeStore';
import { UserEntity } from '../../../src/infrastructure/persistence/UserEntity';
import { FixedClock } from '../../support/FixedClock';
import { basic } from '../../support/oauthTestHttp';
import { PKCE_VERIFIER, tokenRequest } from '../../support/signInForCode';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';

/**
 * A code stored without a challenge (a confidential client that skipped PKCE
 * at the authorization endpoint) is exchanged at the token endpoint without a
 * `code_verifier`; one sent anyway is invalid_grant and uses nothing.
 */
for (const backend of STORE_BACKENDS) {
  describe(`A code without a challenge at the token endpoint (${backend.name}, two instances on one store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let authorization: string;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'alice');
          authorization = basic('webapp', await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--confidential', '--first-party'));
        },
      });
    });

    after(() => instances?.dispose());

    /** What the authorization endpoint stores for a confidential client that sent no code_challenge. */
    async function codeWithoutChallenge(code: string): Promise<void> {
      const { id, account, nickName, userType, tenantId, telephone, avatar, grade } = await instances.cli.dataSource.getRepository(UserEntity).findOneByOrFail({ account: 'alice' });
      const now = Math.floor(clock.now().getTime() / 1000);
      await new TypeOrmAuthorizationCodeStore(instances.cli.dataSource).save(code, {
        clientId: 'webapp',
        redirectUri: CALLBACK,
        user: { id, account, nickName, userType, tenantId, telephone, avatar, grade },
        granted: { scopes: [], resources: [] },
        familyId: `family-of-${code}`,
        issuedAt: now,
        authTime: now,
        expiresAt: now + 60,
      });
    }

    const exchange = (code: string, extra: Record<string, string> = {}) =>
      tokenRequest(instances.secondOrigin, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...extra }, { authorization });

    it('exchanges it without a code_verifier; a verifier sent for it is invalid_grant and leaves it usable', async () => {
      await codeWithoutChallenge('plain-code-1');
      const refused = await exchange('plain-code-1', { code_verifier: PKCE_VERIFIER });
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.equal('invalid_grant');
      const tokens = await exchange('plain-code-1');
      expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
      expect(tokens.body.refresh_token).to.be.a('string');
    });
  });
}
