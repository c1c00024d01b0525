import { expect } from 'chai';
import type { Container } from 'inversify';
import type { AuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { adminApiRouter } from '../../../../src/interfaces/composition/adminApi';
import { TYPES } from '../../../../src/interfaces/composition/types';

/** A container that hands out an empty object for every symbol and remembers what was asked. */
function recordingContainer(): { container: Container; asked: symbol[] } {
  const asked: symbol[] = [];
  const container = { get: (id: symbol) => (asked.push(id), {}) } as unknown as Container;
  return { container, asked };
}

const config = (adminApi: 'on' | 'off') => ({ adminApi, contextPath: 'auth', signMethod: 'rsa', signAlg: 'RS256' }) as Readonly<AuthServerConfig>;

describe('adminApiRouter', () => {
  it('mounts nothing under AUTH_ADMIN_API=off, and asks the container for nothing', () => {
    const { container, asked } = recordingContainer();
    expect(adminApiRouter(container, config('off'))).to.equal(null);
    expect(asked).to.deep.equal([]);
  });

  it('makes the router and its use cases on first use, not when mounted', () => {
    const { container, asked } = recordingContainer();
    const router = adminApiRouter(container, config('on'));
    expect(router).to.be.a('function');
    expect(asked).to.deep.equal([]);
    expect(router!.stack.length).to.be.greaterThan(0);
    expect(asked).to.include.members([TYPES.FindActiveToken, TYPES.AdminApiLimiter, TYPES.AddUser, TYPES.RegisterClient, TYPES.RotateSigningKey, TYPES.Logger]);
  });
});
