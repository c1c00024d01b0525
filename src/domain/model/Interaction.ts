import type { AuthenticatedUser } from './AuthenticatedUser';
import type { Authentication } from './AuthenticationLevel';

/** The pages the authorization endpoint and the device page ask the user on after the sign-in; each new one is a kind here. */
export type InteractionKind = 'consent' | 'second_factor' | 'enrol_factor' | 'device';

/**
 * A page shown to a signed-in user (oidc-provider's `Interaction`): the page
 * carries only `uid`, the shared store keeps the rest, so any instance can
 * answer the page once and only for the sign-in it was shown for.
 */
export interface Interaction {
  /** Random, unguessable: what the page's hidden field carries. */
  readonly uid: string;
  readonly kind: InteractionKind;
  /** The sign-in session's cookie value the page was shown for (the store keeps a digest); null when sessions are off. */
  readonly session: string | null;
  readonly user: AuthenticatedUser;
  readonly clientId: string;
  /** Epoch seconds: when the user signed in (OpenID Connect `auth_time`). */
  readonly authTime: number;
  /** Epoch seconds. */
  readonly createdAt: number;
  /** Epoch seconds: the page is refused from then on. */
  readonly expiresAt: number;
  /** What the sign-in proved (`acr`, `amr`); absent: a password alone (also on rows from before it was kept). */
  readonly authentication?: Authentication;
}

/** An interaction as `consume` hands it back: without the session it was bound to, with whether the one presented is that one. */
export interface ConsumedInteraction {
  readonly interaction: Omit<Interaction, 'session'>;
  /** Whether the session presented is the one the page was shown for (both null when sessions are off). */
  readonly sameSession: boolean;
}
