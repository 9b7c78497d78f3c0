// The per-request credential checks the gateway calls: API keys (hash lookup) and sessions (sign-out
// and pause state). Both answer with a verdict, never an error, so the gateway can say why in its
// 401 (details.reason). They run on every request: one indexed query each, no writes on the path.
import { isUuid, type Principal } from '@astro/platform';
import { isWellFormedApiKey } from './api-key-format.ts';
import { LastUsedThrottle } from './last-used-throttle.ts';
import type { Log } from './logging.ts';
import type { ApiKeyRepository, Clock, UserRepository } from './ports.ts';
import { digestsEqual, sha256Hex } from './secrets.ts';
import { errorText } from './email-verification.ts';
import { sessionScopes } from './session-issuer.ts';

export type AuthVerdict = { ok: true; principal: Principal; expiresAtMs?: number } | { ok: false; reason: string };

export interface AuthenticatorDeps {
  apiKeys: ApiKeyRepository;
  users: UserRepository;
  clock: Clock;
  log: Log;
}

/** Compared against when no key matched, so a miss does the same work as a hit. */
const DUMMY_DIGEST = sha256Hex('ak_live_dummy-key-for-constant-time-comparison');

export class Authenticator {
  private readonly throttle = new LastUsedThrottle();

  constructor(private readonly deps: AuthenticatorDeps) {}

  async authenticateApiKey(key: string): Promise<AuthVerdict> {
    if (!key) return { ok: false, reason: 'missing' };
    // Shape and checksum first: a typo or a random string never costs a query.
    if (!isWellFormedApiKey(key)) return { ok: false, reason: 'malformed' };
    const digest = sha256Hex(key);
    const row = await this.deps.apiKeys.findForAuth(digest);
    if (!digestsEqual(row ? row.key_hash : DUMMY_DIGEST, digest) || !row) return { ok: false, reason: 'unknown_key' };
    const now = this.deps.clock.now();
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (row.tenant_status !== 'active') return { ok: false, reason: 'tenant_paused' };
    if (this.throttle.shouldWrite(row.id, now.getTime())) {
      // Fire-and-forget: a failed bookkeeping write must never fail or slow the caller's request.
      this.deps.apiKeys
        .touchLastUsed(row.id, now)
        .catch((err) => this.deps.log.warn('last_used_at update failed', { key_id: row.id, err: errorText(err) }));
    }
    return {
      ok: true,
      expiresAtMs: row.expires_at ? row.expires_at.getTime() : 0,
      principal: {
        kind: 'api_key',
        tenant_id: row.tenant_id,
        user_id: '',
        key_id: row.id,
        scopes: [...row.scopes].sort(),
        plan_tier: row.plan_tier,
        // The gateway and the services branch on it: no quota, credits or paid model for test keys.
        key_mode: row.mode,
      },
    };
  }

  async checkSession(userId: string, tenantId: string, issuedAtMs: number): Promise<AuthVerdict> {
    if (!isUuid(userId)) return { ok: false, reason: 'unknown_user' };
    const row = await this.deps.users.sessionState(userId);
    if (!row || row.tenant_id !== tenantId) return { ok: false, reason: 'unknown_user' };
    if (row.sessions_revoked_at && issuedAtMs < row.sessions_revoked_at.getTime())
      return { ok: false, reason: 'signed_out' };
    if (row.user_status !== 'active') return { ok: false, reason: 'user_paused' };
    if (row.tenant_status !== 'active') return { ok: false, reason: 'tenant_paused' };
    // scopes are the user's current ones; the access token carries those of its issue time.
    const scopes = sessionScopes({ is_admin: row.is_admin });
    return {
      ok: true,
      principal: {
        kind: 'session',
        tenant_id: row.tenant_id,
        user_id: row.user_id,
        key_id: '',
        scopes,
        plan_tier: row.plan_tier,
      },
    };
  }
}
