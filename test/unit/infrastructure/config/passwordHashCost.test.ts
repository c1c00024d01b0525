import { expect } from 'chai';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { authConfigProblems } from '../../../support/configProblems';

describe('AuthServerConfig: AUTH_PASSWORD_HASH_COST (scrypt log2 N)', () => {
  it('defaults to 15 (N = 2^15, 32 MiB a hash) and reads 10 to 20', () => {
    expect(loadAuthServerConfig({}).passwordHashCost).to.equal(15);
    expect(loadAuthServerConfig({ AUTH_PASSWORD_HASH_COST: '10' }).passwordHashCost).to.equal(10);
    expect(loadAuthServerConfig({ AUTH_PASSWORD_HASH_COST: '20' }).passwordHashCost).to.equal(20);
  });

  it('refuses a cost outside 10 to 20, naming the variable', () => {
    for (const value of ['9', '21', '15.5', 'fast']) {
      expect(authConfigProblems({ AUTH_PASSWORD_HASH_COST: value }), value).to.deep.equal(['AUTH_PASSWORD_HASH_COST must be a whole number from 10 to 20']);
    }
  });

  it('refuses a cost below 15 under NODE_ENV=production, and takes 15 or more there', () => {
    const production = { NODE_ENV: 'production', AUTH_USER_STORE: 'database' };
    expect(authConfigProblems({ ...production, AUTH_PASSWORD_HASH_COST: '14' })).to.deep.equal([
      'AUTH_PASSWORD_HASH_COST below 15 is refused when NODE_ENV=production: cheaper hashes are cheaper to crack',
    ]);
    expect(loadAuthServerConfig({ ...production, AUTH_PASSWORD_HASH_COST: '16' }).passwordHashCost).to.equal(16);
    expect(loadAuthServerConfig({ ...production }).passwordHashCost).to.equal(15);
  });
});
