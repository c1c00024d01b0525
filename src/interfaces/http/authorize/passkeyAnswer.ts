/** What the sign-in page's passkey form binds its CSRF token to, beside its ticket: no other page's token fits it. */
export const PASSKEY_SIGN_IN = 'passkey_sign_in';

/** A passkey form's `passkey` field: the browser's assertion as JSON; nothing when absent, empty or not JSON. */
export function passkeyAnswerOf(value: unknown): { passkey?: unknown } {
  if (typeof value !== 'string' || value === '') return {};
  try {
    return { passkey: JSON.parse(value) as unknown };
  } catch {
    return {};
  }
}

/** The sign-in page's passkey challenge: a fresh ticket the challenge is kept under, and the browser's request options. */
export interface PasskeySignInOffer {
  readonly ticket: string;
  readonly options: unknown;
}
