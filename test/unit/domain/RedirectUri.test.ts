import { expect } from 'chai';
import { isAcceptableRedirectUri, MAX_REDIRECT_URI_LENGTH } from '../../../src/domain/model/RedirectUri';

/** Pads an https URI with path characters to exactly `length` characters. */
function uriOfLength(length: number): string {
  const base = 'https://app.example/cb/';
  return base + 'a'.repeat(length - base.length);
}

describe('isAcceptableRedirectUri (what a client may register; matched later as exact strings)', () => {
  it('accepts https on any host, with port, path and query', () => {
    for (const uri of ['https://app.example/callback', 'https://app.example:8443/cb?tenant=1', 'HTTPS://APP.EXAMPLE/cb', 'https://203.0.113.7/cb']) {
      expect(isAcceptableRedirectUri(uri), uri).to.equal(true);
    }
  });

  it('accepts plain http only on a loopback host (RFC 8252 §7.3: native and development apps)', () => {
    for (const uri of ['http://localhost/cb', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/callback', 'http://[::1]:49152/cb']) {
      expect(isAcceptableRedirectUri(uri), uri).to.equal(true);
    }
    for (const uri of ['http://app.example/cb', 'http://localhost.attacker.example/cb', 'http://127.0.0.2/cb', 'http://10.0.0.1/cb', 'http://[::2]/cb']) {
      expect(isAcceptableRedirectUri(uri), uri).to.equal(false);
    }
  });

  it('accepts a private-use scheme that is a reversed domain name (RFC 8252 §7.1)', () => {
    for (const uri of ['com.example.app:/callback', 'com.example.app://callback', 'io.x:/cb', 'org.example.my-app+dev:/oauth']) {
      expect(isAcceptableRedirectUri(uri), uri).to.equal(true);
    }
  });

  it('refuses schemes that run code or name no app: javascript:, data:, file:, ftp:, a scheme without a dot', () => {
    for (const uri of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ftp://app.example/cb', 'myapp:/callback', 'ws://localhost/cb']) {
      expect(isAcceptableRedirectUri(uri), uri).to.equal(false);
    }
  });

  it('refuses a fragment (RFC 6749 §3.1.2), even an empty one', () => {
    expect(isAcceptableRedirectUri('https://app.example/cb#token')).to.equal(false);
    expect(isAcceptableRedirectUri('https://app.example/cb#')).to.equal(false);
    expect(isAcceptableRedirectUri('com.example.app:/cb#x')).to.equal(false);
    expect(isAcceptableRedirectUri('http://localhost/cb#')).to.equal(false);
  });

  it('refuses what is not an absolute URI: empty, relative, host-less', () => {
    for (const uri of ['', '/callback', 'app.example/cb', '//app.example/cb', 'https://', 'https://:443/cb']) {
      expect(isAcceptableRedirectUri(uri), JSON.stringify(uri)).to.equal(false);
    }
  });

  it('refuses whitespace and control characters anywhere (the URL parser would silently drop or encode them)', () => {
    for (const uri of ['https://app.example/c b', 'https://app.example/cb\n', ' https://app.example/cb', 'https://app.example/\tcb', 'https://app.example/cb\x01', 'https://app.example/cb\x7f', 'https://app.example/cb\x00']) {
      expect(isAcceptableRedirectUri(uri), JSON.stringify(uri)).to.equal(false);
    }
  });

  it(`accepts up to ${MAX_REDIRECT_URI_LENGTH} characters and refuses one more`, () => {
    expect(MAX_REDIRECT_URI_LENGTH).to.equal(2048);
    expect(isAcceptableRedirectUri(uriOfLength(MAX_REDIRECT_URI_LENGTH))).to.equal(true);
    expect(isAcceptableRedirectUri(uriOfLength(MAX_REDIRECT_URI_LENGTH + 1))).to.equal(false);
  });
});
