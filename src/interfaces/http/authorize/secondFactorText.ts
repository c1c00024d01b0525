import type { FormLanguage } from './signInFormText';

/** Why a second-factor page is shown again. */
export type FactorError = 'wrong' | 'busy';

export interface SecondFactorText {
  readonly proveTitle: string;
  readonly proveHint: string;
  readonly code: string;
  readonly verify: string;
  readonly enrolTitle: string;
  readonly enrolHint: string;
  readonly manualEntry: string;
  readonly confirm: string;
  readonly recoveryTitle: string;
  readonly recoveryHint: string;
  readonly continue: string;
  readonly signedInAs: string;
  readonly errors: Readonly<Record<FactorError, string>>;
}

/** The second-factor pages' words, in the sign-in page's two languages. */
export const SECOND_FACTOR_TEXT: Readonly<Record<FormLanguage, SecondFactorText>> = {
  en: {
    proveTitle: 'Second step',
    proveHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Code',
    verify: 'Verify',
    enrolTitle: 'Set up a second step',
    enrolHint: 'Scan the QR code with an authenticator app (or type the key below into it), then enter the 6-digit code it shows.',
    manualEntry: 'Key for manual entry',
    confirm: 'Confirm',
    recoveryTitle: 'Your recovery codes',
    recoveryHint: 'Keep these codes somewhere safe: each signs you in once if you lose your authenticator app. They are shown only now.',
    continue: 'Continue',
    signedInAs: 'Account: ',
    errors: {
      wrong: 'The code is wrong, expired or was used already.',
      busy: 'Too many attempts. Please try again later.',
    },
  },
  zh: {
    proveTitle: '第二步验证',
    proveHint: '请输入身份验证器应用中的 6 位验证码，或一个恢复码。',
    code: '验证码',
    verify: '验证',
    enrolTitle: '设置第二步验证',
    enrolHint: '请用身份验证器应用扫描二维码（或手动输入下面的密钥），然后输入应用显示的 6 位验证码。',
    manualEntry: '手动输入的密钥',
    confirm: '确认',
    recoveryTitle: '您的恢复码',
    recoveryHint: '请妥善保存这些恢复码：丢失身份验证器时，每个恢复码可登录一次。它们只显示这一次。',
    continue: '继续',
    signedInAs: '账号：',
    errors: {
      wrong: '验证码错误、已过期或已使用',
      busy: '尝试过于频繁，请稍后再试',
    },
  },
};
