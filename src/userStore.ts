/**
 * `auth-service/user-store`: the types of a user-store module
 * (`AUTH_USER_STORE=module:<path>`, see docs/user-store.md). Types only: importing it loads nothing.
 *
 * @packageDocumentation
 */
export type { UserStoreModule, UserStoreUser } from './infrastructure/auth/userStoreModule/UserStoreModule';
