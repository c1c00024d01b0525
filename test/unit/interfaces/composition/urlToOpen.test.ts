import { expect } from 'chai';
import { urlToOpen } from '../../../../src/interfaces/composition/urlToOpen';

describe('urlToOpen (the page a listening line names)', () => {
  it('opens a wildcard bind address as localhost', () => {
    expect(urlToOpen({ address: '::', family: 'IPv6', port: 8001 }, 'auth/')).to.equal('http://localhost:8001/auth/');
    expect(urlToOpen({ address: '0.0.0.0', family: 'IPv4', port: 8002 }, 'auth-client-demo/static/index.html')).to.equal(
      'http://localhost:8002/auth-client-demo/static/index.html',
    );
  });

  it('keeps a specific address, an IPv6 one in brackets', () => {
    expect(urlToOpen({ address: '127.0.0.1', family: 'IPv4', port: 9001 }, 'auth/')).to.equal('http://127.0.0.1:9001/auth/');
    expect(urlToOpen({ address: '::1', family: 'IPv6', port: 9001 }, 'auth/')).to.equal('http://[::1]:9001/auth/');
  });
});
