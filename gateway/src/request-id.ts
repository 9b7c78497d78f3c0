import { uuidv7 } from '@astro/platform';

// A client's X-Request-Id is kept when it is a sane token (visible ASCII, at most 128 characters);
// anything else is replaced so log lines and metadata stay well-formed.
const SANE = /^[\x21-\x7e]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && SANE.test(v) ? v : uuidv7();
}
