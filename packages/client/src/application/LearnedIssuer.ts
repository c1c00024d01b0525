import { KeyFetchError } from '../domain/errors';
import type { IssuerSource } from '../domain/ports/IssuerSource';

/**
 * The issuer a client expects in `iss`: the configured one, else the one the
 * auth service publishes in its discovery document, learned once (the issuer is
 * stable) with a key refresh. While neither is known, `expected()` is null and
 * every token is refused as "try later": accepting any issuer is not a fallback.
 */
export class LearnedIssuer {
  private learned: string | null = null;

  constructor(
    private readonly configured: string | undefined,
    private readonly source: IssuerSource | undefined,
  ) {}

  expected(): string | null {
    return this.configured ?? this.learned;
  }

  /** Whether asking the auth service could still tell us something. */
  get pending(): boolean {
    return this.expected() === null && this.source !== undefined;
  }

  /** Asks the discovery document once the issuer is needed; throws what the source throws. */
  async learn(): Promise<void> {
    if (!this.pending || !this.source) return;
    const issuer = await this.source.fetchIssuer();
    if (issuer === null) throw new KeyFetchError('the auth service publishes no issuer (/.well-known/openid-configuration); set AUTH_ISSUER');
    this.learned = issuer;
  }
}
