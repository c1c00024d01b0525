import { AddUser } from '../../src/application/users/AddUser';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../src/domain/ports/IdGenerator';
import type { PasswordHasher } from '../../src/domain/ports/PasswordHasher';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import type { AuditTrail } from '../../src/domain/ports/AuditTrail';
import { TYPES } from '../../src/interfaces/composition/types';

/** The AddUser use case on a running auth service's own user store (as `npm run users -- add` builds it). */
export function addUserOn(auth: AuthServer): AddUser {
  const { container } = auth;
  return new AddUser(
    container.get<UserRepository>(TYPES.UserRepository),
    container.get<PasswordHasher>(TYPES.PasswordHasher),
    container.get<Clock>(TYPES.Clock),
    container.get<IdGenerator>(TYPES.IdGenerator),
    container.get<AuditTrail>(TYPES.AuditTrail),
  );
}
