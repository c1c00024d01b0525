import { expect } from 'chai';
import type { Request } from 'express';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { clientServiceCredentials } from '../../../../src/interfaces/http/clientServiceCredentials';

const requestWith = (query: Record<string, unknown>, authorization?: string) =>
  ({ query, headers: authorization === undefined ? {} : { authorization } }) as unknown as Request;
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

function refusal(req: Request): InvalidRequestError {
  try {
    clientServiceCredentials(req);
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return error as InvalidRequestError;
  }
  return expect.fail('expected an InvalidRequestError');
}

describe('clientServiceCredentials (key, key list and revocation feed)', () => {
  it('reads Basic with the token endpoint decoder: form-decoded id and secret, the secret may hold colons', () => {
    expect(clientServiceCredentials(requestWith({}, basic('svc%2Da:s+e%3Acret:x')))).to.deep.equal({ appId: 'svc-a', appSecret: 's e:cret:x' });
  });

  it('still reads appId and appSecret from the query when no Basic is sent (older clients), and ignores other schemes', () => {
    expect(clientServiceCredentials(requestWith({ appId: 'svc', appSecret: 's' }))).to.deep.equal({ appId: 'svc', appSecret: 's' });
    expect(clientServiceCredentials(requestWith({ appId: 'svc', appSecret: 's' }, 'Bearer a.b.c'))).to.deep.equal({ appId: 'svc', appSecret: 's' });
  });

  it('accepts a query appId equal to the Basic one, refuses a different one or a query secret beside Basic', () => {
    expect(clientServiceCredentials(requestWith({ appId: 'svc' }, basic('svc:s')))).to.deep.equal({ appId: 'svc', appSecret: 's' });
    expect(refusal(requestWith({ appId: 'other' }, basic('svc:s'))).message).to.equal('appId differs from the Basic credentials');
    expect(refusal(requestWith({ appSecret: 's' }, basic('svc:s'))).message).to.equal('use one client authentication method: Basic or the query');
  });

  it('refuses missing, empty, repeated, over-long and non-printable values, in Basic as in the query', () => {
    const required = 'appId and appSecret are required';
    for (const query of [{}, { appId: 'svc' }, { appId: '', appSecret: 's' }, { appId: ['a', 'b'], appSecret: 's' }, { appId: 'svc', appSecret: 'x'.repeat(257) }, { appId: 'svc\u0000', appSecret: 's' }, { appId: 'svc', appSecret: 's\u200b' }]) {
      expect(refusal(requestWith(query)).message, JSON.stringify(query)).to.equal(required);
    }
    expect(clientServiceCredentials(requestWith({ appId: 'svc', appSecret: 'x'.repeat(256) })).appSecret).to.have.length(256);
    for (const pair of ['no-colon', ':secret', 'svc:', `svc:${'x'.repeat(257)}`, 'svc:%00']) {
      expect(refusal(requestWith({}, basic(pair))).message, pair).to.equal(required);
    }
    expect(refusal(requestWith({}, `Basic ${'A'.repeat(8 * 256 * 4 + 1)}`)).message).to.equal('appId or appSecret too long');
  });
});
