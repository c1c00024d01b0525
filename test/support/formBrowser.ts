/**
 * A browser without scripts, over real HTTP: keeps cookies per path, follows
 * nothing by itself (the test sees every redirect), and submits a page's form
 * as a browser would (its hidden fields plus the ones the test fills in).
 */
export class FormBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string): Promise<Response> {
    return this.send(url, { method: 'POST' });
  }

  /** Submits the first form of `page` (fetched from `pageUrl`), or the one with `formId`, with its hidden inputs and `fill`. */
  async submitForm(pageUrl: string, page: string, fill: Readonly<Record<string, string>>, formId?: string): Promise<Response> {
    const form = [...page.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/gi)].find((match) => formId === undefined || match[0].includes(` id="${formId}"`));
    if (!form) throw new Error(`no form${formId === undefined ? '' : ` ${formId}`} on the page`);
    const action = /\baction="([^"]*)"/i.exec(form[0])?.[1] ?? '';
    const method = (/\bmethod="([^"]*)"/i.exec(form[0])?.[1] ?? 'get').toUpperCase();
    const fields = new URLSearchParams();
    for (const input of form[1].matchAll(/<input\b[^>]*>/gi)) {
      const name = /\bname="([^"]*)"/i.exec(input[0])?.[1];
      const type = /\btype="([^"]*)"/i.exec(input[0])?.[1] ?? 'text';
      if (!name || type !== 'hidden') continue;
      fields.append(unescapeHtml(name), unescapeHtml(/\bvalue="([^"]*)"/i.exec(input[0])?.[1] ?? ''));
    }
    for (const [name, value] of Object.entries(fill)) fields.set(name, value);
    const target = new URL(unescapeHtml(action), pageUrl).toString();
    return this.send(target, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const path = new URL(url).pathname;
    const cookie = [...this.cookies.entries()]
      .filter(([, entry]) => path.startsWith(entry.path))
      .map(([name, entry]) => `${name}=${entry.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const cookiePath = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const maxAge = attributes.find((a) => /^max-age=/i.test(a));
      if (maxAge && Number(maxAge.slice(8)) <= 0) this.cookies.delete(name);
      else this.cookies.set(name, { value: pair.slice(eq + 1), path: cookiePath });
    }
    return response;
  }
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}
