// encodeHttpBody against the generated google.api.HttpBody codec (ts-proto over @bufbuild/protobuf's
// wire writer, an independent encoder): the same bytes for every size class of the length varint.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { HttpBody } from '@astro/protos/google/api/httpbody';
import { GetVimshottariRequest } from '@astro/protos/astro/vedic/v1/dashas';
import { encodeHttpBody, fastHttpBodySerializer, HTTP_BODY_HEADROOM, withHeadroom } from './http-body.ts';

const generated = (v: HttpBody) => Buffer.from(HttpBody.encode(v).finish());

describe('encodeHttpBody', () => {
  for (const size of [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 3_100_000])
    it(`writes what the generated encoder writes for ${size} bytes of data`, () => {
      const data = Buffer.alloc(size, 0x7b);
      for (const content_type of ['', 'application/json; charset=utf-8', 'x'.repeat(200)]) {
        const v = { content_type, data, extensions: [] };
        assert.ok(encodeHttpBody(v).equals(generated(v)), `${size} bytes, content type of ${content_type.length}`);
        assert.ok(HttpBody.decode(encodeHttpBody(v)).data.equals(data));
      }
    });
});

describe('fastHttpBodySerializer', () => {
  it('takes over from the generated HttpBody serialiser, except for values with extensions', () => {
    const fast = fastHttpBodySerializer(generated);
    assert.notEqual(fast, generated);
    const v = { content_type: 'text/plain', data: Buffer.from('hello'), extensions: [] };
    assert.ok(fast(v).equals(generated(v)));
    const withExtension = { ...v, extensions: [{ type_url: 'type.googleapis.com/x', value: Buffer.from([1]) }] };
    assert.ok(fast(withExtension).equals(generated(withExtension)));
  });

  it("leaves another message's serialiser as it is", () => {
    const other = (v: GetVimshottariRequest) => Buffer.from(GetVimshottariRequest.encode(v).finish());
    assert.equal(fastHttpBodySerializer(other), other);
  });
});

describe('encodeHttpBody on a large answer sent twice', () => {
  it('encodes it once, and the answer keeps the same bytes in the message', () => {
    const data = Buffer.alloc(300_000, 0x5b);
    const answer = { content_type: 'application/json; charset=utf-8', data };
    const first = encodeHttpBody(answer);
    assert.ok(first.equals(generated({ ...answer, data })));
    assert.ok(answer.data.equals(data), 'the answer still carries its bytes');
    assert.equal(answer.data.buffer, first.buffer, 'as a view into the message');
    assert.equal(encodeHttpBody(answer), first, 'the second send reuses the message');
    // Another content type for the same bytes is another message.
    const other = { content_type: 'text/plain', data: answer.data };
    assert.ok(encodeHttpBody(other).equals(generated(other)));
  });

  it('leaves a frozen answer as it is', () => {
    const answer = Object.freeze({ content_type: 'a', data: Buffer.alloc(300_000, 1) });
    const before = answer.data;
    assert.ok(encodeHttpBody(answer).equals(generated(answer)));
    assert.equal(answer.data, before);
  });
});

describe('encodeHttpBody on a body written with headroom (withHeadroom)', () => {
  const roomy = (size: number, fill: number) => {
    const backing = Buffer.alloc(HTTP_BODY_HEADROOM + size, 0xee);
    return withHeadroom(backing.subarray(HTTP_BODY_HEADROOM).fill(fill));
  };

  for (const size of [1, 127, 128, 16_384, 3_100_000])
    it(`writes the generated encoder's bytes in place, without a copy, for ${size} bytes`, () => {
      const data = roomy(size, 0x7b);
      const expected = generated({ content_type: 'application/json; charset=utf-8', data: Buffer.from(data) });
      const out = encodeHttpBody({ content_type: 'application/json; charset=utf-8', data });
      assert.ok(out.equals(expected));
      assert.equal(out.buffer, data.buffer, 'the message is the body’s own memory');
      assert.equal(out.byteOffset + out.length, data.byteOffset + data.length);
    });

  it('uses the room once: a second encoding with another content type is a new message', () => {
    const data = roomy(1000, 0x41);
    const first = encodeHttpBody({ content_type: 'a/b', data });
    const firstBytes = Buffer.from(first);
    const second = encodeHttpBody({ content_type: 'text/plain; charset=utf-8', data });
    assert.notEqual(second.buffer, data.buffer);
    assert.ok(second.equals(generated({ content_type: 'text/plain; charset=utf-8', data: Buffer.from(data) })));
    assert.ok(first.equals(firstBytes), 'the first message is untouched');
  });

  it('copies as before when the content type does not fit the room, or the body has no room', () => {
    const data = roomy(500, 0x42);
    const long = { content_type: 'x'.repeat(HTTP_BODY_HEADROOM), data };
    const out = encodeHttpBody(long);
    assert.notEqual(out.buffer, data.buffer);
    assert.ok(out.equals(generated({ ...long, data: Buffer.from(data) })));
    const tight = Buffer.alloc(600, 0x43).subarray(HTTP_BODY_HEADROOM - 1);
    withHeadroom(tight); // refused: fewer free bytes in front than the room
    const copied = encodeHttpBody({ content_type: 'a', data: tight });
    assert.notEqual(copied.buffer, tight.buffer);
    const before = Buffer.from(tight.buffer, tight.buffer.byteLength - 600, HTTP_BODY_HEADROOM - 1);
    assert.ok(before.equals(Buffer.alloc(HTTP_BODY_HEADROOM - 1, 0x43)), 'the bytes in front are untouched');
  });
});
