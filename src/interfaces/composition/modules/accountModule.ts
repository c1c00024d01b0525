import type { Clock } from '@auth-service/client';
import { ContainerModule } from 'inversify';
import { AccountOverview } from '../../../application/account/AccountOverview';
import { ChangeOwnPassword } from '../../../application/account/ChangeOwnPassword';
import { EndAccountSessions } from '../../../application/account/EndAccountSessions';
import { OpenAccountSession } from '../../../application/account/OpenAccountSession';
import { RaiseAccountSession } from '../../../application/account/RaiseAccountSession';
import { RegenerateRecoveryCodes } from '../../../application/account/RegenerateRecoveryCodes';
import { RemoveSecondFactor } from '../../../application/account/RemoveSecondFactor';
import type { Login } from '../../../application/login/Login';
import type { BackchannelLogout } from '../../../application/logout/BackchannelLogout';
import type { SecondFactorStep } from '../../../application/secondFactor/SecondFactorStep';
import type { ActiveUsers } from '../../../domain/ports/ActiveUsers';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { PasskeyStore } from '../../../domain/ports/PasskeyStore';
import type { RecoveryCodeStore } from '../../../domain/ports/RecoveryCodeStore';
import type { SecondFactorStore } from '../../../domain/ports/SecondFactorStore';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import type { AccountUseCases } from '../../http/account/accountRouter';
import { TYPES } from '../types';

/** The account page's use cases: its own, and the ones the sign-in pages, CLI and admin API already call. */
export function accountModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.AccountUseCases).toDynamicValue(({ container }): AccountUseCases => {
      const clock = container.get<Clock>(TYPES.Clock);
      const trail = container.get<AuditTrail>(TYPES.AuditTrail);
      const sessions = container.get<SignInSessionStore>(TYPES.SignInSessionStore);
      const factors = container.get<SecondFactorStore>(TYPES.SecondFactorStore);
      return {
        open: new OpenAccountSession(sessions, container.get<ActiveUsers>(TYPES.ActiveUsers), container.get<SecondFactorStep>(TYPES.SecondFactorStep), clock),
        overview: new AccountOverview(
          factors,
          container.get<RecoveryCodeStore>(TYPES.RecoveryCodeStore),
          sessions,
          container.get<ConsentStore>(TYPES.ConsentStore),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          clock,
        ),
        endSessions: new EndAccountSessions(sessions, container.get<BackchannelLogout>(TYPES.BackchannelLogout), clock, trail),
        changePassword: new ChangeOwnPassword(container.get<Login>(TYPES.Login), container.get(TYPES.ChangePassword)),
        removeFactor: new RemoveSecondFactor(factors, trail),
        regenerateRecoveryCodes: new RegenerateRecoveryCodes(factors, container.get(TYPES.GenerateRecoveryCodes)),
        startTotp: container.get(TYPES.StartTotpEnrolment),
        confirmTotp: container.get(TYPES.ConfirmTotpEnrolment),
        startPasskey: container.get(TYPES.StartPasskeyRegistration),
        finishPasskey: container.get(TYPES.FinishPasskeyRegistration),
        revokeConsent: container.get(TYPES.RevokeConsent),
        raise: new RaiseAccountSession(sessions, container.get<PasskeyStore>(TYPES.PasskeyStore), clock),
      };
    });
  });
}
