import { expect } from 'chai';
import type { Request, Response } from 'express';
import { OAuthRequestError } from '../../../../src/interfaces/http/standardErrors';
import { clientAuthenticationOf } from '../../../../src/interfaces/http/clientAuthentication';

const requestWith = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as Request;
const response = () => ({ locals: {} as Record<string, unknown> }) as unknown as Response & { locals: Record<string, unknown> };
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

function refusal(run: () => unknown): OAuthRequestError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(OAuthRequestError);
    return error as OAuthRequestError;
  }
  return expect.fail('expected invalid_request');
}

describe('clientAuthenticationOf (the one client-authentication decoder, RFC 6749 §2.3.1)', () => {
  it('form-decodes Basic credentials: `+` is a space, then percent-decoding', () => {
    for (const pair of ['svc-a:secret+a', 'svc%2Da:secret%20a', 'svc-a:secret a']) {
      expect(clientAuthenticationOf(requestWith(basic(pair)), response(), {}, '/oauth/token')).to.deep.equal({
        method: 'client_secret_basic',
        client: { clientId: 'svc-a', clientSecret: 'secret a' },
      });
    }
    // A `+` meant literally must be sent as %2B.
    expect(clientAuthenticationOf(requestWith(basic('svc:a%2Bb')), response(), {}, '/oauth/token').client).to.deep.equal({ clientId: 'svc', clientSecret: 'a+b' });
  });

  it('compares a malformed escape as sent, and reads a header without a colon as empty credentials (both then fail as invalid_client)', () => {
    expect(clientAuthenticationOf(requestWith(basic('svc:100%')), response(), {}, '/oauth/token').client).to.deep.equal({ clientId: 'svc', clientSecret: '100%' });
    expect(clientAuthenticationOf(requestWith(basic('no-colon')), response(), {}, '/oauth/token').client).to.deep.equal({ clientId: '', clientSecret: '' });
  });

  it('marks Basic on the response (so a refusal says WWW-Authenticate: Basic), and only Basic', () => {
    const withBasic = response();
    clientAuthenticationOf(requestWith(basic('svc:s')), withBasic, {}, '/oauth/token');
    expect(Object.values(withBasic.locals)).to.deep.equal([true]);
    const withPost = response();
    expect(clientAuthenticationOf(requestWith(), withPost, { client_id: 'svc', client_secret: 's' }, '/oauth/token')).to.deep.equal({
      method: 'client_secret_post',
      client: { clientId: 'svc', clientSecret: 's' },
    });
    expect(withPost.locals).to.deep.equal({});
  });

  it('is `none` without a secret, and ignores other Authorization schemes', () => {
    expect(clientAuthenticationOf(requestWith('Bearer a.b.c'), response(), { client_id: 'public-app' }, '/oauth/token')).to.deep.equal({ method: 'none', client: null });
  });

  it('refuses two methods at once, a secret without an id, a repeated or differing client_id, over-long or non-printable values', () => {
    expect(refusal(() => clientAuthenticationOf(requestWith(basic('svc:s')), response(), { client_secret: 's' }, '/oauth/token')).error).to.equal('invalid_request');
    refusal(() => clientAuthenticationOf(requestWith(), response(), { client_secret: 's' }, '/oauth/token'));
    refusal(() => clientAuthenticationOf(requestWith(), response(), { client_id: ['a', 'b'], client_secret: 's' }, '/oauth/token'));
    refusal(() => clientAuthenticationOf(requestWith(basic('svc:s')), response(), { client_id: 'other' }, '/oauth/token'));
    expect(clientAuthenticationOf(requestWith(basic('svc:s')), response(), { client_id: 'svc' }, '/oauth/token').client).to.deep.equal({ clientId: 'svc', clientSecret: 's' });
    refusal(() => clientAuthenticationOf(requestWith(), response(), { client_id: 'x'.repeat(257), client_secret: 's' }, '/oauth/token'));
    refusal(() => clientAuthenticationOf(requestWith(basic('svc%00:s')), response(), {}, '/oauth/token'));
    refusal(() => clientAuthenticationOf(requestWith(), response(), { client_id: 'svc\u200b', client_secret: 's' }, '/oauth/token'));
  });

  describe('private_key_jwt (RFC 7523 §2.2)', () => {
    const TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

    it('reads the assertion with the endpoint it was sent to and client_id when given, and marks the answer for a 401 challenge', () => {
      const marked = response();
      expect(clientAuthenticationOf(requestWith(), marked, { client_assertion_type: TYPE, client_assertion: 'a.b.c', client_id: 'svc' }, '/oauth/par')).to.deep.equal({
        method: 'private_key_jwt',
        client: null,
        assertion: { assertion: 'a.b.c', endpointPath: '/oauth/par', clientId: 'svc' },
      });
      expect(Object.values(marked.locals)).to.deep.equal([true]);
      expect(clientAuthenticationOf(requestWith(), response(), { client_assertion_type: TYPE, client_assertion: 'a.b.c' }, '/oauth/token').assertion).to.deep.equal({ assertion: 'a.b.c', endpointPath: '/oauth/token' });
    });

    it('refuses another assertion type, a missing or over-long assertion, a secret beside it, a bad client_id', () => {
      const cases: Array<[string | undefined, Record<string, unknown>, string]> = [
        [undefined, { client_assertion_type: 'urn:other', client_assertion: 'a.b.c' }, `client_assertion_type must be ${TYPE}`],
        [undefined, { client_assertion: 'a.b.c' }, `client_assertion_type must be ${TYPE}`],
        [undefined, { client_assertion_type: TYPE }, 'client_assertion is missing or too long'],
        [undefined, { client_assertion_type: TYPE, client_assertion: 'a'.repeat(8 * 1024 + 1) }, 'client_assertion is missing or too long'],
        [undefined, { client_assertion_type: TYPE, client_assertion: 'a.b.c', client_id: 'svc', client_secret: 's' }, 'use one client authentication method'],
        [basic('svc:s'), { client_assertion_type: TYPE, client_assertion: 'a.b.c' }, 'use one client authentication method'],
        [undefined, { client_assertion_type: TYPE, client_assertion: 'a.b.c', client_id: 'x'.repeat(257) }, 'client_id must be printable text'],
        [undefined, { client_assertion_type: TYPE, client_assertion: 'a.b.c', client_id: 'svc\u200b' }, 'client_id must be printable text'],
      ];
      for (const [authorization, body, description] of cases) {
        expect(refusal(() => clientAuthenticationOf(requestWith(authorization), response(), body, '/oauth/token')).description, description).to.equal(description);
      }
      expect(clientAuthenticationOf(requestWith(), response(), { client_assertion_type: TYPE, client_assertion: 'a'.repeat(8 * 1024) }, '/oauth/token').method).to.equal('private_key_jwt');
    });
  });
});
