// Matches a request path against the route table built from the protos. Distinguishes "no such path"
// (404) from "path exists, other method" (405 with Allow). Built once at boot.
import { invalidRequest } from '@astro/platform';
import type { RouteSpec } from './proto-registry.ts';

interface Compiled {
  route: RouteSpec;
  regex: RegExp;
  params: string[];
  literalChars: number;
}

export type Match =
  | { kind: 'found'; route: RouteSpec; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

function compile(route: RouteSpec): Compiled {
  const params: string[] = [];
  let literalChars = 0;
  const pattern = route.pathTemplate
    .split('/')
    .map((seg) => {
      const m = /^\{([a-zA-Z0-9_.]+)(?:=[^}]*)?\}$/.exec(seg);
      if (m) {
        params.push(m[1]!);
        return '([^/]+)';
      }
      literalChars += seg.length;
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, regex: new RegExp(`^${pattern}/?$`), params, literalChars };
}

/**
 * A percent-decoded path parameter. Bytes that are not UTF-8 (`%ED%A0%80`, a lone `%`) are the
 * client's mistake, a 422 naming the parameter, not a URIError surfacing as a 500.
 */
function decodePathValue(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidRequest([{ field: name, reason: 'invalid_character', message: 'is not valid percent-encoded UTF-8' }]);
  }
}

/** Segments of a path, one trailing slash ignored (as the route patterns do). */
function segmentCount(path: string): number {
  let n = 1;
  for (let i = 0; i < path.length - 1; i++) if (path.charCodeAt(i) === 47 /* / */) n++;
  return n;
}

export class Router {
  /**
   * The routes by their number of segments (a parameter is exactly one segment), so a request tries
   * only the patterns that could match it, not every route of the API (the profile's 5 %).
   */
  private readonly bySegments = new Map<number, Compiled[]>();

  constructor(routes: RouteSpec[]) {
    // Literal segments win over parameters (/dashas/vimshottari/current before /dashas/{x}/current).
    const compiled = routes.map(compile).sort((a, b) => b.literalChars - a.literalChars);
    const seen = new Set<string>();
    for (const c of compiled) {
      const k = `${c.route.httpMethod} ${c.route.pathTemplate.replace(/\{[^}]+\}/g, '{}')}`;
      if (seen.has(k)) throw new Error(`duplicate route ${k}`);
      seen.add(k);
      const n = segmentCount(c.route.pathTemplate);
      this.bySegments.set(n, [...(this.bySegments.get(n) ?? []), c]);
    }
  }

  match(method: string, path: string): Match {
    const want = method === 'HEAD' ? 'GET' : method;
    const allow = new Set<string>();
    for (const c of this.bySegments.get(segmentCount(path)) ?? []) {
      const m = c.regex.exec(path);
      if (!m) continue;
      if (c.route.httpMethod !== want) {
        allow.add(c.route.httpMethod);
        continue;
      }
      const params: Record<string, string> = {};
      c.params.forEach((name, i) => {
        params[name] = decodePathValue(name, m[i + 1]!);
      });
      return { kind: 'found', route: c.route, params };
    }
    return allow.size ? { kind: 'method_not_allowed', allow: [...allow].sort() } : { kind: 'not_found' };
  }
}
