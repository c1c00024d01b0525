import { expect } from 'chai';
import { auditChanges, auditedFields, REDACTED } from '../../../src/domain/model/auditChanges';

describe('auditChanges', () => {
  it('keeps only the fields whose values differ, before and after, comparing arrays and objects by value', () => {
    const before = { name: 'App', scopes: ['a', 'b'], redirectUris: ['https://x/cb'], firstParty: false, meta: { a: 1 } };
    const after = { name: 'App 2', scopes: ['a', 'b'], redirectUris: ['https://y/cb'], firstParty: false, meta: { a: 1 } };
    expect(auditChanges(before, after)).to.deep.equal({
      before: { name: 'App', redirectUris: ['https://x/cb'] },
      after: { name: 'App 2', redirectUris: ['https://y/cb'] },
    });
  });

  it('counts a field on one side only, shown as null on the other', () => {
    expect(auditChanges({ logoUri: 'https://l' }, { tosUri: 'https://t' })).to.deep.equal({
      before: { logoUri: 'https://l', tosUri: null },
      after: { logoUri: null, tosUri: 'https://t' },
    });
  });

  it('redacts secrets, passwords, hashes, tokens and private keys, and says nothing changed when nothing did', () => {
    const changes = auditChanges(
      { clientSecret: 's1', password: 'p1', passwordHash: 'h1', refreshToken: 't1', privateKey: 'k1' },
      { clientSecret: 's2', password: 'p2', passwordHash: 'h2', refreshToken: 't2', privateKey: 'k2' },
    );
    for (const side of [changes.before, changes.after]) {
      expect(Object.values(side)).to.deep.equal([REDACTED, REDACTED, REDACTED, REDACTED, REDACTED]);
    }
    expect(auditChanges({ a: 1 }, { a: 1 })).to.deep.equal({ before: {}, after: {} });
  });
});

describe('auditedFields', () => {
  it('keeps every defined field, secrets redacted', () => {
    expect(auditedFields({ id: 'web', secret: 'x', name: undefined, scopes: [] })).to.deep.equal({ id: 'web', secret: '[redacted]', scopes: [] });
    expect(REDACTED).to.equal('[redacted]');
  });
});
