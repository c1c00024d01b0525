import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import express, { type Express, type Response } from 'express';
import request from 'supertest';
import { sendJson } from '../../../../src/interfaces/http/jsonAnswer';
import { jsonDateReplacer } from '../../../../src/interfaces/http/jsonDates';

type Send = (res: Response, value: unknown) => void;

const expressJson: Send = (res, value) => {
  res.json(value);
};

interface Call {
  readonly method: 'get' | 'head' | 'post';
  readonly value: unknown;
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Set on the response before the answer (a type, an ETag, Cache-Control). */
  readonly preset?: Readonly<Record<string, string>>;
}

interface Answer {
  readonly status: number;
  readonly lines: string[];
  readonly body: string;
}

/** Status, raw header lines in order (less Date/Connection/Keep-Alive) and body of one call. */
async function answer(send: Send, configure: (app: Express) => void, call: Call): Promise<Answer> {
  const app = express();
  configure(app);
  app.all('/', (_req, res) => {
    if (call.status !== undefined) res.status(call.status);
    for (const [name, value] of Object.entries(call.preset ?? {})) res.setHeader(name, value);
    send(res, call.value);
  });
  let pending = request(app)[call.method]('/');
  for (const [name, value] of Object.entries(call.headers ?? {})) pending = pending.set(name, value);
  const response = await pending;
  const { rawHeaders } = (response as unknown as { res: IncomingMessage }).res;
  const lines: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  return { status: response.status, lines: lines.filter((line) => !/^(Date|Connection|Keep-Alive):/i.test(line)), body: response.text ?? '' };
}

const envelope = { success: true, status: 200, msg: 'succeeded', data: { account: 'gus', note: 'ü € 𝄞', at: new Date(Date.UTC(2026, 10, 27, 8, 30)) } };
const long = { data: 'x'.repeat(2_000) };

async function etagOf(configure: (app: Express) => void, value: unknown): Promise<string> {
  const { lines } = await answer(expressJson, configure, { method: 'get', value });
  return lines.find((line) => line.startsWith('ETag: '))!.slice('ETag: '.length);
}

describe('sendJson (a controller result answered as res.json answers it)', () => {
  const settings: ReadonlyArray<[string, (app: Express) => void]> = [
    ['the defaults', () => undefined],
    ['the envelope date replacer', (app) => app.set('json replacer', jsonDateReplacer)],
    ['strong ETags', (app) => app.set('etag', 'strong')],
    ['no ETag', (app) => app.set('etag', false)],
    ['an ETag function that declines', (app) => app.set('etag', () => undefined)],
    ['JSON spaces', (app) => app.set('json spaces', 2)],
    ['JSON escape', (app) => app.set('json escape', true)],
  ];
  const calls: ReadonlyArray<[string, Call]> = [
    ['a GET', { method: 'get', value: envelope }],
    ['a POST answered 201', { method: 'post', value: envelope, status: 201 }],
    ['a body over 1,000 bytes', { method: 'get', value: long }],
    ['an array', { method: 'get', value: [1, '<a>', null] }],
    ['a HEAD', { method: 'head', value: envelope }],
    ['a 204', { method: 'get', value: envelope, status: 204 }],
    ['a 205', { method: 'post', value: envelope, status: 205 }],
    ['a type set before', { method: 'get', value: envelope, preset: { 'Content-Type': 'application/problem+json' } }],
    ['an ETag set before', { method: 'get', value: envelope, preset: { ETag: 'W/"mine"' } }],
    ['headers set before', { method: 'get', value: envelope, preset: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } }],
    ['a validator that does not match', { method: 'get', value: envelope, headers: { 'If-None-Match': 'W/"other"' } }],
    ['If-Modified-Since', { method: 'get', value: envelope, headers: { 'If-Modified-Since': 'Wed, 21 Oct 2015 07:28:00 GMT' } }],
    ['a value whose JSON is undefined', { method: 'get', value: { toJSON: () => undefined } }],
  ];

  for (const [setting, configure] of settings) {
    it(`answers every call as res.json does, with ${setting}`, async () => {
      for (const [name, call] of calls) {
        expect(await answer(sendJson, configure, call), name).to.deep.equal(await answer(expressJson, configure, call));
      }
    });
  }

  it('answers 304 without a body to a matching If-None-Match, as express does', async () => {
    const configure = (app: Express) => app.set('json replacer', jsonDateReplacer);
    const call: Call = { method: 'get', value: envelope, headers: { 'If-None-Match': await etagOf(configure, envelope) } };
    const ours = await answer(sendJson, configure, call);
    expect(ours.status).to.equal(304);
    expect(ours).to.deep.equal(await answer(expressJson, configure, call));
  });

  it('writes the typed, measured and tagged JSON itself on the common path', async () => {
    const calls: string[] = [];
    const configure = (app: Express) => {
      app.set('json replacer', jsonDateReplacer);
      app.use((_req, res, next) => {
        res.json = () => {
          calls.push('json');
          return res;
        };
        next();
      });
    };
    const ours = await answer(sendJson, configure, { method: 'get', value: envelope });
    expect(calls).to.deep.equal([]);
    expect(ours.status).to.equal(200);
    expect(ours.lines).to.deep.equal([
      'X-Powered-By: Express',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(ours.body)}`,
      `ETag: ${await etagOf((app) => app.set('json replacer', jsonDateReplacer), envelope)}`,
    ]);
    expect(JSON.parse(ours.body)).to.deep.equal(JSON.parse(JSON.stringify(envelope, jsonDateReplacer)));
  });

  it('leaves a HEAD, a validator, a type or ETag set before, and JSON spacing to res.json', async () => {
    const offPath: ReadonlyArray<[(app: Express) => void, Call]> = [
      [() => undefined, { method: 'head', value: envelope }],
      [() => undefined, { method: 'get', value: envelope, headers: { 'If-None-Match': 'W/"x"' } }],
      [() => undefined, { method: 'get', value: envelope, headers: { 'If-Modified-Since': 'Wed, 21 Oct 2015 07:28:00 GMT' } }],
      [() => undefined, { method: 'get', value: envelope, preset: { 'Content-Type': 'text/plain' } }],
      [() => undefined, { method: 'get', value: envelope, preset: { ETag: '"e"' } }],
      [() => undefined, { method: 'get', value: envelope, status: 204 }],
      [() => undefined, { method: 'post', value: envelope, status: 205 }],
      [() => undefined, { method: 'get', value: envelope, status: 304 }],
      [(app) => app.set('json spaces', 2), { method: 'get', value: envelope }],
      [(app) => app.set('json escape', true), { method: 'get', value: envelope }],
      [() => undefined, { method: 'get', value: { toJSON: () => undefined } }],
    ];
    for (const [configure, call] of offPath) {
      let handedOver = 0;
      await answer(
        sendJson,
        (app) => {
          configure(app);
          app.use((_req, res, next) => {
            const json = res.json.bind(res);
            res.json = (value: unknown) => {
              handedOver++;
              return json(value);
            };
            next();
          });
        },
        call,
      );
      expect(handedOver, JSON.stringify(call)).to.equal(1);
    }
  });
});
