/**
 * `auth-service/client`, kept for services that installed the whole repository before the client
 * library became its own package: the same exports as `@auth-service/client`, which new services
 * install instead (it brings no database driver, ORM or native module).
 *
 * @packageDocumentation
 */
export * from '@auth-service/client';
