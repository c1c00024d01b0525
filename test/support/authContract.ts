import { expect } from 'chai';
import request from 'supertest';
import type { SignMethod } from '@auth-service/client';

/** The sign methods every contract test runs for, with their default algorithms. */
export const METHODS: ReadonlyArray<{ readonly method: SignMethod; readonly alg: string }> = [
  { method: 'rsa', alg: 'RS256' },
  { method: 'ecdsa', alg: 'ES256' },
  { method: 'hmac', alg: 'HS256' },
];

export const LOGIN_PATH = '/auth/oauth/jwt/token';
export const KEY_PATH = '/auth/client/user/secret/key';
export const CURRENT_USER_PATH = '/auth/current/user/details';

/** A client registered through AUTH_CLIENTS in tests that need one. */
export const CLIENT = { appId: 'orders', appSecret: 's3cret:with:colons' } as const;
export const CLIENTS_ENV = `${CLIENT.appId}:${CLIENT.appSecret},billing:other`;

/** The exact text of a failure envelope. */
export function failureBody(status: number, msg: string): string {
  return JSON.stringify({ success: false, status, msg, data: null });
}

export const MSG = {
  loginInputIncomplete: '登录认证信息不全!!!',
  tokenMissing: '用户认证失败',
  tokenExpired: '认证令牌已过期！',
  tokenInvalid: 'token 解析失败！',
} as const;

/** The current user of a stub-login token, exactly as the API writes it. */
export const STUB_CURRENT_USER_BODY =
  '{"success":true,"status":200,"msg":"操作成功!","data":{"id":"1","tenantId":null,"clientId":null,"signMethod":null,' +
  '"nickName":"管理员","avatar":null,"anId":null,"anTitle":null,"telephone":null,"email":null,"account":"admin",' +
  '"accountSecret":null,"status":null,"appId":null,"openId":null,"userType":"4","sex":null,"deptId":null,"deptTitle":null,' +
  '"postId":null,"postTitle":null,"grade":null,"isSuperAdmin":null,"delFlag":null,"canDel":null,"expireTime":null,"other":null}}';

export const CURRENT_USER_KEYS = [
  'id', 'tenantId', 'clientId', 'signMethod', 'nickName', 'avatar', 'anId', 'anTitle', 'telephone', 'email', 'account',
  'accountSecret', 'status', 'appId', 'openId', 'userType', 'sex', 'deptId', 'deptTitle', 'postId', 'postTitle', 'grade',
  'isSuperAdmin', 'delFlag', 'canDel', 'expireTime', 'other',
];

/** Logs in through the real endpoint and returns the access token. */
export async function loginToken(origin: string): Promise<string> {
  const res = await request(origin).post(LOGIN_PATH).send({ username: 'admin', password: 'any' }).expect(200);
  return (res.body as { data: { access_token: string } }).data.access_token;
}

/**
 * An error body must be the envelope and nothing more: no stack frame, file
 * path, error class or key material.
 */
export function expectCleanErrorBody(res: request.Response, ...secrets: string[]): void {
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(Object.keys(res.body as object)).to.deep.equal(['success', 'status', 'msg', 'data']);
  expect(res.text).not.to.match(/\bat \S+ \(|\/work\/|\/src\/|node_modules|\.ts\b|\.js\b|Error\b|stack|BEGIN/);
  for (const secret of secrets) expect(res.text).not.to.include(secret);
}

/** Expects a 401 envelope with the given message and the matching WWW-Authenticate header. */
export function expect401(res: request.Response, msg: string): void {
  expect(res.status, res.text).to.equal(401);
  expect(res.text).to.equal(failureBody(401, msg));
  const challenge = res.headers['www-authenticate'] as string | undefined;
  if (msg === MSG.tokenMissing) expect(challenge).to.equal('Bearer');
  else expect(challenge).to.match(/^Bearer error="invalid_token"/);
  expectCleanErrorBody(res);
}
