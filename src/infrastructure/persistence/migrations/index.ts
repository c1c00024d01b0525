import { CreateSigningKeys1732240000000 } from './1732240000000-CreateSigningKeys';
import { AddKeyLifecycle1732250000000 } from './1732250000000-AddKeyLifecycle';
import { CreateUsers1732300000000 } from './1732300000000-CreateUsers';
import { CreateServiceSettings1732400000000 } from './1732400000000-CreateServiceSettings';
import { CreateAttemptCounters1732410000000 } from './1732410000000-CreateAttemptCounters';
import { CreateTokenRevocations1732420000000 } from './1732420000000-CreateTokenRevocations';
import { AddAccountKey1732430000000 } from './1732430000000-AddAccountKey';
import { AddRevocationChanges1732440000000 } from './1732440000000-AddRevocationChanges';
import { CreateRefreshTokens1732600000000 } from './1732600000000-CreateRefreshTokens';
import { CreateOAuthClients1732610000000 } from './1732610000000-CreateOAuthClients';
import { CreateAuthorizationCodes1732620000000 } from './1732620000000-CreateAuthorizationCodes';
import { IndexSignInSessionExpiry1732650000000 } from './1732650000000-IndexSignInSessionExpiry';
import { AllowClientRevocations1732660000000 } from './1732660000000-AllowClientRevocations';
import { AddAuthorizationCodeSubject1732630000000 } from './1732630000000-AddAuthorizationCodeSubject';
import { AddClientGrants1732670000000 } from './1732670000000-AddClientGrants';
import { AddGrantedAccess1732680000000 } from './1732680000000-AddGrantedAccess';
import { AddOpenIdConnect1732690000000 } from './1732690000000-AddOpenIdConnect';
import { CreateConsents1732720000000 } from './1732720000000-CreateConsents';
import { CreateInteractions1732730000000 } from './1732730000000-CreateInteractions';
import { AddClientRequirePkce1732731000000 } from './1732731000000-AddClientRequirePkce';
import { AllowCodesWithoutChallenge1732732000000 } from './1732732000000-AllowCodesWithoutChallenge';
import { AddClientMetadata1732740000000 } from './1732740000000-AddClientMetadata';
import { AddBackchannelLogout1732760000000 } from './1732760000000-AddBackchannelLogout';
import { CreateAuditEvents1732800000000 } from './1732800000000-CreateAuditEvents';
import { AddDpop1732840000000 } from './1732840000000-AddDpop';
import { AddClientKeysAndPushedRequests1732850000000 } from './1732850000000-AddClientKeysAndPushedRequests';
import { CreateSecondFactors1732820000000 } from './1732820000000-CreateSecondFactors';
import { AddAuthenticationLevels1732821000000 } from './1732821000000-AddAuthenticationLevels';
import { AddClientRequireAcr1732822000000 } from './1732822000000-AddClientRequireAcr';
import { CreateDeviceAuthorizations1732860000000 } from './1732860000000-CreateDeviceAuthorizations';
import { CreatePasskeys1732870000000 } from './1732870000000-CreatePasskeys';
import { AddStoreChangeFeed1732880000000 } from './1732880000000-AddStoreChangeFeed';

/** Every migration, in order; the DataSource and the CLI both use this list. */
export const migrations = [
  CreateSigningKeys1732240000000,
  AddKeyLifecycle1732250000000,
  CreateUsers1732300000000,
  CreateServiceSettings1732400000000,
  CreateAttemptCounters1732410000000,
  CreateTokenRevocations1732420000000,
  AddAccountKey1732430000000,
  AddRevocationChanges1732440000000,
  CreateRefreshTokens1732600000000,
  CreateOAuthClients1732610000000,
  CreateAuthorizationCodes1732620000000,
  AddAuthorizationCodeSubject1732630000000,
  IndexSignInSessionExpiry1732650000000,
  AllowClientRevocations1732660000000,
  AddClientGrants1732670000000,
  AddGrantedAccess1732680000000,
  AddOpenIdConnect1732690000000,
  CreateConsents1732720000000,
  CreateInteractions1732730000000,
  AddClientRequirePkce1732731000000,
  AllowCodesWithoutChallenge1732732000000,
  AddClientMetadata1732740000000,
  AddBackchannelLogout1732760000000,
  CreateAuditEvents1732800000000,
  CreateSecondFactors1732820000000,
  AddAuthenticationLevels1732821000000,
  AddClientRequireAcr1732822000000,
  AddDpop1732840000000,
  AddClientKeysAndPushedRequests1732850000000,
  CreateDeviceAuthorizations1732860000000,
  CreatePasskeys1732870000000,
  AddStoreChangeFeed1732880000000,
];
