import type { SignMethod } from '@auth-service/client';

/** How keys of the configured method move through their states. */
export interface KeyRotationPolicy {
  readonly method: SignMethod;
  readonly alg: string;
  /** A next key is published this long before it signs: one client refresh plus a margin. */
  readonly publishAheadSeconds: number;
  /** A retiring key stays published this long: the token TTL plus clock tolerance plus sync lag. */
  readonly retireAfterSeconds: number;
  /** Automatic rotation of the active key after this many days; 0 turns it off. */
  readonly rotationDays: number;
}
