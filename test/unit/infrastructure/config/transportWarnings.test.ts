import { expect } from 'chai';
import { transportWarnings } from '../../../../src/infrastructure/config/transportWarnings';

const messages = (issuer: string, production: boolean, trustProxy: false | number | string[] = false) =>
  transportWarnings({ issuer, production, trustProxy }).map(([fields, message]) => {
    expect(fields).to.deep.equal({ issuer });
    return message;
  });

describe('transportWarnings (start-up warnings about how the service is reached)', () => {
  it('warns under NODE_ENV=production about a plain http issuer on a host that is not loopback', () => {
    for (const issuer of ['http://auth.example.com/auth', 'http://10.0.0.5:8001/auth', 'http://[::ffff:7f00:1]/auth', 'http://localhost.example/auth']) {
      const [message, ...rest] = messages(issuer, true);
      expect(rest, issuer).to.deep.equal([]);
      expect(message, issuer).to.match(/^the issuer is plain http on a host that is not loopback under NODE_ENV=production: .*https \(AUTH_ISSUER\)/);
    }
  });

  it('says nothing about http on loopback (localhost, 127.0.0.0/8 in any IPv4 spelling, ::1) or outside production', () => {
    for (const issuer of ['http://localhost:8001/auth', 'http://LOCALHOST/auth', 'http://127.0.0.1/auth', 'http://127.200.3.4:9/auth', 'http://127.1/auth', 'http://[::1]:8001/auth']) {
      expect(messages(issuer, true), issuer).to.deep.equal([]);
    }
    expect(messages('http://auth.example.com/auth', false)).to.deep.equal([]);
  });

  it('warns about an https issuer without AUTH_TRUST_PROXY (every client at the proxy address), in and outside production', () => {
    for (const production of [true, false]) {
      const [message, ...rest] = messages('https://auth.example.com/auth', production);
      expect(rest).to.deep.equal([]);
      expect(message).to.match(/^the issuer is https but AUTH_TRUST_PROXY is not set: .*proxy address.*set AUTH_TRUST_PROXY/);
    }
  });

  it('says nothing about an https issuer once AUTH_TRUST_PROXY trusts hops or addresses', () => {
    expect(messages('https://auth.example.com/auth', true, 1)).to.deep.equal([]);
    expect(messages('https://auth.example.com/auth', true, ['loopback'])).to.deep.equal([]);
  });

  it('says nothing about an issuer that is not a URL (the configuration refuses those)', () => {
    expect(messages('not a url', true)).to.deep.equal([]);
  });
});
