import type { Clock } from '@auth-service/client';
import {
  InteractionClientChangedError,
  InteractionExpiredError,
  InteractionNotFoundError,
  InteractionSessionEndedError,
  InteractionSessionMismatchError,
  InteractionUserLockedOutError,
} from '../../domain/interactionErrors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { Authentication } from '../../domain/model/AuthenticationLevel';
import type { Interaction, InteractionKind } from '../../domain/model/Interaction';
import type { InteractionStore } from '../../domain/ports/InteractionStore';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../domain/ports/SignInSessionStore';
import { epochSeconds } from '../../domain/model/epochSeconds';

/** How long an interaction page may be answered: as long as a sign-in form is worth filling in. */
export const INTERACTION_SECONDS = 600;

export interface StartInteractionInput {
  readonly kind: InteractionKind;
  /** The sign-in session's cookie value the page is shown for; null when sessions are off. */
  readonly session: string | null;
  readonly user: AuthenticatedUser;
  readonly clientId: string;
  readonly authTime: number;
  /** What the sign-in proved, for the code the page leads to when no session holds it; absent: a password alone. */
  readonly authentication?: Authentication;
}

export interface ConsumeInteractionInput {
  /** The page's uid, as its hidden field carried it. */
  readonly uid: string;
  /** The page it must be and the client it must be for. */
  readonly kind: InteractionKind;
  readonly clientId: string;
  /** The sign-in session's cookie value the browser sent with its answer; null for none. */
  readonly session: string | null;
}

/** What an answered page vouches for: who signed in, when, for which client. */
export type ConsumedPage = Omit<Interaction, 'session'>;

/**
 * The one rule of every page shown after the sign-in (consent, second
 * factor, device approval): `start` records the page in the shared
 * store, `consume` answers it once. A page is refused (an
 * InteractionRefusedError, the form is shown again) unless it is known and
 * unused, for this kind and client, not expired, answered in the live sign-in
 * session it was shown for, the user not locked out since signing in, and the
 * client neither removed nor registered anew since the page was shown. With
 * sessions off there is no session to bind to: the page is still single-use
 * and bound to the sign-in moment, which a lock-out makes too old.
 */
export class Interactions {
  constructor(
    private readonly store: InteractionStore,
    private readonly sessions: Pick<SignInSessionStore, 'find'>,
    private readonly revocations: Pick<RevocationStore, 'subjectNotBefore' | 'clientNotBefore'>,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly secrets: SecretGenerator,
    private readonly clock: Clock,
  ) {}

  /** Records a page about to be shown; answers the uid the page carries. */
  async start(input: StartInteractionInput): Promise<string> {
    const now = this.now();
    const uid = this.secrets.next();
    await this.store.create({ uid, ...input, createdAt: now, expiresAt: now + INTERACTION_SECONDS });
    // Expired pages serve no one: cleared out where they are made, as codes are.
    await this.store.purge(now);
    return uid;
  }

  /** Uses the page up, then applies the rule; answers what the page vouches for. */
  async consume(input: ConsumeInteractionInput): Promise<ConsumedPage> {
    const now = this.now();
    // Used up first: whatever follows, no second answer to the same page gets through.
    const consumed = await this.store.consume(input.uid, input.session);
    if (consumed === null) throw new InteractionNotFoundError();
    const { interaction, sameSession } = consumed;
    if (interaction.kind !== input.kind || interaction.clientId !== input.clientId) throw new InteractionNotFoundError();
    if (interaction.expiresAt <= now) throw new InteractionExpiredError();
    if (!sameSession) throw new InteractionSessionMismatchError();
    if (input.session !== null && (await this.sessions.find(input.session, now)) === null) throw new InteractionSessionEndedError();
    // No not-before (null) refuses nothing: every time is at or after the epoch.
    if (interaction.authTime < ((await this.revocations.subjectNotBefore(interaction.user.id)) ?? 0)) throw new InteractionUserLockedOutError();
    if (interaction.createdAt < ((await this.revocations.clientNotBefore(interaction.clientId)) ?? 0)) throw new InteractionClientChangedError();
    if ((await this.clients.find(interaction.clientId)) === null) throw new InteractionClientChangedError();
    return interaction;
  }

  private now(): number {
    return epochSeconds(this.clock.now());
  }
}
