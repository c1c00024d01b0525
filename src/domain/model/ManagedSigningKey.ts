import type { KeyState } from './KeyState';
import type { SigningKeyPair } from './SigningKeyPair';

/** What an operator sees of a key: never its secret material. */
export interface KeySummary {
  readonly kid: string;
  readonly method: SigningKeyPair['method'];
  readonly alg: string;
  readonly state: KeyState;
  readonly createdAt: Date;
  /** For a next key: when it starts signing. */
  readonly activateAt: Date | null;
  readonly activatedAt: Date | null;
  /** For a retiring key: when its last token has expired and it can be unpublished. */
  readonly retireAt: Date | null;
  readonly retiredAt: Date | null;
}

/** A stored key with its place in the rotation, secrets included. */
export interface ManagedSigningKey extends SigningKeyPair, KeySummary {}
