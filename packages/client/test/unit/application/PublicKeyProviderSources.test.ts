import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { ALGORITHMS_BY_METHOD, KeyFetchError, type RefreshOutcome, type SignMethod } from '../../../src/index';
import { PublicKeyProvider } from '../../../src/application/PublicKeyProvider';
import { NodeVerificationKeyReader } from '../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../src/infrastructure/crypto/ParsedKeyCache';
import { type PublicKeyProviderOptions } from '../../../src/application/PublicKeyProvider';
import { FakeIssuerSource, FakeKeyListSource, FakeKeySetSource } from '../../support/FakeKeySources';
import { FakePublicKeySource } from '../../support/FakePublicKeySource';
import { FixedClock } from '../../support/FixedClock';
import { ManualScheduler } from '../../support/ManualScheduler';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey } from '../../support/testKeys';

describe('PublicKeyProvider: key sets, issuer, staleness, unknown kids and what it logs', () => {
  const rsa = signingKey('rsa');
  const rsa2 = signingKey('rsa');
  const ec = signingKey('ec');
  const jwkOf = (pair: typeof rsa) => ({ ...pair.publicKeyObject.export({ format: 'jwk' }), kid: pair.kid, alg: pair.alg });
  let seed: FakePublicKeySource;
  let keySets: FakeKeySetSource;
  let keyLists: FakeKeyListSource;
  let issuers: FakeIssuerSource | undefined;
  let scheduler: ManualScheduler;
  let clock: FixedClock;
  let logger: RecordingLogger;
  let outcomes: RefreshOutcome[];

  const provider = (options: Partial<PublicKeyProviderOptions> & { method?: SignMethod } = {}) => {
    const method = options.method ?? 'rsa';
    return new PublicKeyProvider(
      seed,
      new NodeVerificationKeyReader(new ParsedKeyCache()),
      scheduler,
      clock,
      logger,
      { method, algorithms: ALGORITHMS_BY_METHOD[method], onRefresh: (outcome) => outcomes.push(outcome), ...options },
      keySets,
      { issuers, keyLists },
    );
  };

  beforeEach(() => {
    seed = new FakePublicKeySource();
    seed.answer(true, rsa.publicKey);
    keySets = new FakeKeySetSource();
    keyLists = new FakeKeyListSource();
    issuers = undefined;
    scheduler = new ManualScheduler();
    clock = new FixedClock('2026-01-01T00:00:00Z');
    logger = new RecordingLogger();
    outcomes = [];
  });

  it('holds a published set: every kid, no key for tokens without kid, source jwks; logs the kids once', async () => {
    keySets.response = { published: true, keys: [jwkOf(rsa), jwkOf(rsa2)] };
    const keys = provider();
    expect(await keys.start()).to.deep.equal({ outcome: 'replaced', kid: null });
    expect(keys.state()).to.include({ hasKey: true, kid: null, source: 'jwks', stale: false, keyRefused: null });
    expect(keys.state().kids).to.deep.equal([rsa.kid, rsa2.kid]);
    expect(keys.keyFor(rsa2.kid)?.material).to.be.a('string');
    expect(logger.at('info')).to.deep.equal([
      { level: 'info', fields: { kids: [rsa.kid, rsa2.kid], previousKids: [] }, message: 'verification key set updated' },
    ]);
    expect(await keys.refresh()).to.deep.equal({ outcome: 'unchanged', kid: null });
    expect(logger.at('info')).to.have.length(1);
    expect(outcomes).to.deep.equal(['replaced', 'unchanged']);
  });

  it('reports the algorithms of the primary key, or the configured ones without one', async () => {
    const keys = provider();
    expect(keys.state().algorithms).to.deep.equal(ALGORITHMS_BY_METHOD.rsa);
    expect(keys.state()).to.include({ kid: null, source: null, method: 'rsa', lastOutcome: null, lastSuccessAt: null, lastAttemptAt: null });
    await keys.start();
    expect(keys.state().algorithms).to.deep.equal(ALGORITHMS_BY_METHOD.rsa);
    const psOnly = provider({ algorithms: ['PS256'] });
    await psOnly.start();
    expect(psOnly.state().algorithms).to.deep.equal(['PS256']);
  });

  it('logs a seed key change with the previous kid, and nothing when the same kid comes back', async () => {
    const keys = provider();
    await keys.start();
    expect(logger.at('info').map((line) => line.fields)).to.deep.equal([{ kid: rsa.kid, previousKid: null }]);
    seed.answer(true, rsa2.publicKey);
    await keys.refresh();
    expect(logger.at('info').map((line) => line.fields)).to.deep.equal([
      { kid: rsa.kid, previousKid: null },
      { kid: rsa2.kid, previousKid: rsa.kid },
    ]);
    expect(logger.at('debug').map((line) => line.fields)).to.deep.equal([
      { kid: rsa.kid, outcome: 'replaced' },
      { kid: rsa2.kid, outcome: 'replaced' },
    ]);
  });

  describe('the issuer', () => {
    it('learns it from the discovery document with the first good keys, once', async () => {
      issuers = new FakeIssuerSource('https://auth.example');
      const keys = provider();
      expect(keys.expectedIssuer()).to.equal(null);
      await keys.start();
      expect(keys.expectedIssuer()).to.equal('https://auth.example');
      expect(keys.state().issuer).to.equal('https://auth.example');
      expect(logger.at('info').map((line) => line.message)).to.include('issuer learned from the auth service');
      expect(logger.at('info').find((line) => line.message === 'issuer learned from the auth service')?.fields).to.deep.equal({ issuer: 'https://auth.example' });
      await keys.refresh();
      expect(issuers.calls).to.equal(1);
    });

    it('keeps a configured issuer and never asks', async () => {
      issuers = new FakeIssuerSource('https://other.example');
      const keys = provider({ issuer: 'https://configured.example' });
      await keys.start();
      expect(keys.expectedIssuer()).to.equal('https://configured.example');
      expect(issuers.calls).to.equal(0);
    });

    it('does not ask before there are good keys', async () => {
      issuers = new FakeIssuerSource('https://auth.example');
      seed.fail(new KeyFetchError('down'));
      const keys = provider();
      await keys.start();
      expect(issuers.calls).to.equal(0);
      expect(keys.expectedIssuer()).to.equal(null);
    });

    it('warns and retries with the next refresh when the issuer cannot be learned; the keys still count as good', async () => {
      issuers = new FakeIssuerSource(null);
      const keys = provider();
      expect(await keys.start()).to.deep.equal({ outcome: 'replaced', kid: rsa.kid });
      const message = 'the auth service publishes no issuer (/.well-known/openid-configuration); set AUTH_ISSUER';
      expect(logger.at('warn')).to.deep.equal([
        { level: 'warn', fields: { error: message }, message: 'the issuer is not known yet; tokens are refused until it is' },
      ]);
      expect(keys.state()).to.include({ hasKey: true, lastError: message, issuer: null });
      issuers.answer = new KeyFetchError('unreachable');
      await keys.refresh();
      expect(keys.state().lastError).to.equal('unreachable');
      issuers.answer = 'https://auth.example';
      await keys.refresh();
      expect(keys.expectedIssuer()).to.equal('https://auth.example');
      expect(issuers.calls).to.equal(3);
    });
  });

  describe('staleness', () => {
    it('uses the keys for maxStaleSeconds after the last good answer, then holds none (DOWN, stale)', async () => {
      const keys = provider({ maxStaleSeconds: 600 });
      await keys.start();
      seed.fail(new KeyFetchError('down'));
      clock.advanceSeconds(600);
      await keys.refresh();
      expect(keys.hasAnyKey()).to.equal(true);
      expect(keys.state().stale).to.equal(false);
      clock.advanceSeconds(1);
      expect(keys.hasAnyKey()).to.equal(false);
      expect(keys.keyFor(rsa.kid)).to.equal(undefined);
      expect(keys.keyFor(undefined)).to.equal(undefined);
      expect(keys.state()).to.include({ hasKey: false, stale: true, kid: rsa.kid });
      seed.answer(true, rsa.publicKey);
      expect((await keys.refresh()).outcome).to.equal('unchanged');
      expect(keys.hasAnyKey()).to.equal(true);
    });

    it('defaults to a day', async () => {
      const keys = provider();
      await keys.start();
      clock.advanceSeconds(86_400);
      expect(keys.hasAnyKey()).to.equal(true);
      clock.advanceSeconds(1);
      expect(keys.hasAnyKey()).to.equal(false);
    });
  });

  describe('tokens with an unknown kid', () => {
    it('refetch at most once per cooldown, shared by every caller, and say whether the kid is known now', async () => {
      const keys = provider({ unknownKidCooldownSeconds: 10 });
      await keys.start();
      const calls = seed.calls;
      expect(await keys.refreshForUnknownKid(rsa.kid)).to.equal(true);
      expect(seed.calls).to.equal(calls);
      seed.answer(true, rsa2.publicKey);
      const [first, second] = await Promise.all([keys.refreshForUnknownKid(rsa2.kid), keys.refreshForUnknownKid('random')]);
      expect([first, second]).to.deep.equal([true, false]);
      expect(seed.calls).to.equal(calls + 1);
      expect(await keys.refreshForUnknownKid('random-2')).to.equal(false);
      expect(seed.calls).to.equal(calls + 1);
      clock.advanceSeconds(9);
      expect(await keys.refreshForUnknownKid('random-3')).to.equal(false);
      expect(seed.calls).to.equal(calls + 1);
      clock.advanceSeconds(1);
      await keys.refreshForUnknownKid('random-4');
      expect(seed.calls).to.equal(calls + 2);
      expect(keys.state().unknownKidRefetches).to.equal(2);
    });

    it('default to one refetch per 30 seconds', async () => {
      const keys = provider();
      await keys.start();
      await keys.refreshForUnknownKid('a');
      clock.advanceSeconds(29);
      await keys.refreshForUnknownKid('b');
      expect(keys.state().unknownKidRefetches).to.equal(1);
      clock.advanceSeconds(1);
      await keys.refreshForUnknownKid('c');
      expect(keys.state().unknownKidRefetches).to.equal(2);
    });
  });

  describe('a key that does not fit the sign method', () => {
    it('is refused with its reason while no key is held, logged once per reason at error level', async () => {
      seed.answer(true, ec.publicKey);
      const keys = provider();
      expect(await keys.start()).to.deep.equal({ outcome: 'rejected', kid: null });
      const refusal = keys.keyRefused();
      expect(refusal).to.be.a('string').and.match(/cannot verify rsa tokens/);
      expect(keys.state().keyRefused).to.equal(refusal);
      await keys.refresh();
      const errors = logger.at('error');
      expect(errors).to.deep.equal([
        {
          level: 'error',
          fields: { error: refusal, method: 'rsa' },
          message: 'the auth service key does not fit this client sign method; every token is refused until it does',
        },
      ]);
      seed.answer(true, rsa.publicKey);
      await keys.refresh();
      expect(keys.keyRefused()).to.equal(null);
      seed.answer(true, ec.publicKey);
      await keys.refresh();
      expect(keys.keyRefused(), 'a good key is held').to.equal(null);
      expect(outcomes).to.deep.equal(['rejected', 'rejected', 'replaced', 'rejected']);
    });

    it('logs again when the reason changes', async () => {
      seed.answer(true, ec.publicKey);
      const keys = provider();
      await keys.start();
      seed.answer(true, randomBytes(32).toString('base64'));
      await keys.refresh();
      expect(logger.at('error')).to.have.length(2);
    });

    it('is not a refusal when the fetch failed for another reason', async () => {
      seed.fail(new KeyFetchError('down'));
      const keys = provider();
      await keys.start();
      expect(keys.keyRefused()).to.equal(null);
    });
  });

  describe('what a failed refresh logs', () => {
    it('warns (not errors) when the endpoint answers success false with a key held', async () => {
      const keys = provider();
      await keys.start();
      seed.answer(false, null);
      await keys.refresh();
      expect(logger.at('warn')).to.deep.equal([
        { level: 'warn', fields: { kid: rsa.kid }, message: 'the key endpoint answered success false; keeping the current key' },
      ]);
    });

    it('at startup without a key says success false was the answer, and when the next try comes', async () => {
      seed.answer(false, null);
      const keys = provider();
      scheduler = new ManualScheduler();
      await keys.start();
      expect(logger.at('error')).to.deep.equal([
        {
          level: 'error',
          fields: { error: 'the key endpoint answered success false', nextRefreshAt: '2026-01-01T00:01:00.000Z' },
          message: 'no verification key at startup; a retry follows at the next scheduled refresh',
        },
      ]);
    });

    it('at startup without a schedule says no next refresh', async () => {
      seed.fail(new Error('boom'));
      const never = { start: () => undefined, stop: async () => undefined, nextRunAt: () => null };
      const keys = new PublicKeyProvider(seed, new NodeVerificationKeyReader(new ParsedKeyCache()), never, clock, logger, { method: 'rsa', algorithms: ['RS256'] });
      await keys.start();
      expect(logger.at('error')[0].fields).to.deep.equal({ error: 'boom', nextRefreshAt: null });
    });

    it('a refresh (not the start) without any key held logs the failure as a refresh failure', async () => {
      seed.fail(new KeyFetchError('down'));
      const keys = provider();
      await keys.refresh();
      expect(logger.at('error')).to.deep.equal([
        { level: 'error', fields: { error: 'down', kid: null }, message: 'verification key refresh failed; keeping the current key' },
      ]);
    });

    it('records a thrown non-Error as text', async () => {
      const keys = new PublicKeyProvider(
        { fetch: () => Promise.reject('plain text') },
        new NodeVerificationKeyReader(new ParsedKeyCache()),
        scheduler,
        clock,
        logger,
        { method: 'rsa', algorithms: ['RS256'] },
      );
      await keys.refresh();
      expect(keys.state().lastError).to.equal('plain text');
    });
  });

  it('start() waits for what the schedule starts beside the first fetch', async () => {
    let alongsideDone = false;
    const alongside = {
      start: () => new Promise<void>((resolve) => setTimeout(() => ((alongsideDone = true), resolve()), 5)),
      stop: async () => undefined,
      nextRunAt: () => null,
    };
    const keys = new PublicKeyProvider(seed, new NodeVerificationKeyReader(new ParsedKeyCache()), alongside, clock, logger, { method: 'rsa', algorithms: ['RS256'] });
    await keys.start();
    expect(alongsideDone).to.equal(true);
  });

  it('follows the hmac key list', async () => {
    const secret = randomBytes(32).toString('base64');
    keyLists.response = { served: true, success: true, keys: [{ kid: 'h1', alg: 'HS256', key: secret }] };
    const keys = provider({ method: 'hmac' });
    await keys.start();
    expect(keys.state()).to.include({ source: 'list', kid: 'h1', method: 'hmac' });
  });
});
