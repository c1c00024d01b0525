// The sign-in page's words in English and Chinese. The API's `msg` is Chinese by contract; in English
// the page shows its meaning (the README's message table), in Chinese the message itself.

/** English meanings of the API's messages (every one the service sends; a unit test checks the list). */
export const MESSAGES_EN = {
  '登录成功!': 'Signed in.',
  '操作成功!': 'Done.',
  '登录认证信息不全!!!': 'Enter both the account and the password.',
  '用户认证失败': 'Not signed in: no token was sent.',
  '认证令牌已过期！': 'The token has expired: sign in again.',
  'token 解析失败！': 'The token could not be verified: sign in again.',
  '用户名或密码错误': 'Wrong account or password.',
  '登录尝试过于频繁，请稍后再试': 'Too many sign-in attempts: wait a moment and try again.',
  '客户端认证尝试过于频繁，请稍后再试': 'Too many client authentication attempts: wait a moment and try again.',
  '登录请求过多，请稍后重试': 'Too many sign-ins at once: try again in a second.',
  '服务实例正在停止，请重试': 'This instance is stopping: try again.',
  '客户端认证失败': 'Client authentication failed: check the app id and secret.',
  '当前签名方式不允许下发密钥': 'The signing method does not allow handing out the key.',
  '认证密钥暂不可用，请稍后重试': 'No verification key yet: try again shortly.',
  '请求参数错误': 'Bad request parameters.',
  '请求体不是合法的 JSON': 'The request body is not valid JSON.',
  '请求体过大': 'The request body is too large.',
  '不支持的请求体编码': 'Unsupported request body encoding.',
  '请求的资源不存在': 'Not found.',
  '服务器内部错误': 'Internal server error.',
  '数据存储暂不可用，操作未完成，请稍后重试': 'The data store is unavailable: nothing was done. Please try again shortly.',
  '暂时无法确认令牌是否已注销，请稍后重试': 'Cannot confirm right now whether the token was revoked. Please try again shortly.',
  '请求超时': 'The request timed out.',
};

export const TEXT = {
  en: {
    title: 'Sign in · Auth service',
    heading: 'Sign in',
    lead: 'Try the auth service: log in, read your token, see who the service thinks you are.',
    apiDocs: 'API documentation',
    account: 'Account',
    password: 'Password',
    clientSummary: 'Client credentials for the key endpoint',
    clientHint: 'The page asks the key endpoint for the verification key as this client. While AUTH_CLIENTS is empty any values are accepted; a blank secret is sent as "none".',
    appId: 'App id',
    appSecret: 'App secret',
    submit: 'Sign in',
    signedIn: 'Signed in',
    signedInAs: (name) => `Signed in as ${name}`,
    expiresIn: 'Token expires in',
    expiresAt: 'at',
    tokenHeader: 'Token header',
    tokenClaims: 'Token claims',
    currentUser: 'Current user',
    verificationKey: 'Verification key',
    signOut: 'Sign out',
    never: 'never (no exp claim)',
    expired: 'expired',
    unreachable: 'The service cannot be reached.',
    undecodable: 'The service answered with a token that cannot be decoded.',
    signedOut: 'Signed out: the token is revoked.',
    notRevoked: (msg) => `Signed out here, but the service did not revoke the token: ${msg}`,
    message: (msg) => MESSAGES_EN[msg] ?? msg,
  },
  zh: {
    title: '登录 · 认证服务',
    heading: '登录',
    lead: '试用认证服务：登录，查看令牌，看看服务认出的您是谁。',
    apiDocs: '接口文档',
    account: '账号',
    password: '密码',
    clientSummary: '密钥接口的客户端凭据',
    clientHint: '页面以此客户端的身份向密钥接口索取验证密钥。AUTH_CLIENTS 为空时任何值都被接受；密钥留空时发送 "none"。',
    appId: '应用 ID',
    appSecret: '应用密钥',
    submit: '登录',
    signedIn: '已登录',
    signedInAs: (name) => `已登录：${name}`,
    expiresIn: '令牌剩余有效时间',
    expiresAt: '到期时间',
    tokenHeader: '令牌头部',
    tokenClaims: '令牌声明',
    currentUser: '当前用户',
    verificationKey: '验证密钥',
    signOut: '退出登录',
    never: '永不过期（无 exp 声明）',
    expired: '已过期',
    unreachable: '无法连接服务。',
    undecodable: '服务返回的令牌无法解码。',
    signedOut: '已退出：令牌已吊销。',
    notRevoked: (msg) => `已在本页退出，但服务未能吊销令牌：${msg}`,
    message: (msg) => msg,
  },
};

/**
 * The page's language from the browser's preferences (navigator.languages
 * follows Accept-Language): Chinese when the first of them that the page
 * speaks is Chinese, English otherwise.
 */
export function pickLanguage(languages) {
  for (const tag of languages) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (primary === 'zh' || primary === 'en') return primary;
  }
  return 'en';
}

/**
 * Writes the words of `lang` into every element marked `data-i18n` (as text, never as HTML), once the
 * fonts for them are loaded: text laid out while its web font is still loading may keep its
 * missing-glyph boxes in Chromium.
 */
export async function applyLanguage(document, lang) {
  const text = TEXT[lang];
  if (lang === 'zh' && document.fonts) {
    const words = Object.values(text).filter((v) => typeof v === 'string').join('');
    await Promise.all(['400', '600', '700'].map((weight) => document.fonts.load(`${weight} 1em "Sign-in CJK"`, words))).catch(() => undefined);
  }
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = text.title;
  for (const element of document.querySelectorAll('[data-i18n]')) element.textContent = text[element.dataset.i18n];
  return text;
}
