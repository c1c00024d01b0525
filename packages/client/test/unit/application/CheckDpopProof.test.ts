import { expect } from 'chai';
import { CheckDpopProof } from '../../../src/application/CheckDpopProof';
import { DpopProofInvalidError } from '../../../src/index';
import type { DpopRequest } from '../../../src/domain/model/DpopProof';
import { FakeDpopProofReader } from '../../support/FakeDpopProofReader';
import { FixedClock } from '../../support/FixedClock';
import { RecordingReplayCache } from '../../support/RecordingReplayCache';
import { errorOf } from '../../support/refusals';

const NOW = Date.parse('2026-01-01T00:00:00Z') / 1000;
const URL_ORDERS = 'https://api.example/orders';
const CLAIMS = { htm: 'GET', htu: URL_ORDERS, iat: NOW - 5, jti: 'j1', ath: 'ath:tok' };

describe('CheckDpopProof: the proof a DPoP-bound token is accepted with', () => {
  let reader: FakeDpopProofReader;
  let replays: RecordingReplayCache;
  let check: CheckDpopProof;
  const request = (dpop: DpopRequest['dpop'], method = 'GET'): DpopRequest => ({ method, url: URL_ORDERS, dpop });

  beforeEach(() => {
    reader = new FakeDpopProofReader({
      good: { jkt: 'K', claims: CLAIMS },
      other: { jkt: 'K', claims: { ...CLAIMS, jti: 'j2', htm: 'POST' } },
    });
    replays = new RecordingReplayCache();
    check = new CheckDpopProof(reader, replays, new FixedClock(new Date(NOW * 1000 + 999)));
  });

  it('accepts a proof that keeps every rule, and remembers its jti under the key until iat + 60 s', () => {
    check.execute({ jkt: 'K', token: 'tok', request: request('good') });
    expect(reader.read_).to.deep.equal(['good']);
    expect(replays.calls).to.deep.equal([{ key: 'K j1', expiresAt: NOW - 5 + 60, now: NOW }]);
  });

  it('refuses the same proof the second time', () => {
    check.execute({ jkt: 'K', token: 'tok', request: request('good') });
    const error = errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: request('good') }));
    expect(error).to.be.instanceOf(DpopProofInvalidError).and.to.have.property('message', 'the proof was used before (jti)');
  });

  it('refuses without a request, without a proof, or with several', () => {
    expect(errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: undefined }))).to.have.property('message', 'no request to check a DPoP proof against');
    expect(errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: request(undefined) }))).to.have.property('message', 'the request has no DPoP proof');
    expect(errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: request(['good', 'good']) }))).to.have.property('message', 'the request has more than one DPoP proof');
    expect(reader.read_).to.deep.equal([]);
  });

  it('refuses a proof that breaks a rule, before it takes a place in the replay cache', () => {
    const error = errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: request('other') }));
    expect(error).to.be.instanceOf(DpopProofInvalidError).and.to.have.property('message', 'the proof is for another method (htm)');
    expect(errorOf(() => check.execute({ jkt: 'K', token: 'other-token', request: request('good') }))).to.have.property('message', 'the proof is for another access token (ath)');
    expect(errorOf(() => check.execute({ jkt: 'L', token: 'tok', request: request('good') }))).to.have.property('message', 'the proof is signed with another key than the token is bound to');
    expect(replays.calls).to.deep.equal([]);
  });

  it('passes on the reader’s refusal', () => {
    expect(errorOf(() => check.execute({ jkt: 'K', token: 'tok', request: request('forged') }))).to.have.property('message', 'unknown proof');
  });
});
