import type { IssuerSource, JsonWebKeySetResponse, JsonWebKeySetSource, VerificationKeyListResponse, VerificationKeyListSource } from '../../src/index';

/** A JWKS endpoint answering what the test set (or failing with `error`); counts the asks. */
export class FakeKeySetSource implements JsonWebKeySetSource {
  calls = 0;
  error: Error | null = null;

  constructor(public response: JsonWebKeySetResponse = { published: false }) {}

  async fetchKeySet(): Promise<JsonWebKeySetResponse> {
    this.calls++;
    if (this.error) throw this.error;
    return this.response;
  }
}

/** The authenticated key list (hmac) answering what the test set. */
export class FakeKeyListSource implements VerificationKeyListSource {
  calls = 0;

  constructor(public response: VerificationKeyListResponse = { served: false }) {}

  async fetchKeys(): Promise<VerificationKeyListResponse> {
    this.calls++;
    return this.response;
  }
}

/** The discovery document's issuer: a value, null (none published) or a failure. */
export class FakeIssuerSource implements IssuerSource {
  calls = 0;

  constructor(public answer: string | null | Error = 'http://localhost/auth') {}

  async fetchIssuer(): Promise<string | null> {
    this.calls++;
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}
