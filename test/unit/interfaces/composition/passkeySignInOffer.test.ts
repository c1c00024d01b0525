import { expect } from 'chai';
import { passkeySignInOffer } from '../../../../src/interfaces/composition/passkeySignInOffer';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

describe('passkeySignInOffer (the sign-in page\'s passkey challenge)', () => {
  it('keeps a discoverable-credential challenge under a fresh ticket', async () => {
    const asked: unknown[] = [];
    const start = { execute: async (input: { interactionId: string; userId?: string }) => (asked.push(input), { challenge: 'c' }) };
    const offer = await passkeySignInOffer('https://auth.example/auth', new SequenceSecretGenerator('ticket'), start);
    expect(offer).to.deep.equal({ ticket: 'ticket-1', options: { challenge: 'c' } });
    expect(asked).to.deep.equal([{ interactionId: 'ticket-1' }]);
  });

  it('offers nothing (no button, no challenge kept) on an issuer on an IP address', async () => {
    const start = {
      execute: async (): Promise<unknown> => {
        throw new Error('no challenge may be kept');
      },
    };
    expect(await passkeySignInOffer('http://10.1.2.3/auth', new SequenceSecretGenerator('ticket'), start)).to.equal(null);
  });
});
