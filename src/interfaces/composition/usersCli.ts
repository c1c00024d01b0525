import 'reflect-metadata';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { AddUser } from '../../application/users/AddUser';
import { ChangeUserStatus } from '../../application/users/ChangeUserStatus';
import { ChangePassword } from '../../application/users/ChangePassword';
import { ListUsers } from '../../application/users/ListUsers';
import { RemoveUser } from '../../application/users/RemoveUser';
import { RevokeUserTokens } from '../../application/revocation/RevokeUserTokens';
import { ListConsents } from '../../application/consent/ListConsents';
import { RevokeConsent } from '../../application/consent/RevokeConsent';
import { TypeOrmConsentStore } from '../../infrastructure/persistence/TypeOrmConsentStore';
import { TypeOrmSecondFactorStore } from '../../infrastructure/persistence/TypeOrmSecondFactorStore';
import { ResetSecondFactor } from '../../application/secondFactor/ResetSecondFactor';
import type { KeyCipher } from '../../domain/ports/KeyCipher';
import { BackchannelLogout } from '../../application/logout/BackchannelLogout';
import { TypeOrmBackchannelDeliveryStore } from '../../infrastructure/persistence/TypeOrmBackchannelDeliveryStore';
import { TypeOrmOAuthClientStore } from '../../infrastructure/persistence/TypeOrmOAuthClientStore';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { TypeOrmRefreshTokenStore } from '../../infrastructure/persistence/TypeOrmRefreshTokenStore';
import { TypeOrmRevocationStore } from '../../infrastructure/persistence/TypeOrmRevocationStore';
import { readHiddenLine } from '../cli/readHiddenLine';
import { TypeOrmSignInSessionStore } from '../../infrastructure/persistence/TypeOrmSignInSessionStore';
import { TypeOrmAuthorizationCodeStore } from '../../infrastructure/persistence/TypeOrmAuthorizationCodeStore';
import { runUsersCommand, type UsersCommandDeps } from '../cli/usersCommand';
import { revocationPolicyOf } from './modules/revocationModule';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/**
 * The use cases behind the command, on the service's own adapters. Revocations
 * go to the shared store: every instance refuses the tokens at its next
 * revocation sync (AUTH_REVOCATION_SYNC_SECONDS).
 */
export function usersCommandDeps(
  container: Container,
  dataSource: DataSource,
  config: Readonly<AuthServerConfig>,
): Omit<UsersCommandDeps, 'readStdin' | 'out' | 'err'> {
  const users = container.get<UserRepository>(TYPES.UserRepository);
  const clock = container.get<Clock>(TYPES.Clock);
  const hasher = container.get<PasswordHasher>(TYPES.PasswordHasher);
  const consents = new TypeOrmConsentStore(dataSource);
  const sessions = new TypeOrmSignInSessionStore(dataSource);
  const families = new TypeOrmRefreshTokenStore(dataSource);
  const factors = new TypeOrmSecondFactorStore(dataSource, container.get<KeyCipher>(TYPES.KeyCipher));
  const revokeUserTokens = new RevokeUserTokens(
    new TypeOrmRevocationStore(dataSource, clock),
    clock,
    revocationPolicyOf(config),
    undefined,
    [
      // First: the user's sessions and consents still name the clients to tell (every instance's worker delivers).
      new BackchannelLogout(sessions, consents, families, new TypeOrmOAuthClientStore(dataSource), new TypeOrmBackchannelDeliveryStore(dataSource), container.get<IdGenerator>(TYPES.IdGenerator), clock),
      families,
      sessions,
      new TypeOrmAuthorizationCodeStore(dataSource),
      consents,
    ],
  );
  return {
    addUser: new AddUser(users, hasher, clock, container.get<IdGenerator>(TYPES.IdGenerator)),
    changeUserStatus: new ChangeUserStatus(users, clock, revokeUserTokens),
    removeUser: new RemoveUser(users, revokeUserTokens, factors),
    changePassword: new ChangePassword(users, hasher, clock, revokeUserTokens),
    listUsers: new ListUsers(users, factors),
    resetSecondFactor: new ResetSecondFactor(users, factors, revokeUserTokens),
    listConsents: new ListConsents(users, consents),
    revokeConsent: new RevokeConsent(users, consents),
  };
}

async function readStdin(): Promise<string> {
  // Typed at a terminal: not echoed. Piped (`printf … |`, a file): read as is.
  if (process.stdin.isTTY) return readHiddenLine(process.stdin, process.stderr, 'password (not shown): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `npm run users -- …`: manages the database user store with the service's
 * own configuration (AUTH_DATABASE_URL) and adapters; users can be added
 * before the service has ever started.
 */
if (require.main === module) {
  runStoreCli('users', (container, dataSource, config) =>
    runUsersCommand(process.argv.slice(2), {
      ...usersCommandDeps(container, dataSource, config),
      readStdin,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    }),
  );
}
