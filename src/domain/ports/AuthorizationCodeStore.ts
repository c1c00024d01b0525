import type { GrantedAccess } from '../model/GrantedAccess';
import type { AuthenticatedUser } from '../model/AuthenticatedUser';
import type { Authentication } from '../model/AuthenticationLevel';

/** What an authorization code stands for (RFC 6749 §4.1.2), bound to client, redirect URI and PKCE challenge. */
export interface AuthorizationGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  /** RFC 7636 S256 challenge: BASE64URL(SHA-256(code_verifier)); absent when the request sent none (a confidential client may skip PKCE). */
  readonly codeChallenge?: string;
  readonly user: AuthenticatedUser;
  /** The scopes and resources the authorization request was granted (RFC 6749 §3.3, RFC 8707). */
  readonly granted: GrantedAccess;
  /** The refresh-token family the exchange starts, named up front so a replayed code can end it. */
  readonly familyId: string;
  /** Epoch seconds: when the user was signed in for this code (a later lock-out of the user refuses it). */
  readonly issuedAt: number;
  /** Epoch seconds: when the user last authenticated (the session's sign-in; OpenID Connect `auth_time`); 0 when not known. */
  readonly authTime: number;
  /** The authorization request's `nonce`, echoed in the ID token (OpenID Connect Core §3.1.2.1). */
  readonly nonce?: string;
  /** Epoch seconds. */
  readonly expiresAt: number;
  /** The sign-in session the code was issued from (its ID token's `sid`); absent when none. */
  readonly sid?: string;
  /** What the sign-in proved (`acr`, `amr`); absent: a password alone (also on rows from before it was kept). */
  readonly authentication?: Authentication;
}

export interface ConsumedCode {
  readonly grant: AuthorizationGrant;
  /** False when the code had been used before: a replay. */
  readonly firstUse: boolean;
}

/** Authorization codes in the shared store, kept as digests; each can be consumed once, by one instance. */
export interface AuthorizationCodeStore {
  save(code: string, grant: AuthorizationGrant): Promise<void>;
  /** What the code stands for, read without using it (the exchange checks it first); null for a code never issued (or purged). */
  find(code: string): Promise<AuthorizationGrant | null>;
  /** Marks the code used in one conditional write (or, when it was used already, replayed); null for a code never issued (or purged). */
  consume(code: string, now: number): Promise<ConsumedCode | null>;
  /** True once the code has been presented again after its first use. */
  wasReplayed(code: string): Promise<boolean>;
  /** Deletes every code issued to the client, pending or used (the client was removed); returns how many. */
  deleteOfClient(clientId: string): Promise<number>;
  /** Deletes every code of the user, pending or used (disable, passwd, remove): none can be exchanged afterwards. */
  revokeSubject(subject: string, now: number): Promise<void>;
  /** Deletes codes that expired before `now`; returns how many. */
  purge(now: number): Promise<number>;
}
