// For RPCs that answer google.api.HttpBody: the service serialises the JSON itself and the gateway
// passes the bytes through (DESIGN.md §8: a multi-megabyte answer re-encoded field by field in the
// gateway costs more than computing it). The JSON follows the gateway's mapping for messages built
// with every field present: an unset optional (undefined) becomes null.
// `nullsWritten`: the caller already wrote null for unset fields, so the (slower) replacer is skipped.
export function jsonHttpBody(
  value: unknown,
  opts: { nullsWritten?: boolean } = {},
): { content_type: string; data: Buffer } {
  const json = opts.nullsWritten
    ? JSON.stringify(value)
    : JSON.stringify(value, (_k, v: unknown) => (v === undefined ? null : v));
  return { content_type: 'application/json; charset=utf-8', data: Buffer.from(json) };
}
