import { expect } from 'chai';
import express from 'express';
import type { Container } from 'inversify';
import request from 'supertest';
import type { AuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { adminApiRouter } from '../../../../src/interfaces/composition/adminApi';
import { TYPES } from '../../../../src/interfaces/composition/types';

/** A container that hands out `given[symbol]`, else an empty object, and remembers what was asked. */
function recordingContainer(given: ReadonlyMap<symbol, unknown> = new Map()): { container: Container; asked: symbol[] } {
  const asked: symbol[] = [];
  const container = { get: (id: symbol) => (asked.push(id), given.get(id) ?? {}) } as unknown as Container;
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

  it("gives the key routes the configured method and algorithm: a rotation first ensures the configured key", async () => {
    const ensured: unknown[] = [];
    const { container } = recordingContainer(
      new Map<symbol, unknown>([
        [TYPES.FindActiveToken, { verifyAccessToken: async () => ({ sub: 'ops', client_id: 'ops', scope: 'admin:keys' }) }],
        [TYPES.AdminApiLimiter, { reserve: async () => ({ retryAfterSeconds: null }) }],
        [TYPES.EnsureSigningKeys, { execute: async (input: unknown) => void ensured.push(input) }],
        [TYPES.RotateSigningKey, { execute: async () => ({ created: true, next: { kid: 'k2' } }) }],
      ]),
    );
    const app = express().use('/auth/admin/v1', adminApiRouter(container, { ...config('on'), signMethod: 'ecdsa', signAlg: 'ES256' })!);
    const answer = await request(app).post('/auth/admin/v1/keys/rotate').set('Authorization', 'Bearer t');
    expect(answer.status).to.equal(200);
    expect(ensured).to.deep.equal([{ method: 'ecdsa', alg: 'ES256' }]);
  });
});
