/** User-facing messages; the first four are the original service's, verbatim. */
export const MESSAGES = {
  loginSucceeded: '登录成功!',
  succeeded: '操作成功!',
  loginInputIncomplete: '登录认证信息不全!!!',
  tokenMissing: '用户认证失败',
  tokenExpired: '认证令牌已过期！',
  tokenInvalid: 'token 解析失败！',
  invalidCredentials: '用户名或密码错误',
  clientUnauthorized: '客户端认证失败',
  keyDistributionForbidden: '当前签名方式不允许下发密钥',
  keyUnavailable: '认证密钥暂不可用，请稍后重试',
  badRequest: '请求参数错误',
  malformedJson: '请求体不是合法的 JSON',
  payloadTooLarge: '请求体过大',
  unsupportedMediaType: '不支持的请求体编码',
  notFound: '请求的资源不存在',
  internalError: '服务器内部错误',
} as const;
