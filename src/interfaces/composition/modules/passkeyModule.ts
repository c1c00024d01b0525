import { droppingOnWrites } from '../../../infrastructure/persistence/cache/droppingOnWrites';
import type { Clock } from '@auth-service/client';
import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { FinishPasskeyRegistration } from '../../../application/passkeys/FinishPasskeyRegistration';
import { PasskeyAssertionCheck } from '../../../application/passkeys/PasskeyAssertionCheck';
import type { PasskeyCeremonyParts } from '../../../application/passkeys/PasskeyCeremonies';
import { SignInWithPasskey } from '../../../application/passkeys/SignInWithPasskey';
import { StartPasskeyRegistration } from '../../../application/passkeys/StartPasskeyRegistration';
import { StartPasskeySignIn } from '../../../application/passkeys/StartPasskeySignIn';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { PlannedAttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import type { CeremonyChallengeStore } from '../../../domain/ports/CeremonyChallengeStore';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { PasskeyStore } from '../../../domain/ports/PasskeyStore';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { WebAuthnCeremonies } from '../../../domain/ports/WebAuthnCeremonies';
import { SimpleWebAuthnCeremonies } from '../../../infrastructure/passkeys/SimpleWebAuthnCeremonies';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmCeremonyChallengeStore } from '../../../infrastructure/persistence/TypeOrmCeremonyChallengeStore';
import { TypeOrmPasskeyStore } from '../../../infrastructure/persistence/TypeOrmPasskeyStore';
import { TYPES } from '../types';
import { passkeyRelyingParty } from '../passkeyIssuerWarning';

/**
 * Passkeys: their store and the challenge store (shared by every instance),
 * the WebAuthn ceremonies, and the use cases the account and sign-in pages
 * call. The relying party is the settled issuer's host, made on first use.
 */
export function passkeyModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.PasskeyStore)
      .toDynamicValue(({ container }) =>
        droppingOnWrites(translatingStoreErrors(new TypeOrmPasskeyStore(container.get<DataSource>(TYPES.DataSource))), ['addPasskey', 'renamePasskey'], [container.get(TYPES.SecondFactorCache)]),
      )
      .inSingletonScope();
    bind(TYPES.CeremonyChallengeStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmCeremonyChallengeStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.WebAuthnCeremonies).toConstantValue(new SimpleWebAuthnCeremonies());
    bind(TYPES.PasskeyCeremonyParts)
      .toDynamicValue(
        ({ container }): PasskeyCeremonyParts => ({
          rp: passkeyRelyingParty(container.get<ServiceIssuer>(TYPES.ServiceIssuer).value),
          ceremonies: container.get<WebAuthnCeremonies>(TYPES.WebAuthnCeremonies),
          challenges: container.get<CeremonyChallengeStore>(TYPES.CeremonyChallengeStore),
        }),
      )
      .inSingletonScope();
    bind(TYPES.PasskeyAssertionCheck).toDynamicValue(
      ({ container }) => new PasskeyAssertionCheck(container.get<PasskeyCeremonyParts>(TYPES.PasskeyCeremonyParts), container.get<PasskeyStore>(TYPES.PasskeyStore)),
    );
    bind(TYPES.StartPasskeyRegistration).toDynamicValue(
      ({ container }) =>
        new StartPasskeyRegistration(
          container.get<PasskeyCeremonyParts>(TYPES.PasskeyCeremonyParts),
          container.get<PasskeyStore>(TYPES.PasskeyStore),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.FinishPasskeyRegistration).toDynamicValue(
      ({ container }) =>
        new FinishPasskeyRegistration(
          container.get<PasskeyCeremonyParts>(TYPES.PasskeyCeremonyParts),
          container.get<PasskeyStore>(TYPES.PasskeyStore),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.StartPasskeySignIn).toDynamicValue(
      ({ container }) =>
        new StartPasskeySignIn(container.get<PasskeyCeremonyParts>(TYPES.PasskeyCeremonyParts), container.get<PasskeyStore>(TYPES.PasskeyStore), container.get<Clock>(TYPES.Clock)),
    );
    bind(TYPES.SignInWithPasskey).toDynamicValue(
      ({ container }) =>
        new SignInWithPasskey(
          container.get<PasskeyAssertionCheck>(TYPES.PasskeyAssertionCheck),
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<PlannedAttemptLimiter>(TYPES.LoginAttemptLimiter),
          container.get<Clock>(TYPES.Clock),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
  });
}
