import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import express, { type Response } from 'express';
import request from 'supertest';
import { operatorJsonSender } from '../../../../src/interfaces/http/operatorJson';

type Send = (res: Response, status: number, text: string) => void;

/** What the actuator did before: express types the text and hashes it on every request. */
const expressSend: Send = (res, status, text) => {
  res.status(status).type('application/json').send(text);
};

interface Answer {
  readonly status: number;
  readonly lines: string[];
  readonly body: string;
}

/** Status, raw header lines in order (less Date/Connection/Keep-Alive) and body of each request, in turn, on one app. */
async function answers(send: Send, etag: boolean | string, requests: ReadonlyArray<{ method: 'get' | 'head'; text: string; status: number; ifNoneMatch?: string }>): Promise<Answer[]> {
  const app = express();
  app.set('etag', etag);
  let next = requests[0];
  app.all('/', (_req, res) => send(res, next.status, next.text));
  const results: Answer[] = [];
  for (const call of requests) {
    next = call;
    let pending = request(app)[call.method]('/');
    if (call.ifNoneMatch) pending = pending.set('If-None-Match', call.ifNoneMatch);
    const response = await pending;
    const { rawHeaders } = (response as unknown as { res: IncomingMessage }).res;
    const lines: string[] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
    results.push({ status: response.status, lines: lines.filter((line) => !/^(Date|Connection|Keep-Alive):/i.test(line)), body: response.text ?? '' });
  }
  return results;
}

describe('operatorJsonSender (the actuator answer without re-typing and re-hashing)', () => {
  const info = JSON.stringify({ name: 'auth-client-demo', version: '1.0.0', passList: ['/oauth/jwt/**'], note: 'ü €' });
  const health = JSON.stringify({ status: 'DOWN', components: {} });
  const sequence = [
    { method: 'get' as const, text: info, status: 200 },
    { method: 'get' as const, text: info, status: 200 },
    { method: 'head' as const, text: info, status: 200 },
    { method: 'get' as const, text: health, status: 503 },
    { method: 'get' as const, text: info, status: 200, ifNoneMatch: 'W/"nope"' },
    { method: 'get' as const, text: '{}', status: 200 },
  ];

  for (const etag of [true, 'strong', false]) {
    it(`answers exactly as res.type('application/json').send(text) does, etag ${String(etag)}`, async () => {
      expect(await answers(operatorJsonSender(), etag, sequence)).to.deep.equal(await answers(expressSend, etag, sequence));
    });
  }

  it('answers 304 without a body to a matching If-None-Match, as express does', async () => {
    const [first] = await answers(operatorJsonSender(), true, [sequence[0]]);
    const tag = first.lines.find((line) => line.startsWith('ETag: '))!.slice('ETag: '.length);
    const conditional = [sequence[0], { ...sequence[0], ifNoneMatch: tag }];
    const ours = await answers(operatorJsonSender(), true, conditional);
    expect(ours[1].status).to.equal(304);
    expect(ours).to.deep.equal(await answers(expressSend, true, conditional));
  });
});
