import { expect } from 'chai';
import { PublicKeyProvider } from '../../../src/application/PublicKeyProvider';
import { RevocationFeedProvider } from '../../../src/application/RevocationFeedProvider';
import { ALGORITHMS_BY_METHOD, KeyFetchError, RevocationStaleError, bearerToken, type RevocationFeedAnswer, type RevocationFeedSource, type VerificationKey } from '../../../src/index';
import { CooldownGate } from '../../../src/application/CooldownGate';
import { NodeVerificationKeyReader } from '../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../src/infrastructure/crypto/ParsedKeyCache';
import { VerificationKeyFetcher } from '../../../src/application/VerificationKeyFetcher';
import { VerificationKeySet } from '../../../src/application/VerificationKeySet';
import { FakeKeyListSource, FakeKeySetSource } from '../../support/FakeKeySources';
import { FakePublicKeySource } from '../../support/FakePublicKeySource';
import { FixedClock } from '../../support/FixedClock';
import { ManualScheduler } from '../../support/ManualScheduler';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey } from '../../support/testKeys';

const key = (kid: string, material = `material-${kid}`): VerificationKey => ({ kid, method: 'rsa', algorithms: ['RS256'], material });

describe('bearerToken: the scheme, the blank after it, and the blanks around the header', () => {
  it('reads a header with blanks around it, and the shortest header that holds a token', () => {
    expect(bearerToken('  Bearer abc  ')).to.equal('abc');
    expect(bearerToken('Bearer a')).to.equal('a');
  });

  it('answers null for a scheme alone, a scheme glued to the token, or another scheme as long as Bearer', () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearerabc', 'Bearer_x abc', 'Basics abcdef', 'Token  abcdef']) {
      expect(bearerToken(header), header).to.equal(null);
    }
  });
});

describe('CooldownGate: the first action runs whatever the clock says', () => {
  it('runs at once on a clock at the epoch, and turns the next caller away within the cooldown', async () => {
    const gate = new CooldownGate(new FixedClock('1970-01-01T00:00:00Z'), 30_000);
    let runs = 0;
    expect(await gate.pass(async () => runs++)).to.equal(true);
    expect(await gate.pass(async () => runs++)).to.equal(false);
    expect(runs).to.equal(1);
  });
});

describe('PublicKeyProvider: what it logs and reports at the edges', () => {
  const rsa = signingKey('rsa');
  const ec = signingKey('ec');
  let seed: FakePublicKeySource;
  let logger: RecordingLogger;
  let clock: FixedClock;

  const provider = (keySets?: FakeKeySetSource) =>
    new PublicKeyProvider(seed, new NodeVerificationKeyReader(new ParsedKeyCache()), new ManualScheduler(), clock, logger, { method: 'rsa', algorithms: ALGORITHMS_BY_METHOD.rsa }, keySets);

  beforeEach(() => {
    seed = new FakePublicKeySource();
    seed.answer(true, rsa.publicKey);
    logger = new RecordingLogger();
    clock = new FixedClock('2026-01-01T00:00:00Z');
  });

  it('reports nothing stale before the first fetch', () => {
    expect(provider().state()).to.include({ hasKey: false, stale: false, kid: null, source: null });
  });

  it('takes the same key in another text form (PEM for DER) without logging a key change', async () => {
    const keys = provider();
    await keys.start();
    const pem = rsa.publicKeyObject.export({ format: 'pem', type: 'spki' }).toString();
    seed.answer(true, pem);
    expect(await keys.refresh()).to.deep.equal({ outcome: 'replaced', kid: rsa.kid });
    expect(keys.keyFor(rsa.kid)?.material).to.equal(pem);
    expect(logger.at('info').map((line) => line.message)).to.deep.equal(['verification key updated']);
  });

  it('logs an unchanged refresh at debug level only', async () => {
    const keys = provider();
    await keys.start();
    logger.lines.splice(0);
    expect((await keys.refresh()).outcome).to.equal('unchanged');
    expect(logger.lines).to.deep.equal([{ level: 'debug', fields: { kid: rsa.kid, outcome: 'unchanged' }, message: 'verification key refreshed' }]);
  });

  it('with a key held, logs a key of the wrong type as a failed refresh (its tokens still verify), not as a refusal of every token', async () => {
    const keys = provider();
    await keys.start();
    seed.answer(true, ec.publicKey);
    expect((await keys.refresh()).outcome).to.equal('rejected');
    const errors = logger.at('error');
    expect(errors).to.have.length(1);
    expect(errors[0].message).to.equal('verification key refresh failed; keeping the current key');
    expect(errors[0].fields).to.deep.equal({ error: keys.state().lastError, kid: rsa.kid });
    expect(keys.keyRefused()).to.equal(null);
  });

  it('a start after keys were fetched keeps them and logs a failed fetch as a refresh failure', async () => {
    const keys = provider();
    await keys.refresh();
    seed.fail(new KeyFetchError('down'));
    expect(await keys.start()).to.deep.equal({ outcome: 'failed', kid: rsa.kid });
    expect(logger.at('error').map((line) => line.message)).to.deep.equal(['verification key refresh failed; keeping the current key']);
  });

  it('a set with one published key replaced by the seed endpoint’s same key becomes the seed’s one key', async () => {
    const keySets = new FakeKeySetSource({ published: true, keys: [{ ...rsa.publicKeyObject.export({ format: 'jwk' }), kid: rsa.kid }] });
    const keys = provider(keySets);
    await keys.start();
    expect(keys.state().source).to.equal('jwks');
    keySets.response = { published: false };
    await keys.refresh();
    expect(keys.state()).to.include({ source: 'key', kid: rsa.kid });
  });
});

describe('VerificationKeyFetcher: an unchanged key list is not read again', () => {
  it('reads the list once while it stays the same, and again once the keys held came from elsewhere', async () => {
    const secret = Buffer.alloc(32, 7).toString('base64');
    let reads = 0;
    const reader = new NodeVerificationKeyReader(new ParsedKeyCache());
    const keyLists = new FakeKeyListSource({ served: true, success: true, keys: [{ kid: 'h1', alg: 'HS256', key: secret }] });
    const seed = new FakePublicKeySource();
    seed.answer(true, secret);
    const fetcher = new VerificationKeyFetcher(
      { seed, keyLists },
      { read: (...args) => (reads++, reader.read(...args)), readJwk: reader.readJwk.bind(reader) },
      'hmac',
      ['HS256'],
    );
    const first = (await fetcher.fetch(VerificationKeySet.EMPTY)) as VerificationKeySet;
    expect(await fetcher.fetch(first)).to.equal(first);
    expect(reads).to.equal(1);
    const other = VerificationKeySet.EMPTY.withSeedKey(reader.read(secret, 'hmac', ['HS256']));
    const again = (await fetcher.fetch(other)) as VerificationKeySet;
    expect(again.origin).to.equal('list');
    expect(reads).to.equal(2);
  });
});

describe('VerificationKeySet: origin and removed keys count as changes', () => {
  it('a lone published key later listed, or given by the seed endpoint, is a new set of that origin', () => {
    const a = key('a');
    const jwks = VerificationKeySet.EMPTY.withSet([a]);
    const listed = jwks.withSet([{ ...a }], 'list');
    expect(listed).to.not.equal(jwks);
    expect(listed.origin).to.equal('list');
    const seeded = jwks.withSeedKey({ ...a });
    expect(seeded).to.not.equal(jwks);
    expect(seeded.origin).to.equal('key');
  });

  it('a key no longer published is gone', () => {
    const set = VerificationKeySet.EMPTY.withSet([key('a'), key('b'), key('c')]);
    const fewer = set.withSet([key('a'), key('b')]);
    expect(fewer).to.not.equal(set);
    expect(fewer.kids()).to.deep.equal(['a', 'b']);
    expect(fewer.keyFor('c')).to.equal(undefined);
  });
});

/** A feed answering the queued answers in order, recording the cursor of every ask. */
class QueuedFeed implements RevocationFeedSource {
  readonly cursors: Array<number | null | undefined> = [];
  constructor(readonly answers: Array<RevocationFeedAnswer | Error>) {}

  async fetch(_etag: string | null, cursor?: number | null): Promise<RevocationFeedAnswer> {
    this.cursors.push(cursor);
    const next = this.answers.shift() ?? { kind: 'unchanged' };
    if (next instanceof Error) throw next;
    return next;
  }
}

describe('RevocationFeedProvider: full lists, messages and logs', () => {
  const entries = (jti: string) => ({ subjects: [], tokens: [{ jti, expiresAt: 9_999_999_999 }] });
  let clock: FixedClock;
  let logger: RecordingLogger;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    logger = new RecordingLogger();
  });

  it('asks for the full list an hour after the last full one, however many changes came since', async () => {
    const feed = new QueuedFeed([
      { kind: 'entries', entries: entries('a'), etag: null, cursor: 1, full: true },
      { kind: 'entries', entries: entries('b'), etag: null, cursor: 2, full: false },
      { kind: 'entries', entries: entries('c'), etag: null, cursor: 3, full: false },
    ]);
    const provider = new RevocationFeedProvider(feed, clock, logger, { maxStaleSeconds: 7200 });
    await provider.refresh();
    clock.advanceSeconds(1800);
    await provider.refresh();
    clock.advanceSeconds(1799);
    await provider.refresh();
    clock.advanceSeconds(1);
    await provider.refresh();
    expect(feed.cursors).to.deep.equal([null, 1, 2, null]);
  });

  it('asks for the full list when the last answer named no cursor, or no full list was ever received', async () => {
    const noCursor = new QueuedFeed([{ kind: 'entries', entries: entries('a'), etag: null, cursor: null, full: true }]);
    const first = new RevocationFeedProvider(noCursor, clock, logger, { maxStaleSeconds: 600 });
    await first.refresh();
    await first.refresh();
    expect(noCursor.cursors).to.deep.equal([null, null]);

    const changesFirst = new QueuedFeed([{ kind: 'entries', entries: entries('a'), etag: null, cursor: 4, full: false }]);
    const second = new RevocationFeedProvider(changesFirst, clock, logger, { maxStaleSeconds: 600 });
    await second.refresh();
    await second.refresh();
    expect(changesFirst.cursors).to.deep.equal([null, null]);
  });

  it('says why it refuses: credentials refused, or too long without an answer', async () => {
    const refused = new RevocationFeedProvider(new QueuedFeed([{ kind: 'refused', status: 403 }]), clock, logger, { maxStaleSeconds: 600, appId: 'orders' });
    await refused.refresh();
    expect(() => refused.revocations()).to.throw(RevocationStaleError, "the revocation feed refused this client's credentials");
    expect(refused.state().lastError).to.equal("the auth service refused this client's credentials (HTTP 403)");
    expect(logger.at('error')).to.deep.equal([
      {
        level: 'error',
        fields: { appId: 'orders', status: 403 },
        message: "the revocation feed refused this client's appId/appSecret: tokens are refused (503) until the credentials are fixed",
      },
    ]);
    const silent = new RevocationFeedProvider(new QueuedFeed([]), clock, logger, { maxStaleSeconds: 60 });
    clock.advanceSeconds(61);
    expect(() => silent.revocations()).to.throw(RevocationStaleError, 'the revocation feed has not answered for too long');
  });

  it('logs each answer at debug level, a failure as a warning, and the return of accepted credentials at info level', async () => {
    const feed = new QueuedFeed([
      { kind: 'entries', entries: { subjects: [{ subject: 's', notBefore: 1 }], tokens: [] }, etag: null },
      new KeyFetchError('the revocation feed is unreachable'),
      { kind: 'refused', status: 401 },
      { kind: 'unchanged' },
    ]);
    const provider = new RevocationFeedProvider(feed, clock, logger, { maxStaleSeconds: 600, appId: 'orders' });
    await provider.refresh();
    expect(logger.lines).to.deep.equal([{ level: 'debug', fields: { outcome: 'replaced', subjects: 1, tokens: 0 }, message: 'revocation feed refreshed' }]);
    logger.lines.splice(0);
    await provider.refresh();
    expect(logger.lines).to.deep.equal([
      { level: 'warn', fields: { error: 'the revocation feed is unreachable' }, message: 'revocation feed refresh failed; keeping the last known revocations' },
    ]);
    await provider.refresh();
    logger.lines.splice(0);
    await provider.refresh();
    expect(logger.lines).to.deep.equal([
      { level: 'info', fields: { appId: 'orders' }, message: "revocation feed accepts this client's credentials again" },
      { level: 'debug', fields: { outcome: 'unchanged', subjects: 1, tokens: 0 }, message: 'revocation feed refreshed' },
    ]);
    await provider.refresh();
    expect(logger.at('info')).to.have.length(1);
  });
});
