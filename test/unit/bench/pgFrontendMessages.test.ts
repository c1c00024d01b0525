import { expect } from 'chai';
import { FrontendMessageReader, FrontendRoundTrips, statementLabel } from '../../../bench/lib/pgFrontendMessages';

const int32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const int16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const text = (value: string) => Buffer.from(`${value}\0`);
const untyped = (...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([int32(body.length + 4), body]);
};
const typed = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
};

const sslRequest = untyped(int32(80877103));
const startup = untyped(int32(196608), text('user'), text('postgres'), text(''));
const query = (sql: string) => typed('Q', text(sql));
const parse = (name: string, sql: string) => typed('P', text(name), text(sql), int16(0));
const bind = (statement: string) => typed('B', text(''), text(statement), int16(0), int16(0), int16(0));
const execute = typed('E', text(''), int32(0));
const sync = typed('S');

describe('bench PostgreSQL round-trip counting: the frontend stream cut into messages', () => {
  it('reads the untyped start-up packets, then typed messages', () => {
    const reader = new FrontendMessageReader();
    const messages = reader.push(Buffer.concat([sslRequest, startup, typed('p', text('secret')), query('SELECT 1'), sync]));
    expect(messages.map((message) => message.type)).to.deep.equal(['', '', 'p', 'Q', 'S']);
    expect(reader.askedForEncryption).to.equal(true);
    expect(messages[3].body.toString()).to.equal('SELECT 1\0');
  });

  it('gives the same messages whatever the chunks, one byte at a time included', () => {
    const stream = Buffer.concat([startup, parse('', 'SELECT $1'), bind(''), execute, sync, query('BEGIN')]);
    const whole = new FrontendMessageReader().push(stream);
    const reader = new FrontendMessageReader();
    const byByte = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(byByte.map((message) => [message.type, message.body.toString('hex')])).to.deep.equal(whole.map((message) => [message.type, message.body.toString('hex')]));
    expect(whole).to.have.length(6);
  });

  it('refuses a length that cannot be', () => {
    expect(() => new FrontendMessageReader().push(Buffer.concat([startup, Buffer.from('Q'), int32(2)]))).to.throw(/malformed/);
  });
});

describe('bench PostgreSQL round-trip counting: one per Query, one per Sync, labelled by statement', () => {
  it('counts a simple query and an extended one, each by its text', () => {
    const trips = new FrontendRoundTrips();
    expect(trips.read(Buffer.concat([startup, query('BEGIN'), parse('', 'SELECT $1'), bind(''), execute, sync]))).to.deep.equal(['BEGIN', 'SELECT $1']);
    expect(trips.askedForEncryption).to.equal(false);
  });

  it('labels a named statement bound again without a Parse by the text it was parsed with', () => {
    const trips = new FrontendRoundTrips();
    trips.read(Buffer.concat([startup, parse('s1', 'SELECT points FROM counters WHERE key = $1'), bind('s1'), execute, sync]));
    expect(trips.read(Buffer.concat([bind('s1'), execute, sync, bind('s2'), execute, sync]))).to.deep.equal([
      'SELECT points FROM counters WHERE key = $1',
      '(a statement parsed before the proxy saw the connection)',
    ]);
  });

  it('counts nothing before the Sync that ends an extended query', () => {
    const trips = new FrontendRoundTrips();
    expect(trips.read(Buffer.concat([startup, parse('', 'SELECT 1'), bind(''), execute]))).to.deep.equal([]);
    expect(trips.read(sync)).to.deep.equal(['SELECT 1']);
  });

  it('collapses whitespace and cuts long statements', () => {
    expect(statementLabel('SELECT\n   1')).to.equal('SELECT 1');
    expect(statementLabel(`SELECT ${'x'.repeat(200)}`)).to.have.length(90);
  });
});
