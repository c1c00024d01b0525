import type { FormLanguage } from './signInFormText';

export interface ConsentText {
  readonly title: string;
  /** Before and after the app's registered name (else its client id), which the page escapes and sets in bold. */
  readonly clientBefore: string;
  readonly clientAfter: string;
  /** Before the signed-in account, which the page escapes. */
  readonly signedInAs: string;
  /** What the app gets when it asks for no scope at all. */
  readonly noScopes: string;
  /** Every claim a scope OpenID Connect defines releases (§5.4, userFieldsByScope.ts), in words; any other scope is shown by its name. */
  readonly scopes: Readonly<Record<string, string>>;
  /** Before a scope shown by its name. */
  readonly otherScope: string;
  readonly approve: string;
  readonly deny: string;
  /** The links to the app's registered privacy policy and terms of service. */
  readonly policy: string;
  readonly terms: string;
}

/**
 * The consent page's words. The Chinese ones are in the bundled font subset
 * too (static/fonts/README.md), so a machine without a CJK font draws them.
 */
export const CONSENT_TEXT: Readonly<Record<FormLanguage, ConsentText>> = {
  en: {
    title: 'Allow access',
    clientBefore: 'The application ',
    clientAfter: ' asks for:',
    signedInAs: 'Signed in as ',
    noScopes: 'Signing you in with your account, nothing more',
    scopes: {
      openid: 'Knowing who you are (your user id)',
      profile: 'Your name, nickname, picture, account name, user id and user type',
      email: 'Your email address',
      phone: 'Your phone number',
      offline_access: 'Staying signed in to the app (a refresh token)',
    },
    otherScope: 'Access: ',
    approve: 'Allow',
    deny: 'Deny',
    policy: 'Privacy policy',
    terms: 'Terms of service',
  },
  zh: {
    title: '授权访问',
    clientBefore: '应用 ',
    clientAfter: ' 请求获取：',
    signedInAs: '当前账号：',
    noScopes: '仅用您的账号登录，不获取其他信息',
    scopes: {
      openid: '确认您的身份（用户编号）',
      profile: '您的姓名、昵称、头像、账号名、用户编号和用户类型',
      email: '您的电子邮件地址',
      phone: '您的电话号码',
      offline_access: '让应用保持您的登录（刷新令牌）',
    },
    otherScope: '权限：',
    approve: '允许',
    deny: '拒绝',
    policy: '隐私政策',
    terms: '服务条款',
  },
};
