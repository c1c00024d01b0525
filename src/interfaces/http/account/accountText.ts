import type { FormLanguage } from '../authorize/signInFormText';

/** What the account page says after an action went through (`?done=…`, a fixed set: nothing the URL brings is echoed). */
export const NOTICES = ['totp_added', 'factor_removed', 'passkey_added', 'session_ended', 'sessions_ended', 'consent_revoked'] as const;
export type Notice = (typeof NOTICES)[number];

/** Why an action was refused, as the page tells it. */
export type AccountError = 'wrong_code' | 'busy' | 'wrong_password' | 'bad_password' | 'totp_state' | 'passkey_failed' | 'gone' | 'expired' | 'password_unavailable';

export interface AccountText {
  readonly title: string;
  readonly signedInAs: string;
  readonly factorsTitle: string;
  readonly noFactors: string;
  readonly totp: string;
  readonly passkey: string;
  readonly added: string;
  readonly remove: string;
  readonly addTotp: string;
  readonly recoveryLeft: (count: number) => string;
  readonly regenerate: string;
  readonly passkeyName: string;
  readonly passkeyDefaultName: string;
  readonly addPasskey: string;
  readonly passkeyUnsupported: string;
  readonly sessionsTitle: string;
  readonly signedInAt: string;
  readonly expires: string;
  readonly thisSession: string;
  readonly endSession: string;
  readonly endOthers: string;
  readonly appsTitle: string;
  readonly noApps: string;
  readonly revoke: string;
  readonly passwordTitle: string;
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly changePassword: string;
  readonly passwordHint: string;
  readonly passwordChangedTitle: string;
  readonly passwordChanged: string;
  readonly signInAgain: string;
  readonly back: string;
  readonly notices: Readonly<Record<Notice, string>>;
  readonly errors: Readonly<Record<AccountError, string>>;
}

/** The account page's words, in the sign-in page's two languages. */
export const ACCOUNT_TEXT: Readonly<Record<FormLanguage, AccountText>> = {
  en: {
    title: 'Your account',
    signedInAs: 'Signed in as ',
    factorsTitle: 'Second factors',
    noFactors: 'You have no second factor: a password alone signs you in.',
    totp: 'Authenticator app',
    passkey: 'Passkey',
    added: 'added',
    remove: 'Remove',
    addTotp: 'Set up an authenticator app',
    recoveryLeft: (count) => `Recovery codes left: ${count}`,
    regenerate: 'New recovery codes',
    passkeyName: 'Passkey name',
    passkeyDefaultName: 'My passkey',
    addPasskey: 'Add a passkey',
    passkeyUnsupported: 'This browser cannot create passkeys.',
    sessionsTitle: 'Where you are signed in',
    signedInAt: 'Signed in',
    expires: 'ends',
    thisSession: 'this browser',
    endSession: 'End',
    endOthers: 'End all other sessions',
    appsTitle: 'Apps you allowed',
    noApps: 'You have not allowed any app.',
    revoke: 'Revoke',
    passwordTitle: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordHint: 'Changing it signs you out everywhere, this browser included, and ends the apps\' tokens.',
    passwordChangedTitle: 'Password changed',
    passwordChanged: 'Your password has been changed. Every session and token has ended; sign in again with the new password.',
    signInAgain: 'Sign in again',
    back: 'Back to your account',
    notices: {
      totp_added: 'The authenticator app has been set up.',
      factor_removed: 'The second factor has been removed.',
      passkey_added: 'The passkey has been added.',
      session_ended: 'The session has ended.',
      sessions_ended: 'Every other session has ended.',
      consent_revoked: 'The app\'s access has been revoked.',
    },
    errors: {
      wrong_code: 'The code is wrong, expired or was used already.',
      busy: 'Too many attempts. Please try again later.',
      wrong_password: 'The current password is wrong.',
      bad_password: 'The new password must be at least 8 characters, not only spaces.',
      totp_state: 'An authenticator app is set up already, or the set-up has changed: start again.',
      passkey_failed: 'The passkey could not be added. Please try again.',
      gone: 'That item no longer exists.',
      expired: 'The page has expired. Please try again.',
      password_unavailable: 'The password of this account cannot be changed here.',
    },
  },
  zh: {
    title: '您的账号',
    signedInAs: '当前账号：',
    factorsTitle: '第二步验证方式',
    noFactors: '您还没有第二步验证方式：仅凭密码即可登录。',
    totp: '身份验证器应用',
    passkey: '通行密钥',
    added: '添加于',
    remove: '移除',
    addTotp: '设置身份验证器应用',
    recoveryLeft: (count) => `剩余恢复码：${count}`,
    regenerate: '生成新的恢复码',
    passkeyName: '通行密钥名称',
    passkeyDefaultName: '我的通行密钥',
    addPasskey: '添加通行密钥',
    passkeyUnsupported: '此浏览器无法创建通行密钥。',
    sessionsTitle: '已登录的会话',
    signedInAt: '登录于',
    expires: '结束于',
    thisSession: '当前浏览器',
    endSession: '结束',
    endOthers: '结束其他所有会话',
    appsTitle: '已授权的应用',
    noApps: '您尚未授权任何应用。',
    revoke: '撤销',
    passwordTitle: '密码',
    currentPassword: '当前密码',
    newPassword: '新密码',
    changePassword: '修改密码',
    passwordHint: '修改密码后，所有会话（包括当前浏览器）都会退出，应用的令牌也会失效。',
    passwordChangedTitle: '密码已修改',
    passwordChanged: '您的密码已修改。所有会话和令牌均已失效，请使用新密码重新登录。',
    signInAgain: '重新登录',
    back: '返回您的账号',
    notices: {
      totp_added: '身份验证器应用已设置。',
      factor_removed: '第二步验证方式已移除。',
      passkey_added: '通行密钥已添加。',
      session_ended: '会话已结束。',
      sessions_ended: '其他所有会话均已结束。',
      consent_revoked: '应用的访问权限已撤销。',
    },
    errors: {
      wrong_code: '验证码错误、已过期或已使用',
      busy: '尝试过于频繁，请稍后再试',
      wrong_password: '当前密码错误',
      bad_password: '新密码至少需要 8 个字符，且不能只有空格',
      totp_state: '身份验证器应用已设置，或设置已变更：请重新开始',
      passkey_failed: '无法添加通行密钥，请重试',
      gone: '该项目已不存在',
      expired: '页面已过期，请重试',
      password_unavailable: '此账号的密码无法在这里修改',
    },
  },
};
