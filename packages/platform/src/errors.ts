// One error model. A domain error carries the spec's code; it becomes a gRPC status once (the server
// wrapper in grpc-server.ts) and an HTTP status once (the gateway's error handler). The table below is
// the single place that knows which HTTP and gRPC status belongs to a code.
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { isDependencyUnavailable } from './unavailable.ts';

export interface ErrorBody {
  code: string;
  message_key: string;
  message: string;
  details: Record<string, unknown> | null;
  request_id: string | null;
}

interface CodeInfo {
  http: number;
  message: string;
}

const C = (http: number, message: string): CodeInfo => ({ http, message });

/** Spec error codes (1-platform.md "Errors" and the route tables) with their HTTP status. */
export const ERROR_CODES: Record<string, CodeInfo> = {
  // 401
  unauthorized: C(401, 'Authentication failed.'),
  no_principal: C(401, 'This route needs an authenticated user.'),
  invalid_email_or_password: C(401, 'Invalid e-mail or password.'),
  invalid_refresh_token: C(401, 'The refresh token is invalid, expired or already used.'),
  // 403
  missing_scope: C(403, 'The credential lacks the scope this route needs.'),
  admin_scope_forbidden: C(403, 'Only an admin can grant the admin scope.'),
  plan_feature_unavailable: C(403, 'This feature is not available on your plan.'),
  plan_not_available: C(403, 'This plan cannot be switched to.'),
  api_key_limit_reached: C(403, 'The active API key limit of your plan is reached.'),
  email_domain_not_allowed: C(403, 'Sign-ups from this e-mail domain are not allowed.'),
  user_paused: C(403, 'This user is paused.'),
  tenant_paused: C(403, 'This account is paused.'),
  current_password_incorrect: C(403, 'The current password is incorrect.'),
  // 404
  not_found: C(404, 'No route matches this path.'),
  http_error: C(404, 'Not found.'),
  user_not_found: C(404, 'User not found.'),
  chart_not_found: C(404, 'Chart not found.'),
  report_not_found: C(404, 'Report not found.'),
  compatibility_report_not_found: C(404, 'Compatibility report not found.'),
  interpretation_not_found: C(404, 'Interpretation not found.'),
  feedback_not_found: C(404, 'Feedback not found.'),
  api_key_not_found: C(404, 'API key not found.'),
  calendar_feed_not_found: C(404, 'Calendar feed not found.'),
  tenant_not_found: C(404, 'Tenant not found.'),
  webhook_not_found: C(404, 'Webhook not found.'),
  webhook_delivery_not_found: C(404, 'Webhook delivery not found.'),
  // 405, 409, 410, 413, 415
  method_not_allowed: C(405, 'This method is not allowed on this path.'),
  email_already_registered: C(409, 'This e-mail is already registered.'),
  already_verified: C(409, 'This e-mail is already verified.'),
  idempotency_conflict: C(409, 'This Idempotency-Key was used with a different request.'),
  idempotency_in_progress: C(409, 'A request with this Idempotency-Key is still being processed.'),
  invalid_or_expired_code: C(410, 'The code is invalid or expired.'),
  invalid_or_expired_reset_link: C(410, 'The reset link is invalid, expired or already used.'),
  calendar_feed_revoked: C(410, 'This calendar feed was revoked.'),
  payload_too_large: C(413, 'The request body is too large.'),
  unsupported_media_type: C(415, 'The request body must be JSON (Content-Type: application/json).'),
  // 422
  invalid_request: C(422, 'The request is invalid.'),
  password_too_weak: C(422, 'The password is too weak.'),
  invalid_email: C(422, 'The e-mail address is invalid.'),
  terms_not_accepted: C(422, 'The terms must be accepted.'),
  confirmation_required: C(422, 'The confirmation phrase is missing or wrong.'),
  invalid_date_range: C(422, 'The date range is invalid.'),
  invalid_range: C(422, 'The range is invalid.'),
  range_too_long: C(422, 'The range is too long.'),
  range_too_large: C(422, 'The range is too large.'),
  invalid_window: C(422, 'The window is invalid.'),
  invalid_datetime_timezone: C(422, 'The datetime must carry a timezone offset.'),
  naive_datetime: C(422, 'The datetime must carry a timezone offset.'),
  at_must_be_timezone_aware: C(422, '`at` must carry a timezone offset.'),
  event_date_must_be_timezone_aware: C(422, '`event_date` must carry a timezone offset.'),
  sunrise_must_be_timezone_aware: C(422, '`sunrise` must carry a timezone offset.'),
  unsupported_astrology_system: C(422, 'This route does not support the chart system.'),
  unsupported_house_system: C(422, 'This route does not support the house system.'),
  duplicate_relationship_charts: C(422, 'Both sides of a relationship are the same chart.'),
  duplicate_matching_charts: C(422, 'The groom and the bride are the same chart.'),
  invalid_return_location: C(422, 'Give both return coordinates or neither.'),
  invalid_plan_tier: C(422, 'Unknown plan tier.'),
  invalid_scope: C(422, 'Unknown scope.'),
  // webhooks (issue 21 item 4): a URL naming a private, loopback, link-local or metadata address (SSRF)
  webhook_url_not_allowed: C(422, 'The webhook URL is not allowed: it must be http(s) and reach a public address.'),
  webhook_limit_reached: C(422, 'The tenant has as many webhook endpoints as allowed.'),
  unknown_planet: C(422, 'Unknown planet.'),
  unknown_ayanamsha: C(422, 'Unknown ayanamsha.'),
  unknown_theme: C(422, 'Unknown theme.'),
  house_number_out_of_range: C(422, 'House number out of range.'),
  unsupported_muhurta_activity_type: C(422, 'Unsupported muhurta activity type.'),
  unsupported_yoga_category: C(422, 'Unsupported yoga category.'),
  rectification_grid_input_invalid: C(422, 'The rectification window is invalid.'),
  chart_missing_moon: C(422, 'The chart has no Moon.'),
  moon_not_in_chart: C(422, 'The chart has no Moon.'),
  missing_ascendant_or_moon: C(422, 'The chart lacks the ascendant or the Moon.'),
  panchanga_failed: C(422, 'The panchanga cannot be computed for these inputs.'),
  muhurta_failed: C(422, 'Muhurta cannot be computed for these inputs.'),
  varna_profile_failed: C(422, 'The varna profile cannot be computed for this chart.'),
  theo_house_strength_failed: C(422, 'House strength cannot be computed for this chart.'),
  vaishnava_calendar_failed: C(422, 'The Vaishnava calendar cannot be computed for these inputs.'),
  // interpretations, feedback, erasure (issue 8)
  no_matching_template: C(422, 'No statement template matches any talent of this chart.'),
  // 429
  rate_limited: C(429, 'Too many requests; slow down.'),
  calendar_feed_rate_limited: C(429, 'This calendar feed was fetched too often; retry later.'),
  too_many_requests: C(429, 'Quota used up.'),
  llm_budget_exceeded: C(429, 'Hourly LLM spend cap reached.'),
  llm_budget_exhausted: C(429, 'Monthly LLM budget used up.'),
  llm_tier_rate_limited: C(429, 'LLM rate limit for this tier reached.'),
  demo_rate_limit_exceeded: C(429, 'Demo limit for this address reached.'),
  anonymous_auth_rate_limit_exceeded: C(429, 'Too many attempts from this address.'),
  resend_too_soon: C(429, 'A code was sent recently; try again later.'),
  // 5xx
  internal_error: C(500, 'Unexpected failure.'),
  not_implemented: C(501, 'This feature is not available.'),
  email_delivery_failed: C(502, 'The e-mail could not be delivered.'),
  signups_temporarily_paused: C(503, 'Sign-ups are temporarily paused.'),
  service_unavailable: C(503, 'A backing service is unavailable; retry later.'),
  llm_all_providers_failed: C(503, 'All language-model providers failed; retry later.'),
  llm_timeout: C(503, 'The language model timed out; retry later.'),
  llm_unavailable: C(503, 'The language model is unavailable; retry later.'),
  llm_rate_limited: C(503, 'The language-model provider is rate limiting; retry later.'),
  gazetteer_unavailable: C(503, 'The place database is unavailable; retry later.'),
  gateway_timeout: C(504, 'A backing service did not answer in time.'),
  // Limits, credits and billing (gateway/src/limits, services/account billing)
  checkout_not_found: C(404, 'Checkout not found.'),
  billing_account_not_found: C(404, 'No billing account yet: complete a checkout first.'),
  checkout_expired: C(410, 'This checkout has expired; start a new one.'),
  invalid_payment_confirmation: C(403, "The payment confirmation secret is not the operator's."),
  invalid_webhook_signature: C(400, 'The webhook signature is invalid.'),
  // Refused by Node's HTTP parser before any route runs (gateway/src/edge/client-error.ts).
  malformed_http_request: C(400, 'The HTTP request is malformed.'),
  request_header_fields_too_large: C(431, 'The request line or headers are too large (at most 16 KiB).'),
  payment_provider_unavailable: C(503, 'The payment provider is unavailable; retry later.'),
};

/** A failure with a spec error code. Services throw these; nothing else carries an HTTP status. */
export class AppError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  /** Extra response headers (Retry-After, ...). */
  readonly headers: Record<string, string>;

  constructor(
    code: string,
    message?: string,
    details?: Record<string, unknown> | null,
    headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CODES[code]?.message ?? code);
    this.code = code;
    this.details = details ?? null;
    this.headers = headers ?? {};
  }

  get httpStatus(): number {
    return httpStatusOf(this.code);
  }
}

/** Validation failure: 422 invalid_request with details.errors[]. */
export interface FieldError {
  field: string;
  reason: string;
  message?: string;
}
export function invalidRequest(errors: FieldError[], extra: Record<string, unknown> = {}): AppError {
  return new AppError('invalid_request', 'The request is invalid.', { ...extra, errors });
}

export function httpStatusOf(code: string): number {
  return ERROR_CODES[code]?.http ?? 500;
}

export function messageKeyOf(code: string): string {
  return `errors.${code}`;
}

const HTTP_TO_GRPC: Record<number, GrpcStatus> = {
  401: GrpcStatus.UNAUTHENTICATED,
  403: GrpcStatus.PERMISSION_DENIED,
  404: GrpcStatus.NOT_FOUND,
  405: GrpcStatus.UNIMPLEMENTED,
  409: GrpcStatus.ALREADY_EXISTS,
  410: GrpcStatus.FAILED_PRECONDITION,
  413: GrpcStatus.INVALID_ARGUMENT,
  415: GrpcStatus.INVALID_ARGUMENT,
  422: GrpcStatus.INVALID_ARGUMENT,
  429: GrpcStatus.RESOURCE_EXHAUSTED,
  500: GrpcStatus.INTERNAL,
  501: GrpcStatus.UNIMPLEMENTED,
  502: GrpcStatus.UNAVAILABLE,
  503: GrpcStatus.UNAVAILABLE,
  504: GrpcStatus.DEADLINE_EXCEEDED,
};

/** Metadata key (binary suffix: any bytes allowed) that carries the spec error across gRPC. */
export const ERROR_METADATA_KEY = 'astro-error-bin';

interface WireError {
  code: string;
  message: string;
  details: Record<string, unknown> | null;
  headers: Record<string, string>;
}

/** AppError (or anything thrown) -> gRPC ServiceError with the spec error in trailing metadata. */
export function toGrpcError(err: unknown): Partial<ServiceError> {
  const app =
    err instanceof AppError
      ? err
      : new AppError(isDependencyUnavailable(err) ? 'service_unavailable' : 'internal_error');
  const wire: WireError = { code: app.code, message: app.message, details: app.details, headers: app.headers };
  const md = new Metadata();
  md.set(ERROR_METADATA_KEY, Buffer.from(JSON.stringify(wire), 'utf8'));
  return { code: HTTP_TO_GRPC[app.httpStatus] ?? GrpcStatus.INTERNAL, details: app.message, metadata: md };
}

/** gRPC ServiceError -> AppError, restoring the spec code when the service sent one. */
export function fromGrpcError(err: ServiceError): AppError {
  const raw = err.metadata?.get(ERROR_METADATA_KEY)?.[0];
  if (raw) {
    try {
      const wire = JSON.parse(Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)) as WireError;
      return new AppError(wire.code, wire.message, wire.details, wire.headers);
    } catch {
      /* fall through to the status mapping */
    }
  }
  switch (err.code) {
    case GrpcStatus.DEADLINE_EXCEEDED:
      return new AppError('gateway_timeout');
    case GrpcStatus.UNAVAILABLE:
      return new AppError('service_unavailable');
    case GrpcStatus.UNIMPLEMENTED:
      return new AppError('not_implemented');
    default:
      return new AppError('internal_error');
  }
}

export function errorBody(err: AppError, requestId: string | null): { error: ErrorBody } {
  return {
    error: {
      code: err.code,
      message_key: messageKeyOf(err.code),
      message: err.message,
      details: err.details,
      request_id: requestId,
    },
  };
}
