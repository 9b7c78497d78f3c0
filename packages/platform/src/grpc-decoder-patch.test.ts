// grpc-js's message decoder is patched (patches/@grpc__grpc-js@1.14.7.patch, issue 18): unpatched, a
// call's decoder keeps slices of the socket read buffer that carried its answer (the flag byte, the
// message's parts) until the call object dies, and a read buffer holds the frames of many calls. In the
// gateway's mixed workload those buffers outlived their scavenges and started a full GC every ~1.5 s
// (docs/perf/issue-18-gateway-notes.md, "Seventeenth round"). These tests fail on an unpatched install.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from '@jest/globals';

interface Decoder {
  write(data: Buffer): Buffer[];
  readCompressFlag: Buffer;
  readPartialMessage: Buffer[];
}
const { StreamDecoder } = createRequire(import.meta.url)('@grpc/grpc-js/build/src/stream-decoder.js') as {
  StreamDecoder: new (maxReadMessageLength: number) => Decoder;
};

/** Bytes in memory of their own, as a socket read delivers them (small Buffers share a pool slab). */
function ownMemory(bytes: Buffer): Buffer {
  const b = Buffer.alloc(bytes.length);
  bytes.copy(b);
  return b;
}

/** A gRPC length-prefixed message: flag byte 0, 4-byte big-endian length, payload. */
function framed(payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** What the decoder still holds that points into `read`'s memory. */
function viewsInto(decoder: Decoder, read: Buffer): number {
  const held = [decoder.readCompressFlag, ...decoder.readPartialMessage];
  return held.filter((b) => b.buffer === read.buffer).length;
}

describe('grpc-js StreamDecoder (patched)', () => {
  it('keeps no view of the read buffer once a message is complete', () => {
    // One socket read carrying two answers' frames, as an HTTP/2 session read does.
    const read = ownMemory(Buffer.concat([framed(Buffer.from('first answer')), framed(Buffer.from('second'))]));
    const decoder = new StreamDecoder(-1);
    const messages = decoder.write(read);
    assert.deepEqual(
      messages.map((m) => m.subarray(5).toString()),
      ['first answer', 'second'],
    );
    assert.equal(viewsInto(decoder, read), 0);
    for (const m of messages) assert.notEqual(m.buffer, read.buffer, 'a message is a copy');
  });

  it('decodes a message split over two reads, then lets both reads go', () => {
    const whole = framed(Buffer.from('x'.repeat(1000)));
    const [a, b] = [ownMemory(whole.subarray(0, 300)), ownMemory(whole.subarray(300))];
    const decoder = new StreamDecoder(-1);
    assert.deepEqual(decoder.write(a), []);
    const [message] = decoder.write(b);
    assert.equal(message!.subarray(5).toString(), 'x'.repeat(1000));
    assert.equal(viewsInto(decoder, a) + viewsInto(decoder, b), 0);
  });

  it('still decodes compressed-flag and empty messages', () => {
    const empty = ownMemory(Buffer.from([1, 0, 0, 0, 0]));
    const decoder = new StreamDecoder(-1);
    const [message] = decoder.write(empty);
    assert.deepEqual([...message!], [1, 0, 0, 0, 0]);
    assert.equal(viewsInto(decoder, empty), 0);
  });
});
