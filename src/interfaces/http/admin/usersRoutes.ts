import type { Router } from 'express';
import type { ListConsents } from '../../../application/consent/ListConsents';
import type { RevokeConsent } from '../../../application/consent/RevokeConsent';
import type { AddUser } from '../../../application/users/AddUser';
import type { ChangePassword } from '../../../application/users/ChangePassword';
import type { ChangeUserStatus } from '../../../application/users/ChangeUserStatus';
import type { EndUserSessions } from '../../../application/users/EndUserSessions';
import type { GetUser } from '../../../application/users/GetUser';
import type { ListUserSessions, UserSessionSummary } from '../../../application/users/ListUserSessions';
import type { ListUsersPage } from '../../../application/users/ListUsersPage';
import { longEnoughChosenPassword, MIN_PASSWORD_LENGTH } from '../../../application/users/passwordRule';
import type { RemoveUser } from '../../../application/users/RemoveUser';
import { ConsentNotFoundError } from '../../../domain/consentErrors';
import { requireAdminScope } from './adminAccess';
import { handled, param } from './handled';
import { pageCursor, pageFrom, pageOf, pageSize } from './pages';
import { ProblemError } from './problem';
import { checkIfMatch, sendJson, sendResource, strongEtag } from './resources';
import { unchangedOrRefused, validatedBody } from './validatedBody';

export interface UserAdministration {
  readonly addUser: Pick<AddUser, 'execute'>;
  readonly getUser: Pick<GetUser, 'execute'>;
  readonly listUsersPage: Pick<ListUsersPage, 'execute'>;
  readonly changeUserStatus: Pick<ChangeUserStatus, 'execute'>;
  readonly removeUser: Pick<RemoveUser, 'execute'>;
  readonly changePassword: Pick<ChangePassword, 'execute'>;
  readonly listConsents: Pick<ListConsents, 'execute'>;
  readonly revokeConsent: Pick<RevokeConsent, 'execute'>;
  readonly listUserSessions: Pick<ListUserSessions, 'execute'>;
  readonly endUserSessions: Pick<EndUserSessions, 'execute'>;
}

const READ_ONLY_USER_FIELDS = ['id', 'account', 'nickName', 'userType', 'tenantId', 'telephone', 'avatar', 'email', 'grade', 'createdAt', 'updatedAt', 'secondFactors'];

const sessionKey = (session: UserSessionSummary) => `${session.authTime?.toISOString() ?? ''}|${session.expiresAt.toISOString()}|${session.sid ?? ''}`;

/** `/users`: the `users` command's use cases, resource by resource (docs/admin-api.md). */
export function usersRoutes(router: Router, users: UserAdministration, usersPath: string): void {
  const read = requireAdminScope('users', false);
  const write = requireAdminScope('users', true);
  const located = (account: string) => `${usersPath}/${encodeURIComponent(account)}`;

  router.get('/users', read, handled(async (req, res) => {
    const [limit, after] = [pageSize(req), pageCursor(req)];
    sendJson(res, pageFrom(await users.listUsersPage.execute({ after, limit }), (user) => user));
  }));

  router.post('/users', write, handled(async (req, res) => {
    const body = validatedBody(req, 'NewUserRequest');
    checkPasswordLength(body.password);
    const optional = (value: string | undefined | null) => value ?? undefined;
    const user = await users.addUser.execute({
      account: body.account,
      password: body.password,
      nickName: body.nickName,
      userType: optional(body.userType),
      tenantId: optional(body.tenantId),
      telephone: optional(body.telephone),
      avatar: optional(body.avatar),
      email: optional(body.email),
      grade: optional(body.grade),
    });
    // Read back: the answer, its ETag and a later GET show the same resource (second factors included).
    sendResource(res, await users.getUser.execute({ account: user.account }), 201, located(user.account));
  }));

  router.get('/users/:account', read, handled(async (req, res) => {
    sendResource(res, await users.getUser.execute({ account: param(req, 'account') }));
  }));

  router.patch('/users/:account', write, handled(async (req, res) => {
    const account = param(req, 'account');
    const current = await users.getUser.execute({ account });
    checkIfMatch(req, current, true);
    const patch = validatedBody(req, 'UserPatchRequest');
    if ((patch as { status?: unknown }).status === null) {
      throw new ProblemError('invalid-request', 'status cannot be removed', { invalidParams: [{ name: 'status', reason: 'must be active or disabled' }] });
    }
    unchangedOrRefused(patch as Record<string, unknown>, JSON.parse(JSON.stringify(current)) as Record<string, unknown>, READ_ONLY_USER_FIELDS);
    if (patch.status !== undefined && patch.status !== current.status) {
      // The If-Match above and the write are one step: changed only if still as read, else 412.
      await users.changeUserStatus.execute({ account: current.account, status: patch.status, expected: { status: current.status, updatedAt: current.updatedAt } });
    }
    sendResource(res, await users.getUser.execute({ account: current.account }));
  }));

  router.delete('/users/:account', write, handled(async (req, res) => {
    const current = await users.getUser.execute({ account: param(req, 'account') });
    checkIfMatch(req, current, false);
    await users.removeUser.execute({ account: current.account });
    res.status(204).end();
  }));

  for (const [action, status] of [['disable', 'disabled'], ['enable', 'active']] as const) {
    router.post(`/users/:account/${action}`, write, handled(async (req, res) => {
      const account = param(req, 'account');
      await users.changeUserStatus.execute({ account, status });
      sendResource(res, await users.getUser.execute({ account }));
    }));
  }

  router.put('/users/:account/password', write, handled(async (req, res) => {
    const current = await users.getUser.execute({ account: param(req, 'account') });
    checkIfMatch(req, current, false);
    const { password } = validatedBody(req, 'PasswordRequest');
    checkPasswordLength(password);
    await users.changePassword.execute({ account: current.account, password });
    res.status(204).end();
  }));

  // The sessions are one resource to DELETE: every page answers the ETag of the whole list, which If-Match names.
  router.get('/users/:account/sessions', read, handled(async (req, res) => {
    const [limit, after] = [pageSize(req), pageCursor(req)];
    const sessions = await users.listUserSessions.execute({ account: param(req, 'account') });
    res.set('ETag', strongEtag(sessions));
    sendJson(res, pageOf(sessions, sessionKey, after, limit));
  }));

  router.delete('/users/:account/sessions', write, handled(async (req, res) => {
    const account = param(req, 'account');
    if (req.get('If-Match') !== undefined) checkIfMatch(req, await users.listUserSessions.execute({ account }), false);
    await users.endUserSessions.execute({ account });
    res.status(204).end();
  }));

  router.get('/users/:account/consents', read, handled(async (req, res) => {
    const [limit, after] = [pageSize(req), pageCursor(req)];
    const consents = (await users.listConsents.execute({ account: param(req, 'account') })).map(({ clientId, scopes }) => ({ clientId, scopes }));
    sendJson(res, pageOf(consents, (consent) => consent.clientId, after, limit));
  }));

  router.delete('/users/:account/consents/:clientId', write, handled(async (req, res) => {
    const [account, clientId] = [param(req, 'account'), param(req, 'clientId')];
    const consent = (await users.listConsents.execute({ account })).find((each) => each.clientId === clientId);
    if (consent === undefined) throw new ConsentNotFoundError(account, clientId);
    checkIfMatch(req, { clientId: consent.clientId, scopes: consent.scopes }, false);
    await users.revokeConsent.execute({ account, clientId });
    res.status(204).end();
  }));
}

/** The CLI's rule for a password an operator sets, with the field named. */
function checkPasswordLength(password: string): void {
  if (longEnoughChosenPassword(password)) return;
  const reason = `the password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  throw new ProblemError('invalid-request', reason, { invalidParams: [{ name: 'password', reason }] });
}
