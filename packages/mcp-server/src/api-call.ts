// One tool call = one request to the public API through @astro/sdk. Success becomes the JSON answer
// as text; an error envelope becomes an MCP tool error (isError) carrying the envelope's code and
// message, so an agent sees `rate_limited`, `chart_not_found`, `unauthorized` exactly as an HTTP
// client would. The key never appears in a result or a log line.
import { ApiError } from '@astro/sdk';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What a tool returns: the API's JSON, or nothing for a 204. */
export type ApiAnswer = unknown;

export interface ToolErrorBody {
  error: {
    code: string;
    message: string;
    /** The HTTP status the gateway answered (0 when the gateway could not be reached). */
    status: number;
    details: Record<string, unknown> | null;
    request_id: string | null;
  };
}

export function toolSuccess(answer: ApiAnswer): CallToolResult {
  return { content: [{ type: 'text', text: answer === undefined ? '{"ok":true}' : JSON.stringify(answer) }] };
}

export function toolError(body: ToolErrorBody): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** The tool error of a thrown value: an ApiError keeps the envelope; anything else is `upstream_unreachable`. */
export function errorResult(err: unknown): CallToolResult {
  if (err instanceof ApiError)
    return toolError({
      error: {
        code: err.code,
        message: err.envelope.error.message,
        status: err.status,
        details: err.details,
        request_id: err.requestId,
      },
    });
  // fetch fails with a TypeError whose cause names the socket error; the message carries no secret.
  const cause = (err as { cause?: { code?: string } })?.cause?.code;
  return toolError({
    error: {
      code: 'upstream_unreachable',
      message: `the Astrology API could not be reached${cause ? ` (${cause})` : ''}`,
      status: 0,
      details: null,
      request_id: null,
    },
  });
}

/** Runs one API request and turns its outcome into a tool result. */
export async function callApi(run: () => Promise<ApiAnswer>): Promise<CallToolResult> {
  try {
    return toolSuccess(await run());
  } catch (err) {
    return errorResult(err);
  }
}
