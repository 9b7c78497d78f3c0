// Examples of the OpenAPI document: real requests and responses recorded through the gateway by
// tests/openapi-examples.test.ts (RECORD_OPENAPI_EXAMPLES=1 rewrites examples.json), keyed by
// operationId. gateway/test/openapi-examples.test.ts fails when a committed example no longer
// validates against the document's schema of its operation.
import fs from 'node:fs';
import path from 'node:path';

export interface OperationExamples {
  /** The JSON request body sent. */
  request?: unknown;
  /** The success body received (success status of the route). */
  response?: unknown;
  /** The Server-Sent Events stream received, as its text (SSE routes). */
  stream?: string;
}

export const EXAMPLES_FILE = path.join(import.meta.dirname, 'examples.json');

let committed: Record<string, OperationExamples> | undefined;

export function loadExamples(): Record<string, OperationExamples> {
  if (!committed)
    committed = fs.existsSync(EXAMPLES_FILE)
      ? (JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as Record<string, OperationExamples>)
      : {};
  return committed;
}

export function examplesFor(
  operationId: string,
  given?: Record<string, OperationExamples>,
): OperationExamples | undefined {
  return (given ?? loadExamples())[operationId];
}
