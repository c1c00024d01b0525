import { formLanguage, type FormLanguage } from '../authorize/signInFormText';

export interface LogoutText {
  readonly htmlLang: string;
  readonly confirmTitle: string;
  /** Before and after the service's host, which the page escapes and sets in bold. */
  readonly questionBefore: string;
  readonly questionAfter: string;
  /** Before and after the client id, when a client asked. */
  readonly clientBefore: string;
  readonly clientAfter: string;
  readonly submit: string;
  readonly expired: string;
  readonly signedOutTitle: string;
  readonly signedOutText: string;
  /** Before and after the app's name on the signed-out page, when an app asked. */
  readonly signedOutClientBefore: string;
  readonly signedOutClientAfter: string;
  readonly refusedTitle: string;
  readonly refusedHint: string;
}

/**
 * The logout pages' words, in the sign-in page's two languages. The Chinese
 * ones use only characters of the bundled font (static/fonts/README.md), as
 * the sign-in page's do.
 */
export const LOGOUT_TEXT: Readonly<Record<FormLanguage, LogoutText>> = {
  en: {
    htmlLang: 'en',
    confirmTitle: 'Sign out',
    questionBefore: 'Sign out of ',
    questionAfter: '?',
    clientBefore: 'The application ',
    clientAfter: ' asks to sign you out.',
    submit: 'Sign out',
    expired: 'This page expired. Please confirm again.',
    signedOutTitle: 'Signed out',
    signedOutText: 'You have signed out. You may close this page.',
    signedOutClientBefore: 'The application ',
    signedOutClientAfter: ' asked to sign you out.',
    refusedTitle: 'Sign-out request refused',
    refusedHint: 'The application that sent you here made a request this service cannot answer. Return to it and try again.',
  },
  zh: {
    htmlLang: 'zh-CN',
    confirmTitle: '退出登录',
    questionBefore: '是否退出 ',
    questionAfter: ' 的登录',
    clientBefore: '应用 ',
    clientAfter: ' 请求您退出登录',
    submit: '退出登录',
    expired: '页面已过期，请重新确认',
    signedOutTitle: '已退出登录',
    signedOutText: '您已退出登录。',
    signedOutClientBefore: '应用 ',
    signedOutClientAfter: ' 已请求退出登录。',
    refusedTitle: '无法退出登录',
    refusedHint: '此请求无法完成，请返回应用重试。',
  },
};

/**
 * The pages' language: the first tag of OpenID Connect `ui_locales` (a
 * space-separated list, most preferred first) that is English or Chinese,
 * else Accept-Language as the sign-in page reads it.
 */
export function logoutLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): FormLanguage {
  for (const tag of (uiLocales ?? '').split(' ')) {
    const primary = tag.split('-')[0].toLowerCase();
    if (primary === 'en' || primary === 'zh') return primary;
  }
  return formLanguage(acceptLanguage);
}
