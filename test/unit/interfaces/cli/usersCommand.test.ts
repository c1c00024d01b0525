import { expect } from 'chai';
import type { AddUserInput } from '../../../../src/application/users/AddUser';
import type { ChangeUserStatusInput } from '../../../../src/application/users/ChangeUserStatus';
import { ConsentNotFoundError } from '../../../../src/domain/consentErrors';
import { UserNotFoundError } from '../../../../src/domain/errors';
import type { UserListing } from '../../../../src/application/users/ListUsers';
import { runUsersCommand, type UsersCommandDeps } from '../../../../src/interfaces/cli/usersCommand';

const ALICE: UserListing = {
  id: 'u1',
  account: 'alice',
  nickName: 'Alice',
  userType: '4',
  tenantId: null,
  telephone: null,
  avatar: null,
  grade: null,
  email: null,
  status: 'active',
  createdAt: new Date('2026-01-02T03:04:05Z'),
  updatedAt: new Date('2026-01-02T03:04:05Z'),
  secondFactors: [],
};

describe('users command', () => {
  let added: AddUserInput[];
  let changed: ChangeUserStatusInput[];
  let out: string[];
  let err: string[];
  let stdinReads: number;
  let deps: UsersCommandDeps;

  beforeEach(() => {
    added = [];
    changed = [];
    out = [];
    err = [];
    stdinReads = 0;
    deps = {
      addUser: { execute: async (input) => (added.push(input), { ...ALICE, account: input.account }) },
      changeUserStatus: {
        execute: async (input) => {
          if (input.account === 'ghost') throw new UserNotFoundError('ghost');
          changed.push(input);
        },
      },
      listUsers: { execute: async () => [ALICE] },
      readStdin: async () => (stdinReads++, 'pass word\r\n'),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
  });

  it('refuses a password shorter than 8 characters with a clear message, for add and passwd, changing nothing', async () => {
    let changedPassword = false;
    const short = { ...deps, readStdin: async () => 'short7!\n', changePassword: { execute: async () => void (changedPassword = true) } };
    expect(await runUsersCommand(['add', '--account', 'alice', '--password-stdin', '--nick', 'Alice'], short)).to.equal(1);
    expect(await runUsersCommand(['passwd', 'alice', '--password-stdin'], short)).to.equal(1);
    expect(added).to.deep.equal([]);
    expect(changedPassword).to.equal(false);
    expect(err).to.deep.equal([
      'users: the password must be at least 8 characters long; nothing was changed',
      'users: the password must be at least 8 characters long; nothing was changed',
    ]);
  });

  it('adds a user with the password from stdin, minus the final newline', async () => {
    const code = await runUsersCommand(['add', '--account', 'alice', '--password-stdin', '--nick', 'Alice', '--type', '2', '--grade', 'gold'], deps);

    expect(code).to.equal(0);
    expect(added).to.deep.equal([
      { account: 'alice', password: 'pass word', nickName: 'Alice', userType: '2', tenantId: undefined, telephone: undefined, avatar: undefined, email: undefined, grade: 'gold' },
    ]);
    expect(out).to.deep.equal(['added user alice (id u1, type 4)']);
  });

  it('refuses usage errors with code 2 before reading stdin', async () => {
    const attempts = [
      ['add', '--account', 'a', '--nick', 'A'],
      ['add', '--account', 'a', '--password-stdin'],
      ['add', '--account', 'a', '--password', 'x', '--password-stdin', '--nick', 'A'],
      ['disable'],
      ['disable', 'a', 'b'],
      ['list', 'extra'],
      ['rename', 'a'],
      [],
    ];

    for (const argv of attempts) expect(await runUsersCommand(argv, deps), argv.join(' ')).to.equal(2);
    expect(stdinReads).to.equal(0);
    expect(added).to.have.length(0);
  });

  it('disables and enables accounts, and answers 1 for an unknown one', async () => {
    expect(await runUsersCommand(['disable', 'alice'], deps)).to.equal(0);
    expect(await runUsersCommand(['enable', 'alice'], deps)).to.equal(0);
    expect(await runUsersCommand(['disable', 'ghost'], deps)).to.equal(1);

    expect(changed).to.deep.equal([
      { account: 'alice', status: 'disabled' },
      { account: 'alice', status: 'active' },
    ]);
    expect(err).to.deep.equal(['users: no user with account "ghost"']);
  });

  it('lists users as tab-separated lines or JSON', async () => {
    await runUsersCommand(['list'], deps);
    await runUsersCommand(['list', '--json'], deps);

    expect(out[0]).to.equal('account\tstatus\tuserType\tnickName\tid\tcreatedAt\tlastChange\tsecondFactors');
    expect(out[1]).to.equal('alice\tactive\t4\tAlice\tu1\t2026-01-02T03:04:05.000Z\t2026-01-02T03:04:05.000Z\t-');
    expect(JSON.parse(out[2])).to.deep.equal([{ ...ALICE, createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:04:05.000Z', secondFactors: [] }]);
  });

  it('lists the kinds of second factor each user holds', async () => {
    await runUsersCommand(['list'], { ...deps, listUsers: { execute: async () => [{ ...ALICE, secondFactors: ['totp', 'passkey'] }] } });
    expect(out[1]).to.match(/\ttotp,passkey$/);
  });

  it('resets the second factor of an account, and refuses an unknown one or a missing account', async () => {
    const reset: string[] = [];
    const withReset: UsersCommandDeps = {
      ...deps,
      resetSecondFactor: {
        execute: async ({ account }) => {
          if (account === 'ghost') throw new UserNotFoundError('ghost');
          reset.push(account);
          return 1;
        },
      },
    };
    expect(await runUsersCommand(['reset-second-factor', 'alice'], withReset)).to.equal(0);
    expect(out).to.deep.equal(['removed 1 second factor(s) of user alice with its recovery codes; its sessions and tokens are revoked']);
    expect(await runUsersCommand(['reset-second-factor', 'ghost'], withReset)).to.equal(1);
    expect(await runUsersCommand(['reset-second-factor'], withReset)).to.equal(2);
    expect(await runUsersCommand(['reset-second-factor', 'alice'], deps)).to.equal(2);
    expect(reset).to.deep.equal(['alice']);
  });

  describe('consents and revoke-consent', () => {
    const withConsents = (): UsersCommandDeps => ({
      ...deps,
      listConsents: {
        execute: async ({ account }) => {
          if (account === 'ghost') throw new UserNotFoundError('ghost');
          return [
            { clientId: 'cli', scopes: [] },
            { clientId: 'web', scopes: ['openid', 'profile'] },
          ];
        },
      },
      revokeConsent: {
        execute: async ({ account, clientId }) => {
          if (clientId !== 'web') throw new ConsentNotFoundError(account, clientId);
        },
      },
    });

    it('lists the client ids and scopes of an account, one consent per line, or as JSON', async () => {
      expect(await runUsersCommand(['consents', 'alice'], withConsents())).to.equal(0);
      expect(out).to.deep.equal(['cli\t', 'web\topenid profile']);
      expect(await runUsersCommand(['consents', 'alice', '--json'], withConsents())).to.equal(0);
      expect(JSON.parse(out[2])).to.deep.equal([
        { clientId: 'cli', scopes: [] },
        { clientId: 'web', scopes: ['openid', 'profile'] },
      ]);
    });

    it('revokes one consent, and exits 1 naming an unknown account or a consent that does not exist', async () => {
      expect(await runUsersCommand(['revoke-consent', 'alice', 'web'], withConsents())).to.equal(0);
      expect(out).to.deep.equal(['revoked the consent of user alice for client web; its next sign-in asks again']);
      expect(await runUsersCommand(['revoke-consent', 'alice', 'cli'], withConsents())).to.equal(1);
      expect(await runUsersCommand(['consents', 'ghost'], withConsents())).to.equal(1);
      expect(err).to.deep.equal(['users: user "alice" has no consent for client "cli"', 'users: no user with account "ghost"']);
    });

    it('refuses usage errors with code 2, and says where the commands are not available', async () => {
      for (const argv of [['consents'], ['consents', 'a', 'b'], ['consents', 'a', '--all'], ['revoke-consent', 'a'], ['revoke-consent', 'a', 'b', 'c']]) {
        expect(await runUsersCommand(argv, withConsents()), argv.join(' ')).to.equal(2);
      }
      expect(await runUsersCommand(['consents', 'a'], deps)).to.equal(2);
      expect(await runUsersCommand(['revoke-consent', 'a', 'b'], deps)).to.equal(2);
      expect(err.filter((line) => line.startsWith('users: ') && line.includes('not available'))).to.deep.equal([
        'users: consents is not available here',
        'users: revoke-consent is not available here',
      ]);
    });
  });
});
