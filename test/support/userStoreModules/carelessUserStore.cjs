'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module on purpose: the service loads both kinds */
/**
 * A careless user-store module, for the contract's tests: unknown accounts
 * answered at once (no dummy hash), `undefined` instead of `null` for a wrong
 * password, the disabled account let in, a numeric id and a control character
 * in the nick name. `erin` / `erin-password-1`; `frank` is disabled, same password.
 */
const { randomBytes, scryptSync } = require('node:crypto');

const COST = { N: 16384, r: 8, p: 1 };
const salt = randomBytes(16);
const hash = scryptSync('erin-password-1', salt, 32, COST).toString('hex');
const users = {
  erin: { id: 7, account: 'erin', nickName: 'Erin\u0007', userType: '4' },
  frank: { id: 8, account: 'frank', nickName: 'Frank', userType: '4', disabled: true },
};

exports.authenticate = async (username, password) => {
  const user = users[username];
  if (!user) return null;
  if (scryptSync(password, salt, 32, COST).toString('hex') !== hash) return undefined;
  return user;
};
