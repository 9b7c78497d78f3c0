// For RPCs that answer google.api.HttpBody: the service writes the JSON text itself and the gateway
// passes the bytes through (DESIGN.md §8: a multi-megabyte answer re-encoded field by field in the
// gateway costs more than computing it). The text must follow the gateway's JSON mapping (snake_case
// names, null for unset optional fields).
export interface HttpBodyAnswer {
  content_type: string;
  data: Buffer;
}

/** JSON text, or JSON already encoded as UTF-8 bytes (kept as is), as an HttpBody answer. */
export function jsonHttpBody(json: string | Buffer): HttpBodyAnswer {
  return { content_type: 'application/json; charset=utf-8', data: typeof json === 'string' ? Buffer.from(json) : json };
}

/** Bytes of a varint. */
function varintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    size++;
  }
  return size;
}

function writeVarint(out: Buffer, pos: number, n: number): number {
  while (n >= 0x80) {
    out[pos++] = (n % 0x80) | 0x80;
    n = Math.floor(n / 0x80);
  }
  out[pos++] = n;
  return pos;
}

/**
 * Bytes a writer leaves free in front of a body it marks withHeadroom(): room for HttpBody's fields
 * before `data` (a content type of up to 100 bytes, two tags, two varints).
 */
export const HTTP_BODY_HEADROOM = 112;

/** Bodies written with HTTP_BODY_HEADROOM free bytes before them (nobody else's memory), not yet used. */
const roomy = new WeakSet<Uint8Array>();

/**
 * Declares that the HTTP_BODY_HEADROOM bytes before `data` in its ArrayBuffer are free for
 * encodeHttpBody to write the message's head into, so a large body is sent without being copied (a
 * depth-4 chain, written by a worker with the room left in front: issue 18, one 3 MB copy and its
 * share of the garbage collection less per answer). Returns `data`.
 */
export function withHeadroom<T extends Uint8Array>(data: T): T {
  if (data.byteOffset >= HTTP_BODY_HEADROOM) roomy.add(data);
  return data;
}

/** Bodies at least this large keep their encoded form for the next time they are sent. */
const REUSE_MIN_BYTES = 256 * 1024;

/** Encoded HttpBody messages by the data they carry (a view into the message itself, see below). */
const encoded = new WeakMap<Uint8Array, { contentType: string; message: Buffer }>();

/**
 * google.api.HttpBody (content_type = 1, data = 2) in one allocation and one copy of the data. The
 * generated encoder grows a zeroed buffer by doubling, copies the data into it, slices it (a second
 * copy) and wraps it in a Buffer (a third): for a 3 MB depth-4 chain that was most of vedic-calc's
 * main-thread time per request after the chain itself moved to a worker (issue 18 profile).
 *
 * A large body is encoded once: its answer's `data` becomes a view into the encoded message (the same
 * bytes, so a cached answer holds one copy, not two), and sending the same answer again reuses the
 * message. Multi-megabyte buffers made per request were what drove vedic-calc's garbage collection
 * (44 % of its CPU on repeated depth-4 chains).
 */
export function encodeHttpBody(v: { content_type?: string; data?: Uint8Array }): Buffer {
  const contentType = v.content_type ?? '';
  const data = v.data?.length ? v.data : undefined;
  const known = data && encoded.get(data);
  if (known && known.contentType === contentType) return known.message;
  const type = contentType ? Buffer.from(contentType) : undefined;
  const head = (type ? 1 + varintSize(type.length) + type.length : 0) + (data ? 1 + varintSize(data.length) : 0);
  let out: Buffer;
  if (data && roomy.has(data) && head <= HTTP_BODY_HEADROOM) {
    // Used once: encoding it again with another content type would rewrite a message maybe still in flight.
    roomy.delete(data);
    out = Buffer.from(data.buffer, data.byteOffset - head, head + data.length);
    writeHead(out, type, data.length);
  } else {
    out = Buffer.allocUnsafe(head + (data?.length ?? 0));
    writeHead(out, type, data?.length);
    if (data) out.set(data, head);
  }
  if (data && data.length >= REUSE_MIN_BYTES && !Object.isFrozen(v)) {
    const view = out.subarray(head);
    v.data = view;
    encoded.set(view, { contentType, message: out });
  }
  return out;
}

/** content_type (field 1) and the tag and length of data (field 2); returns where data starts. */
function writeHead(out: Buffer, type: Buffer | undefined, dataLength: number | undefined): number {
  let pos = 0;
  if (type) {
    out[pos++] = 0x0a; // field 1, length-delimited
    pos = writeVarint(out, pos, type.length);
    pos += type.copy(out, pos);
  }
  if (dataLength !== undefined) {
    out[pos++] = 0x12; // field 2, length-delimited
    pos = writeVarint(out, pos, dataLength);
  }
  return pos;
}

/**
 * A method's response serialiser, with encodeHttpBody in place of the generated one when the method
 * answers google.api.HttpBody. The generated serialiser names no type, so it is recognised by what it
 * writes for a probe: HttpBody's bytes. Values carrying anything besides content_type and data (the
 * `extensions`, which no service sets) still go through the generated serialiser.
 */
export function fastHttpBodySerializer(serialize: (value: any) => Buffer): (value: any) => Buffer {
  const probe = { content_type: 'a', data: new Uint8Array([1]), extensions: [] };
  let written: Buffer;
  try {
    written = serialize(probe);
  } catch {
    return serialize;
  }
  if (!written.equals(encodeHttpBody(probe))) return serialize;
  return (value: { content_type?: string; data?: Uint8Array; extensions?: unknown[] }) =>
    value.extensions?.length ||
    Object.keys(value).some((k) => k !== 'content_type' && k !== 'data' && k !== 'extensions')
      ? serialize(value)
      : encodeHttpBody(value);
}
