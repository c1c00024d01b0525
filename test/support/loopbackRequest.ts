import { request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoopbackResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** Milliseconds from sending to the end of the body. */
  readonly ms: number;
}

export interface LoopbackRequest {
  readonly port: number;
  readonly path: string;
  readonly method?: string;
  /** Sent as JSON (with its content type). */
  readonly json?: unknown;
  /** Sent as it is, with the content type `headers` give (a form body, say); instead of `json`. */
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Source address of the connection (any 127.x.y.z works on Linux), so each request can count as its own client. */
  readonly from?: string;
}

/** One request on a fresh connection (no keep-alive agent), optionally from a chosen loopback source address. */
export function loopbackRequest(options: LoopbackRequest): Promise<LoopbackResponse> {
  const body = options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.from,
        agent: false,
        headers: { ...(options.json === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The i-th distinct loopback source address, 127.0.x.y with x, y from 1 to 250. */
export function loopbackAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
}
