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
