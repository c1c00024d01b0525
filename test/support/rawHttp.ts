import { connect } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends one request as written (request line and headers verbatim, so an
 * absolute-form target reaches the server as a client could send it) and
 * reads the whole answer (status, headers, body).
 */
export function rawRequest(port: number, requestLine: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    // Connection: close, so the answer ends when the server closes the connection.
    socket.on('end', () => {
      const end = received.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = received.slice(0, end < 0 ? received.length : end).split('\r\n');
      const fields = lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
      resolve({ status: Number(statusLine.split(' ')[1]), headers: Object.fromEntries(fields), body: end < 0 ? '' : Buffer.from(received.slice(end + 4), 'latin1').toString('utf8') });
    });
    socket.on('error', reject);
    const head = Object.entries({ Connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`${requestLine}\r\n${head.join('')}\r\n`);
  });
}
