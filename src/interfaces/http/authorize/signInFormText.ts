/** The languages the authorization endpoint's pages speak, like the sign-in page (static/i18n.js). */
export type FormLanguage = 'en' | 'zh';

/** Why the form is shown again (`passkey`: a passkey that did not sign anyone in, for whatever reason). */
export type FormError = 'expired' | 'invalid' | 'busy' | 'passkey';

export interface FormText {
  readonly htmlLang: string;
  readonly title: string;
  /** Before and after the client id, which the page escapes and sets in bold. */
  readonly clientBefore: string;
  readonly clientAfter: string;
  readonly username: string;
  readonly password: string;
  readonly submit: string;
  readonly errors: Readonly<Record<FormError, string>>;
  readonly refusedTitle: string;
  readonly refusedHint: string;
}

/**
 * The pages' words. The Chinese ones use only characters of the bundled font
 * (static/fonts/sign-in-cjk.woff2, cut from static/i18n.js and the API's
 * messages), so a machine without a CJK font draws them too.
 */
export const FORM_TEXT: Readonly<Record<FormLanguage, FormText>> = {
  en: {
    htmlLang: 'en',
    title: 'Sign in',
    clientBefore: 'to continue to ',
    clientAfter: '',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    errors: {
      expired: 'The sign-in form expired. Please sign in again.',
      invalid: 'Invalid username or password.',
      busy: 'Too many sign-in attempts or the service is busy. Please try again later.',
      passkey: 'The passkey could not be verified. Try again, or sign in with your password.',
    },
    refusedTitle: 'Sign-in request refused',
    refusedHint: 'The application that sent you here made a request this service cannot answer. Return to it and try again.',
  },
  zh: {
    htmlLang: 'zh-CN',
    title: '登录',
    clientBefore: '应用 ',
    clientAfter: ' 请求您登录',
    username: '账号',
    password: '密码',
    submit: '登录',
    errors: {
      expired: '页面已过期，请重新登录',
      invalid: '用户名或密码错误',
      busy: '登录尝试过于频繁，请稍后再试',
      passkey: '通行密钥无法验证，请重试或使用密码登录。',
    },
    refusedTitle: '无法登录',
    refusedHint: '此登录请求无法完成，请返回应用重试。',
  },
};

/**
 * The page's language from Accept-Language: the one of `en` and `zh` with the
 * highest weight (q), the earlier on a tie, `zh-CN`, `zh-TW`… counting as `zh`;
 * English when neither is asked for.
 */
export function formLanguage(acceptLanguage: string | undefined): FormLanguage {
  let best: { language: FormLanguage; q: number } | null = null;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'en' && primary !== 'zh') continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (best === null || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? 'en';
}

/**
 * The page's language: the first of OpenID Connect `ui_locales` (a
 * space-separated list of BCP 47 tags in order of preference) that is `en`
 * or `zh` (`zh-CN`, `zh-Hant-TW`… counting as `zh`); without one, Accept-Language (formLanguage).
 */
export function pageLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): FormLanguage {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const primary = tag.split('-')[0].toLowerCase();
    if (primary === 'en' || primary === 'zh') return primary;
  }
  return formLanguage(acceptLanguage);
}
