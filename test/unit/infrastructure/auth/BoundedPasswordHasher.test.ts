import { expect } from 'chai';
import { PasswordHashingBusyError } from '../../../../src/domain/errors';
import type { PasswordHasher } from '../../../../src/domain/ports/PasswordHasher';
import { BoundedPasswordHasher } from '../../../../src/infrastructure/auth/BoundedPasswordHasher';

/** A hasher whose every call waits until the test finishes it, and that counts calls started. */
class ManualHasher implements PasswordHasher {
  started = 0;
  private readonly pending: Array<() => void> = [];

  hash(password: string): Promise<string> {
    return this.run(`hashed:${password}`);
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return this.run(passwordHash === `hashed:${password}`);
  }

  needsRehash(): boolean {
    return false;
  }

  finishOne(): void {
    this.pending.shift()?.();
  }

  private run<T>(value: T): Promise<T> {
    this.started++;
    return new Promise((resolve) => this.pending.push(() => resolve(value)));
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BoundedPasswordHasher', () => {
  it('runs at most `concurrency` hashes, queues up to `queue`, and refuses the rest at once without hashing', async () => {
    const inner = new ManualHasher();
    const hasher = new BoundedPasswordHasher(inner, { concurrency: 2, queue: 1 });

    const admitted = [hasher.verify('a', 'hashed:a'), hasher.verify('b', 'x'), hasher.hash('c')];
    const refused = hasher.verify('d', 'hashed:d').then(() => null, (e: unknown) => e);

    await settle();
    expect(inner.started).to.equal(2);
    const error = await refused;
    expect(error).to.be.instanceOf(PasswordHashingBusyError);
    expect((error as PasswordHashingBusyError).code).to.equal('PASSWORD_HASHING_BUSY');

    inner.finishOne();
    await settle();
    expect(inner.started, 'the queued hash takes the freed slot').to.equal(3);
    inner.finishOne();
    inner.finishOne();
    expect(await Promise.all(admitted)).to.deep.equal([true, false, 'hashed:c']);
  });

  it('frees the slot when the inner hasher fails', async () => {
    let calls = 0;
    const failing: PasswordHasher = {
      hash: () => Promise.reject(new Error('boom')),
      verify: () => (++calls === 1 ? Promise.reject(new Error('boom')) : Promise.resolve(true)),
      needsRehash: () => false,
    };
    const hasher = new BoundedPasswordHasher(failing, { concurrency: 1, queue: 0 });

    await hasher.verify('a', 'b').catch(() => undefined);

    expect(await hasher.verify('a', 'b')).to.equal(true);
  });

  it('accepts new work again once the burst has drained', async () => {
    const inner = new ManualHasher();
    const hasher = new BoundedPasswordHasher(inner, { concurrency: 1, queue: 0 });
    const first = hasher.hash('a');
    expect(await hasher.hash('b').then(() => null, (e: unknown) => e)).to.be.instanceOf(PasswordHashingBusyError);
    inner.finishOne();
    await first;
    const second = hasher.hash('c');
    await settle();
    inner.finishOne();
    expect(await second).to.equal('hashed:c');
  });
});
