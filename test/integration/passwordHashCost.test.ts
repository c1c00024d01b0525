import { expect } from 'chai';
import request from 'supertest';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import { TYPES } from '../../src/interfaces/composition/types';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';

const LOGIN = '/auth/oauth/jwt/token';

describe('AUTH_PASSWORD_HASH_COST in the composed service', function () {
  this.timeout(30_000);
  let auth: AuthServer | undefined;

  afterEach(async () => auth?.close());

  async function storedHash(server: AuthServer, account: string): Promise<string> {
    const user = await server.container.get<UserRepository>(TYPES.UserRepository).findByAccount(account);
    return user?.passwordHash ?? '';
  }

  it('hashes new passwords at 2^cost, and upgrades a stored hash of another cost at the next correct login', async () => {
    const url = 'sqlite::memory:';
    auth = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: url, AUTH_USER_STORE: 'database', AUTH_PASSWORD_HASH_COST: '11' }));
    await addUserOn(auth).execute({ account: 'alice', password: 'correct horse', nickName: 'Alice' });
    expect(await storedHash(auth, 'alice')).to.match(/^scrypt\$2048\$8\$1\$/);

    // The same database read by a service configured with another cost: the old hash still verifies, then is replaced.
    const repository = auth.container.get<UserRepository>(TYPES.UserRepository);
    const other = await buildAuthServer(authTestConfig({ AUTH_USER_STORE: 'database', AUTH_PASSWORD_HASH_COST: '12' }), {
      configure: (container) => container.rebind(TYPES.UserRepository).toConstantValue(repository),
    });
    try {
      const response = await request(other.app).post(LOGIN).send({ username: 'alice', password: 'correct horse' });
      expect(response.status).to.equal(200);
      expect(await storedHash(auth, 'alice')).to.match(/^scrypt\$4096\$8\$1\$/);
    } finally {
      await other.close();
    }
  });
});
