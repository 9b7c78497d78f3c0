// A passthrough route's answer (google.api.HttpBody) is sent as the decoded bytes: a view of the
// received message for a non-empty body, and an empty body (which protobufjs decodes as []) as nothing.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { httpBodyBytes } from '../src/dispatch.ts';
import { loadProtoRoot } from '../src/proto-registry.ts';

const HttpBody = loadProtoRoot(path.join(import.meta.dirname, '..', '..', 'protos')).lookupType('google.api.HttpBody');
const decode = (msg: Record<string, unknown>) =>
  HttpBody.decode(HttpBody.encode(HttpBody.fromObject(msg)).finish()) as unknown as { data: unknown };

describe('httpBodyBytes', () => {
  it('passes the bytes of the decoded message on without copying them', () => {
    const received = decode({ content_type: 'application/json', data: Buffer.from('{"a":1}') });
    const bytes = httpBodyBytes(received.data);
    assert.equal(bytes.toString(), '{"a":1}');
    assert.equal(bytes.buffer, (received.data as Uint8Array).buffer);
  });

  it('answers an empty body with no bytes', () => {
    assert.equal(httpBodyBytes(decode({ content_type: 'text/csv' }).data).length, 0);
  });
});
