import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports below the kernel's ephemeral range (Linux: 32768–60999): a port from that range can be taken, between
 * the check and the real listen, by any outgoing connection of the busy test run (an EADDRINUSE seen under
 * load); these are only ever taken by a listen.
 */
const BELOW_EPHEMERAL = { first: 20_000, last: ephemeralRangeStart() - 1 };

function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}

function canListen(port: number): Promise<boolean> {
  // Every address, as the service listens by default (and 127.0.0.1 with it).
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago: for a server that must come up later at a known address. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = BELOW_EPHEMERAL.first + Math.floor(Math.random() * (BELOW_EPHEMERAL.last - BELOW_EPHEMERAL.first + 1));
    if (await canListen(port)) return port;
  }
}
