// A minimal SVG writer. Every chart is built from these helpers, so the output is deterministic: the
// attributes keep the order they are written in, numbers are rounded to two decimals by one rule, and
// text is escaped once here.

export type Attrs = Record<string, string | number | undefined>;

/** Two decimals, no trailing zeros, never "-0": the same input always gives the same bytes. */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === 'number' ? num(v) : escapeXml(v)}"`;
  }
  return out;
}

/** An element; `children` are already-serialised elements (or none for a self-closing tag). */
export function el(name: string, a: Attrs = {}, children: readonly string[] = []): string {
  return children.length ? `<${name}${attrs(a)}>${children.join('')}</${name}>` : `<${name}${attrs(a)}/>`;
}

/** A text element: real text (not paths), so screen readers, search and copy-paste see it. */
export function text(content: string, a: Attrs): string {
  return `<text${attrs(a)}>${escapeXml(content)}</text>`;
}

export function polygon(points: readonly (readonly [number, number])[], a: Attrs = {}): string {
  return el('polygon', { points: points.map(([x, y]) => `${num(x)},${num(y)}`).join(' '), ...a });
}
