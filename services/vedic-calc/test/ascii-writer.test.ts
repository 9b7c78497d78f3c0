// The byte writer behind the chain answers writes every moment exactly as Date.prototype.toISOString
// does, whether it formats the moment or copies the bytes of the same moment written just before
// (a period's end is the next period's start), and across the buffer growing; a length in days by the
// API's rounding rule whether it is new or repeated.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { roundJsonNumber } from '@astro/platform';
import { AsciiWriter } from '../src/domain/dashas/vimshottari-json.ts';

describe('AsciiWriter.iso', () => {
  it('writes toISOString() text for new and repeated moments, with text between them', () => {
    const w = new AsciiWriter(16); // grows several times
    let expected = '';
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 2147483647);
    let ms = Date.UTC(1850, 0, 1);
    for (let i = 0; i < 5000; i++) {
      if (next() % 3 !== 0) ms += next() % 1e10; // else: the same moment again
      w.iso(ms);
      expected += new Date(ms).toISOString();
      if (i % 7 === 0) {
        w.ascii('","');
        expected += '","';
      }
    }
    assert.equal(w.done().toString('latin1'), expected);
  });

  it('days() writes each length in days by the rounding rule, repeated lengths included', () => {
    const w = new AsciiWriter(8);
    const lengths = [86_400_000, 1, 3_155_695_200_000, 86_400_000, 123_456_789, 1, 123_456_789];
    for (const ms of lengths) {
      w.days(ms);
      w.ascii(',');
    }
    const expected = lengths.map((ms) => `${roundJsonNumber(ms / 86_400_000)},`).join('');
    assert.equal(w.done().toString('latin1'), expected);
    assert.equal(expected.split(',')[0], '1');
  });
});

describe('AsciiWriter with headroom', () => {
  it('writes the same text, with that many free bytes in front of it', () => {
    for (const size of [8, 1 << 20]) {
      const plain = new AsciiWriter(size);
      const roomy = new AsciiWriter(size, 112);
      for (let i = 0; i < 3000; i++)
        for (const w of [plain, roomy]) {
          w.iso(Date.UTC(2000, 0, 1) + i * 3_600_000);
          w.ascii(',');
        }
      const a = plain.done();
      const b = roomy.done();
      assert.ok(b.equals(a), `size ${size}`);
      assert.ok(b.byteOffset >= 112, 'room in front');
    }
  });
});
