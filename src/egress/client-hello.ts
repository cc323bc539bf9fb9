/**
 * The server name (SNI) a TLS client asks for, read from the first bytes it sends through a
 * tunnel: the TLS records carrying its ClientHello (RFC 8446 §4.1.2, the same layout as TLS 1.2),
 * and in it the `server_name` extension (RFC 6066 §3). The proxy compares it with the host the
 * tunnel was opened to, so a tunnel to an allowed host cannot carry a connection to another
 * name served from the same address. Pure: bytes in, a verdict out.
 */

import { EGRESS_MAX_CLIENT_HELLO_BYTES } from '../limits.js';

export type ClientHelloRead =
  /** Not enough bytes yet for the whole ClientHello. */
  | { kind: 'need-more' }
  /** The first byte is not a TLS handshake record. */
  | { kind: 'not-tls' }
  | { kind: 'malformed'; reason: string }
  /** `serverName` is undefined when the client sent none (an IP literal, or a client that omits it). */
  | { kind: 'hello'; serverName: string | undefined };

const HANDSHAKE_RECORD = 0x16;
const CLIENT_HELLO = 1;
const SERVER_NAME_EXTENSION = 0;
const HOST_NAME = 0;
/** TLS records hold at most 2^14 bytes of plaintext. */
const MAX_RECORD = 16_384 + 256;

class Malformed extends Error {}

/** A bounds-checked cursor over one handshake message. */
class Reader {
  constructor(
    private readonly data: Buffer,
    private offset = 0,
    private readonly end = data.length,
  ) {}
  get remaining(): number {
    return this.end - this.offset;
  }
  private take(n: number): number {
    if (n > this.remaining) throw new Malformed('a length runs past the end of the message');
    const at = this.offset;
    this.offset += n;
    return at;
  }
  u8(): number {
    return this.data[this.take(1)] as number;
  }
  u16(): number {
    return this.data.readUInt16BE(this.take(2));
  }
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.data.subarray(at, at + n);
  }
  /** A vector with a length prefix of `width` bytes, as a reader of its own. */
  vector(width: 1 | 2): Reader {
    const length = width === 1 ? this.u8() : this.u16();
    const at = this.take(length);
    return new Reader(this.data, at, at + length);
  }
}

/** Joins the payloads of the leading handshake records; undefined until the message is whole. */
function handshakeMessage(data: Buffer): Buffer | undefined {
  const payloads: Buffer[] = [];
  let have = 0;
  let offset = 0;
  while (offset + 5 <= data.length) {
    if (data[offset] !== HANDSHAKE_RECORD) throw new Malformed('a record that is not a handshake');
    if (data[offset + 1] !== 3) throw new Malformed('not a TLS record version');
    const length = data.readUInt16BE(offset + 3);
    if (length === 0 || length > MAX_RECORD) throw new Malformed('a record length out of range');
    if (offset + 5 + length > data.length) return undefined;
    payloads.push(data.subarray(offset + 5, offset + 5 + length));
    have += length;
    offset += 5 + length;
    const joined = Buffer.concat(payloads, have);
    if (joined.length >= 4) {
      const total = 4 + joined.readUIntBE(1, 3);
      if (total > EGRESS_MAX_CLIENT_HELLO_BYTES) throw new Malformed('a ClientHello over 64 KiB');
      if (joined.length >= total) return joined.subarray(0, total);
    }
  }
  return undefined;
}

function serverNameOf(message: Buffer): string | undefined {
  const reader = new Reader(message);
  if (reader.u8() !== CLIENT_HELLO) throw new Malformed('the first handshake message is not a ClientHello');
  reader.bytes(3); // length, already checked
  reader.bytes(2 + 32); // legacy version, random
  reader.vector(1); // session id
  reader.vector(2); // cipher suites
  reader.vector(1); // compression methods
  if (reader.remaining === 0) return undefined;
  const extensions = reader.vector(2);
  let name: string | undefined;
  let seen = false;
  while (extensions.remaining > 0) {
    const type = extensions.u16();
    const body = extensions.vector(2);
    if (type !== SERVER_NAME_EXTENSION) continue;
    if (seen) throw new Malformed('two server_name extensions');
    seen = true;
    const list = body.vector(2);
    while (list.remaining > 0) {
      const nameType = list.u8();
      const value = list.vector(2);
      if (nameType !== HOST_NAME) continue;
      if (name !== undefined) throw new Malformed('two host names in server_name');
      const bytes = value.bytes(value.remaining);
      if (bytes.some((b) => b < 0x21 || b > 0x7e)) throw new Malformed('a server name that is not ASCII');
      name = bytes.toString('latin1');
    }
  }
  return name;
}

/** Reads the ClientHello at the start of `data` (everything the client sent so far). */
export function readClientHello(data: Buffer): ClientHelloRead {
  if (data.length === 0) return { kind: 'need-more' };
  if (data[0] !== HANDSHAKE_RECORD) return { kind: 'not-tls' };
  try {
    const message = handshakeMessage(data);
    if (!message) {
      return data.length > EGRESS_MAX_CLIENT_HELLO_BYTES + MAX_RECORD
        ? { kind: 'malformed', reason: 'no ClientHello in the first 64 KiB' }
        : { kind: 'need-more' };
    }
    return { kind: 'hello', serverName: serverNameOf(message) };
  } catch (error) {
    if (error instanceof Malformed) return { kind: 'malformed', reason: error.message };
    throw error;
  }
}
