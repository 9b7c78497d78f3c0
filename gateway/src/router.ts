// Matches a request path against the route table built from the protos. Distinguishes "no such path"
// (404) from "path exists, other method" (405 with Allow). Built once at boot.
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

export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: RouteSpec[]) {
    // Literal segments win over parameters (/dashas/vimshottari/current before /dashas/{x}/current).
    this.compiled = routes.map(compile).sort((a, b) => b.literalChars - a.literalChars);
    const seen = new Set<string>();
    for (const c of this.compiled) {
      const k = `${c.route.httpMethod} ${c.route.pathTemplate.replace(/\{[^}]+\}/g, '{}')}`;
      if (seen.has(k)) throw new Error(`duplicate route ${k}`);
      seen.add(k);
    }
  }

  match(method: string, path: string): Match {
    const want = method === 'HEAD' ? 'GET' : method;
    const allow = new Set<string>();
    for (const c of this.compiled) {
      const m = c.regex.exec(path);
      if (!m) continue;
      if (c.route.httpMethod !== want) {
        allow.add(c.route.httpMethod);
        continue;
      }
      const params: Record<string, string> = {};
      c.params.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1]!);
      });
      return { kind: 'found', route: c.route, params };
    }
    return allow.size ? { kind: 'method_not_allowed', allow: [...allow].sort() } : { kind: 'not_found' };
  }
}
