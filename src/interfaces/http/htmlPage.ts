/** HTML-escapes a text for an element's content or a quoted attribute. */
export function escape(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A form's hidden fields, names and values escaped; absent values are left out. */
export function hiddenFields(fields: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `      <input type="hidden" name="${escape(name)}" value="${escape(String(value))}">`)
    .join('\n');
}

/**
 * The server-rendered pages' one frame (sign-in, consent, logout, refusals): the
 * stylesheet of the context path's static files, no referrer sent on, and `main`
 * as given (already escaped by its page); a page's own `stylesheets` after the shared one.
 */
export function htmlPage(page: { readonly lang: string; readonly title: string; readonly staticBase: string; readonly main: string; readonly stylesheets?: readonly string[] }): string {
  const more = (page.stylesheets ?? []).map((sheet) => `\n  <link rel="stylesheet" href="${escape(page.staticBase)}/${escape(sheet)}">`).join('');
  // A Chinese page needs the CJK subset at once: fetched before the first layout, no fallback boxes drawn meanwhile.
  const font = page.lang.startsWith('zh') ? `\n  <link rel="preload" href="${escape(page.staticBase)}/fonts/sign-in-cjk.woff2" as="font" type="font/woff2" crossorigin>` : '';
  return `<!doctype html>
<html lang="${page.lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${page.title}</title>
  <link rel="stylesheet" href="${escape(page.staticBase)}/authorize.css">${more}${font}
</head>
<body>
  <main>
${page.main}
  </main>
</body>
</html>
`;
}
