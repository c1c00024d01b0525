/** The kinds of second factor a user may hold; `passkey` is a WebAuthn credential. */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * One confirmed second factor of a user, as listings and the account page
 * show it: never its secret. A user holds at most one TOTP factor and any
 * number of passkeys; recovery codes are not a factor of their own, they
 * stand in for one.
 */
export interface SecondFactor {
  readonly id: string;
  /** The user's id (AuthenticatedUser.id): factors follow the user whatever store vouches for the password. */
  readonly userId: string;
  readonly kind: SecondFactorKind;
  /** What the user calls it (a passkey's name); the kind's own word for a TOTP factor. */
  readonly label: string;
  readonly createdAt: Date;
}

/** The kinds a user holds, each once, in SECOND_FACTOR_KINDS order (what `users list` shows). */
export function factorKindsOf(factors: readonly SecondFactor[]): SecondFactorKind[] {
  return SECOND_FACTOR_KINDS.filter((kind) => factors.some((factor) => factor.kind === kind));
}

/**
 * A second-factor proof as the user hands it over: a code typed in (a TOTP
 * code or a recovery code) or, later, a passkey assertion.
 */
export type SecondFactorProof = { readonly kind: 'code'; readonly code: string } | { readonly kind: 'passkey'; readonly assertion: unknown };

/** How a proof was accepted: the RFC 8176 `amr` values it adds to `pwd`. */
export type SecondFactorMethod = 'otp' | 'hwk' | 'swk';

/** The policy `AUTH_SECOND_FACTOR` sets: whether every user must hold a second factor. */
export type SecondFactorPolicy = 'optional' | 'required';
