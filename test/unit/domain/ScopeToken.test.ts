import { expect } from 'chai';
import { isScopeToken, MAX_SCOPE_LENGTH } from '../../../src/domain/model/ScopeToken';

describe('isScopeToken (RFC 6749 §3.3 scope-token)', () => {
  it('accepts printable ASCII but space, " and \\, from one character to the length limit', () => {
    for (const scope of ['a', 'openid', 'orders:read', 'https://api.example/orders.write', '!#[]^~', '\x21\x23\x5b\x5d\x7e', 'x'.repeat(MAX_SCOPE_LENGTH)]) {
      expect(isScopeToken(scope), JSON.stringify(scope)).to.equal(true);
    }
  });

  it('refuses empty, over-long, spaces, control characters, DEL, ", \\ and non-ASCII', () => {
    for (const scope of ['', 'x'.repeat(MAX_SCOPE_LENGTH + 1), 'orders read', ' orders', 'orders\t', 'a\nb', '\x00', '\x20', '\x22', '\x5c', '\x7f', 'é', 'ok"', 'ok\\']) {
      expect(isScopeToken(scope), JSON.stringify(scope)).to.equal(false);
    }
  });
});
