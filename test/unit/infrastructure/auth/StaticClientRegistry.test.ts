import { expect } from 'chai';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';

describe('StaticClientRegistry', () => {
  const registry = new StaticClientRegistry([
    { appId: 'orders', appSecret: 's3cret' },
    { appId: 'billing', appSecret: 'a:b:c' },
    { appId: 'reports', appSecret: 's3cret' },
  ]);

  it('is empty only without clients', () => {
    expect(new StaticClientRegistry([]).isEmpty()).to.equal(true);
    expect(registry.isEmpty()).to.equal(false);
  });

  it('accepts exactly the registered pairs', () => {
    expect(registry.verify('orders', 's3cret')).to.equal(true);
    expect(registry.verify('billing', 'a:b:c')).to.equal(true);
    expect(registry.verify('reports', 's3cret')).to.equal(true);
  });

  it('refuses a pair mixed from two clients, a wrong secret or an unknown id', () => {
    expect(registry.verify('orders', 'a:b:c')).to.equal(false);
    expect(registry.verify('billing', 's3cret')).to.equal(false);
    expect(registry.verify('orders', 'wrong')).to.equal(false);
    expect(registry.verify('nobody', 's3cret')).to.equal(false);
  });

  it('refuses near misses: prefixes, suffixes, case and whitespace', () => {
    for (const secret of ['s3cre', 's3crett', 'S3CRET', ' s3cret', 's3cret ', '', 's3cret\0']) {
      expect(registry.verify('orders', secret), JSON.stringify(secret)).to.equal(false);
    }
    expect(registry.verify('Orders', 's3cret')).to.equal(false);
    expect(registry.verify('orders ', 's3cret')).to.equal(false);
  });

  it('keeps colons inside a secret: only the whole secret matches', () => {
    expect(registry.verify('billing', 'a')).to.equal(false);
    expect(registry.verify('billing', 'a:b')).to.equal(false);
    expect(registry.verify('billing:a', 'b:c')).to.equal(false);
  });

  it('compares inputs of any length without throwing (no length-mismatch shortcut)', () => {
    expect(registry.verify('orders', 'x'.repeat(10_000))).to.equal(false);
    expect(registry.verify('x'.repeat(10_000), 's3cret')).to.equal(false);
    expect(registry.verify('订单', '秘密')).to.equal(false);
  });

  it('verifies nothing when empty', () => {
    expect(new StaticClientRegistry([]).verify('orders', 's3cret')).to.equal(false);
  });
});
