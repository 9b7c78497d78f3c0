// Typed errors: every non-2xx answer of the API carries the envelope
// {error: {code, message_key, message, details, request_id}}; ApiError keeps it whole.
export interface ErrorEnvelope<Code extends string = string> {
  error: {
    code: Code;
    message_key: string;
    message: string;
    details: Record<string, unknown> | null;
    request_id: string | null;
  };
}

export class ApiError<Code extends string = string> extends Error {
  readonly status: number;
  readonly code: Code;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  readonly envelope: ErrorEnvelope<Code>;

  constructor(status: number, envelope: ErrorEnvelope<Code>) {
    super(`${status} ${envelope.error.code}: ${envelope.error.message}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.requestId = envelope.error.request_id;
    this.envelope = envelope;
  }
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const e = (body as ErrorEnvelope | null)?.error;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.message === 'string';
}

/** The ApiError of a failed response body; a body that is not the envelope becomes code `http_<status>`. */
export function toApiError(status: number, body: unknown, requestId: string | null): ApiError {
  if (isEnvelope(body)) return new ApiError(status, body);
  return new ApiError(status, {
    error: {
      code: `http_${status}`,
      message_key: 'errors.http',
      message: typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${status}`,
      details: null,
      request_id: requestId,
    },
  });
}
