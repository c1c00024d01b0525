import { expect } from 'chai';
import { KeyFetchError, RevocationStaleError, TokenRevokedError } from '../../../src/index';
import type { RevocationEntries } from '../../../src/index';
import type { RevocationFeedAnswer, RevocationFeedSource } from '../../../src/index';
import { RevocationCheckingVerifier } from '../../../src/application/RevocationCheckingVerifier';
import { RevocationFeedProvider, type FeedOutcome } from '../../../src/application/RevocationFeedProvider';
import { AlongsideScheduler } from '../../../src/application/AlongsideScheduler';
import { FixedClock } from '../../support/FixedClock';
import { ManualScheduler } from '../../support/ManualScheduler';
import { RecordingLogger } from '../../support/RecordingLogger';
import { StubTokenVerifier } from '../../support/StubTokenVerifier';
import { stubClaims } from '../../support/testKeys';

/** A feed that answers what the test queues; with nothing queued it hangs until release(). */
class ScriptedFeed implements RevocationFeedSource {
  readonly etagsSent: Array<string | null> = [];
  readonly cursorsSent: Array<number | null | undefined> = [];
  answers: Array<RevocationFeedAnswer | Error> = [];
  private release: (() => void) | null = null;

  async fetch(etag: string | null, cursor?: number | null): Promise<RevocationFeedAnswer> {
    this.etagsSent.push(etag);
    this.cursorsSent.push(cursor);
    if (this.answers.length === 0) await new Promise<void>((resolve) => (this.release = resolve));
    const next = this.answers.shift() ?? { kind: 'unchanged' };
    if (next instanceof Error) throw next;
    return next;
  }

  answerHanging(answer: RevocationFeedAnswer): void {
    this.answers.push(answer);
    this.release?.();
  }
}

const ENTRIES: RevocationEntries = { subjects: [{ subject: 'u1', notBefore: 1000 }], tokens: [{ jti: 'j-out', expiresAt: 5000 }] };

describe('RevocationFeedProvider and RevocationCheckingVerifier', () => {
  let clock: FixedClock;
  let feed: ScriptedFeed;
  let outcomes: FeedOutcome[];
  let provider: RevocationFeedProvider;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    feed = new ScriptedFeed();
    outcomes = [];
    provider = new RevocationFeedProvider(feed, clock, new RecordingLogger(), { maxStaleSeconds: 600, onFetch: (outcome) => outcomes.push(outcome) });
  });

  it('refuses revoked tokens, also ones an inner cache would answer, and passes others', async () => {
    feed.answers.push({ kind: 'entries', entries: ENTRIES, etag: 'W/"1"' });
    await provider.refresh();
    const verifier = new RevocationCheckingVerifier(
      new StubTokenVerifier({
        old: stubClaims({ sub: 'u1', iat: 999, jti: 'a' }),
        fresh: stubClaims({ sub: 'u1', iat: 1000, jti: 'b' }),
        out: stubClaims({ sub: 'u2', iat: 2000, jti: 'j-out' }),
        other: stubClaims({ sub: 'u2', iat: 2000, jti: 'c' }),
      }),
      provider,
    );
    expect(() => verifier.verify('old')).to.throw(TokenRevokedError).with.property('code', 'TOKEN_INVALID');
    expect(() => verifier.verify('out')).to.throw(TokenRevokedError);
    expect(verifier.verify('fresh').jti).to.equal('b');
    expect(verifier.verify('other').jti).to.equal('c');
  });

  it('sends the ETag back and keeps the entries on 304', async () => {
    feed.answers.push({ kind: 'entries', entries: ENTRIES, etag: 'W/"1"' }, { kind: 'unchanged' });
    await provider.refresh();
    await provider.refresh();
    expect(feed.etagsSent).to.deep.equal([null, 'W/"1"']);
    expect(outcomes).to.deep.equal(['replaced', 'unchanged']);
    expect(provider.revocations().size).to.equal(2);
  });

  it('shares one fetch between concurrent refreshes', async () => {
    const first = provider.refresh();
    const second = provider.refresh();
    expect(second).to.equal(first);
    feed.answerHanging({ kind: 'entries', entries: ENTRIES, etag: null });
    await Promise.all([first, second]);
    expect(feed.etagsSent).to.have.length(1);
  });

  it('keeps the last known revocations while offline, until the stale bound; then refuses to vouch (503)', async () => {
    feed.answers.push({ kind: 'entries', entries: ENTRIES, etag: null }, new KeyFetchError('the revocation feed is unreachable'));
    await provider.refresh();
    clock.advanceSeconds(600);
    expect(await provider.refresh()).to.equal('failed');
    expect(provider.revocations().size).to.equal(2);
    expect(provider.state()).to.include({ stale: false, ageSeconds: 600, lastOutcome: 'failed', lastError: 'the revocation feed is unreachable' });
    clock.advanceSeconds(1);
    expect(() => provider.revocations()).to.throw(RevocationStaleError).with.property('code', 'REVOCATION_STALE');
    expect(provider.state().stale).to.equal(true);
  });

  it('counts the staleness from the start when no fetch has ever succeeded (no fail-open before the first answer)', async () => {
    feed.answers.push(new KeyFetchError('the revocation feed is unreachable'));
    expect(await provider.refresh()).to.equal('failed');
    clock.advanceSeconds(600);
    expect(provider.revocations().size).to.equal(0);
    clock.advanceSeconds(1);
    expect(() => provider.revocations()).to.throw(RevocationStaleError);
  });

  it('on 401/403 refuses tokens at once (503), logs an error naming the appId but never the secret, and recovers on the next good answer', async () => {
    const logger = new RecordingLogger();
    provider = new RevocationFeedProvider(feed, clock, logger, { maxStaleSeconds: 600, appId: 'svc-a', onFetch: (outcome) => outcomes.push(outcome) });
    feed.answers.push({ kind: 'entries', entries: ENTRIES, etag: null }, { kind: 'refused', status: 401 }, { kind: 'entries', entries: ENTRIES, etag: null });
    await provider.refresh();

    expect(await provider.refresh()).to.equal('refused');

    expect(() => provider.revocations()).to.throw(RevocationStaleError);
    expect(provider.state()).to.include({ credentialsRefused: true, lastOutcome: 'refused' });
    const errors = logger.at('error');
    expect(errors).to.have.length(1);
    expect(errors[0].fields).to.deep.equal({ appId: 'svc-a', status: 401 });
    expect(logger.at('warn')).to.have.length(0);
    await provider.refresh();
    expect(provider.revocations().size).to.equal(2);
    expect(provider.state().credentialsRefused).to.equal(false);
  });

  it('treats a service without the feed (404) as no revocations, never stale', async () => {
    feed.answers.push({ kind: 'absent' });
    await provider.refresh();
    clock.advanceSeconds(100_000);
    expect(provider.revocations().size).to.equal(0);
    expect(provider.state()).to.include({ offered: false, stale: false });
  });

  it('rides the key schedule: fetched at start and on every tick', async () => {
    const scheduler = new ManualScheduler();
    let keyRuns = 0;
    feed.answers.push({ kind: 'unchanged' }, { kind: 'unchanged' });
    new AlongsideScheduler(scheduler, [() => provider.refresh()]).start(async () => keyRuns++);
    expect(feed.etagsSent).to.have.length(1); // the fetch at start
    await provider.refresh(); // joins it
    await scheduler.tick();
    expect(keyRuns).to.equal(1);
    expect(feed.etagsSent).to.have.length(2);
  });

  it('sends the cursor of the last answer, merges changes (full: false), replaces on a full list, and asks for the full list hourly', async () => {
    feed.answers.push(
      { kind: 'entries', entries: ENTRIES, etag: null, cursor: 100, full: true },
      { kind: 'entries', entries: { subjects: [], tokens: [{ jti: 'j-2', expiresAt: 6000 }] }, etag: null, cursor: 200, full: false },
      { kind: 'entries', entries: { subjects: [], tokens: [{ jti: 'j-3', expiresAt: 6000 }] }, etag: null, cursor: 300, full: true },
    );
    await provider.refresh();
    await provider.refresh();
    expect(provider.revocations().size).to.equal(3);
    clock.advanceSeconds(3600);

    await provider.refresh();

    expect(feed.cursorsSent).to.deep.equal([null, 100, null]);
    expect(provider.revocations().refuses({ sub: 'x', iat: 1, jti: 'j-out' })).to.equal(false);
    expect(provider.revocations().refuses({ sub: 'x', iat: 1, jti: 'j-3' })).to.equal(true);
  });
});
