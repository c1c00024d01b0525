import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { TypeOrmPushedRequestStore } from '../../src/infrastructure/persistence/TypeOrmPushedRequestStore';
import { TypeOrmUsedAssertionStore } from '../../src/infrastructure/persistence/TypeOrmUsedAssertionStore';
import { STORE_BACKENDS } from '../support/storeBackends';
import { twoDataSourcesOn } from '../support/twoDataSources';

const NOW = 1_800_000_000;
const request = (requestUri: string, clientId = 'web', expiresAt = NOW + 60) => ({ requestUri, clientId, parameters: { response_type: 'code', resources: ['https://a.example'] }, expiresAt });

for (const backend of STORE_BACKENDS) {
  describe(`The used client assertions and pushed requests on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    const opened = twoDataSourcesOn(backend);
    let sources: DataSource[];
    before(() => {
      sources = opened();
    });

    it('a jti is used once across instances, per client, and again only once its first use has expired', async () => {
      const [one, other] = sources.map((source) => new TypeOrmUsedAssertionStore(source));
      const raced = await Promise.all([one.useOnce('svc', 'j-1', NOW + 60, NOW), other.useOnce('svc', 'j-1', NOW + 60, NOW)]);
      expect(raced.sort()).to.deep.equal([false, true]);
      expect(await one.useOnce('other', 'j-1', NOW + 60, NOW)).to.equal(true);
      expect(await other.useOnce('svc', 'j-1', NOW + 120, NOW + 59)).to.equal(false);
      expect(await other.useOnce('svc', 'j-1', NOW + 120, NOW + 60)).to.equal(true);
    });

    it('a pushed request is taken once across instances, by its own client only, with its parameters; expired ones are purged', async () => {
      const [one, other] = sources.map((source) => new TypeOrmPushedRequestStore(source));
      await one.add(request('urn:ietf:params:oauth:request_uri:a'));
      expect(await other.take('urn:ietf:params:oauth:request_uri:a', 'spa')).to.equal(null);
      const raced = await Promise.all([one.take('urn:ietf:params:oauth:request_uri:a', 'web'), other.take('urn:ietf:params:oauth:request_uri:a', 'web')]);
      expect(raced.filter((taken) => taken !== null)).to.deep.equal([request('urn:ietf:params:oauth:request_uri:a')]);
      await one.add(request('urn:ietf:params:oauth:request_uri:b', 'web', NOW));
      await one.add(request('urn:ietf:params:oauth:request_uri:c', 'web', NOW + 1));
      expect(await other.purge(NOW)).to.equal(1);
      expect(await other.take('urn:ietf:params:oauth:request_uri:b', 'web')).to.equal(null);
      expect(await other.take('urn:ietf:params:oauth:request_uri:c', 'web')).to.deep.include({ clientId: 'web', expiresAt: NOW + 1 });
    });
  });
}
