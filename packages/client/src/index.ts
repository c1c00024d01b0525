/**
 * `@auth-service/client`: the package entry point; see interfaces/client/index.ts for what it exports.
 *
 * @packageDocumentation
 */
export * from './interfaces/client/index';
