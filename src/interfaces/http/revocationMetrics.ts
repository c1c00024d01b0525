import { Counter, Gauge, type Registry } from './promClientCore';

/** `auth_token_revocations_total{kind}`: subject (disable, remove, passwd) or token (logout, RFC 7009). Returns the increment. */
export function revocationCounter(registry: Registry): (kind: 'subject' | 'token') => void {
  const counter = new Counter({
    name: 'auth_token_revocations_total',
    help: 'Revocations written by this instance, by kind (subject: disable/remove/password change; token: logout)',
    labelNames: ['kind'],
    registers: [registry],
  });
  for (const kind of ['subject', 'token']) counter.inc({ kind }, 0);
  return (kind) => counter.inc({ kind });
}

/** What a client's revocation feed fetch did. */
export type FeedFetchResult = 'success' | 'unchanged' | 'error';

/**
 * `auth_client_revocation_feed_fetches_total{result}` and
 * `auth_client_revocation_feed_age_seconds` (since the last good answer; -1 before one).
 * Returns the increment.
 */
export function revocationFeedMetrics(
  registry: Registry,
  options: { readonly fetchedAt: () => Date | null; readonly now: () => Date },
): (result: FeedFetchResult) => void {
  const fetches = new Counter({
    name: 'auth_client_revocation_feed_fetches_total',
    help: 'Revocation feed fetches by result',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of ['success', 'unchanged', 'error']) fetches.inc({ result }, 0);
  new Gauge({
    name: 'auth_client_revocation_feed_age_seconds',
    help: 'Seconds since the revocation feed last answered (-1 before the first answer)',
    registers: [registry],
    collect() {
      const at = options.fetchedAt();
      this.set(at === null ? -1 : (options.now().getTime() - at.getTime()) / 1000);
    },
  });
  return (result) => fetches.inc({ result });
}
