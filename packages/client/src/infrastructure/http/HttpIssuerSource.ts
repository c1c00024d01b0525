import type { IssuerSource } from '../../domain/ports/IssuerSource';
import { authServiceUrl, boundedGet } from './boundedGet';

export interface HttpIssuerSourceOptions {
  readonly authServerUrl: string;
  readonly authContextPath: string;
  readonly timeoutMs: number;
}

/**
 * Reads `issuer` from `{authServerUrl}/{authContextPath}/.well-known/openid-configuration`.
 * An answer that is not a discovery document with a string issuer (404, 5xx,
 * a redirect, not JSON) is null; refused connections and timeouts reject.
 */
export class HttpIssuerSource implements IssuerSource {
  readonly endpoint: string;

  constructor(private readonly options: HttpIssuerSourceOptions) {
    this.endpoint = authServiceUrl(options.authServerUrl, options.authContextPath, '/.well-known/openid-configuration');
  }

  async fetchIssuer(): Promise<string | null> {
    const { status, text } = await boundedGet(new URL(this.endpoint), this.options.timeoutMs, '', { anyStatus: true });
    if (status < 200 || status > 299) return null;
    try {
      const issuer = (JSON.parse(text) as { issuer?: unknown } | null)?.issuer;
      return typeof issuer === 'string' && issuer.length > 0 && issuer.length <= 2048 ? issuer : null;
    } catch {
      return null;
    }
  }
}
