import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports outside the kernel's ephemeral range (Linux default: 32768–60999): a port from that range can be
 * taken, between the check and the real listen, by any outgoing connection of the busy test run (an
 * EADDRINUSE seen under load); these are only ever taken by a listen. From 20000 up to the range, or
 * above it where a machine's range starts lower.
 */
const OUTSIDE_EPHEMERAL = portsOutside(ephemeralRange());

/** This machine's ephemeral port range (Linux's default where it cannot be read). */
export function ephemeralRange(): { first: number; last: number } {
  try {
    const [first, last] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (first > 0 && last >= first) return { first, last };
  } catch {
    // Not Linux: its default.
  }
  return { first: 32_768, last: 60_999 };
}

/** At least a thousand ports below the range from 20000, else above it; a range leaving neither gets 20000–29999 and the race. */
export function portsOutside(ephemeral: { first: number; last: number }): { first: number; last: number } {
  if (ephemeral.first - 20_000 >= 1_000) return { first: 20_000, last: ephemeral.first - 1 };
  if (65_535 - ephemeral.last >= 1_000) return { first: ephemeral.last + 1, last: 65_535 };
  return { first: 20_000, last: 29_999 };
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
    const port = OUTSIDE_EPHEMERAL.first + Math.floor(Math.random() * (OUTSIDE_EPHEMERAL.last - OUTSIDE_EPHEMERAL.first + 1));
    if (await canListen(port)) return port;
  }
}
