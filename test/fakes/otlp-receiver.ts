/**
 * An OTLP/HTTP trace receiver for tests: `POST /v1/traces` with an `ExportTraceServiceRequest` in
 * protobuf (the official exporter's wire format), decoded here with a small reader of the protobuf
 * wire format that follows the OTLP `.proto` field numbers, so a test asserts on what a collector
 * would really store: the spans, their parent ids, kinds, times, status and attributes, and the
 * request headers. It can also refuse every export with a status.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AttributeValue = string | boolean | number | AttributeValue[];

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for the root. */
  parentSpanId: string;
  name: string;
  /** OTLP's enum: 1 internal, 2 server, 3 client. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, AttributeValue>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage: string;
  resource: Record<string, AttributeValue>;
}

export interface OtlpReceiver {
  /** The base URL (`otel-endpoint`); exports go to `<url>/v1/traces`. */
  url: string;
  spans: ReceivedSpan[];
  /** Headers of every export request, lower-cased names. */
  headers: Record<string, string | string[] | undefined>[];
  /** The raw bodies, for "this string appears nowhere" checks. */
  bodies: Buffer[];
  refuseWith(status: number | undefined): void;
  close(): Promise<void>;
}

/** Starts the receiver on a random port of 127.0.0.1. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const headers: OtlpReceiver['headers'] = [];
  const bodies: Buffer[] = [];
  let refusal: number | undefined;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (
      req.method !== 'POST' ||
      req.url !== '/v1/traces' ||
      req.headers['content-type'] !== 'application/x-protobuf'
    ) {
      res.writeHead(415).end();
      return;
    }
    headers.push({ ...req.headers });
    bodies.push(body);
    if (refusal !== undefined) {
      res.writeHead(refusal).end();
      return;
    }
    spans.push(...decodeExportRequest(body));
    res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    headers,
    bodies,
    refuseWith: (status) => {
      refusal = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// --- The protobuf wire format, as far as OTLP traces use it ---

type Field = { no: number; wire: number; varint?: bigint; bytes?: Buffer; fixed?: Buffer };

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buf[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, varint: varint() });
    else if (wire === 1) {
      out.push({ no, wire, fixed: buf.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      out.push({ no, wire, bytes: buf.subarray(at, at + length) });
      at += length;
    } else if (wire === 5) {
      out.push({ no, wire, fixed: buf.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const messages = (buf: Buffer, no: number) =>
  fields(buf)
    .filter((f) => f.no === no && f.bytes)
    .map((f) => f.bytes as Buffer);
const one = (buf: Buffer, no: number) => fields(buf).find((f) => f.no === no);

function anyValue(buf: Buffer): AttributeValue {
  const f = fields(buf)[0];
  if (!f) return '';
  switch (f.no) {
    case 1:
      return (f.bytes as Buffer).toString('utf8');
    case 2:
      return f.varint === 1n;
    case 3:
      return Number(BigInt.asIntN(64, f.varint as bigint));
    case 4:
      return (f.fixed as Buffer).readDoubleLE(0);
    case 5:
      return messages(f.bytes as Buffer, 1).map(anyValue);
    default:
      throw new Error(`unsupported AnyValue field ${f.no}`);
  }
}

function keyValues(buf: Buffer, no: number): Record<string, AttributeValue> {
  return Object.fromEntries(
    messages(buf, no).map((kv) => [
      (one(kv, 1)?.bytes ?? Buffer.alloc(0)).toString('utf8'),
      anyValue(one(kv, 2)?.bytes ?? Buffer.alloc(0)),
    ]),
  );
}

/** A `fixed64` field (a span's start or end in nanoseconds); 0 when absent. */
function fixed64(buf: Buffer, no: number): bigint {
  return one(buf, no)?.fixed?.readBigUInt64LE(0) ?? 0n;
}

/** `ExportTraceServiceRequest` → its spans, each with its resource's attributes. */
export function decodeExportRequest(body: Buffer): ReceivedSpan[] {
  return messages(body, 1).flatMap((resourceSpans) => {
    const resourceBytes = one(resourceSpans, 1)?.bytes;
    const resource = resourceBytes ? keyValues(resourceBytes, 1) : {};
    return messages(resourceSpans, 2).flatMap((scopeSpans) =>
      messages(scopeSpans, 2).map((span) => {
        const status = one(span, 15)?.bytes;
        const hex = (no: number) => (one(span, no)?.bytes ?? Buffer.alloc(0)).toString('hex');
        return {
          traceId: hex(1),
          spanId: hex(2),
          parentSpanId: hex(4),
          name: (one(span, 5)?.bytes ?? Buffer.alloc(0)).toString('utf8'),
          kind: Number(one(span, 6)?.varint ?? 0n),
          startNs: fixed64(span, 7),
          endNs: fixed64(span, 8),
          attributes: keyValues(span, 9),
          statusCode: status ? Number(one(status, 3)?.varint ?? 0n) : 0,
          statusMessage: status ? (one(status, 2)?.bytes ?? Buffer.alloc(0)).toString('utf8') : '',
          resource,
        };
      }),
    );
  });
}
