// The tenant a call acts for, one way in every service. Public routes carry it in the principal the
// gateway authenticated (ctx.principal); internal calls between services (erasure, rewrites) carry it
// in the request. A missing principal is a clean 401, a missing or malformed tenant_id a 422, never a
// crash or a query with an empty id.
import type { CallContext } from './grpc-server.ts';
import type { Principal } from './principal.ts';
import { AppError, invalidRequest } from './errors.ts';
import { isUuid } from './ids.ts';

/** The 401 for a call without an authenticated caller. */
export function noCaller(): AppError {
  return new AppError('unauthorized', 'No caller.', { reason: 'missing' });
}

/** The authenticated caller of a public route (with its tenant). */
export function requireCaller(ctx: CallContext): Principal {
  if (!ctx.principal?.tenant_id) throw noCaller();
  return ctx.principal;
}

/** The tenant of the authenticated caller of a public route. */
export function requireTenant(ctx: CallContext): string {
  return requireCaller(ctx).tenant_id;
}

/** The tenant_id of an internal request: required, a UUID. */
export function requireTenantId(tenantId: string | undefined): string {
  if (!tenantId) throw invalidRequest([{ field: 'tenant_id', reason: 'required', message: 'is required' }]);
  if (!isUuid(tenantId))
    throw invalidRequest([{ field: 'tenant_id', reason: 'invalid_uuid', message: 'must be a UUID' }]);
  return tenantId;
}
