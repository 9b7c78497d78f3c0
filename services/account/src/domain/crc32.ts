// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the checksum zlib and PNG use. Written out
// here rather than taken from node:zlib because zlib.crc32 only exists on recent Node releases and the
// key format must not depend on the runtime.
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 of the UTF-8 bytes of `input` (or of the bytes given), as an unsigned 32-bit integer. */
export function crc32(input: string | Uint8Array): number {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  let crc = 0xffffffff;
  for (const b of bytes) crc = TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
