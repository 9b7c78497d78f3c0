import { v7 } from 'uuid';

/** Time-ordered UUID (RFC 9562 version 7): request ids and primary keys. */
export function uuidv7(): string {
  return v7();
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(s: string): boolean {
  return UUID_RE.test(s);
}
