// The caller as the gateway authenticated it (ctx.principal). The gateway enforces access classes and
// scopes; these guards only turn a missing principal into a clean 401 instead of a crash.
import { AppError, type CallContext, type Principal } from '@astro/platform';

export function requirePrincipal(ctx: CallContext): Principal {
  const p = ctx.principal;
  if (!p || !p.tenant_id) throw new AppError('no_principal');
  return p;
}

/** The caller of a dashboard-session route (the gateway refuses API keys there; this is the backstop). */
export function requireSessionPrincipal(ctx: CallContext): Principal {
  const p = requirePrincipal(ctx);
  if (p.kind !== 'session' || !p.user_id) throw new AppError('no_principal', 'This route needs a dashboard session.');
  return p;
}

/** Routes for dashboard sessions: the user id comes from the access token, never from the body. */
export function requireSessionUserId(ctx: CallContext): string {
  return requireSessionPrincipal(ctx).user_id;
}
