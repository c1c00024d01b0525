/**
 * `Basic base64(id:secret)` with id and secret form-urlencoded first, as RFC 6749 §2.3.1 asks
 * (so a colon, `%`, `+` or a space in either reaches the auth service intact). The client's
 * credentials go in this header, not the query: query strings end up in proxy and access logs.
 */
export function basicAuthorization(appId: string, appSecret: string): string {
  return `Basic ${Buffer.from(`${formEncoded(appId)}:${formEncoded(appSecret)}`, 'utf8').toString('base64')}`;
}

/** application/x-www-form-urlencoded, as URLSearchParams writes a value: space is `+`, everything but `*-._` and alphanumerics is escaped. */
function formEncoded(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}
