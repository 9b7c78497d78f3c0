// Authentication with passport, two strategies dispatched on the token: session JWTs (passport-jwt,
// verified locally, then checked against sign-outs by the account service) and API keys (prefix
// ak_live_ or ak_test_, verified by the account service). Failures carry details.reason.
import type { Request } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type protobuf from 'protobufjs';
import { AppError, type Logger, type Principal, type SessionUser } from '@astro/platform';
import { ApiKeyCache, keyDigest, type Invalidation } from './api-key-cache.ts';
import { internalTarget, type Backends, type CallMeta } from './backends.ts';
import { follow } from './watch.ts';

export const API_KEY_PREFIX = 'ak_live_';
/** Test keys (docs/test-keys.md): same verification, no quota, credits or paid model. */
export const TEST_KEY_PREFIX = 'ak_test_';

function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) || token.startsWith(TEST_KEY_PREFIX);
}

export interface AuthConfig {
  jwtSecret: string;
  jwtIssuer: string;
  jwtAudience: string;
}

interface AuthResult {
  ok: boolean;
  reason: string;
  principal: Principal | null;
  expires_at_ms: number;
}

class AuthFailure {
  constructor(readonly reason: string) {}
}

/** passport strategy for API keys: the account service owns the hash table and the verdict. */
class ApiKeyStrategy extends passport.Strategy {
  override name = 'api-key';
  constructor(private readonly verify: (key: string, meta: CallMeta) => Promise<AuthResult>) {
    super();
  }
  override authenticate(req: Request): void {
    const key = bearerToken(req) ?? '';
    this.verify(key, (req as any).callMeta)
      .then((r) => (r.ok && r.principal ? this.success(r.principal) : this.fail(new AuthFailure(r.reason), 401)))
      .catch((err) => this.error(err));
  }
}

export function bearerToken(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : '';
}

export class Authenticator {
  private readonly passport = new passport.Passport();
  readonly keyCache = new ApiKeyCache();

  constructor(
    cfg: AuthConfig,
    private readonly backends: Backends,
    private readonly root: protobuf.Root,
  ) {
    const authenticateApiKey = this.target('AuthenticateApiKey');
    const checkSession = this.target('CheckSession');
    this.passport.use(
      'api-key',
      // Reached on a verdict cache miss only (authenticate() answers hits without passport).
      new ApiKeyStrategy(async (key, meta) => {
        const digest = keyDigest(key);
        const ticket = this.keyCache.ticket();
        const r = (await this.backends.unary(authenticateApiKey, { key }, meta)) as unknown as AuthResult;
        // proto3 sends an unset mode as ''; only an explicit 'test' makes a test caller.
        if (r.principal) r.principal.key_mode = r.principal.key_mode === 'test' ? 'test' : 'live';
        if (r.ok && r.principal) this.keyCache.put(digest, r.principal, r.expires_at_ms, ticket);
        return r;
      }),
    );
    this.passport.use(
      'jwt',
      new JwtStrategy(
        {
          jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
          secretOrKey: cfg.jwtSecret,
          issuer: cfg.jwtIssuer,
          audience: cfg.jwtAudience,
          algorithms: ['HS256'],
          passReqToCallback: true,
        },
        (req: Request, claims: any, done: (err: unknown, user?: unknown, info?: unknown) => void) => {
          if (claims.typ !== 'access' || typeof claims.sub !== 'string' || typeof claims.tid !== 'string')
            return done(null, false, new AuthFailure('malformed'));
          const issuedAtMs = typeof claims.iat_ms === 'number' ? claims.iat_ms : Number(claims.iat) * 1000;
          this.backends
            .unary(
              checkSession,
              { user_id: claims.sub, tenant_id: claims.tid, issued_at_ms: issuedAtMs },
              (req as any).callMeta,
            )
            .then((res) => {
              const r = res as unknown as AuthResult;
              if (!r.ok || !r.principal) return done(null, false, new AuthFailure(r.reason || 'signed_out'));
              const principal: Principal = {
                kind: 'session',
                tenant_id: claims.tid,
                user_id: claims.sub,
                key_id: '',
                scopes: Array.isArray(claims.scopes) ? [...claims.scopes].sort() : [],
                plan_tier: r.principal.plan_tier,
                user: claims.usr as SessionUser | undefined,
              };
              done(null, principal);
            })
            .catch((err) => done(err));
        },
      ),
    );
  }

  private target(method: string) {
    return internalTarget(this.root, 'astro.account.v1.AuthenticatorService', method);
  }

  /** Follows the account service's invalidation stream (watch.ts); the key cache is off while it is down. */
  watchInvalidations(logger: Logger): () => void {
    return follow<Invalidation>(
      this.backends,
      this.target('WatchInvalidations'),
      {
        what: 'API-key cache',
        onMessage: (inv) => this.keyCache.apply(inv),
        onBroken: () => this.keyCache.disconnected(),
      },
      logger,
    );
  }

  /** Resolves the caller or throws 401 unauthorized with details.reason. */
  authenticate(req: Request, meta: CallMeta): Promise<Principal> {
    const token = bearerToken(req);
    if (token === undefined)
      return Promise.reject(new AppError('unauthorized', 'Missing credential.', { reason: 'missing' }));
    if (!token)
      return Promise.reject(new AppError('unauthorized', 'Malformed Authorization header.', { reason: 'malformed' }));
    let strategy: string;
    if (isApiKeyToken(token)) {
      // The common case, a known key: straight from the verdict cache, without passport's per-request
      // middleware, closures and request decoration (a fifth of the gateway's own time in the profile).
      const cached = this.keyCache.get(keyDigest(token));
      if (cached) return Promise.resolve(cached);
      strategy = 'api-key';
    } else if (token.split('.').length === 3) strategy = 'jwt';
    else return Promise.reject(new AppError('unauthorized', 'Unrecognised credential.', { reason: 'malformed' }));
    (req as any).callMeta = meta;
    return new Promise<Principal>((resolve, reject) => {
      this.passport.authenticate(
        strategy,
        { session: false },
        (err: unknown, user: Principal | false, info: unknown) => {
          if (err) return reject(err);
          if (user) return resolve(user);
          reject(new AppError('unauthorized', 'Authentication failed.', { reason: jwtReason(info) }));
        },
      )(req, {} as any, (err: unknown) => reject(err));
    });
  }
}

/** Maps passport-jwt's and our failure infos to a details.reason. */
function jwtReason(info: unknown): string {
  if (info instanceof AuthFailure) return info.reason;
  const name = (info as { name?: string } | undefined)?.name;
  if (name === 'TokenExpiredError') return 'expired';
  if (name === 'JsonWebTokenError') {
    const msg = String((info as Error).message);
    if (/signature/.test(msg)) return 'invalid_signature';
    if (/audience|issuer/.test(msg)) return 'wrong_audience';
    return 'malformed';
  }
  if (name === 'NotBeforeError') return 'not_yet_valid';
  return 'malformed';
}
