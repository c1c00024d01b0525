import { expect } from 'chai';
import { createHash } from 'node:crypto';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import { confidentialMatch, secretDigest } from '../../../../src/infrastructure/persistence/clientSecretMatch';

describe('clientSecretMatch', () => {
  const client = (kind: OAuthClient['kind']) => ({ id: 'app', kind }) as OAuthClient;

  it('a secret is kept as its SHA-256 over UTF-8', () => {
    expect(secretDigest('sécret').toString('hex')).to.equal(createHash('sha256').update(Buffer.from('sécret', 'utf8')).digest('hex'));
  });

  it('answers the confidential client whose digest the secret matches, null for another secret', () => {
    const record = { client: client('confidential'), secretDigest: secretDigest('s1') };
    expect(confidentialMatch(record, 's1')).to.equal(record.client);
    expect(confidentialMatch(record, 's2')).to.equal(null);
  });

  it('answers null for no record, a record without a secret, and a public client even with a digest', () => {
    expect(confidentialMatch(null, 's1')).to.equal(null);
    expect(confidentialMatch({ client: client('confidential'), secretDigest: null }, 's1')).to.equal(null);
    expect(confidentialMatch({ client: client('public'), secretDigest: secretDigest('s1') }, 's1')).to.equal(null);
  });
});
