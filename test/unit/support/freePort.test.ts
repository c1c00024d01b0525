import { expect } from 'chai';
import { createServer } from 'node:net';
import { ephemeralRange, freePort, portsOutside } from '../../support/freePort';

describe('freePort (test support): ports no outgoing connection can take', () => {
  it('picks below the ephemeral range from 20000, or above it where the range starts lower', () => {
    expect(portsOutside({ first: 32_768, last: 60_999 })).to.deep.equal({ first: 20_000, last: 32_767 });
    expect(portsOutside({ first: 10_000, last: 40_000 })).to.deep.equal({ first: 40_001, last: 65_535 });
    expect(portsOutside({ first: 1_024, last: 65_535 })).to.deep.equal({ first: 20_000, last: 29_999 });
  });

  it("returns a port outside this machine's ephemeral range that a server can then listen on", async () => {
    const port = await freePort();
    const { first, last } = ephemeralRange();
    expect(port < first || port > last, `${port} within ${first}–${last}`).to.equal(true);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
