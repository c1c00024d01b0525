/**
 * The life of a signing key:
 * next (published, not signing) → active (signing; one per method) →
 * retiring (published until every token it signed has expired) → retired (kept for audit).
 * A leaked key is revoked: unpublished at once.
 */
export const KEY_STATES = ['next', 'active', 'retiring', 'retired', 'revoked'] as const;
export type KeyState = (typeof KEY_STATES)[number];

/** States whose public keys verifiers must know. */
export const PUBLISHED_STATES: readonly KeyState[] = ['next', 'active', 'retiring'];
