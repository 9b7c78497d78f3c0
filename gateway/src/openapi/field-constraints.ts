// Bounds and defaults of a field for the OpenAPI document. The protos state them in the field option's
// `description` in one small grammar ("1-4, default 4", "-90..90", "1-255 characters", "default
// placidus"), clause by clause; this reads that grammar so the document shows what the service enforces
// without a second copy of every bound in the protos. The explicit bounds of the input guard's options
// (`max_length`, `max_items`) win over the description. A value that does not fit the field's type (a
// "default now" on a date-time, "default the chart's") is left as prose.
export type Schema = Record<string, unknown>;

export interface FieldConstraintOptions {
  description?: string;
  max_length?: number;
  max_items?: number;
}

const NUM = String.raw`-?\d+(?:\.\d+)?`;
const RANGE = new RegExp(String.raw`^(${NUM})\s*(?:-|\.\.)\s*(${NUM})(\s+characters)?(?=$|[\s:;,(])`);
const DEFAULT = /^default\s+(.+)$/;

function clauses(description: string): string[] {
  return description
    .split(/[;,]/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The default written in the description, typed as the field is, or undefined. */
export function parseDefault(description: string, schema: Schema): unknown {
  for (const c of clauses(description)) {
    const m = DEFAULT.exec(c);
    if (!m) continue;
    const raw = m[1]!.trim();
    const type = schema.type;
    if (type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
    if (type === 'number' && new RegExp(`^${NUM}$`).test(raw)) return Number(raw);
    if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
    if (type === 'string' && !schema.format) {
      const allowed = schema.enum as unknown[] | undefined;
      // A default a string field can hold: one of its values when it has a list, else a single word.
      if (allowed ? allowed.includes(raw) : /^[a-z][a-z0-9_-]*$/i.test(raw) && raw !== 'none') return raw;
    }
    if (schema.enum && (schema.enum as unknown[]).includes(raw)) return raw;
  }
  return undefined;
}

/** minimum/maximum (numbers) or minLength/maxLength (strings) from the description's leading range. */
export function parseBounds(description: string, schema: Schema): Schema {
  for (const c of clauses(description)) {
    const m = RANGE.exec(c);
    if (!m) continue;
    const lo = Number(m[1]);
    const hi = Number(m[2]);
    if (!(lo <= hi)) continue;
    if (m[3] && schema.type === 'string') return { minLength: lo, maxLength: hi };
    if (!m[3] && (schema.type === 'integer' || schema.type === 'number')) return { minimum: lo, maximum: hi };
  }
  return {};
}

/** The schema with its bounds and default (request side) applied; `$ref`s and arrays of refs untouched. */
export function withConstraints(schema: Schema, opts: FieldConstraintOptions, withDefault: boolean): Schema {
  const target = schema.type === 'array' ? ((schema.items as Schema) ?? {}) : schema;
  const description = opts.description ?? '';
  const extra: Schema = { ...parseBounds(description, target) };
  if (opts.max_length && target.type === 'string') extra.maxLength = opts.max_length;
  const outer: Schema = {};
  if (opts.max_items && schema.type === 'array') outer.maxItems = opts.max_items;
  if (withDefault && schema.type !== 'array') {
    const d = parseDefault(description, target);
    if (d !== undefined) outer.default = d;
  }
  if (schema.type === 'array') return { ...schema, items: { ...target, ...extra }, ...outer };
  return { ...schema, ...extra, ...outer };
}
