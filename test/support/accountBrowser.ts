import { FormBrowser } from './formBrowser';

/** The account page's CSRF token on a page, as its forms carry it. */
export function accountCsrfOf(html: string): string {
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
  if (token === undefined) throw new Error('no csrf_token on the page');
  return token;
}

/**
 * A browser without scripts on the account page of a listening server: signs
 * in through the usual sign-in page (following the redirects there and back,
 * whatever host the issuer names), then posts the page's forms by action.
 */
export class AccountBrowser {
  /** The last account page seen (its CSRF token goes with the next post). */
  html = '';

  constructor(
    readonly origin: string,
    readonly browser = new FormBrowser(),
  ) {}

  /** The same browser (its cookies, its last page) on another instance. */
  on(origin: string): AccountBrowser {
    const moved = new AccountBrowser(origin, this.browser);
    moved.html = this.html;
    return moved;
  }

  get url(): string {
    return `${this.origin}/auth/account`;
  }

  /** GET the page; answers the response (a redirect to sign in when signed out). */
  async open(query = ''): Promise<Response> {
    const response = await this.browser.get(`${this.url}${query}`);
    if (response.status === 200) this.html = await response.clone().text();
    return response;
  }

  /** Signs in with the password through the sign-in page; answers the sign-in's last answer (the second-factor page, or the way back). */
  async signIn(account: string, password: string): Promise<Response> {
    const toSignIn = await this.open();
    if (toSignIn.status !== 302) throw new Error(`expected the way to sign in, got ${toSignIn.status}`);
    const formUrl = new URL(toSignIn.headers.get('location')!, this.url).href;
    const form = await this.browser.get(formUrl);
    return this.browser.submitForm(formUrl, await form.text(), { username: account, password });
  }

  /** Follows a redirect back to the account page (the issuer's host mapped to the server) and lands on the page. */
  async land(back: Response): Promise<Response> {
    const location = new URL(back.headers.get('location')!, this.url);
    const returned = await this.browser.get(`${this.origin}${location.pathname}${location.search}`);
    if (returned.status !== 303) return returned;
    return this.open();
  }

  /** Signs in with the password alone and lands on the page. */
  async signedIn(account: string, password: string): Promise<string> {
    const back = await this.signIn(account, password);
    const page = await this.land(back);
    if (page.status !== 200) throw new Error(`expected the account page, got ${page.status}`);
    return this.html;
  }

  /** POSTs one of the page's actions with the last page's CSRF token (or the one given). */
  async post(action: string, fields: Readonly<Record<string, string>> = {}, csrfToken = accountCsrfOf(this.html)): Promise<Response> {
    const body = new URLSearchParams({ csrf_token: csrfToken, action, ...fields });
    return this.browser.submitForm(this.url, `<form method="post" action="account">${[...body].map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`).join('')}</form>`, {});
  }
}
