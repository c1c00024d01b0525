import { expect } from 'chai';
import { PublicKeyProvider } from '../../../src/application/PublicKeyProvider';
import { KeyFetchError } from '../../../src/index';
import { ALGORITHMS_BY_METHOD } from '../../../src/index';
import { NodeVerificationKeyReader } from '../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../src/infrastructure/crypto/ParsedKeyCache';
import { FakePublicKeySource } from '../../support/FakePublicKeySource';
import { FixedClock } from '../../support/FixedClock';
import { ManualScheduler } from '../../support/ManualScheduler';
import { RecordingLogger } from '../../support/RecordingLogger';
import { signingKey } from '../../support/testKeys';

describe('PublicKeyProvider', () => {
  const keyA = signingKey('rsa');
  const keyB = signingKey('rsa');
  const ecKey = signingKey('ec');

  let source: FakePublicKeySource;
  let scheduler: ManualScheduler;
  let clock: FixedClock;
  let logger: RecordingLogger;
  let reads: number;
  let provider: PublicKeyProvider;

  beforeEach(() => {
    source = new FakePublicKeySource();
    scheduler = new ManualScheduler();
    clock = new FixedClock('2026-01-01T00:00:00Z');
    logger = new RecordingLogger();
    reads = 0;
    const reader = new NodeVerificationKeyReader(new ParsedKeyCache());
    const countingReader = {
      read: (...args: Parameters<NodeVerificationKeyReader['read']>) => {
        reads++;
        return reader.read(...args);
      },
      readJwk: (...args: Parameters<NodeVerificationKeyReader['readJwk']>) => {
        reads++;
        return reader.readJwk(...args);
      },
    };
    provider = new PublicKeyProvider(source, countingReader, scheduler, clock, logger, {
      method: 'rsa',
      algorithms: ALGORITHMS_BY_METHOD.rsa,
    });
  });

  describe('at startup', () => {
    it('keeps the key of a success answer and starts the schedule', async () => {
      source.answer(true, keyA.publicKey);
      const result = await provider.start();

      expect(result).to.deep.equal({ outcome: 'replaced', kid: keyA.kid });
      expect(provider.hasAnyKey()).to.equal(true);
      expect(provider.keyFor(undefined)?.material).to.equal(keyA.publicKey);
      expect(scheduler.running).to.equal(true);
      const state = provider.state();
      expect(state).to.include({ hasKey: true, kid: keyA.kid, method: 'rsa', lastOutcome: 'replaced', lastError: null, lastErrorAt: null });
      expect(state.lastSuccessAt?.toISOString()).to.equal('2026-01-01T00:00:00.000Z');
      expect(logger.at('error')).to.have.length(0);
    });

    it('comes up without a key when the fetch fails, logging one error line that promises a retry', async () => {
      source.fail(new KeyFetchError('the key endpoint is unreachable (ECONNREFUSED)'));
      const result = await provider.start();

      expect(result).to.deep.equal({ outcome: 'failed', kid: null });
      expect(provider.hasAnyKey()).to.equal(false);
      expect(provider.keyFor(undefined)).to.equal(undefined);
      expect(scheduler.running).to.equal(true);
      const errors = logger.at('error');
      expect(errors).to.have.length(1);
      expect(errors[0].message).to.equal('no verification key at startup; a retry follows at the next scheduled refresh');
      expect(errors[0].fields).to.deep.equal({ error: 'the key endpoint is unreachable (ECONNREFUSED)', nextRefreshAt: '2026-01-01T00:01:00.000Z' });
      expect(provider.state()).to.include({ hasKey: false, lastOutcome: 'failed', lastError: 'the key endpoint is unreachable (ECONNREFUSED)' });
      expect(provider.state().lastErrorAt?.toISOString()).to.equal('2026-01-01T00:00:00.000Z');
    });

    it('gets the key at the next scheduled refresh after a failed start', async () => {
      source.fail(new KeyFetchError('down'));
      await provider.start();
      source.answer(true, keyA.publicKey);
      clock.advanceSeconds(60);

      await scheduler.tick();

      expect(provider.state()).to.include({ hasKey: true, kid: keyA.kid, lastOutcome: 'replaced' });
      expect(provider.state().lastSuccessAt?.toISOString()).to.equal('2026-01-01T00:01:00.000Z');
    });
  });

  describe('on refresh', () => {
    beforeEach(async () => {
      source.answer(true, keyA.publicKey);
      await provider.start();
    });

    it('keeps the current key, unchanged, when the endpoint answers success false', async () => {
      const before = provider.keyFor(undefined);
      source.answer(false, null);

      expect(await provider.refresh()).to.deep.equal({ outcome: 'refused', kid: keyA.kid });
      expect(provider.keyFor(undefined)).to.equal(before);
      expect(provider.state().lastError).to.equal(null);
      expect(logger.at('error')).to.have.length(0);
    });

    it('keeps the current key and logs when the fetch fails', async () => {
      const before = provider.keyFor(undefined);
      source.fail(new KeyFetchError('the key endpoint answered HTTP 500'));

      expect(await provider.refresh()).to.deep.equal({ outcome: 'failed', kid: keyA.kid });
      expect(provider.keyFor(undefined)).to.equal(before);
      expect(provider.state()).to.include({ lastError: 'the key endpoint answered HTTP 500', lastOutcome: 'failed' });
      expect(logger.at('error').map((line) => line.message)).to.deep.equal(['verification key refresh failed; keeping the current key']);
    });

    it('replaces the key with a new one, as a new object', async () => {
      const before = provider.keyFor(undefined);
      source.answer(true, keyB.publicKey);

      expect(await provider.refresh()).to.deep.equal({ outcome: 'replaced', kid: keyB.kid });
      expect(provider.keyFor(undefined)).to.not.equal(before);
      expect(provider.keyFor(keyB.kid)?.material).to.equal(keyB.publicKey);
      expect(provider.keyFor(keyA.kid)).to.equal(undefined);
      expect(logger.at('info').map((line) => line.fields)).to.deep.include({ kid: keyB.kid, previousKid: keyA.kid });
    });

    it('keeps the same key object and does not import the text again when the key is unchanged', async () => {
      const before = provider.keyFor(undefined);
      expect(await provider.refresh()).to.deep.equal({ outcome: 'unchanged', kid: keyA.kid });
      expect(provider.keyFor(undefined)).to.equal(before);
      expect(reads).to.equal(1);
    });

    it('refuses key text that cannot verify rsa tokens and keeps the current key', async () => {
      const before = provider.keyFor(undefined);
      for (const bad of ['not base64 at all!', ecKey.publicKey, keyA.privateKey]) {
        source.answer(true, bad);
        expect((await provider.refresh()).outcome).to.equal('rejected');
        expect(provider.keyFor(undefined)).to.equal(before);
      }
      expect(provider.state().lastOutcome).to.equal('rejected');
      expect(provider.state().lastError).to.be.a('string').and.not.include(keyA.privateKey);
    });

    it('treats success without a key as a failed fetch', async () => {
      source.answer(true, '');
      expect((await provider.refresh()).outcome).to.equal('failed');
      expect(provider.state().kid).to.equal(keyA.kid);
    });

    it('runs one fetch at a time: callers during a fetch share it', async () => {
      const release = source.hold();
      const calls = source.calls;
      const first = provider.refresh();
      const second = provider.refresh();
      const scheduled = scheduler.tick();

      expect(second).to.equal(first);
      release({ success: true, data: keyB.publicKey });
      expect(await first).to.deep.equal({ outcome: 'replaced', kid: keyB.kid });
      await scheduled;
      expect(source.calls - calls).to.equal(1);

      await provider.refresh();
      expect(source.calls - calls).to.equal(2);
    });

    it('stops the schedule on stop()', async () => {
      await provider.stop();
      expect(scheduler.running).to.equal(false);
      expect(provider.state().nextRefreshAt).to.equal(null);
    });
  });

  it('finds the key only for its own kid or a token without kid', async () => {
    source.answer(true, keyA.publicKey);
    await provider.refresh();
    expect(provider.keyFor(keyA.kid)?.kid).to.equal(keyA.kid);
    expect(provider.keyFor(undefined)?.kid).to.equal(keyA.kid);
    expect(provider.keyFor('someone-else')).to.equal(undefined);
  });
});
