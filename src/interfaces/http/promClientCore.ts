/* eslint-disable @typescript-eslint/no-require-imports */
import type * as PromClient from 'prom-client';

/*
 * prom-client's metric classes, required from their own files. Its index also loads the
 * default process metrics (with @opentelemetry/api), the push gateway and the cluster
 * aggregator: ~90 modules and ~30 ms of start-up, for what only the first scrape needs
 * (metrics.ts loads the index then). test/unit/interfaces/http/promClientCore.test.ts
 * checks these are the index's own classes, so an upgrade that moves them fails there.
 */
export const Registry = require('prom-client/lib/registry') as typeof PromClient.Registry;
export type Registry = PromClient.Registry;
export const Counter = require('prom-client/lib/counter') as typeof PromClient.Counter;
export type Counter<T extends string = string> = PromClient.Counter<T>;
export const Gauge = require('prom-client/lib/gauge') as typeof PromClient.Gauge;
export type Gauge<T extends string = string> = PromClient.Gauge<T>;
export const Histogram = require('prom-client/lib/histogram') as typeof PromClient.Histogram;
export type Histogram<T extends string = string> = PromClient.Histogram<T>;
