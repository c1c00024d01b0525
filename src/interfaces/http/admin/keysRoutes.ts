import type { Router } from 'express';
import type { SignMethod } from '@auth-service/client';
import type { EnsureSigningKeys } from '../../../application/keys/EnsureSigningKeys';
import type { ListSigningKeys } from '../../../application/keys/ListSigningKeys';
import type { RevokeSigningKey } from '../../../application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../../application/keys/RotateSigningKey';
import { requireAdminScope } from './adminAccess';
import { handled, param } from './handled';
import { pageCursor, pageOf, pageSize } from './pages';
import { sendJson, sendResource } from './resources';

export interface KeyAdministration {
  readonly listSigningKeys: Pick<ListSigningKeys, 'execute'>;
  readonly ensureSigningKeys: Pick<EnsureSigningKeys, 'execute'>;
  readonly rotateSigningKey: Pick<RotateSigningKey, 'execute'>;
  readonly revokeSigningKey: Pick<RevokeSigningKey, 'execute'>;
  /** The configured method and algorithm: a store without a key gets its first one before a rotation, as `keys rotate` does. */
  readonly signing: { readonly method: SignMethod; readonly alg: string };
}

/** `/keys`: the `keys` command's lifecycle (publish before sign; every instance follows at its next key sync). */
export function keysRoutes(router: Router, keys: KeyAdministration): void {
  const read = requireAdminScope('keys', false);
  const write = requireAdminScope('keys', true);

  router.get('/keys', read, handled(async (req, res) => {
    const [limit, after] = [pageSize(req), pageCursor(req)];
    // Oldest first, as `keys list` prints them.
    sendJson(res, pageOf(await keys.listSigningKeys.execute(), (key) => `${key.createdAt.toISOString()}|${key.kid}`, after, limit));
  }));

  router.post('/keys/rotate', write, handled(async (_req, res) => {
    await keys.ensureSigningKeys.execute(keys.signing);
    // An action on the key set, not a resource created at a URI of its own: 200, `created` saying whether this call published the key.
    const { created, next } = await keys.rotateSigningKey.execute();
    sendJson(res, { created, next });
  }));

  router.post('/keys/:kid/revoke', write, handled(async (req, res) => {
    sendResource(res, await keys.revokeSigningKey.execute({ kid: param(req, 'kid') }));
  }));
}
