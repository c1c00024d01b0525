import { droppingOnWrites } from '../../../infrastructure/persistence/cache/droppingOnWrites';
import type { Clock } from '@auth-service/client';
import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { CodeProofCheck } from '../../../application/secondFactor/CodeProofCheck';
import { ConfirmTotpEnrolment } from '../../../application/secondFactor/ConfirmTotpEnrolment';
import { GenerateRecoveryCodes } from '../../../application/secondFactor/GenerateRecoveryCodes';
import type { ProofCheck } from '../../../application/secondFactor/ProofCheck';
import type { PasskeyAssertionCheck } from '../../../application/passkeys/PasskeyAssertionCheck';
import { PasskeyProofCheck } from '../../../application/passkeys/PasskeyProofCheck';
import { ResetSecondFactor } from '../../../application/secondFactor/ResetSecondFactor';
import { SecondFactorGate } from '../../../application/secondFactor/SecondFactorGate';
import { SecondFactorStep } from '../../../application/secondFactor/SecondFactorStep';
import { StartTotpEnrolment } from '../../../application/secondFactor/StartTotpEnrolment';
import { VerifySecondFactor } from '../../../application/secondFactor/VerifySecondFactor';
import type { RevokeUserTokens } from '../../../application/revocation/RevokeUserTokens';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { PlannedAttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { KeyCipher } from '../../../domain/ports/KeyCipher';
import type { QrCodeRenderer } from '../../../domain/ports/QrCodeRenderer';
import type { RecoveryCodeGenerator } from '../../../domain/ports/RecoveryCodeGenerator';
import type { RecoveryCodeStore } from '../../../domain/ports/RecoveryCodeStore';
import type { SecondFactorStore } from '../../../domain/ports/SecondFactorStore';
import type { CachedSecondFactors } from '../../../infrastructure/persistence/cache/CachedSecondFactors';
import type { TotpCodes } from '../../../domain/ports/TotpCodes';
import type { TotpSecretStore } from '../../../domain/ports/TotpSecretStore';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmSecondFactorStore } from '../../../infrastructure/persistence/TypeOrmSecondFactorStore';
import { OtpauthTotpCodes } from '../../../infrastructure/secondFactor/OtpauthTotpCodes';
import { QrcodeSvgRenderer } from '../../../infrastructure/secondFactor/QrcodeSvgRenderer';
import { RandomRecoveryCodeGenerator } from '../../../infrastructure/secondFactor/RandomRecoveryCodeGenerator';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import { TYPES } from '../types';

/**
 * Second factors: the store (one adapter for factors, TOTP secrets and
 * recovery codes, secrets through the KeyCipher), TOTP and QR adapters, the
 * proof checks and the use cases every password path and page calls.
 */
export function secondFactorModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TypeOrmSecondFactorStore)
      .toDynamicValue(({ container }) =>
        droppingOnWrites(
          translatingStoreErrors(new TypeOrmSecondFactorStore(container.get<DataSource>(TYPES.DataSource), container.get<KeyCipher>(TYPES.KeyCipher))),
          ['remove', 'removeAll', 'startTotp', 'confirmTotp'],
          [container.get(TYPES.SecondFactorCache)],
        ),
      )
      .inSingletonScope();
    bind(TYPES.SecondFactorStore).toDynamicValue(({ container }) => container.get(TypeOrmSecondFactorStore));
    bind(TYPES.TotpSecretStore).toDynamicValue(({ container }) => container.get(TypeOrmSecondFactorStore));
    bind(TYPES.RecoveryCodeStore).toDynamicValue(({ container }) => container.get(TypeOrmSecondFactorStore));
    bind(TYPES.TotpCodes).toConstantValue(new OtpauthTotpCodes());
    bind(TYPES.QrCodeRenderer).toConstantValue(new QrcodeSvgRenderer());
    bind(TYPES.RecoveryCodeGenerator).toConstantValue(new RandomRecoveryCodeGenerator());
    bind(TYPES.ProofChecks).toDynamicValue(({ container }): readonly ProofCheck[] => [
      new CodeProofCheck(
        container.get<TotpSecretStore>(TYPES.TotpSecretStore),
        container.get<TotpCodes>(TYPES.TotpCodes),
        container.get<RecoveryCodeStore>(TYPES.RecoveryCodeStore),
      ),
      new PasskeyProofCheck(container.get<PasskeyAssertionCheck>(TYPES.PasskeyAssertionCheck)),
    ]);
    bind(TYPES.VerifySecondFactor).toDynamicValue(
      ({ container }) =>
        new VerifySecondFactor(
          container.get<readonly ProofCheck[]>(TYPES.ProofChecks),
          container.get<PlannedAttemptLimiter>(TYPES.LoginAttemptLimiter),
          container.get<Clock>(TYPES.Clock),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.SecondFactorGate).toDynamicValue(
      ({ container }) =>
        // Every password sign-in asks: answered from the cache the store keeps fresh.
        new SecondFactorGate(container.get<CachedSecondFactors>(TYPES.CachedSecondFactors), container.get<VerifySecondFactor>(TYPES.VerifySecondFactor), config.secondFactor),
    );
    bind(TYPES.SecondFactorStep).toDynamicValue(
      ({ container }) =>
        new SecondFactorStep(
          container.get<SecondFactorGate>(TYPES.SecondFactorGate),
          container.get<VerifySecondFactor>(TYPES.VerifySecondFactor),
          container.get<StartTotpEnrolment>(TYPES.StartTotpEnrolment),
          container.get<ConfirmTotpEnrolment>(TYPES.ConfirmTotpEnrolment),
        ),
    );
    bind(TYPES.GenerateRecoveryCodes).toDynamicValue(
      ({ container }) =>
        new GenerateRecoveryCodes(
          container.get<RecoveryCodeStore>(TYPES.RecoveryCodeStore),
          container.get<RecoveryCodeGenerator>(TYPES.RecoveryCodeGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.StartTotpEnrolment).toDynamicValue(
      ({ container }) =>
        new StartTotpEnrolment(
          container.get<TotpSecretStore>(TYPES.TotpSecretStore),
          container.get<TotpCodes>(TYPES.TotpCodes),
          container.get<QrCodeRenderer>(TYPES.QrCodeRenderer),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<Clock>(TYPES.Clock),
          // Built on first use, once the issuer is settled: the app shows its host beside the account.
          new URL(container.get<ServiceIssuer>(TYPES.ServiceIssuer).value).host,
        ),
    );
    bind(TYPES.ConfirmTotpEnrolment).toDynamicValue(
      ({ container }) =>
        new ConfirmTotpEnrolment(
          container.get<TotpSecretStore>(TYPES.TotpSecretStore),
          container.get<TotpCodes>(TYPES.TotpCodes),
          container.get<RecoveryCodeStore>(TYPES.RecoveryCodeStore),
          container.get<GenerateRecoveryCodes>(TYPES.GenerateRecoveryCodes),
          container.get<PlannedAttemptLimiter>(TYPES.LoginAttemptLimiter),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.ResetSecondFactor).toDynamicValue(
      ({ container }) =>
        new ResetSecondFactor(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<SecondFactorStore>(TYPES.SecondFactorStore),
          container.get<RevokeUserTokens>(TYPES.RevokeUserTokens),
        ),
    );
  });
}
