import { ClientUnauthorizedError } from '../../domain/errors';
import { InvalidGrantError } from '../../domain/grantErrors';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { AuthorizationGrant, AuthorizationCodeStore } from '../../domain/ports/AuthorizationCodeStore';
import type { CodeChallengeVerifier } from '../../domain/ports/CodeChallengeVerifier';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import { accessStillRegistered, accessWithin, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../tokens/IdTokenIssuer';
import { grantsOpenId } from '../../domain/model/OpenIdScope';
import type { UserTokenGrantResult } from './TokenGrantResult';
import type { GrantOwners } from './GrantOwners';

export interface ExchangeAuthorizationCodeInput {
  readonly code: string;
  readonly redirectUri: string | undefined;
  /** RFC 7636 `code_verifier`: required for a code with a challenge, refused for one without. */
  readonly codeVerifier?: string;
  /** The client the token endpoint authenticated (AuthenticateClient); a code needs one. */
  readonly client: AuthenticatedClient | null;
  /** RFC 8707 §2.2: resources for this token among those of the authorization request (all of them when none). */
  readonly requested: Pick<RequestedAccess, 'resources'>;
  /** The thumbprint of the request's DPoP key (CheckDpopProof); absent without a proof. */
  readonly dpopJkt?: string;
}

/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.5-4.6): a client
 * the token endpoint authenticated (a confidential client by its secret, a
 * public one by its id, PKCE being its proof). The code is read first and
 * must be issued to this client for this redirect URI, answered by the
 * verifier (when it has a challenge) and unexpired; only then is it consumed,
 * once, in the shared store. So a request failing any of these (another
 * client, a guessed verifier) changes nothing (RFC 9700 §4.5.3.1), and only
 * the code's own client, with its proof, presenting it again ends the
 * refresh-token family its first exchange started, with that family's access
 * tokens (RFC 6749 §4.1.2: "SHOULD revoke … all tokens previously issued
 * based on that authorization code"). The code's user must still be active and not
 * locked out since the sign-in (GrantOwners). What is minted is the code's grant
 * as the client's registration allows it now (accessStillRegistered). Every
 * refusal of the code is InvalidGrantError.
 * A grant of `openid` answers an ID token too (OpenID Connect Core §3.1.3.3),
 * made before the family starts: one that cannot be signed starts nothing.
 * With a DPoP proof the access token is bound to its key, and so is a public
 * client's family (RFC 9449 §5): only that key refreshes it.
 */
export class ExchangeAuthorizationCode {
  constructor(
    private readonly codes: AuthorizationCodeStore,
    private readonly challenges: CodeChallengeVerifier,
    private readonly families: RefreshTokenFamilies,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    private readonly owners: Pick<GrantOwners, 'assertMayMint'>,
    private readonly idTokens: Pick<IdTokenIssuer, 'issue'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: ExchangeAuthorizationCodeInput): Promise<UserTokenGrantResult> {
    // Only an identified client may exchange a code (RFC 6749 §3.2.1, §4.1.3).
    if (input.client === null) throw new ClientUnauthorizedError();
    const clientId = input.client.id;
    // Read, not used: a request that fails a check below must leave the code and its family as they were (RFC 9700 §4.5.3.1).
    const grant = await this.codes.find(input.code);
    if (grant === null) throw new InvalidGrantError('unknown authorization code');
    if (grant.clientId !== clientId) throw new InvalidGrantError('authorization code of another client');
    // RFC 6749 §4.1.3: required when the authorization request had it; we always bind one, so always required.
    if (input.redirectUri !== grant.redirectUri) throw new InvalidGrantError('redirect_uri differs from the authorization request');
    // A public client proves nothing but PKCE: a code of its without a challenge is not honoured.
    if (grant.codeChallenge === undefined && !input.client.confidential) throw new InvalidGrantError('a public client\'s code without a code_challenge');
    this.assertVerifier(input.codeVerifier, grant.codeChallenge);
    if (this.families.now() >= grant.expiresAt) throw new InvalidGrantError('authorization code expired');
    // What the registration allows now (a scope or resource removed since the code was issued is not minted), within the request.
    const access = accessWithin(accessStillRegistered(grant.granted, input.client), input.requested);
    // One conditional write: of two requests with this code, on any instance, exactly one uses it first.
    const consumed = await this.codes.consume(input.code, this.families.now());
    if (consumed === null) throw new InvalidGrantError('unknown authorization code');
    if (!consumed.firstUse) {
      // Its own client presenting it again, proof included (RFC 6749 §4.1.2): whatever it started ends.
      await this.families.end(grant.familyId);
      this.replayed(grant, 'used_before');
      throw new InvalidGrantError('authorization code used before: its family ended');
    }
    // A user locked out (disabled, password changed, removed) since signing in for this code gets nothing from it.
    await this.owners.assertMayMint(grant.user, grant.issuedAt);
    const { authentication } = grant;
    const issued = await this.tokens.forUser(grant.user, { clientId, access, signIn: { authTime: grant.authTime, authentication } }, input.dpopJkt ?? null);
    const idToken = grantsOpenId(access.scopes)
      ? await this.idTokens.issue({ subject: grant.user.id, clientId, authTime: grant.authTime, nonce: grant.nonce, sid: grant.sid, authentication, accessToken: issued.token })
      : undefined;
    // The family keeps the whole grant: a later refresh may ask for any of it the registration still allows.
    // A confidential client's family is bound by its secret; a public client's has only the DPoP key to bind it.
    const boundTo = input.client.confidential ? undefined : input.dpopJkt;
    const refreshToken = await this.families.start(grant.user, clientId, grant.granted, issued, grant.familyId, grant.authTime, grant.sid, authentication, boundTo);
    // A replay that came between the consumption above and the family's start could not end it: do it now.
    if (await this.codes.wasReplayed(input.code)) {
      await this.families.end(grant.familyId);
      this.replayed(grant, 'during_exchange');
      throw new InvalidGrantError('authorization code replayed during its exchange: its family ended');
    }
    this.trail.record({
      type: 'token.issued',
      outcome: 'success',
      account: grant.user.account,
      client: clientId,
      details: { grant: 'authorization_code', subject: grant.user.id, scopes: access.scopes },
    });
    return { accessToken: issued.token, expiresInSeconds: this.tokens.ttlSeconds, scopes: access.scopes, refreshToken, ...(idToken === undefined ? {} : { idToken }) };
  }

  private replayed(grant: AuthorizationGrant, when: 'used_before' | 'during_exchange'): void {
    this.trail.record({
      type: 'code.replayed',
      outcome: 'failure',
      account: grant.user.account,
      client: grant.clientId,
      details: { subject: grant.user.id, family: grant.familyId, when, familyEnded: true },
    });
  }

  /** RFC 7636 §4.6 for a code with a challenge; a verifier sent for a code without one is refused too (as oidc-provider does). */
  private assertVerifier(verifier: string | undefined, challenge: string | undefined): void {
    if (challenge === undefined) {
      if (verifier !== undefined) throw new InvalidGrantError('code_verifier sent for a code issued without a code_challenge');
      return;
    }
    if (verifier === undefined) throw new InvalidGrantError('code_verifier missing for a code issued with a code_challenge');
    if (!this.challenges.matches(verifier, challenge)) throw new InvalidGrantError('code_verifier does not match the code_challenge');
  }
}
