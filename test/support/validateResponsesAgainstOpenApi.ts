/**
 * Loaded by .mocharc.json for every test: each response a test receives through
 * supertest from an app that serves an OpenAPI document (`<context>/v3/api-docs`)
 * is checked against that served document (status, declared headers, body).
 * A mismatch fails the request like a failed `.expect()`, with method, path,
 * status and the schema errors in the message. Apps without a document (fakes,
 * the demo client) are not checked.
 */
import type { Server } from 'node:http';
import type { Response } from 'supertest';
import Test from 'supertest/lib/test';
import { OpenApiResponseValidator } from './openApiResponseValidator';

type AssertCallback = (error: Error | null, response: Response) => void;
interface TestInternals {
  app: Server | string;
  url: string;
  method: string;
  assert(resError: Error | null, response: Response | undefined, fn?: AssertCallback): void;
}

/** Probes: which first path segment of which app (or origin) serves a document. */
const byApp = new WeakMap<object, Map<string, Promise<OpenApiResponseValidator | null>>>();
const byOrigin = new Map<string, Map<string, Promise<OpenApiResponseValidator | null>>>();
const unchecked = new WeakSet<object>();
/** One validator per distinct document: most test apps serve the same one, and ajv compiles its schemas once per validator. */
const byDocument = new Map<string, OpenApiResponseValidator>();

function validatorOf(document: Record<string, unknown>): OpenApiResponseValidator {
  const text = JSON.stringify(document);
  let validator = byDocument.get(text);
  if (!validator) {
    validator = new OpenApiResponseValidator(document);
    byDocument.set(text, validator);
  }
  return validator;
}

async function fetchDocument(target: Server | string, origin: string, segment: string): Promise<OpenApiResponseValidator | null> {
  const path = `/${segment}/v3/api-docs`;
  try {
    let body: unknown;
    if (typeof target === 'string') {
      const response = await fetch(`${origin}${path}`);
      if (response.status !== 200) return null;
      body = await response.json();
    } else {
      // The app is the server's own request listener, registered at creation; others (the connection drain) are prepended.
      const handler = target.listeners('request').at(-1) as ((...args: unknown[]) => void) | undefined;
      if (!handler) return null;
      const probe = new Test(handler, 'get', path) as unknown as PromiseLike<Response> & object;
      unchecked.add(probe);
      const response = await probe;
      if (response.status !== 200 || !/json/.test(String(response.headers['content-type']))) return null;
      body = response.body;
    }
    const document = body as { openapi?: unknown; servers?: Array<{ url?: unknown }> };
    if (typeof document.openapi !== 'string' || document.servers?.[0]?.url !== `/${segment}`) return null;
    return validatorOf(document as Record<string, unknown>);
  } catch {
    return null;
  }
}

function validatorFor(test: TestInternals, url: URL): Promise<OpenApiResponseValidator | null> {
  const segment = decodeURIComponent(url.pathname.split('/')[1] ?? '').replace(/[^\w.-]/g, '');
  if (!segment) return Promise.resolve(null);
  const target = typeof test.app === 'string' ? test.app : test.app;
  const key = typeof target === 'string' ? null : ((target.listeners('request').at(-1) as object | undefined) ?? target);
  let probes: Map<string, Promise<OpenApiResponseValidator | null>>;
  if (key) {
    probes = byApp.get(key) ?? new Map();
    byApp.set(key, probes);
  } else {
    probes = byOrigin.get(url.origin) ?? new Map();
    byOrigin.set(url.origin, probes);
  }
  let probe = probes.get(segment);
  if (!probe) {
    probe = fetchDocument(target, url.origin, segment);
    probes.set(segment, probe);
  }
  return probe;
}

const prototype = Test.prototype as unknown as TestInternals & { __openApiChecked?: true };
if (!prototype.__openApiChecked) {
  prototype.__openApiChecked = true;
  const original = prototype.assert;
  prototype.assert = function (this: TestInternals, resError, response, fn) {
    if (!response || !fn || unchecked.has(this)) return original.call(this, resError, response, fn);
    const url = new URL(this.url);
    validatorFor(this, url).then(
      (validator) => {
        const problems = validator ? validator.problems(this.method, url.pathname, response) : [];
        original.call(this, resError, response, (error, res) => {
          if (error || problems.length === 0) return fn.call(this, error, res);
          const failure = new Error(
            `response does not match the served OpenAPI document: ${this.method} ${url.pathname} → ${response.status}\n  ${problems.join('\n  ')}`,
          );
          fn.call(this, failure, res);
        });
      },
      (error: unknown) => fn.call(this, error as Error, response),
    );
  };
}
