import { expect } from 'chai';
import { RevocationList } from '../../src/index';

/** A token issued to client `webapp` (a user's, through the code flow) at iat 100. */
const WEBAPP_TOKEN = { sub: '7', iat: 100, jti: 'u-1', client_id: 'webapp' };

describe('RevocationList: client-wide not-before (a client removed from the auth service)', () => {
  it("refuses a token issued to the client before its not-before, and no token issued at or after it", () => {
    const list = new RevocationList({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] });
    expect(list.refuses(WEBAPP_TOKEN)).to.equal(true);
    expect(list.refuses({ ...WEBAPP_TOKEN, iat: 101 })).to.equal(false);
    expect(list.refuses({ ...WEBAPP_TOKEN, iat: 102 })).to.equal(false);
  });

  it("is its own kind: a user whose sub equals the client id keeps its tokens, and another client's tokens pass", () => {
    const list = new RevocationList({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] });
    expect(list.refuses({ sub: 'webapp', iat: 100, jti: 'u-2' })).to.equal(false);
    expect(list.refuses({ ...WEBAPP_TOKEN, client_id: 'other' })).to.equal(false);
    // A subject entry named like the client does not reach the client's tokens of other users either.
    const subjectOnly = new RevocationList({ subjects: [{ subject: 'webapp', notBefore: 101 }], tokens: [] });
    expect(subjectOnly.refuses(WEBAPP_TOKEN)).to.equal(false);
  });

  it('refuses a token of the client that shows no numeric iat (it cannot prove it is newer)', () => {
    const list = new RevocationList({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] });
    expect(list.refuses({ sub: '7', jti: 'u-3', client_id: 'webapp' } as never)).to.equal(true);
    expect(list.refuses({ sub: '7', jti: 'u-3', iat: '100', client_id: 'webapp' } as never)).to.equal(true);
  });

  it('refuses no token, with or without iat, that no entry names', () => {
    const list = new RevocationList({ subjects: [{ subject: '7', notBefore: 101 }], tokens: [{ jti: 'j', expiresAt: 900 }], clients: [{ clientId: 'webapp', notBefore: 101 }] });
    expect(list.refuses({ sub: '8', jti: 'u-5', client_id: 'spa' } as never)).to.equal(false);
    expect(list.refuses({ sub: '8', jti: 'u-5' } as never)).to.equal(false);
    expect(list.refuses({ sub: '8', iat: 1, jti: 'j' })).to.equal(true);
    expect(list.refuses({ sub: '8', iat: 1, jti: 1 } as never)).to.equal(false);
  });

  it('ignores a client_id or sub that is not a string', () => {
    const list = new RevocationList({ subjects: [{ subject: '7', notBefore: 101 }], tokens: [], clients: [{ clientId: '1', notBefore: 101 }] });
    expect(list.refuses({ sub: '8', iat: 100, jti: 'u-4', client_id: 1 } as never)).to.equal(false);
    expect(list.refuses({ sub: 7, iat: 100, jti: 'u-4' } as never)).to.equal(false);
  });

  it('accepts entries without clients (a feed from a service before client removal) and lists none', () => {
    const list = new RevocationList({ subjects: [{ subject: '7', notBefore: 101 }], tokens: [] });
    expect(list.refuses(WEBAPP_TOKEN)).to.equal(true);
    expect(list.clientCount).to.equal(0);
    expect(list.entries.clients).to.deep.equal([]);
    expect(list.with({ subjects: [], tokens: [] })).to.equal(list);
  });

  it('keeps the latest not-before per client, lists it, and counts it in the size', () => {
    const list = new RevocationList({
      subjects: [{ subject: '7', notBefore: 50 }],
      tokens: [{ jti: 'x', expiresAt: 900 }],
      clients: [
        { clientId: 'webapp', notBefore: 120 },
        { clientId: 'webapp', notBefore: 101 },
        { clientId: 'spa', notBefore: 90 },
      ],
    });
    expect(list.entries.clients).to.deep.equal([
      { clientId: 'webapp', notBefore: 120 },
      { clientId: 'spa', notBefore: 90 },
    ]);
    expect(list.clientCount).to.equal(2);
    expect(list.size).to.equal(4);
    expect(list.refuses({ ...WEBAPP_TOKEN, iat: 110 })).to.equal(true);
  });

  it('merges a later not-before as new and an older or equal one as nothing new', () => {
    const list = new RevocationList({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] });
    expect(list.with({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 101 }] })).to.equal(list);
    expect(list.with({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 90 }] })).to.equal(list);
    const later = list.with({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 130 }] });
    expect(later).not.to.equal(list);
    expect(later.refuses({ ...WEBAPP_TOKEN, iat: 120 })).to.equal(true);
    expect(list.refuses({ ...WEBAPP_TOKEN, iat: 120 })).to.equal(false);
    const another = list.with({ subjects: [], tokens: [], clients: [{ clientId: 'webapp', notBefore: 90 }, { clientId: 'spa', notBefore: 1 }] });
    expect(another, 'one new client among known ones is something new').not.to.equal(list);
    expect(another.entries.clients).to.deep.equal([
      { clientId: 'webapp', notBefore: 101 },
      { clientId: 'spa', notBefore: 1 },
    ]);
  });
});
