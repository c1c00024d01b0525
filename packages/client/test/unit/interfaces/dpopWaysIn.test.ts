import 'reflect-metadata';
import { expect } from 'chai';
import type { NextFunction, Request, Response } from 'express';
import { Container } from 'inversify';
import { GetCurrentUser, presentedToken } from '../../../src/application/GetCurrentUser';
import {
  DpopBindingError,
  DpopProofInvalidError,
  TokenExpiredError,
  TokenInvalidError,
  createVerifier,
  tokenErrorAnswer,
  type TokenClaims,
} from '../../../src/index';
import { dpopRequestOf, type ExpressLikeRequest } from '../../../src/interfaces/express/dpopRequestOf';
import { CLIENT_TYPES, TokenInterceptor, clientModule, dpopProofCheck } from '../../../src/inversify';
import { createTestIssuer } from '../../../src/testing';
import { dpopKey, dpopProof, type DpopKey } from '../../support/dpopProofs';
import { FixedClock } from '../../support/FixedClock';
import { StubTokenVerifier } from '../../support/StubTokenVerifier';
import { stubClaims } from '../../support/testKeys';
import { errorOf, rejection } from '../../support/refusals';

const ALGS = 'algs="ES256 PS256 RS256 EdDSA"';
const URL_ORDERS = 'https://api.example/orders';

describe('DPoP through every way in', () => {
  const issuer = createTestIssuer();
  let key: DpopKey;
  let bound: string;

  before(async () => {
    key = await dpopKey('ES256');
    bound = issuer.sign({ account: 'bo', cnf: { jkt: key.jkt } });
  });

  it('createVerifier: verifyRequest takes a bound token with its proof; verify and verifyToken refuse it, having none', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    const proof = await dpopProof(key, { method: 'DELETE', url: URL_ORDERS, token: bound });
    const token = await verifier.verifyRequest({ authorization: `DPoP ${bound}`, dpop: proof, method: 'DELETE', url: `${URL_ORDERS}?id=3` });
    expect(token.user.account).to.equal('bo');
    expect(await rejection(verifier.verify(`DPoP ${bound}`))).to.be.instanceOf(DpopProofInvalidError).and.to.have.property('message', 'no request to check a DPoP proof against');
    expect(await rejection(verifier.verifyToken(bound))).to.be.instanceOf(DpopBindingError);
    expect((await verifier.verifyRequest({ authorization: `Bearer ${issuer.sign({ account: 'al' })}`, method: 'GET', url: URL_ORDERS })).user.account).to.equal('al');
    await verifier.stop();
  });

  it('clientModule and the TokenInterceptor: the proof of the request is checked', async () => {
    const container = new Container();
    container.load(clientModule({ ...issuer.verifierOptions(), clock: new FixedClock(new Date()) }));
    const interceptor = container.get<TokenInterceptor>(CLIENT_TYPES.TokenInterceptor);
    const run = (headers: Record<string, string>) =>
      new Promise<unknown>((resolve) => {
        const req = { method: 'GET', path: '/orders', originalUrl: '/orders', protocol: 'https', headers: { host: 'api.example', ...headers } } as unknown as Request;
        interceptor.handler(req, { locals: { routeAccess: 'protected' } } as unknown as Response, ((error?: unknown) => resolve(error)) as NextFunction);
      });
    await container.get<{ start(): Promise<unknown> }>(CLIENT_TYPES.PublicKeyProvider).start();
    expect(await run({ authorization: `DPoP ${bound}`, dpop: await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound }) })).to.equal(undefined);
    expect(await run({ authorization: `DPoP ${bound}`, dpop: await dpopProof(key, { method: 'POST', url: URL_ORDERS, token: bound }) })).to.be.instanceOf(DpopProofInvalidError);
  });

  it('GetCurrentUser: without a proof check, every DPoP-bound token is refused; with one, checked', () => {
    const claims: TokenClaims = { ...stubClaims({ iat: 1, exp: 2, jti: 'j' }), cnf: { jkt: 'K' } };
    const verifier = new StubTokenVerifier({ t: claims });
    const error = errorOf(() => new GetCurrentUser(verifier).verifiedToken({ authorization: 'DPoP t' }));
    expect(error).to.be.instanceOf(DpopBindingError).and.to.have.property('message', 'DPoP-bound tokens are not accepted here');
    const seen: unknown[] = [];
    const check = { execute: (input: unknown) => seen.push(input) } as unknown as ReturnType<typeof dpopProofCheck>;
    const request = { method: 'GET', url: URL_ORDERS, dpop: 'p' };
    expect(new GetCurrentUser(verifier, undefined, undefined, check).verifiedToken({ authorization: 'dpop t', request }).claims).to.equal(claims);
    expect(seen).to.deep.equal([{ jkt: 'K', token: 't', request }]);
    expect(errorOf(() => new GetCurrentUser(verifier, undefined, undefined, check).verifiedToken({ authorization: 'Bearer t', request }))).to.be.instanceOf(DpopBindingError);
    expect(seen).to.have.length(1);
  });

  it('reads the Bearer and DPoP schemes, whatever their case, and nothing else', () => {
    expect(presentedToken('DPoP a.b.c')).to.deep.equal({ scheme: 'DPoP', token: 'a.b.c' });
    expect(presentedToken(' dpop\t a.b.c ')).to.deep.equal({ scheme: 'DPoP', token: 'a.b.c' });
    expect(presentedToken('BEARER x')).to.deep.equal({ scheme: 'Bearer', token: 'x' });
    for (const header of [undefined, '', 'DPoP', 'DPoP ', 'DPoPx', 'DPoP:x', 'Basic x', 'Dpo x']) expect(presentedToken(header), String(header)).to.equal(null);
  });

  describe('dpopRequestOf: the request as the service sees it', () => {
    const trustLoopback = (address: unknown) => address === '127.0.0.1';
    const req = (fields: Partial<ExpressLikeRequest>): ExpressLikeRequest => ({
      method: 'PUT',
      protocol: 'https',
      originalUrl: '/api/orders/7?x=1#f',
      headers: { host: 'api.example:8443', dpop: 'p' },
      ...fields,
    });

    it('takes method, DPoP header, scheme, Host and the path without query or fragment', () => {
      const target = dpopRequestOf(req({}));
      expect(target).to.deep.include({ method: 'PUT', dpop: 'p', url: 'https://api.example:8443/api/orders/7' });
      expect(dpopRequestOf(req({ originalUrl: '/a#b?c' })).url).to.equal('https://api.example:8443/a');
      expect(dpopRequestOf(req({ originalUrl: '/a' })).url).to.equal('https://api.example:8443/a');
      expect(dpopRequestOf(req({ headers: {} })).url).to.equal('https:///api/orders/7');
    });

    it('builds the URL only when read', () => {
      let read = 0;
      const target = dpopRequestOf({
        ...req({}),
        get protocol() {
          read++;
          return 'http';
        },
      });
      expect(read).to.equal(0);
      expect(target.url).to.equal('http://api.example:8443/api/orders/7');
      expect(read).to.equal(1);
    });

    it('takes the first X-Forwarded-Host only from a proxy express trusts', () => {
      const headers = { host: 'internal', 'x-forwarded-host': ' shop.example , proxy' };
      const app = { get: (setting: string) => (setting === 'trust proxy fn' ? trustLoopback : undefined) };
      expect(dpopRequestOf(req({ headers, app, socket: { remoteAddress: '127.0.0.1' } })).url).to.equal('https://shop.example/api/orders/7');
      expect(dpopRequestOf(req({ headers, app, socket: { remoteAddress: '10.0.0.9' } })).url).to.equal('https://internal/api/orders/7');
      expect(dpopRequestOf(req({ headers, socket: { remoteAddress: '127.0.0.1' } })).url).to.equal('https://internal/api/orders/7');
      expect(dpopRequestOf(req({ headers, app })).url).to.equal('https://internal/api/orders/7');
      expect(dpopRequestOf(req({ headers, app: { get: () => () => 'yes' }, socket: { remoteAddress: '127.0.0.1' } })).url).to.equal('https://internal/api/orders/7');
      expect(dpopRequestOf(req({ headers: { host: 'internal' }, app, socket: { remoteAddress: '127.0.0.1' } })).url).to.equal('https://internal/api/orders/7');
    });
  });

  describe('tokenErrorAnswer for DPoP (RFC 9449 §7.1)', () => {
    it('answers a bad proof 401 invalid_dpop_proof with its reason and the algorithms accepted', () => {
      expect(tokenErrorAnswer(new DpopProofInvalidError('the proof was used before (jti)'))).to.deep.equal({
        status: 401,
        headers: { 'WWW-Authenticate': `DPoP error="invalid_dpop_proof", error_description="the proof was used before (jti)", ${ALGS}` },
        body: { error: 'invalid_dpop_proof', code: 'DPOP_PROOF_INVALID', message: 'the proof was used before (jti)' },
      });
    });

    it('answers token errors of a DPoP request with the DPoP scheme, and of a Bearer one as before', () => {
      expect(tokenErrorAnswer(new TokenInvalidError('bad'), 'DPoP x')?.headers).to.deep.equal({ 'WWW-Authenticate': `DPoP error="invalid_token", ${ALGS}` });
      expect(tokenErrorAnswer(new TokenExpiredError('old'), 'dpop x')?.headers).to.deep.equal({
        'WWW-Authenticate': `DPoP error="invalid_token", error_description="The access token expired", ${ALGS}`,
      });
      expect(tokenErrorAnswer(new TokenInvalidError('bad'), 'Bearer x')?.headers).to.deep.equal({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      expect(tokenErrorAnswer(new DpopBindingError('why'), 'Bearer x')).to.deep.equal({
        status: 401,
        headers: { 'WWW-Authenticate': `DPoP error="invalid_token", error_description="why", ${ALGS}` },
        body: { error: 'invalid_token', code: 'TOKEN_INVALID', message: 'why' },
      });
    });
  });
});
