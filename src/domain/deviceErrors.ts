import { DomainError } from './errors';

/** RFC 8628 §3.5 `authorization_pending`: the user has not decided yet; the device polls again. */
export class AuthorizationPendingError extends DomainError {
  readonly code = 'AUTHORIZATION_PENDING';
  constructor() {
    super('the user has not yet approved or denied the request');
  }
}

/** RFC 8628 §3.5 `slow_down`: polled sooner than the interval; it is now `interval` seconds. */
export class SlowDownError extends DomainError {
  readonly code = 'SLOW_DOWN';
  constructor(readonly interval: number) {
    super(`polled too often: wait ${interval} seconds between polls`);
  }
}

/** RFC 8628 §3.5 `access_denied`: the user denied the request. */
export class DeviceAccessDeniedError extends DomainError {
  readonly code = 'DEVICE_ACCESS_DENIED';
  constructor() {
    super('the user denied the request');
  }
}

/** RFC 8628 §3.5 `expired_token`: the device code expired before it was approved and redeemed. */
export class DeviceCodeExpiredError extends DomainError {
  readonly code = 'DEVICE_CODE_EXPIRED';
  constructor() {
    super('the device code has expired');
  }
}

/** No free user code after a few tries: `temporarily_unavailable`, the device asks again later. */
export class UserCodeUnavailableError extends DomainError {
  readonly code = 'USER_CODE_UNAVAILABLE';
  constructor() {
    super('no user code could be allocated; try again');
  }
}

/** The user code typed on the device page is unknown, expired or already decided. */
export class UnknownUserCodeError extends DomainError {
  readonly code = 'UNKNOWN_USER_CODE';
  constructor() {
    super('the code is unknown or has expired');
  }
}

/** Too many wrong user codes from this address (or overall): try later. */
export class TooManyUserCodeAttemptsError extends DomainError {
  readonly code = 'TOO_MANY_USER_CODE_ATTEMPTS';
  constructor(readonly retryAfterSeconds: number) {
    super('too many wrong codes; try again later');
  }
}
