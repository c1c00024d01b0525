import { expect } from 'chai';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { apiSecurityHeaders, securityHeaders } from '../../../../src/interfaces/http/securityHeaders';

/** The raw header lines (name and value, in order) an app with `headers` first answers a GET with, less the per-response ones. */
async function headerLines(headers: RequestHandler): Promise<string[]> {
  const app = express();
  app.use(headers);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const { rawHeaders } = ((await request(app).get('/')) as unknown as { res: IncomingMessage }).res;
  const lines: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) lines.push(`${rawHeaders[i]}: ${rawHeaders[i + 1]}`);
  return lines.filter((line) => !/^(Date|ETag|Connection|Keep-Alive):/i.test(line));
}

describe('securityHeaders (helmet recorded once, replayed per request)', () => {
  it("answers with exactly helmet's headers, values and order for the same options", async () => {
    const fromHelmet = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          imgSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    });
    const ours = await headerLines(securityHeaders());
    expect(ours).to.deep.equal(await headerLines(fromHelmet));
    expect(ours).to.include('X-Frame-Options: DENY');
    expect(ours.filter((line) => line.startsWith('Content-Security-Policy:'))).to.have.length(1);
  });

  it('sets the headers on every response, not only the first', async () => {
    const app = express();
    app.use(securityHeaders());
    app.get('/', (_req, res) => {
      res.end();
    });
    for (let i = 0; i < 3; i++) {
      const response = await request(app).get('/');
      expect(response.headers['x-content-type-options']).to.equal('nosniff');
      expect(response.headers['content-security-policy']).to.contain("frame-ancestors 'none'");
    }
  });

  it("answers an API route with the CSP, HSTS, nosniff and X-Frame-Options lines of the full set, the same values in the same order, and nothing else of it", async () => {
    const full = await headerLines(securityHeaders());
    const api = await headerLines(apiSecurityHeaders());
    const apiNames = /^(Content-Security-Policy|Strict-Transport-Security|X-Content-Type-Options|X-Frame-Options):/i;
    const fromFull = full.filter((line) => apiNames.test(line));
    expect(fromFull).to.have.length(4);
    const shared = full.filter((line) => !/^(Content-Type|Content-Length):/i.test(line));
    expect(api.filter((line) => shared.includes(line))).to.deep.equal(fromFull);
    expect(api.filter((line) => !/^(Content-Type|Content-Length):/i.test(line))).to.deep.equal(fromFull);
  });
});
