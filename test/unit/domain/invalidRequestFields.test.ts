import { expect } from 'chai';
import { RegisterClient } from '../../../src/application/clients/RegisterClient';
import { AddUser } from '../../../src/application/users/AddUser';
import { checkNewPassword, longEnoughChosenPassword, MIN_PASSWORD_LENGTH } from '../../../src/application/users/passwordRule';
import { InvalidRequestError } from '../../../src/domain/errors';
import { clientMetadataOf } from '../../../src/domain/model/ClientMetadata';
import { clientRegistrationOf, type ClientRegistrationInput } from '../../../src/domain/model/ClientRegistration';
import { FixedClock } from '../../support/FixedClock';
import { InMemoryOAuthClientStore } from '../../support/InMemoryOAuthClientStore';
import { InMemoryUserRepository } from '../../support/InMemoryUserRepository';
import { MarkingPasswordHasher } from '../../support/MarkingPasswordHasher';
import { SequenceIdGenerator } from '../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../support/SequenceSecretGenerator';
import { RecordingAuditTrail } from '../../support/RecordingAuditTrail';

/** The field a refusal names (the admin API's invalid-params), from a call that must throw InvalidRequestError. */
async function fieldOf(call: () => unknown): Promise<string | undefined> {
  try {
    await call();
  } catch (error) {
    expect(error).to.be.instanceOf(InvalidRequestError);
    return (error as InvalidRequestError).field;
  }
  return expect.fail('expected InvalidRequestError');
}

const REGISTRATION: ClientRegistrationInput = {
  kind: 'confidential',
  redirectUris: ['https://app.example/cb'],
  grants: [],
  scopes: [],
  resources: [],
  firstParty: false,
  postLogoutRedirectUris: [],
  requirePkce: false,
};

describe('refusals name the input field at fault', () => {
  it('a client registration: each list, the grants, the back-channel settings, the metadata', async () => {
    const cases: Array<[Partial<ClientRegistrationInput>, string]> = [
      [{ redirectUris: ['not a uri'] }, 'redirectUris'],
      [{ redirectUris: Array.from({ length: 21 }, (_, i) => `https://app.example/${i}`) }, 'redirectUris'],
      [{ redirectUris: [] }, 'redirectUris'],
      [{ grants: ['implicit'] }, 'grants'],
      [{ kind: 'public', grants: ['client_credentials'] }, 'grants'],
      [{ scopes: ['two words'] }, 'scopes'],
      [{ kind: 'public', scopes: ['admin:read'] }, 'scopes'],
      [{ resources: ['relative/path'] }, 'resources'],
      [{ postLogoutRedirectUris: ['javascript:alert(1)'] }, 'postLogoutRedirectUris'],
      [{ backchannelLogoutSessionRequired: true }, 'backchannelLogoutSessionRequired'],
      [{ backchannelLogoutUri: 'ftp://app.example/logout' }, 'backchannelLogoutUri'],
      [{ name: ' padded ' }, 'name'],
      [{ logoUri: 'http://app.example/logo.png' }, 'logoUri'],
      [{ policyUri: 'javascript:alert(1)' }, 'policyUri'],
      [{ tosUri: 'https://app.example/tos#x' }, 'tosUri'],
    ];
    for (const [change, field] of cases) expect(await fieldOf(() => clientRegistrationOf({ ...REGISTRATION, ...change })), JSON.stringify(change)).to.equal(field);
    expect(await fieldOf(() => clientMetadataOf({ name: 'x'.repeat(101) }))).to.equal('name');
    expect(await fieldOf(() => new RegisterClient(new InMemoryOAuthClientStore(), new SequenceSecretGenerator(), new RecordingAuditTrail()).execute({ ...REGISTRATION, id: 'a:b' }))).to.equal('id');
  });

  it('a new user: the account (also once normalised), each text field, the password', async () => {
    const addUser = new AddUser(new InMemoryUserRepository(), new MarkingPasswordHasher(), new FixedClock(), new SequenceIdGenerator(), new RecordingAuditTrail());
    const user = { account: 'carol', password: 'carol-pass', nickName: 'Carol' };
    expect(await fieldOf(() => addUser.execute({ ...user, account: '' }))).to.equal('account');
    // ㌀ (one character) becomes four under NFKC: 256 of them fit the column, not once normalised.
    expect(await fieldOf(() => addUser.execute({ ...user, account: '㌀'.repeat(100) }))).to.equal('account');
    expect(await fieldOf(() => addUser.execute({ ...user, nickName: ' Carol' }))).to.equal('nickName');
    expect(await fieldOf(() => addUser.execute({ ...user, email: 'x'.repeat(257) }))).to.equal('email');
    expect(await fieldOf(() => addUser.execute({ ...user, password: '   ' }))).to.equal('password');
    expect(await fieldOf(() => checkNewPassword('\u0000abc'))).to.equal('password');
  });

  it('a chosen password is long enough from 8 characters, counted as characters, not UTF-16 units', () => {
    expect(MIN_PASSWORD_LENGTH).to.equal(8);
    expect(longEnoughChosenPassword('1234567')).to.equal(false);
    expect(longEnoughChosenPassword('12345678')).to.equal(true);
    expect(longEnoughChosenPassword('😀😀😀😀')).to.equal(false);
  });
});
