import type { AuthenticatedUser } from '../../../domain/model/AuthenticatedUser';
import type { Acr } from '../../../domain/model/AuthenticationLevel';
import type { GrantedAccess } from '../../../domain/model/GrantedAccess';
import type { Prompt } from '../../../domain/model/Prompt';
import type { ConsentReason } from '../../consent/consentPrompt';
import type { LoginReason } from '../prompts/loginPrompt';
import type { FactorRefusal } from '../../secondFactor/SecondFactorStep';
import type { StartTotpEnrolmentResult } from '../../secondFactor/StartTotpEnrolment';

/** A checked authorization request (RFC 6749 §4.1.1 with RFC 7636's S256 challenge). */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  /** RFC 7636 S256 challenge; absent only where checkPkce lets a confidential OpenID request go without. */
  readonly codeChallenge?: string;
  /** The scopes and resources granted (grantedAccess): what the code's tokens are for. */
  readonly granted: GrantedAccess;
  /** OpenID Connect `nonce`, echoed in the code's ID token. */
  readonly nonce?: string;
  /** OpenID Connect `max_age` in seconds: a remembered sign-in older than this does not count (§3.1.2.1). */
  readonly maxAge?: number;
  /** The level `acr_values` asks for (checkAcrValues): a sign-in below it steps up on the sign-in page. */
  readonly acr?: Acr;
  /** OpenID Connect `prompt` values (promptsOf); none given is the empty list. */
  readonly prompts?: readonly Prompt[];
  /** `sub` of the request's `id_token_hint` (checkIdTokenHint): the user the client expects signed in. */
  readonly idTokenHintSubject?: string;
}

/** The user must approve the request first (the consent page): who, signed in when, and why. */
export interface ConsentNeeded {
  readonly kind: 'consent';
  readonly reason: ConsentReason;
  readonly user: AuthenticatedUser;
  readonly authTime: number;
  /** The consent page's interaction (Interactions): what its answer names. */
  readonly uid: string;
}

/** The consent page's answer: its interaction uid and the sign-in session cookie sent with it (null for none). */
export interface ConsentAnswer {
  readonly uid: string;
  readonly session: string | null;
}

/** A code for the redirect URI. */
export interface CodeIssued {
  readonly kind: 'code';
  readonly code: string;
}

/** The sign-in form must be shown, and why. */
export interface LoginNeeded {
  readonly kind: 'login';
  readonly reason: LoginReason;
}

/** The signed-in user must prove a second factor first (the second-factor page), or enrol one (`enrolment` to show). */
export interface SecondFactorNeeded {
  readonly kind: 'second_factor';
  readonly user: AuthenticatedUser;
  /** The page's interaction (Interactions): what its answer names. */
  readonly uid: string;
  /** The page is shown again after a refused code. */
  readonly refusal?: FactorRefusal;
}

export interface EnrolmentNeeded {
  readonly kind: 'enrol_factor';
  readonly user: AuthenticatedUser;
  readonly uid: string;
  readonly enrolment: StartTotpEnrolmentResult;
  readonly refusal?: FactorRefusal;
}

/** The factor was enrolled: the recovery codes to show once (null when the user still had some), then on to the app. */
export interface FactorEnrolled {
  readonly kind: 'enrolled';
  readonly recoveryCodes: readonly string[] | null;
}

/** The second-factor pages' answer: its interaction uid, the sign-in session cookie sent with it, the code typed. */
export interface FactorAnswer extends ConsentAnswer {
  readonly code: string;
  /** The browser's passkey assertion (WebAuthn JSON) instead of a code; the page's uid is its challenge's binding. */
  readonly passkey?: unknown;
  readonly address?: string;
}

/** What the endpoint does next with a request and the browser's sign-in session. */
export type Interaction = CodeIssued | LoginNeeded | ConsentNeeded | SecondFactorNeeded | EnrolmentNeeded;

/** What may follow a sign-in (or a proved factor): anything but the sign-in form. */
export type AfterSignIn = CodeIssued | ConsentNeeded | SecondFactorNeeded | EnrolmentNeeded;

export interface SignedIn {
  /** A code, the consent the signed-in user must give before one, or a second-factor page. */
  readonly next: AfterSignIn;
  /** The new sign-in session's cookie value; null when sessions are off. */
  readonly sessionToken: string | null;
}
