// Loads the protos (the single contract) with protobufjs and turns every RPC that carries a
// google.api.http annotation into a route description. The gateway has no per-endpoint code: what is
// annotated in protos/ is what it serves.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);
const PROTOBUFJS_DIR = path.dirname(require.resolve('protobufjs/package.json'));

export type Access = 'public' | 'session' | 'api_key' | 'credential';

export interface RouteSpec {
  httpMethod: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pathTemplate: string; // /v1/api-keys/{id}/revoke
  /** Request field bound from the JSON body: '*' (whole message), a field name, or '' (none). */
  body: string;
  /** Response field sent as the body (a bare array), or '' for the whole message. */
  responseBody: string;
  access: Access;
  scope: string;
  successStatus: number;
  rateLimitClass: string;
  deprecation?: { deprecatedAt: number; successor: string };
  summary: string;
  errors: string[];
  /** Proto coordinates. */
  protoPackage: string;
  serviceName: string; // fully-qualified, e.g. astro.account.v1.AccountService
  methodName: string;
  grpcPath: string; // /astro.account.v1.AccountService/Signup
  requestType: protobuf.Type;
  responseType: protobuf.Type;
  responseStream: boolean;
  /** GET, or an RPC marked `idempotency_level = NO_SIDE_EFFECTS | IDEMPOTENT`: safe to send twice. */
  idempotent: boolean;
  /** The service sends the body itself (google.api.HttpBody); `responseSchema` documents it. */
  passthrough: boolean;
  responseSchema?: protobuf.Type;
  /** Non-JSON HttpBody answers (images, calendar feeds): their media types, for OpenAPI. Empty for JSON routes. */
  responseMediaTypes: string[];
  /** How the answer relates to a stored chart, for the gateway's answer cache (chart-answers.ts). */
  chartAnswer: ChartAnswer;
}

export type ChartAnswer = 'none' | 'cached' | 'erases_chart' | 'erases_tenant';
const CHART_ANSWER: Record<string, ChartAnswer> = {
  CHART_ANSWER_UNSPECIFIED: 'none',
  CHART_ANSWER_CACHED: 'cached',
  CHART_ANSWER_ERASES_CHART: 'erases_chart',
  CHART_ANSWER_ERASES_TENANT: 'erases_tenant',
};

const ACCESS: Record<string, Access> = {
  ACCESS_PUBLIC: 'public',
  ACCESS_SESSION: 'session',
  ACCESS_API_KEY: 'api_key',
  ACCESS_CREDENTIAL: 'credential',
};

/** A repeated option as protobufjs reads it: absent, one value, or an array. */
function listOf(v: unknown): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
}

/** Loads every .proto under `protoDir` (skipping google/ and generated code) into one root. */
export function loadProtoRoot(protoDir: string): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => {
    const local = path.join(protoDir, target);
    if (fs.existsSync(local)) return local;
    // google/protobuf/*.proto ship with protobufjs.
    return path.join(PROTOBUFJS_DIR, target);
  };
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir)) {
      if (name === 'node_modules' || name === 'gen' || name === 'google' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.proto')) files.push(path.relative(protoDir, full));
    }
  };
  walk(protoDir);
  root.loadSync(files.sort(), { keepCase: true });
  root.resolveAll();
  return root;
}

function optionOf(obj: protobuf.ReflectionObject, name: string): any {
  for (const entry of (obj.parsedOptions ?? []) as Record<string, any>[]) if (name in entry) return entry[name];
  return undefined;
}

export function fieldOptions(field: protobuf.Field): {
  omit_when_unset?: boolean;
  enum_values?: string[];
  required?: boolean;
  description?: string;
  format?: string;
  max_length?: number;
  max_items?: number;
  required_unless?: string;
} {
  const opt = optionOf(field, '(astro.api.v1.field)') ?? {};
  // A repeated option appears as an array; a single occurrence as a string.
  if (opt.enum_values !== undefined && !Array.isArray(opt.enum_values)) opt.enum_values = [opt.enum_values];
  return opt;
}

function allServices(ns: protobuf.NamespaceBase, out: protobuf.Service[] = []): protobuf.Service[] {
  for (const child of ns.nestedArray) {
    if (child instanceof protobuf.Service) out.push(child);
    else if (child instanceof protobuf.Namespace || child instanceof protobuf.Type) allServices(child, out);
  }
  return out;
}

/**
 * A route's chart_answer option, checked: a cached answer must depend on nothing but the caller's
 * tenant and the chart id (a GET for a signed-in caller whose request has no other field, a JSON
 * answer), and a chart-erasing route must name the chart in its path.
 */
function chartAnswerOf(
  option: unknown,
  verb: string,
  path: string,
  access: Access,
  method: protobuf.Method,
): ChartAnswer | { problem: string } {
  const answer = CHART_ANSWER[String(option ?? 'CHART_ANSWER_UNSPECIFIED')];
  if (!answer) return { problem: `unknown chart_answer ${String(option)}` };
  if ((answer === 'cached' || answer === 'erases_chart') && !path.includes('{chart_id}'))
    return { problem: `chart_answer ${String(option)} needs a {chart_id} path parameter` };
  const fields = method.resolvedRequestType!.fieldsArray.map((f) => f.name);
  if (
    answer === 'cached' &&
    (verb !== 'get' ||
      access === 'public' ||
      method.responseStream ||
      fields.some((f) => f !== 'chart_id') ||
      method.resolvedResponseType!.fullName === '.google.api.HttpBody')
  )
    return {
      problem: 'only a JSON GET of a signed-in caller with chart_id as its one field can be CHART_ANSWER_CACHED',
    };
  return answer;
}

/** google.protobuf.MethodOptions.IdempotencyLevel values that allow a retry. */
const IDEMPOTENT_LEVELS = new Set(['NO_SIDE_EFFECTS', 'IDEMPOTENT']);

/** Every HTTP-annotated RPC, validated: an annotated RPC without an access option is a boot error. */
export function collectRoutes(root: protobuf.Root): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const svc of allServices(root)) {
    const fullName = svc.fullName.replace(/^\./, '');
    const protoPackage = fullName.split('.').slice(0, -1).join('.');
    for (const method of svc.methodsArray) {
      const http = optionOf(method, '(google.api.http)');
      if (!http) continue;
      const verb = (['get', 'post', 'put', 'patch', 'delete'] as const).find((v) => typeof http[v] === 'string');
      if (!verb) throw new Error(`${fullName}.${method.name}: google.api.http without a method`);
      const route = optionOf(method, '(astro.api.v1.route)') ?? {};
      const access = ACCESS[route.access];
      if (!access) throw new Error(`${fullName}.${method.name}: (astro.api.v1.route).access is required`);
      method.resolve();
      const errors = listOf(route.errors);
      const chartAnswer = chartAnswerOf(route.chart_answer, verb, http[verb], access, method);
      if (typeof chartAnswer !== 'string') throw new Error(`${fullName}.${method.name}: ${chartAnswer.problem}`);
      routes.push({
        httpMethod: verb.toUpperCase() as RouteSpec['httpMethod'],
        pathTemplate: http[verb],
        body: http.body ?? '',
        responseBody: http.response_body ?? '',
        access,
        scope: route.scope ?? '',
        successStatus: route.success_status || 200,
        rateLimitClass: String(route.rate_limit ?? 'RATE_LIMIT_CLASS_STANDARD')
          .replace('RATE_LIMIT_CLASS_', '')
          .toLowerCase(),
        deprecation: route.deprecation
          ? { deprecatedAt: Number(route.deprecation.deprecated_at), successor: route.deprecation.successor }
          : undefined,
        summary: route.summary ?? '',
        errors,
        protoPackage,
        serviceName: fullName,
        methodName: method.name,
        grpcPath: `/${fullName}/${method.name}`,
        requestType: method.resolvedRequestType!,
        responseType: method.resolvedResponseType!,
        responseStream: Boolean(method.responseStream),
        idempotent: verb === 'get' || IDEMPOTENT_LEVELS.has(String(method.options?.idempotency_level ?? '')),
        passthrough: method.resolvedResponseType!.fullName === '.google.api.HttpBody',
        responseSchema: route.response_schema ? root.lookupType(route.response_schema) : undefined,
        responseMediaTypes: listOf(route.response_media_types),
        chartAnswer,
      });
    }
  }
  return routes;
}
