import { expect } from 'chai';
import type { RevocationEntries } from '@auth-service/client';
import { RevokeUserTokens } from '../../../../src/application/revocation/RevokeUserTokens';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

/** 0.75 s into the second: the not-before is the next whole second, not now + 1 s. */
const NOW = '2026-01-01T00:00:00.750Z';
const NOW_SECONDS = Math.floor(Date.parse(NOW) / 1000);
const POLICY = { maxTokenLifetimeSeconds: 3600, clockToleranceSeconds: 30 };

describe('RevokeUserTokens', () => {
  let store: InMemoryRevocationStore;
  let observed: Array<[string, RevocationEntries]>;
  let revoke: RevokeUserTokens;

  beforeEach(() => {
    store = new InMemoryRevocationStore();
    observed = [];
    revoke = new RevokeUserTokens(store, new FixedClock(NOW), POLICY, (kind, added) => observed.push([kind, added]));
  });

  it('writes the subject with the next whole second as not-before, kept for the longest token lifetime after it, then purges', async () => {
    await revoke.execute({ subject: 'u1' });

    expect(store.calls).to.deep.equal([
      ['revokeSubject', 'u1', NOW_SECONDS + 1, NOW_SECONDS + 1 + 3600],
      ['purge', NOW_SECONDS],
    ]);
  });

  it('tells the observer of exactly the subject entry it wrote', async () => {
    await revoke.execute({ subject: 'u1' });

    expect(observed).to.deep.equal([['subject', { subjects: [{ subject: 'u1', notBefore: NOW_SECONDS + 1 }], tokens: [] }]]);
  });

  it('clears out entries that cover no valid token any more, keeping those that still may', async () => {
    await store.revokeSubject('gone', NOW_SECONDS - 5000, NOW_SECONDS - 1);
    await store.revokeToken('j-gone', NOW_SECONDS - 100, NOW_SECONDS - 1);
    await store.revokeToken('j-kept', NOW_SECONDS - 10, NOW_SECONDS);

    await revoke.execute({ subject: 'u1' });

    expect([...store.subjects.keys()]).to.deep.equal(['u1']);
    expect([...store.tokens.keys()]).to.deep.equal(['j-kept']);
  });

  it('needs no observer', async () => {
    await new RevokeUserTokens(store, new FixedClock(NOW), POLICY).execute({ subject: 'u2' });

    expect(store.subjects.get('u2')).to.deep.equal({ notBefore: NOW_SECONDS + 1, keepUntil: NOW_SECONDS + 3601 });
  });
});
