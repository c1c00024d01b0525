/**
 * The client's half of a PostgreSQL connection (protocol 3.0, "Frontend/Backend
 * Protocol: Message Formats"), cut into messages and counted in round trips, for
 * the bench's counting proxy (pgRoundTrips.ts). A typed message is a type byte
 * and an int32 length that counts itself; the packets before the start-up
 * message has been sent (SSLRequest, GSSENCRequest, the StartupMessage itself,
 * CancelRequest) have no type byte, only the length and a request code.
 */

/** One message the client sent: its type byte ('' for an untyped start-up packet) and what follows its length. */
export interface FrontendMessage {
  readonly type: string;
  readonly body: Buffer;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Cuts a frontend byte stream into messages, whatever the chunks' boundaries. */
export class FrontendMessageReader {
  private pending: Buffer = Buffer.alloc(0);
  /** Until the StartupMessage (or a CancelRequest) every packet is untyped. */
  private startingUp = true;
  /** True once the client asked for TLS or GSS encryption: from the server's "yes" on, the bytes are unreadable. */
  askedForEncryption = false;

  push(chunk: Buffer): FrontendMessage[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const messages: FrontendMessage[] = [];
    for (;;) {
      const header = this.startingUp ? 4 : 5;
      if (this.pending.length < header) break;
      const length = this.pending.readInt32BE(header - 4);
      if (length < 4 || (this.startingUp && length < 8)) throw new Error(`malformed PostgreSQL frontend message (length ${length})`);
      const end = header - 4 + length;
      if (this.pending.length < end) break;
      const body = this.pending.subarray(header, end);
      const type = header === 4 ? '' : String.fromCharCode(this.pending[0]);
      if (this.startingUp) {
        const code = body.readInt32BE(0);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) this.askedForEncryption = true;
        // The server answers an encryption request with one byte and the client then sends its StartupMessage, still untyped.
        else this.startingUp = false;
      }
      messages.push({ type, body });
      this.pending = this.pending.subarray(end);
    }
    return messages;
  }
}

/** The label of a statement in the tally: its text with whitespace collapsed, cut short. */
export function statementLabel(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 89)}…` : flat;
}

/** The text up to the first NUL from `offset`, and where the next field starts. */
function cString(body: Buffer, offset: number): { text: string; next: number } {
  const end = body.indexOf(0, offset);
  const stop = end < 0 ? body.length : end;
  return { text: body.toString('utf8', offset, stop), next: stop + 1 };
}

/**
 * Round trips of one connection: a simple query is one Query message ('Q'), an
 * extended-protocol query (Parse, Bind, Describe, Execute, …) ends with one Sync
 * ('S'), where the client waits for the server. Each round trip is labelled with
 * its statement: the Query's text, or the text of the statement its Bind ran
 * (a named statement is parsed once per connection and then bound by name).
 */
export class FrontendRoundTrips {
  private readonly reader = new FrontendMessageReader();
  /** Statement texts by name ('' is the unnamed statement), as this connection parsed them. */
  private readonly statements = new Map<string, string>();
  private current: string | undefined;

  get askedForEncryption(): boolean {
    return this.reader.askedForEncryption;
  }

  /** The labels of the round trips the chunk completes, in order. */
  read(chunk: Buffer): string[] {
    const trips: string[] = [];
    for (const message of this.reader.push(chunk)) {
      if (message.type === 'Q') trips.push(statementLabel(cString(message.body, 0).text));
      else if (message.type === 'P') {
        // Parse: the statement's name, then its text.
        const name = cString(message.body, 0);
        this.current = statementLabel(cString(message.body, name.next).text);
        this.statements.set(name.text, this.current);
      } else if (message.type === 'B') {
        // Bind: the portal's name, then the statement's.
        const statement = cString(message.body, cString(message.body, 0).next).text;
        this.current = this.statements.get(statement) ?? '(a statement parsed before the proxy saw the connection)';
      } else if (message.type === 'S') {
        trips.push(this.current ?? '(Sync without a statement)');
        this.current = undefined;
      }
    }
    return trips;
  }
}
