import * as client from 'openid-client';

/** An authorization request as a relying party builds it with openid-client: a fresh PKCE verifier (S256) and state. */
export async function pkceAuthorizationUrl(config: client.Configuration, redirectUri: string): Promise<{ url: URL; verifier: string; state: string }> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url, verifier, state };
}
