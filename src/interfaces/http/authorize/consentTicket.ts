import type { AuthenticatedUser } from '../../../domain/model/AuthenticatedUser';

/** How long the consent page may be answered: as long as a sign-in form is worth filling in. */
export const CONSENT_TICKET_SECONDS = 600;

/** A ticket as it travels in the form: base64url, bounded (a user's claims are a few hundred bytes). */
const TICKET_FIELD = /^[A-Za-z0-9_-]{1,8192}$/;

/** Who the consent page was shown to: the signed-in user, when they signed in, until when the page may be answered. */
export interface ConsentTicket {
  readonly user: AuthenticatedUser;
  readonly authTime: number;
  readonly expiresAt: number;
}

/**
 * The consent page's hidden field saying who is asked. It is no secret (the
 * user's own claims, on their own page) and proves nothing by itself: the
 * page's CSRF token is a MAC over it, the cookie's nonce and the request
 * (SignInFormTokens), so only a ticket this service wrote for this browser and
 * request is read back. It works without a sign-in session too (sessions off).
 */
export function consentTicketField(ticket: ConsentTicket): string {
  return Buffer.from(JSON.stringify(ticket), 'utf8').toString('base64url');
}

/** The ticket of a field whose MAC was checked; null when it is not shaped like one this service writes. */
export function consentTicketOf(field: unknown): ConsentTicket | null {
  if (typeof field !== 'string' || !TICKET_FIELD.test(field)) return null;
  try {
    const ticket = JSON.parse(Buffer.from(field, 'base64url').toString('utf8')) as Partial<ConsentTicket> | null;
    if (ticket === null || typeof ticket !== 'object' || typeof ticket.user !== 'object' || ticket.user === null) return null;
    if (typeof ticket.authTime !== 'number' || typeof ticket.expiresAt !== 'number') return null;
    return { user: ticket.user, authTime: ticket.authTime, expiresAt: ticket.expiresAt };
  } catch {
    return null;
  }
}
