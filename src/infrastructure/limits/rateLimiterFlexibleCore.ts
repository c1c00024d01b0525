/* eslint-disable @typescript-eslint/no-require-imports */
import type * as Flexible from 'rate-limiter-flexible';

/*
 * The rate-limiter-flexible classes the service uses, required from their own files. The
 * package's index requires every store adapter it ships (Redis, Mongo, DynamoDB, cluster,
 * queue, …: 36 modules; 36–40 ms of require against 8–17 ms for the four used here, on the 2-core VM).
 * test/unit/infrastructure/limits/rateLimiterFlexibleCore.test.ts checks these are the
 * index's own classes, so an upgrade that moves them fails there.
 */
export const RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory') as typeof Flexible.RateLimiterMemory;
export type RateLimiterMemory = Flexible.RateLimiterMemory;
export const RateLimiterSQLite = require('rate-limiter-flexible/lib/RateLimiterSQLite') as typeof Flexible.RateLimiterSQLite;
export const RateLimiterPostgres = require('rate-limiter-flexible/lib/RateLimiterPostgres') as typeof Flexible.RateLimiterPostgres;
export const RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes') as typeof Flexible.RateLimiterRes;
export type RateLimiterRes = Flexible.RateLimiterRes;
export type RateLimiterAbstract = Flexible.RateLimiterAbstract;
