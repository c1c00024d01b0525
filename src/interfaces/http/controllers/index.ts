import { CurrentUserController } from './CurrentUserController';
import { DeviceAuthorizationController } from './DeviceAuthorizationController';
import { IntrospectionController } from './IntrospectionController';
import { LoginController } from './LoginController';
import { OAuthTokenController } from './OAuthTokenController';
import { PushedAuthorizationController } from './PushedAuthorizationController';
import { RevocationController } from './RevocationController';
import { TokenRevocationController } from './TokenRevocationController';
import { SecretKeyController } from './SecretKeyController';
import { UserInfoController } from './UserInfoController';
import { WellKnownController } from './WellKnownController';

/** The auth service's controllers (importing this file registers them). */
export const AUTH_SERVER_CONTROLLERS: readonly NewableFunction[] = [
  LoginController,
  SecretKeyController,
  CurrentUserController,
  WellKnownController,
  OAuthTokenController,
  UserInfoController,
  RevocationController,
  TokenRevocationController,
  IntrospectionController,
  PushedAuthorizationController,
  DeviceAuthorizationController,
];
