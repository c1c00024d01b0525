import { expect } from 'chai';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';

describe('StaticClientRegistry', async () => {
  const registry = new StaticClientRegistry([
    { appId: 'orders', appSecret: 's3cret' },
    { appId: 'billing', appSecret: 'a:b:c' },
    { appId: 'reports', appSecret: 's3cret' },
  ]);

  it('is empty only without clients', async () => {
    expect(await new StaticClientRegistry([]).isEmpty()).to.equal(true);
    expect(await registry.isEmpty()).to.equal(false);
  });

  it('accepts exactly the registered pairs, as configured (nothing stored)', async () => {
    expect(await registry.verify('orders', 's3cret')).to.deep.equal({ registration: null });
    expect(await registry.verify('billing', 'a:b:c')).to.deep.equal({ registration: null });
    expect(await registry.verify('reports', 's3cret')).to.deep.equal({ registration: null });
  });

  it('refuses a pair mixed from two clients, a wrong secret or an unknown id', async () => {
    expect(await registry.verify('orders', 'a:b:c')).to.equal(null);
    expect(await registry.verify('billing', 's3cret')).to.equal(null);
    expect(await registry.verify('orders', 'wrong')).to.equal(null);
    expect(await registry.verify('nobody', 's3cret')).to.equal(null);
  });

  it('refuses near misses: prefixes, suffixes, case and whitespace', async () => {
    for (const secret of ['s3cre', 's3crett', 'S3CRET', ' s3cret', 's3cret ', '', 's3cret\0']) {
      expect(await registry.verify('orders', secret), JSON.stringify(secret)).to.equal(null);
    }
    expect(await registry.verify('Orders', 's3cret')).to.equal(null);
    expect(await registry.verify('orders ', 's3cret')).to.equal(null);
  });

  it('keeps colons inside a secret: only the whole secret matches', async () => {
    expect(await registry.verify('billing', 'a')).to.equal(null);
    expect(await registry.verify('billing', 'a:b')).to.equal(null);
    expect(await registry.verify('billing:a', 'b:c')).to.equal(null);
  });

  it('compares inputs of any length without throwing (no length-mismatch shortcut)', async () => {
    expect(await registry.verify('orders', 'x'.repeat(10_000))).to.equal(null);
    expect(await registry.verify('x'.repeat(10_000), 's3cret')).to.equal(null);
    expect(await registry.verify('订单', '秘密')).to.equal(null);
  });

  it('verifies nothing when empty', async () => {
    expect(await new StaticClientRegistry([]).verify('orders', 's3cret')).to.equal(null);
  });
});
