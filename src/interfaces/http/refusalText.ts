import type { FormLanguage } from './authorize/signInFormText';

/**
 * The refusal pages' detail in the page's language. The domain errors say what was refused in English (for logs
 * and for the English page); a Chinese page says it in Chinese, never in English, and anything not listed here in
 * a general sentence rather than untranslated.
 */
const CHINESE: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string]> = [
  [/^unknown client$/, () => '未知的应用：client_id 未注册。'],
  [/^redirect_uri is required$/, () => '缺少 redirect_uri：该应用注册了多个回调地址。'],
  [/^redirect_uri is not registered for this client$/, () => '该 redirect_uri 未为此应用注册。'],
  [/^client_id and redirect_uri must be given once$/, () => 'client_id 和 redirect_uri 只能各出现一次。'],
  [/^client_id does not match the id_token_hint$/, () => 'client_id 与 id_token_hint 不符。'],
  [/^([a-z_]+) must be given once$/, (match) => `${match[1]} 只能出现一次。`],
  [/^([a-z_]+) is too long$/, (match) => `${match[1]} 过长。`],
];

/** Said on a Chinese page for a refusal with no sentence of its own above. */
export const CHINESE_REFUSAL_FALLBACK = '请求的参数无效。';

/** `detail` (a refusal's English message) as the page in `language` shows it. */
export function refusalText(detail: string, language: FormLanguage): string {
  if (language === 'en') return detail;
  for (const [pattern, say] of CHINESE) {
    const match = pattern.exec(detail);
    if (match !== null) return say(match);
  }
  return CHINESE_REFUSAL_FALLBACK;
}
