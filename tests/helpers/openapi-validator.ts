// Validates JSON values against the schemas of the OpenAPI document (JSON Schema 2020-12, which
// OpenAPI 3.1 uses), with Ajv: examples, recorded responses and requests. Used by the document and
// example tests; independent of the gateway's own JSON mapping.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ReturnType<Ajv2020['compile']>>();

  constructor(readonly doc: any) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // OpenAPI keywords JSON Schema does not know; harmless for validation.
    this.ajv.addKeyword('example');
    this.ajv.addSchema({ $id: 'oas', ...doc });
  }

  /** The operation (method lower-case) at `path`, by operationId. */
  operation(operationId: string): { path: string; method: string; op: any } {
    for (const [path, item] of Object.entries<any>(this.doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        if (op.operationId === operationId) return { path, method, op };
    throw new Error(`no operation ${operationId}`);
  }

  private validate(parts: string[], value: unknown): string[] {
    const ref = `oas#/${pointer(parts)}`;
    let fn = this.cache.get(ref);
    if (!fn) {
      fn = this.ajv.compile({ $ref: ref });
      this.cache.set(ref, fn);
    }
    return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  }

  /** Problems of `body` as the JSON answer with `status` of the operation ([] = valid). */
  response(operationId: string, status: number, body: unknown): string[] {
    const { path, method, op } = this.operation(operationId);
    if (!op.responses[String(status)]?.content?.['application/json'])
      return [`${operationId} documents no JSON answer with status ${status}`];
    return this.validate(
      ['paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'],
      body,
    );
  }

  /** Problems of `body` as the operation's JSON request body. */
  request(operationId: string, body: unknown): string[] {
    const { path, method, op } = this.operation(operationId);
    if (!op.requestBody) return [`${operationId} takes no body`];
    return this.validate(['paths', path, method, 'requestBody', 'content', 'application/json', 'schema'], body);
  }

  /** Problems of a named component schema. */
  component(name: string, value: unknown): string[] {
    return this.validate(['components', 'schemas', name], value);
  }
}
