import type { LogoutTokenSender } from '../../domain/ports/LogoutTokenSender';

/**
 * LogoutTokenSender with node's fetch: `POST` `application/x-www-form-urlencoded`
 * `logout_token=…` (Back-Channel Logout 1.0 §2.5), no redirects followed
 * (§2.8: a redirect is no answer), given up after `timeoutMs`. The reason
 * returned names the status or the error's kind, never the token.
 */
export class FetchLogoutTokenSender implements LogoutTokenSender {
  constructor(private readonly timeoutMs = 5000) {}

  async send(uri: string, logoutToken: string): Promise<string | null> {
    try {
      const response = await fetch(uri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache, no-store' },
        body: new URLSearchParams({ logout_token: logoutToken }).toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // The body is not read: only the status counts.
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`;
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${this.timeoutMs} ms`;
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return `request failed: ${cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.name) : 'unknown error'}`;
    }
  }
}
