import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../src/domain/model/GrantedAccess';
import type { DataSource } from 'typeorm';
import type { AuthorizationGrant } from '../../src/domain/ports/AuthorizationCodeStore';
import type { RefreshTokenFamily } from '../../src/domain/ports/RefreshTokenStore';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmAuthorizationCodeStore } from '../../src/infrastructure/persistence/TypeOrmAuthorizationCodeStore';
import { TypeOrmOAuthClientStore } from '../../src/infrastructure/persistence/TypeOrmOAuthClientStore';
import { TypeOrmRefreshTokenStore } from '../../src/infrastructure/persistence/TypeOrmRefreshTokenStore';
import { TypeOrmRevocationStore } from '../../src/infrastructure/persistence/TypeOrmRevocationStore';
import { FixedClock } from '../support/FixedClock';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { registeredClient } from '../support/oauthClients';
import { REFRESH_COUNTS } from '../../src/interfaces/composition/modules/refreshLimit';

const NOW = 1_800_000_000;
const family = (familyId: string, clientId: string | null): RefreshTokenFamily => ({
  granted: NO_PARTICULAR_ACCESS,
  authTime: NOW - 60,
  familyId,
  subject: STUB_USER.id,
  clientId,
  user: STUB_USER,
  createdAt: NOW,
  expiresAt: NOW + 1000,
  lastUsedAt: NOW,
  revoked: false,
});
const access = (jti: string) => ({ jti, expiresAt: NOW + 300, subject: STUB_USER.id, issuedAt: NOW });
const grant = (clientId: string, familyId: string): AuthorizationGrant =>
  ({ clientId, redirectUri: 'https://app.example.com/cb', codeChallenge: 'c'.repeat(43), user: STUB_USER, granted: NO_PARTICULAR_ACCESS, familyId, issuedAt: NOW, authTime: NOW, expiresAt: NOW + 60 }) as AuthorizationGrant;

/** What `clients remove` and `clients rotate-secret` ask of the shared store, written by one instance and read by the other. */
for (const backend of STORE_BACKENDS) {
  describe(`A client's grants in the ${backend.name} store (two DataSources)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    const clock = new FixedClock(new Date(NOW * 1000));

    before(async () => {
      database = await backend.create();
      sources = [await openDatabase(createDataSource(database.url)), await openDatabase(createDataSource(database.url))];
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it("revokeClient: the client's not-before is its own kind beside a subject of the same name, raised never lowered, kept until keepUntil", async () => {
      const [writer, reader] = sources.map((source) => new TypeOrmRevocationStore(source, clock));
      await writer.revokeSubject('webapp', NOW - 50, NOW + 100);
      await writer.revokeClient('webapp', NOW + 1, NOW + 3_601);
      await writer.revokeClient('webapp', NOW - 10, NOW + 10);
      const current = await reader.current(NOW);
      expect(current.clients).to.deep.equal([{ clientId: 'webapp', notBefore: NOW + 1 }]);
      expect(current.subjects).to.deep.equal([{ subject: 'webapp', notBefore: NOW - 50 }]);
      // The lock-out check of code exchange and refresh reads the subject's own not-before, never the client's of the same name.
      expect(await reader.subjectNotBefore('webapp')).to.equal(NOW - 50);
      expect(await reader.subjectNotBefore('nobody')).to.equal(null);
      // And a pending interaction page reads the client's own, never the subject's of the same name.
      expect(await reader.clientNotBefore('webapp')).to.equal(NOW + 1);
      expect(await reader.clientNotBefore('nobody')).to.equal(null);
      const changes = await reader.changedSince(NOW * 1000, NOW);
      expect(changes.entries.clients).to.deep.equal([{ clientId: 'webapp', notBefore: NOW + 1 }]);
      expect(changes.latestChangeMs).to.equal(NOW * 1000);
      expect(await reader.purge(NOW + 3_602)).to.equal(2);
      expect((await reader.current(NOW)).clients).to.deep.equal([]);
    });

    it('RefreshTokenStore.deleteOfClient: every family of the client and its tokens are gone, other clients keep theirs', async () => {
      const [writer, other] = sources.map((source) => new TypeOrmRefreshTokenStore(source, REFRESH_COUNTS));
      await writer.startFamily(family('f-web-1', 'webapp'), 'web-1', access('a-web-1'));
      await writer.startFamily(family('f-web-2', 'webapp'), 'web-2', access('a-web-2'));
      expect(await writer.rotate('f-web-2', 'web-2', 'web-2b', access('a-web-2b'), NOW + 1, [])).to.equal(true);
      await writer.startFamily(family('f-spa', 'spa'), 'spa-1', access('a-spa'));
      await writer.startFamily(family('f-none', null), 'none-1', access('a-none'));

      expect(await other.deleteOfClient('webapp')).to.equal(2);
      for (const token of ['web-1', 'web-2', 'web-2b']) expect(await writer.find(token), token).to.equal(null);
      expect(await writer.rotate('f-web-2', 'web-2b', 'web-2c', access('a-web-2c'), NOW + 2, []), 'a rotation after the delete').to.equal(false);
      expect(await writer.find('web-2c')).to.equal(null);
      expect(await writer.familyOfAccessToken('a-web-1')).to.equal(null);
      expect(await writer.find('spa-1')).to.deep.include({ current: true });
      expect(await writer.find('none-1')).to.deep.include({ current: true });
      expect(await other.deleteOfClient('webapp')).to.equal(0);
    });

    it('AuthorizationCodeStore.deleteOfClient: pending and used codes of the client are gone, other clients keep theirs', async () => {
      const [writer, other] = sources.map((source) => new TypeOrmAuthorizationCodeStore(source));
      await writer.save('code-pending', grant('webapp', 'f-1'));
      await writer.save('code-used', grant('webapp', 'f-2'));
      await writer.consume('code-used', NOW);
      await writer.save('code-spa', grant('spa', 'f-3'));

      expect(await other.deleteOfClient('webapp')).to.equal(2);
      expect(await writer.consume('code-pending', NOW + 1)).to.equal(null);
      expect(await writer.consume('code-used', NOW + 1)).to.equal(null);
      expect(await writer.consume('code-spa', NOW + 1)).to.deep.include({ firstUse: true });
    });

    it('AuthorizationCodeStore.find reads a code on the other instance without using it; a code without a challenge keeps none', async () => {
      const [writer, other] = sources.map((source) => new TypeOrmAuthorizationCodeStore(source));
      await writer.save('code-read', grant('webapp', 'f-read'));
      const { codeChallenge: _none, ...withoutChallenge } = grant('webapp', 'f-plain');
      await writer.save('code-plain', withoutChallenge);
      expect(await other.find('code-read')).to.deep.equal(grant('webapp', 'f-read'));
      expect(await other.find('code-plain')).to.deep.equal(withoutChallenge);
      expect(await other.find('code-never')).to.equal(null);
      expect(await writer.consume('code-read', NOW), 'find used nothing').to.deep.include({ firstUse: true });
      expect(await other.find('code-read'), 'a used code is still found').to.deep.equal(grant('webapp', 'f-read'));
    });

    it("OAuthClientStore.replaceSecret: the old secret fails at once on the other instance, the new one verifies; public or unknown ids are refused", async () => {
      const [writer, other] = sources.map((source) => new TypeOrmOAuthClientStore(source));
      await writer.add(registeredClient({ id: 'rotating', kind: 'confidential', redirectUris: ['https://r.example.com/cb'] }), 'old-secret');
      await writer.add(registeredClient({ id: 'public-app', kind: 'public', redirectUris: ['https://p.example.com/cb'] }), null);

      expect(await writer.replaceSecret('rotating', 'new-secret')).to.equal(true);
      expect(await other.findConfidential('rotating', 'old-secret')).to.equal(null);
      expect(await other.findConfidential('rotating', 'new-secret')).to.deep.equal(await other.find('rotating'));
      expect(await writer.replaceSecret('public-app', 'a-secret')).to.equal(false);
      expect(await other.findConfidential('public-app', 'a-secret')).to.equal(null);
      expect(await writer.replaceSecret('nobody', 'a-secret')).to.equal(false);
    });

    it('OAuthClientStore keeps grants, scopes and resources exactly as written; update replaces the lists on the other instance at once, never the kind or the secret', async () => {
      const [writer, other] = sources.map((source) => new TypeOrmOAuthClientStore(source));
      const batch = registeredClient({
        id: 'batch',
        kind: 'confidential',
        redirectUris: [],
        grants: ['client_credentials', 'password'],
        scopes: ['orders:read', 'a!#$%&\'()*+,-./:;<=>?@[]^_`{|}~'],
        resources: ['https://orders.example', 'urn:example:billing', 'https://Orders.Example/x?y=%2F'],
      });
      await writer.add(batch, 'batch-secret');
      expect(await other.find('batch')).to.deep.equal(batch);
      expect((await other.list()).find((client) => client.id === 'batch')).to.deep.equal(batch);

      const changed = { ...batch, kind: 'public' as const, redirectUris: ['https://b.example/cb'], grants: ['authorization_code' as const], scopes: [], resources: ['urn:x:y'] };
      expect(await writer.update(changed)).to.equal(true);
      expect(await other.find('batch')).to.deep.equal({ ...changed, kind: 'confidential' });
      expect(await other.findConfidential('batch', 'batch-secret'), 'the registration read with the digest').to.deep.equal({ ...changed, kind: 'confidential' });
      expect(await other.findConfidential('batch', 'batch-secreT')).to.equal(null);
      expect(await writer.update({ ...changed, id: 'nobody' })).to.equal(false);
      expect(await other.find('nobody')).to.equal(null);
    });
  });
}
