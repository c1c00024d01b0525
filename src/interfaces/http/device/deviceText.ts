import type { FormLanguage } from '../authorize/signInFormText';

/** Why the device page shows the code form again. */
export type DeviceCodeError = 'unknown' | 'busy' | 'expired';

export interface DeviceText {
  readonly title: string;
  readonly codeHint: string;
  readonly codeLabel: string;
  readonly next: string;
  readonly approveTitle: string;
  /** Before and after the app's registered name (else its client id), which the page escapes and sets in bold. */
  readonly clientBefore: string;
  readonly clientAfter: string;
  /** Before the user code the page is about, which the page escapes. */
  readonly codeShown: string;
  readonly approve: string;
  readonly deny: string;
  readonly approvedTitle: string;
  readonly approvedHint: string;
  readonly deniedTitle: string;
  readonly deniedHint: string;
  readonly enrolTitle: string;
  readonly enrolHint: string;
  readonly errors: Readonly<Record<DeviceCodeError, string>>;
}

/**
 * The device pages' words (RFC 8628 §3.3). The Chinese ones use only
 * characters of the bundled font subset (static/fonts/README.md), so a
 * machine without a CJK font draws them too.
 */
export const DEVICE_TEXT: Readonly<Record<FormLanguage, DeviceText>> = {
  en: {
    title: 'Sign in on a device',
    codeHint: 'Enter the code your device shows.',
    codeLabel: 'Code',
    next: 'Continue',
    approveTitle: 'Allow the device',
    clientBefore: 'The application ',
    clientAfter: ' asks for:',
    codeShown: 'Code on the device: ',
    approve: 'Allow',
    deny: 'Deny',
    approvedTitle: 'Done',
    approvedHint: 'The device is signed in. You may return to it.',
    deniedTitle: 'Request denied',
    deniedHint: 'The device gets no access.',
    enrolTitle: 'Set up a second factor first',
    enrolHint: 'Your account needs a second factor. Set it up when signing in to an application, then enter the code again.',
    errors: {
      unknown: 'The code is unknown or has expired. Check the code your device shows.',
      busy: 'Too many attempts. Please try again later.',
      expired: 'The page expired. Please enter the code again.',
    },
  },
  zh: {
    title: '在客户端登录',
    codeHint: '请输入客户端显示的码。',
    codeLabel: '码',
    next: '继续',
    approveTitle: '允许客户端访问',
    clientBefore: '应用 ',
    clientAfter: ' 请求获取：',
    codeShown: '客户端显示的码：',
    approve: '允许',
    deny: '拒绝',
    approvedTitle: '完成',
    approvedHint: '客户端已登录，请返回客户端。',
    deniedTitle: '已拒绝',
    deniedHint: '客户端无访问权限。',
    enrolTitle: '请先设置第二步验证',
    enrolHint: '您的账号需要第二步验证。请在登录应用时设置，然后再输入此码。',
    errors: {
      unknown: '此码不存在或已过期，请查看客户端显示的码。',
      busy: '尝试过于频繁，请稍后再试',
      expired: '页面已过期，请重新输入此码。',
    },
  },
};
