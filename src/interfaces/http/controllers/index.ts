import { CurrentUserController } from './CurrentUserController';
import { LoginController } from './LoginController';
import { RevocationController } from './RevocationController';
import { TokenRevocationController } from './TokenRevocationController';
import { SecretKeyController } from './SecretKeyController';
import { WellKnownController } from './WellKnownController';

/** The auth service's controllers (importing this file registers them). */
export const AUTH_SERVER_CONTROLLERS: readonly NewableFunction[] = [
  LoginController,
  SecretKeyController,
  CurrentUserController,
  WellKnownController,
  RevocationController,
  TokenRevocationController,
];
