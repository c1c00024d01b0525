import { expect } from 'chai';
import { KEYS_USAGE, runKeysCommand, UsageError, type KeysCommandDeps } from '../../../../src/interfaces/cli/keysCommand';

describe('keys command', () => {
  let calls: string[];
  let deps: KeysCommandDeps;

  beforeEach(() => {
    calls = [];
    deps = {
      keys: { describeKeys: async () => [] },
      ensureSigningKeys: { execute: async (input) => (calls.push(`ensure ${input.method} ${input.alg}`), { kid: 'k0', method: 'rsa', alg: 'RS256', generated: false }) as never },
      rotateSigningKey: {
        execute: async () => (calls.push('rotate'), { created: true, next: { kid: 'k1', activateAt: new Date('2026-01-01T00:02:00Z') } }) as never,
      },
      revokeSigningKey: { execute: async ({ kid }) => (calls.push(`revoke ${kid}`), { kid, method: 'rsa' }) as never },
      encryptKeys: async () => (calls.push('encrypt'), { keys: 3, totpSecrets: 2 }),
      signing: { method: 'rsa', alg: 'RS256' },
    };
  });

  const usageError = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  it('list: "no keys" for an empty store, otherwise a table of kid, method, alg, state and ISO 8601 dates', async () => {
    expect(await runKeysCommand(['list'], deps)).to.equal('no keys');
    deps = {
      ...deps,
      keys: {
        describeKeys: async () => [
          { kid: 'k1', method: 'rsa', alg: 'RS256', state: 'active', createdAt: new Date('2026-01-01T00:00:00Z'), activatedAt: new Date('2026-01-01T00:00:00Z'), activateAt: null, retiredAt: null, retireAt: null },
        ] as never,
      },
    };
    expect((await runKeysCommand(['list'], deps)).split('\n')).to.deep.equal([
      'kid  method  alg    state   created                   signs from                retires',
      'k1   rsa     RS256  active  2026-01-01T00:00:00.000Z  2026-01-01T00:00:00.000Z  -',
    ]);
  });

  it('rotate: makes sure a first key exists with the configured method, then publishes the next one', async () => {
    expect(await runKeysCommand(['rotate'], deps)).to.equal('next key published: k1, signing from 2026-01-01T00:02:00.000Z');
    expect(calls).to.deep.equal(['ensure rsa RS256', 'rotate']);
  });

  it('revoke: needs a kid (a usage error), then revokes it', async () => {
    expect(await usageError(runKeysCommand(['revoke'], deps))).to.be.instanceOf(UsageError).with.property('message', 'revoke needs a kid');
    expect(await runKeysCommand(['revoke', 'k1'], deps)).to.equal('revoked k1 (rsa, was signing or published); instances drop it at their next key sync');
    expect(calls).to.deep.equal(['revoke k1']);
  });

  it('encrypt: needs AUTH_KEY_ENCRYPTION_KEY (a usage error without it), then says how many keys and TOTP secrets it encrypted', async () => {
    expect(await runKeysCommand(['encrypt'], deps)).to.equal('encrypted 3 key(s) and 2 TOTP secret(s); already encrypted ones were left as they were');
    expect(await usageError(runKeysCommand(['encrypt'], { ...deps, encryptKeys: null })))
      .to.be.instanceOf(UsageError)
      .with.property('message', 'set AUTH_KEY_ENCRYPTION_KEY (Base64 of 32 bytes) first');
  });

  it('anything else is a usage error carrying the usage', async () => {
    for (const args of [[], ['nope']]) expect(await usageError(runKeysCommand(args, deps))).to.be.instanceOf(UsageError).with.property('message', KEYS_USAGE);
  });
});
