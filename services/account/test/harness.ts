// Wires the real use cases to the in-memory fakes.
import type { Principal } from '@astro/platform';
import { ApiKeys } from '../src/domain/api-keys.ts';
import { Authenticator } from '../src/domain/authenticator.ts';
import { DomainBlocklist } from '../src/domain/email-address.ts';
import { deriveCodeKey } from '../src/domain/email-codes.ts';
import { EmailVerification } from '../src/domain/email-verification.ts';
import { silentLog } from '../src/domain/logging.ts';
import type { TenantRepository } from '../src/domain/ports.ts';
import { SessionIssuer } from '../src/domain/session-issuer.ts';
import { Sessions } from '../src/domain/sessions.ts';
import { Signup } from '../src/domain/signup.ts';
import { TenantProvisioner } from '../src/domain/tenant-provisioner.ts';
import type { TenantRecord } from '../src/domain/types.ts';
import type { SessionEnvelopeView } from '../src/domain/views.ts';
import { PasswordFlows } from '../src/domain/password-flows.ts';
import {
  FakeApiKeys,
  FakeClock,
  FakeDb,
  FakeEmailCodes,
  FakeMailer,
  FakeRefreshTokens,
  FakeUsers,
  plainHasher,
} from './fakes.ts';
import jwt from 'jsonwebtoken';

export const SECRET = 'unit-test-secret';
export const TOKENS = {
  secret: SECRET,
  issuer: 'astro-account',
  audience: 'astro-api',
  accessTtlSeconds: 900,
  refreshTtlDays: 30,
};

class FakeTenants implements TenantRepository {
  constructor(private readonly db: FakeDb) {}
  async findById(id: string) {
    return this.db.tenants.get(id) ?? null;
  }
  async ensure(blank: TenantRecord) {
    if (!this.db.tenants.has(blank.id)) this.db.tenants.set(blank.id, { ...blank });
    return this.db.tenants.get(blank.id)!;
  }
  async setPlan(id: string, tier: TenantRecord['plan_tier'], at: Date) {
    const t = this.db.tenants.get(id);
    if (!t) return null;
    Object.assign(t, { plan_tier: tier, plan_updated_at: at });
    return t;
  }
  async setStatus(id: string, status: TenantRecord['status']) {
    const t = this.db.tenants.get(id);
    if (!t) return null;
    t.status = status;
    return t;
  }
}

export function makeAccount(opts: { signupsPaused?: boolean; cooldown?: number } = {}) {
  const db = new FakeDb();
  const clock = new FakeClock();
  const mailer = new FakeMailer();
  const users = new FakeUsers(db);
  const refreshTokens = new FakeRefreshTokens(db);
  const emailCodes = new FakeEmailCodes(db);
  const apiKeyRepo = new FakeApiKeys(db);
  const tenants = new FakeTenants(db);
  const issuer = new SessionIssuer(TOKENS, refreshTokens);
  const verification = new EmailVerification(
    { users, emailCodes, mailer, issuer, clock, log: silentLog },
    { codeKey: deriveCodeKey(SECRET), resendCooldownSeconds: opts.cooldown ?? 60 },
  );
  const signup = new Signup(
    { users, hasher: plainHasher, issuer, verification, clock },
    {
      signupsPaused: opts.signupsPaused ?? false,
      termsVersion: 'v-test',
      blocklist: new DomainBlocklist(['mailinator.com']),
    },
  );
  const sessions = new Sessions({ users, refreshTokens, hasher: plainHasher, issuer, clock });
  const passwords = new PasswordFlows(
    { users, passwordResets: undefined as never, hasher: plainHasher, issuer, mailer, clock, log: silentLog },
    { publicBaseUrl: 'http://x' },
  );
  const apiKeys = new ApiKeys({ apiKeys: apiKeyRepo, tenants: new TenantProvisioner(tenants), clock });
  const authenticator = new Authenticator({ apiKeys: apiKeyRepo, users, clock, log: silentLog });
  return { db, clock, mailer, users, apiKeyRepo, signup, sessions, verification, passwords, apiKeys, authenticator };
}

export function claimsOf(env: SessionEnvelopeView): Record<string, any> {
  // The fake clock is not the wall clock, so exp is checked by the tests, not here.
  return jwt.verify(env.session.access_token, SECRET, {
    issuer: 'astro-account',
    audience: 'astro-api',
    algorithms: ['HS256'],
    ignoreExpiration: true,
  }) as Record<string, any>;
}

export function principalOf(env: SessionEnvelopeView): Principal {
  const c = claimsOf(env);
  return {
    kind: 'session',
    tenant_id: c.tid,
    user_id: c.sub,
    key_id: '',
    scopes: c.scopes,
    plan_tier: 'free',
    user: c.usr,
  };
}

export function lastCode(mailer: FakeMailer): string {
  const m = /code is (\d{6})/.exec(mailer.sent.at(-1)!.text);
  return m![1]!;
}

export const STRONG = 'correct horse battery staple';
