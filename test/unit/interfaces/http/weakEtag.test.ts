import { expect } from 'chai';
import * as crypto from 'node:crypto';
import express from 'express';
import { weakEtag, weakEtagHashedBy } from '../../../../src/interfaces/http/weakEtag';

type EtagFunction = (body: Buffer | string, encoding?: BufferEncoding) => string | undefined;

/** The function express itself compiles for `app.set('etag', true)`, its default. */
function expressDefaultEtag(): EtagFunction {
  return express().get('etag fn') as EtagFunction;
}

const bodies: ReadonlyArray<[string, Buffer | string, BufferEncoding?]> = [
  ['an empty Buffer', Buffer.alloc(0)],
  ['an empty string', ''],
  ['an envelope', Buffer.from(JSON.stringify({ success: true, status: 200, msg: 'succeeded', data: { account: 'gus' } }))],
  ['UTF-8 text as a string', 'ü € 𝄞 "quoted"'],
  ['a latin1 string', 'caf\u00e9', 'latin1'],
  ['a body of 70,000 bytes', Buffer.alloc(70_000, 7)],
];

describe('weakEtag (express\'s default ETag in one hash call)', () => {
  const hashedBy: ReadonlyArray<[string, (body: Buffer | string, encoding?: BufferEncoding) => string]> = [
    ['crypto.hash', weakEtag],
    ['a Hash object, where crypto.hash is missing', weakEtagHashedBy(undefined)],
  ];
  for (const [how, tag] of hashedBy) {
    it(`gives express's own tag for every body, with ${how}`, () => {
      const expected = expressDefaultEtag();
      for (const [name, body, encoding] of bodies) expect(tag(body, encoding), name).to.equal(expected(body, encoding));
    });
  }

  it('hashes with the one-shot function when there is one', () => {
    const calls: string[] = [];
    const tag = weakEtagHashedBy((algorithm, data, encoding) => {
      calls.push(`${algorithm} ${data.length} ${encoding}`);
      return crypto.createHash(algorithm).update(data).digest(encoding);
    });
    expect(tag(Buffer.from('abc'))).to.equal(expressDefaultEtag()(Buffer.from('abc')));
    expect(calls).to.deep.equal(['sha1 3 base64']);
  });
});
