import { SystemClock } from '../../src/infrastructure/system/SystemClock';
import type { DataSource } from 'typeorm';
import { AddUser } from '../../src/application/users/AddUser';
import { InvalidCredentialsError } from '../../src/domain/errors';
import { BoundedPasswordHasher } from '../../src/infrastructure/auth/BoundedPasswordHasher';
import { DatabaseUserAuthenticator } from '../../src/infrastructure/auth/DatabaseUserAuthenticator';
import { ScryptPasswordHasher } from '../../src/infrastructure/auth/ScryptPasswordHasher';
import type { LoadedUserStoreModule } from '../../src/infrastructure/auth/userStoreModule/loadUserStoreModule';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmUserRepository } from '../../src/infrastructure/persistence/TypeOrmUserRepository';
import { RandomIdGenerator } from '../../src/infrastructure/system/RandomIdGenerator';
import { FAST_SCRYPT_PARAMETERS } from '../support/fastPasswordHashing';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';
import { mochaTestOf, userStoreContract } from '../userStore/userStoreContract';
import { RecordingAuditTrail } from '../support/RecordingAuditTrail';

const PASSWORD = 'alice-password-1';

/**
 * The user-store contract that `npm run test:user-store` holds a team's module
 * to, held against the built-in database store on each backend: what the
 * service asks of a module, its own store does too.
 */
for (const backend of STORE_BACKENDS) {
  describe(`the user-store contract against the built-in database store on ${backend.name}`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let dataSource: DataSource;

    const open = async (): Promise<LoadedUserStoreModule> => {
      database = await backend.create();
      dataSource = await openDatabase(createDataSource(database.url));
      const users = new TypeOrmUserRepository(dataSource);
      const clock = new SystemClock();
      const hasher = new BoundedPasswordHasher(new ScryptPasswordHasher(FAST_SCRYPT_PARAMETERS), { concurrency: 1, queue: 10 });
      const addUser = new AddUser(users, hasher, clock, new RandomIdGenerator(), new RecordingAuditTrail());
      await addUser.execute({ account: 'alice', password: PASSWORD, nickName: 'Alice', email: 'alice@example.com' });
      await addUser.execute({ account: 'bob', password: PASSWORD, nickName: 'Bob' });
      await users.setStatus('bob', 'disabled', clock.now());
      const authenticator = new DatabaseUserAuthenticator(users, hasher, clock);
      return {
        name: `the ${backend.name} database store`,
        file: database.url,
        // The port's answer in the contract's terms: the one InvalidCredentialsError is `null`.
        authenticate: (username, password) => authenticator.authenticate(username, password).catch((error: unknown) => {
          if (error instanceof InvalidCredentialsError) return null;
          throw error;
        }),
        findById: null,
      };
    };

    after(async () => {
      if (dataSource?.isInitialized) await dataSource.destroy();
      await database?.dispose();
    });

    // The built-in store exports no findById (its users' status is read by DatabaseActiveUsers): that property is not run, rather than shown skipped.
    for (const property of userStoreContract(open, { account: 'alice', password: PASSWORD, disabledAccount: 'bob' }).filter((p) => !p.title.startsWith('findById'))) {
      it(property.title, mochaTestOf(property));
    }
  });
}
