import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { clientSecretWeakness } from '../../../../src/infrastructure/config/clientSecretStrength';
import { loadAuthServerConfig } from '../../../../src/infrastructure/config/AuthServerConfig';
import { loadClientConfig } from '../../../../src/infrastructure/config/ClientConfig';
import { ConfigError } from '@auth-service/client';

const STRONG = 'Vq3xT9pL2mZr8KcW4nYb7HsD';

function configError(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  return expect.fail('expected a ConfigError') as never;
}

describe('client secret strength', () => {
  for (const [secret, why] of [
    ['123456', 'a well-known secret'],
    ['Password', 'a well-known secret'],
    ['s3cret-but-short', 'shorter than 22 characters'],
    ['abababababababababababab', 'fewer than 7 different characters'],
    ['abcabcabcabcabcabcabcabc', 'fewer than 7 different characters'],
    ['abcdefghijklmnopqrstuvwxyz0123456789', 'mostly repeated or consecutive characters'],
    ['correcthorsebatterystaple', 'under 128 bits of entropy (about 117)'],
    ['8302917465021938475610293847', 'under 128 bits of entropy (about 93)'],
  ]) {
    it(`refuses ${JSON.stringify(secret)}: ${why}`, () => {
      expect(clientSecretWeakness(secret)).to.equal(why);
    });
  }

  it('accepts random secrets: 22+ base64url characters, 32 hex characters, a typical generated one', () => {
    for (let i = 0; i < 200; i++) {
      expect(clientSecretWeakness(randomBytes(18).toString('base64url')), 'base64url of 18 bytes (24 characters)').to.equal(null);
      expect(clientSecretWeakness(randomBytes(16).toString('hex')), 'hex of 16 bytes').to.equal(null);
    }
    expect(clientSecretWeakness(STRONG)).to.equal(null);
    // Drawn by `randomBytes(16).toString('hex')`: 8 different characters, as one such draw in ~10,000 has.
    expect(clientSecretWeakness('748dee45242555b772b5b8b42d87e882'), 'a generated hex secret with 8 different characters').to.equal(null);
  });

  describe('under NODE_ENV=production', () => {
    it('stops the auth service naming each client with a weak secret, never the secret', () => {
      const message = configError(() =>
        loadAuthServerConfig({ NODE_ENV: 'production', AUTH_USER_STORE: 'database', AUTH_CLIENTS: `orders:123456,billing:${STRONG},demo:s3cret-but-short` }),
      );
      expect(message).to.include('"orders"').and.include('"demo"').and.not.include('"billing"');
      expect(message).to.not.include('123456').and.not.include('s3cret-but-short');
    });

    it('stops the demo client with the default secret 123456, naming its appId', () => {
      const message = configError(() => loadClientConfig({ NODE_ENV: 'production' }));
      expect(message).to.include('AUTH_APP_SECRET of client "auth-client-demo" is too weak').and.not.include('123456');
      expect(loadClientConfig({ NODE_ENV: 'production', AUTH_APP_SECRET: STRONG }).weakAppSecret).to.equal(false);
    });
  });

  it('lets weak secrets through in development, listed for a warning', () => {
    expect(loadAuthServerConfig({ AUTH_CLIENTS: `orders:123456,billing:${STRONG}` }).weakClientIds).to.deep.equal(['orders']);
    expect(loadClientConfig({}).weakAppSecret).to.equal(true);
  });
});
