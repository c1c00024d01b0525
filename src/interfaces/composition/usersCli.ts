import 'reflect-metadata';
import type { Container } from 'inversify';
import type { AddUser } from '../../application/users/AddUser';
import type { ChangeUserStatus } from '../../application/users/ChangeUserStatus';
import type { ChangePassword } from '../../application/users/ChangePassword';
import type { ListUsers } from '../../application/users/ListUsers';
import type { RemoveUser } from '../../application/users/RemoveUser';
import type { ListConsents } from '../../application/consent/ListConsents';
import type { RevokeConsent } from '../../application/consent/RevokeConsent';
import type { ResetSecondFactor } from '../../application/secondFactor/ResetSecondFactor';
import { readHiddenLine } from '../cli/readHiddenLine';
import { runUsersCommand, type UsersCommandDeps } from '../cli/usersCommand';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/**
 * The use cases behind the command: the admin API's, from the same composition (adminModule).
 * Revocations go to the shared store: every instance refuses the tokens at its next
 * revocation sync (AUTH_REVOCATION_SYNC_SECONDS).
 */
export function usersCommandDeps(container: Container): Omit<UsersCommandDeps, 'readStdin' | 'out' | 'err'> {
  return {
    addUser: container.get<AddUser>(TYPES.AddUser),
    changeUserStatus: container.get<ChangeUserStatus>(TYPES.ChangeUserStatus),
    removeUser: container.get<RemoveUser>(TYPES.RemoveUser),
    changePassword: container.get<ChangePassword>(TYPES.ChangePassword),
    listUsers: container.get<ListUsers>(TYPES.ListUsers),
    listConsents: container.get<ListConsents>(TYPES.ListConsents),
    revokeConsent: container.get<RevokeConsent>(TYPES.RevokeConsent),
    resetSecondFactor: container.get<ResetSecondFactor>(TYPES.ResetSecondFactor),
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
  runStoreCli('users', (container) =>
    runUsersCommand(process.argv.slice(2), {
      ...usersCommandDeps(container),
      readStdin,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    }),
  );
}
