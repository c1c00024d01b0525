import { expect } from 'chai';
import { ListConsents } from '../../../../src/application/consent/ListConsents';
import { RevokeConsent } from '../../../../src/application/consent/RevokeConsent';
import { ConsentNotFoundError } from '../../../../src/domain/consentErrors';
import { UserNotFoundError } from '../../../../src/domain/errors';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { storedUser } from '../../../support/userAccounts';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

describe('ListConsents and RevokeConsent (users consents / revoke-consent)', () => {
  let users: InMemoryUserRepository;
  let consents: InMemoryConsentStore;

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-7'));
    await users.add(storedUser('bob', 'u-8'));
    consents = new InMemoryConsentStore();
    await consents.approve('u-7', 'web', ['profile', 'openid'], 1);
    await consents.approve('u-7', 'cli', [], 1);
    await consents.approve('u-8', 'web', ['openid'], 1);
  });

  it("lists the account's consents by client id, with the scopes approved", async () => {
    expect(await new ListConsents(users, consents).execute({ account: 'alice' })).to.deep.equal([
      { clientId: 'cli', scopes: [] },
      { clientId: 'web', scopes: ['openid', 'profile'] },
    ]);
  });

  it('ends one consent of the account, leaving its others and other users\' ones', async () => {
    await new RevokeConsent(users, consents, new RecordingAuditTrail()).execute({ account: 'alice', clientId: 'web' });
    expect(await consents.find('u-7', 'web')).to.equal(null);
    expect(await consents.find('u-7', 'cli')).to.deep.equal([]);
    expect(await consents.find('u-8', 'web')).to.deep.equal(['openid']);
  });

  it('refuses an unknown account (both) and a consent that does not exist, naming them', async () => {
    const list = await new ListConsents(users, consents).execute({ account: 'ghost' }).catch((error: unknown) => error);
    expect(list).to.be.instanceOf(UserNotFoundError).with.property('message', 'no user with account "ghost"');
    const revoke = new RevokeConsent(users, consents, new RecordingAuditTrail());
    expect(await revoke.execute({ account: 'ghost', clientId: 'web' }).catch((error: unknown) => error)).to.be.instanceOf(UserNotFoundError);
    const missing = await revoke.execute({ account: 'bob', clientId: 'cli' }).catch((error: unknown) => error);
    expect(missing).to.be.instanceOf(ConsentNotFoundError);
    expect(missing).to.include({ code: 'CONSENT_NOT_FOUND', message: 'user "bob" has no consent for client "cli"' });
  });
});
