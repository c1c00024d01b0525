import { expect } from 'chai';
import { buildAuthServer } from './buildAuthServer';
import { authTestConfig } from './authTestServer';
import { fastPasswordHashing } from './fastPasswordHashing';
import { addUserOn } from './addTestUser';

export const THROTTLED_LOGIN = { success: false, status: 429, msg: '登录尝试过于频繁，请稍后再试', data: null };
export const THROTTLED_KEY = { success: false, status: 429, msg: '客户端认证尝试过于频繁，请稍后再试', data: null };

/** Adds active users (with the database user store) to the database at `url`, migrating it first. */
export async function addUsers(url: string, users: ReadonlyArray<{ account: string; password: string }>): Promise<void> {
  const config = authTestConfig({ AUTH_DATABASE_URL: url, AUTH_USER_STORE: 'database' });
  const auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
  try {
    const add = addUserOn(auth);
    for (const user of users) await add.execute({ ...user, nickName: user.account });
  } finally {
    await auth.close();
  }
}

export interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: unknown;
}

/**
 * How many answers were evaluated (401) and refused (429); every refusal is the 429 envelope with Retry-After.
 * A 503 + Retry-After is the password-hashing gate turning a parallel guess away unhashed: not evaluated either.
 */
export function tally(answers: readonly Answer[], throttled: unknown): { evaluated: number; refused: number } {
  const evaluated = answers.filter((answer) => answer.status === 401).length;
  const refusals = answers.filter((answer) => answer.status === 429);
  const hashingBusy = answers.filter((answer) => answer.status === 503 && answer.retryAfter !== null);
  expect(evaluated + refusals.length + hashingBusy.length, `statuses: ${answers.map((answer) => answer.status).join(',')}`).to.equal(answers.length);
  for (const refusal of refusals) {
    expect(refusal.body).to.deep.equal(throttled);
    // Sliding windows: a refused burst waits until enough of it has slid out, up to two 60-second windows.
    expect(Number(refusal.retryAfter)).to.be.within(1, 120);
  }
  return { evaluated, refused: refusals.length };
}

/** One wrong login through fetch (a real socket each), answered as status, Retry-After and body. */
export async function fetchLogin(origin: string, username: string, password: string): Promise<Answer> {
  const response = await fetch(`${origin}/auth/oauth/jwt/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ username, password }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}
