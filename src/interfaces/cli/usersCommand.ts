import { parseArgs } from 'node:util';
import type { AddUser, AddUserInput } from '../../application/users/AddUser';
import type { ListConsents } from '../../application/consent/ListConsents';
import type { RevokeConsent } from '../../application/consent/RevokeConsent';
import type { ChangeUserStatus } from '../../application/users/ChangeUserStatus';
import type { ChangePassword } from '../../application/users/ChangePassword';
import type { ListUsers } from '../../application/users/ListUsers';
import type { RemoveUser } from '../../application/users/RemoveUser';
import type { ResetSecondFactor } from '../../application/secondFactor/ResetSecondFactor';
import { DomainError } from '../../domain/errors';
import { longEnoughChosenPassword, MIN_PASSWORD_LENGTH } from '../../application/users/passwordRule';

export interface UsersCommandDeps {
  readonly addUser: Pick<AddUser, 'execute'>;
  readonly changeUserStatus: Pick<ChangeUserStatus, 'execute'>;
  readonly listUsers: Pick<ListUsers, 'execute'>;
  /** Both revoke the user's earlier tokens; absent where the host offers no revocation. */
  readonly removeUser?: Pick<RemoveUser, 'execute'>;
  readonly changePassword?: Pick<ChangePassword, 'execute'>;
  /** The user's consents to third-party clients (the authorization endpoint's); absent where the host has none. */
  readonly listConsents?: Pick<ListConsents, 'execute'>;
  readonly revokeConsent?: Pick<RevokeConsent, 'execute'>;
  /** Removes a user's second factors and ends their sessions and tokens; absent where the host has none. */
  readonly resetSecondFactor?: Pick<ResetSecondFactor, 'execute'>;
  /** All of standard input, read only when a password is expected there. */
  readonly readStdin: () => Promise<string>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

export const USAGE = `Usage: npm run users -- <command>

  add --account A --password-stdin --nick N [--type 4] [--tenant T] [--telephone P]
      [--avatar URL] [--email E] [--grade G]
                      add an active user; the password (at least 8 characters) is read
                      from standard input, or typed unseen at a terminal
  disable A           refuse logins of account A and revoke its tokens, sign-ins and consents
  enable A            allow logins of account A again (revoked tokens stay revoked)
  passwd A --password-stdin
                      set a new password (read from standard input) and revoke A's tokens,
                      sign-ins and consents
  remove A            delete account A and revoke its tokens, sign-ins and consents
  list [--json]       every user with its status, last change and second factor kinds (totp,
                      passkey; --json: secondFactors), without password hashes or secrets
  reset-second-factor A
                      remove A's second factors and recovery codes (a lost phone) and end
                      A's sessions and tokens; A signs in with the password alone again
  consents A [--json] the apps A allowed on the consent page, one line each: the client id, a
                      tab, the scopes approved (space-separated, as in \`scope\`)
  revoke-consent A CLIENT
                      end A's consent for the client: its next sign-in asks again (tokens
                      already issued stay valid until revoked)

The database is AUTH_DATABASE_URL's (default sqlite:data/auth.sqlite); migrations run first.`;


/** Exit codes: 0 done, 1 refused (account taken, unknown account, invalid value), 2 usage error. */
export async function runUsersCommand(argv: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'add':
        return await add(rest, deps);
      case 'disable':
      case 'enable':
        return await changeStatus(command, rest, deps);
      case 'list':
        return await list(rest, deps);
      case 'remove':
        return await remove(rest, deps);
      case 'passwd':
        return await passwd(rest, deps);
      case 'reset-second-factor':
        return await resetSecondFactor(rest, deps);
      case 'consents':
        return await consents(rest, deps);
      case 'revoke-consent':
        return await revokeConsent(rest, deps);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        deps.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        return usageError(deps, `unknown command ${JSON.stringify(command)}`);
    }
  } catch (error) {
    if (error instanceof DomainError) {
      deps.err(`users: ${error.message}`);
      return 1;
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return usageError(deps, error.message);
    }
    throw error;
  }
}

async function add(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      account: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      nick: { type: 'string' },
      type: { type: 'string' },
      tenant: { type: 'string' },
      telephone: { type: 'string' },
      avatar: { type: 'string' },
      email: { type: 'string' },
      grade: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) return usageError(deps, `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.account === undefined || values.nick === undefined) return usageError(deps, 'add needs --account and --nick');
  // A password on the command line would end up in shell history and process listings.
  if (!values['password-stdin']) return usageError(deps, 'add needs --password-stdin (the password is read from standard input)');

  const password = withoutFinalNewline(await deps.readStdin());
  if (tooShort(password, deps)) return 1;
  const input: AddUserInput = {
    account: values.account,
    password,
    nickName: values.nick,
    userType: values.type,
    tenantId: values.tenant,
    telephone: values.telephone,
    avatar: values.avatar,
    email: values.email,
    grade: values.grade,
  };
  const user = await deps.addUser.execute(input);
  deps.out(`added user ${user.account} (id ${user.id}, type ${user.userType})`);
  return 0;
}

async function changeStatus(command: 'disable' | 'enable', args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, `${command} needs exactly one account`);
  const [account] = positionals;
  await deps.changeUserStatus.execute({ account, status: command === 'disable' ? 'disabled' : 'active' });
  deps.out(`${command}d user ${account}`);
  return 0;
}

async function list(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length > 0) return usageError(deps, 'list takes no account');
  const users = await deps.listUsers.execute();
  if (values.json) {
    // Summaries never hold the hash (summaryOf spells out their fields); dates print as ISO.
    deps.out(JSON.stringify(users, null, 2));
    return 0;
  }
  deps.out(['account', 'status', 'userType', 'nickName', 'id', 'createdAt', 'lastChange', 'secondFactors'].join('\t'));
  for (const user of users) {
    const factors = user.secondFactors.length === 0 ? '-' : user.secondFactors.join(',');
    deps.out([user.account, user.status, user.userType, user.nickName, user.id, user.createdAt.toISOString(), user.updatedAt.toISOString(), factors].join('\t'));
  }
  return 0;
}

async function remove(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, 'remove needs exactly one account');
  if (!deps.removeUser) return usageError(deps, 'remove is not available here');
  const [account] = positionals;
  await deps.removeUser.execute({ account });
  deps.out(`removed user ${account}; its tokens are revoked`);
  return 0;
}

async function resetSecondFactor(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, 'reset-second-factor needs exactly one account');
  if (!deps.resetSecondFactor) return usageError(deps, 'reset-second-factor is not available here');
  const [account] = positionals;
  const removed = await deps.resetSecondFactor.execute({ account });
  deps.out(`removed ${removed} second factor(s) of user ${account} with its recovery codes; its sessions and tokens are revoked`);
  return 0;
}

async function passwd(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { 'password-stdin': { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, 'passwd needs exactly one account');
  if (!values['password-stdin']) return usageError(deps, 'passwd needs --password-stdin (the password is read from standard input)');
  if (!deps.changePassword) return usageError(deps, 'passwd is not available here');
  const [account] = positionals;
  const password = withoutFinalNewline(await deps.readStdin());
  if (tooShort(password, deps)) return 1;
  await deps.changePassword.execute({ account, password });
  deps.out(`changed the password of user ${account}; its earlier tokens are revoked`);
  return 0;
}

async function consents(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true });
  if (positionals.length !== 1) return usageError(deps, 'consents needs exactly one account');
  if (!deps.listConsents) return usageError(deps, 'consents is not available here');
  const list = await deps.listConsents.execute({ account: positionals[0] });
  if (values.json) {
    deps.out(JSON.stringify(list.map(({ clientId, scopes }) => ({ clientId, scopes })), null, 2));
    return 0;
  }
  for (const consent of list) deps.out(`${consent.clientId}\t${consent.scopes.join(' ')}`);
  return 0;
}

async function revokeConsent(args: readonly string[], deps: UsersCommandDeps): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 2) return usageError(deps, 'revoke-consent needs an account and a client id');
  if (!deps.revokeConsent) return usageError(deps, 'revoke-consent is not available here');
  const [account, clientId] = positionals;
  await deps.revokeConsent.execute({ account, clientId });
  deps.out(`revoked the consent of user ${account} for client ${clientId}; its next sign-in asks again`);
  return 0;
}

function tooShort(password: string, deps: UsersCommandDeps): boolean {
  if (longEnoughChosenPassword(password)) return false;
  deps.err(`users: the password must be at least ${MIN_PASSWORD_LENGTH} characters long; nothing was changed`);
  return true;
}

/** `echo secret |` and here-strings end the password with a newline that is not part of it. */
function withoutFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

function usageError(deps: UsersCommandDeps, problem: string): number {
  deps.err(`users: ${problem}`);
  deps.err(USAGE);
  return 2;
}
