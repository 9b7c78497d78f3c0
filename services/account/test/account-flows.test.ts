// Use cases over in-memory ports: sign-up, sessions, verification codes, password change.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError } from '@astro/platform';
import { claimsOf, lastCode, makeAccount, principalOf, STRONG } from './harness.ts';

async function rejectsWith(p: Promise<unknown>, code: string): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.code, code);
    return err;
  }
  assert.fail(`expected ${code}`);
}

describe('sign-up', () => {
  it('creates a Free tenant, mails a 6-digit code and returns a session envelope', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: ' Ada@Example.com ', password: STRONG, accept_terms: true });
    assert.equal(env.user.email, 'ada@example.com');
    assert.equal(env.user.email_verified, false);
    assert.equal(env.user.last_login_at, null);
    assert.deepEqual(
      { ...env.tenant, id: undefined },
      { id: undefined, display_name: 'ada', plan_tier: 'free', plan_status: 'active', status: 'active' },
    );
    assert.equal(env.email_dispatched, true);
    assert.equal(env.session.token_type, 'Bearer');
    assert.equal(env.session.expires_in, 900);
    assert.match(env.session.refresh_token, /^rt_[A-Za-z0-9_-]{43}$/);
    assert.match(lastCode(a.mailer), /^\d{6}$/);
    const user = [...a.db.users.values()][0]!;
    assert.equal(user.terms_version, 'v-test');
    assert.ok(user.terms_accepted_at instanceof Date);
  });

  it('still succeeds when the mailer fails, with email_dispatched false', async () => {
    const a = makeAccount();
    a.mailer.fail = true;
    const env = await a.signup.execute({ email: 'b@example.com', password: STRONG, accept_terms: true });
    assert.equal(env.email_dispatched, false);
  });

  it('checks in the documented order', async () => {
    await rejectsWith(makeAccount({ signupsPaused: true }).signup.execute({}), 'signups_temporarily_paused');
    const a = makeAccount();
    const e = await rejectsWith(a.signup.execute({ accept_terms: true }), 'invalid_request');
    assert.deepEqual(
      (e.details!.errors as { field: string }[]).map((x) => x.field),
      ['email', 'password'],
    );
    await rejectsWith(a.signup.execute({ email: 'nope', password: 'x', accept_terms: false }), 'invalid_email');
    await rejectsWith(a.signup.execute({ email: 'a@example.com', password: 'x' }), 'terms_not_accepted');
    await rejectsWith(
      a.signup.execute({ email: 'a@example.com', password: 'x', accept_terms: false }),
      'terms_not_accepted',
    );
    const d = await rejectsWith(
      a.signup.execute({ email: 'a@x.mailinator.com', password: 'x', accept_terms: true }),
      'email_domain_not_allowed',
    );
    assert.deepEqual(d.details, { domain: 'x.mailinator.com' });
    const w = await rejectsWith(
      a.signup.execute({ email: 'a@example.com', password: 'short', accept_terms: true }),
      'password_too_weak',
    );
    assert.equal(w.details!.reason_code, 'too_short');
    await a.signup.execute({ email: 'a@example.com', password: STRONG, accept_terms: true });
    await rejectsWith(
      a.signup.execute({ email: 'A@EXAMPLE.COM', password: STRONG, accept_terms: true }),
      'email_already_registered',
    );
  });
});

describe('access tokens', () => {
  it('carry sub, tid, sorted scopes, iat_ms, the user snapshot, typ, iss, aud and a 15-minute exp', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'c@example.com', password: STRONG, accept_terms: true });
    const c = claimsOf(env);
    const user = [...a.db.users.values()][0]!;
    assert.equal(c.sub, user.id);
    assert.equal(c.tid, user.tenant_id);
    assert.deepEqual(c.scopes, ['keys:manage']);
    assert.equal(c.typ, 'access');
    assert.equal(c.iat_ms, a.clock.t);
    assert.equal(c.iat, Math.floor(a.clock.t / 1000));
    assert.equal(c.exp - c.iat, 900);
    assert.deepEqual(c.usr, env.user);
  });

  it('add admin for admin users', async () => {
    const a = makeAccount();
    await a.signup.execute({ email: 'd@example.com', password: STRONG, accept_terms: true });
    const u = [...a.db.users.values()][0]!;
    a.db.users.set(u.id, { ...u, is_admin: true });
    const env = await a.sessions.login({ email: 'd@example.com', password: STRONG });
    assert.deepEqual(claimsOf(env).scopes, ['admin', 'keys:manage']);
    assert.ok(env.user.last_login_at);
  });
});

describe('login', () => {
  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const a = makeAccount();
    await a.signup.execute({ email: 'e@example.com', password: STRONG, accept_terms: true });
    await rejectsWith(a.sessions.login({ email: 'ghost@example.com', password: STRONG }), 'invalid_email_or_password');
    await rejectsWith(a.sessions.login({ email: 'e@example.com', password: 'wrong' }), 'invalid_email_or_password');
  });

  it('reveals a pause only after the right password', async () => {
    const a = makeAccount();
    await a.signup.execute({ email: 'f@example.com', password: STRONG, accept_terms: true });
    const u = [...a.db.users.values()][0]!;
    a.db.users.set(u.id, { ...u, status: 'paused' });
    await rejectsWith(a.sessions.login({ email: 'f@example.com', password: 'wrong' }), 'invalid_email_or_password');
    await rejectsWith(a.sessions.login({ email: 'f@example.com', password: STRONG }), 'user_paused');
    a.db.users.set(u.id, { ...u, status: 'active' });
    a.db.tenants.get(u.tenant_id)!.status = 'paused';
    await rejectsWith(a.sessions.login({ email: 'f@example.com', password: STRONG }), 'tenant_paused');
  });
});

describe('refresh tokens', () => {
  it('rotate, and a replayed token revokes its whole family', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'g@example.com', password: STRONG, accept_terms: true });
    const r1 = await a.sessions.refresh({ refresh_token: env.session.refresh_token });
    assert.notEqual(r1.session.refresh_token, env.session.refresh_token);
    await rejectsWith(a.sessions.refresh({ refresh_token: env.session.refresh_token }), 'invalid_refresh_token');
    await rejectsWith(a.sessions.refresh({ refresh_token: r1.session.refresh_token }), 'invalid_refresh_token');
  });

  it('expire after the configured days', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'h@example.com', password: STRONG, accept_terms: true });
    a.clock.advance(30 * 86_400_000);
    await rejectsWith(a.sessions.refresh({ refresh_token: env.session.refresh_token }), 'invalid_refresh_token');
  });

  it('refuse paused users with 403', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'i@example.com', password: STRONG, accept_terms: true });
    const u = [...a.db.users.values()][0]!;
    a.db.users.set(u.id, { ...u, status: 'paused' });
    await rejectsWith(a.sessions.refresh({ refresh_token: env.session.refresh_token }), 'user_paused');
  });
});

describe('e-mail verification', () => {
  it('allows 5 attempts per code, the right one included', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'j@example.com', password: STRONG, accept_terms: true });
    const code = lastCode(a.mailer);
    const wrong = code === '000000' ? '111111' : '000000';
    const p = principalOf(env);
    for (let i = 0; i < 5; i++) await rejectsWith(a.verification.verify(p.user_id, wrong), 'invalid_or_expired_code');
    await rejectsWith(a.verification.verify(p.user_id, code), 'invalid_or_expired_code');
  });

  it('verifies with the right code and returns email_verified true in body and token', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'k@example.com', password: STRONG, accept_terms: true });
    const p = principalOf(env);
    await rejectsWith(a.verification.verify(p.user_id, '12'), 'invalid_request');
    const v = await a.verification.verify(p.user_id, lastCode(a.mailer));
    assert.equal(v.user.email_verified, true);
    assert.equal(claimsOf(v).usr.email_verified, true);
    assert.equal(v.tenant, undefined);
    await rejectsWith(a.verification.resend(p.user_id), 'already_verified');
    // A repeated verify says so (409), whatever the code; it mints no second session.
    await rejectsWith(a.verification.verify(p.user_id, lastCode(a.mailer)), 'already_verified');
    await rejectsWith(a.verification.verify(p.user_id, '000000'), 'already_verified');
  });

  it('refuses an expired code', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'l@example.com', password: STRONG, accept_terms: true });
    a.clock.advance(15 * 60_000);
    await rejectsWith(a.verification.verify(principalOf(env).user_id, lastCode(a.mailer)), 'invalid_or_expired_code');
  });

  it('rate-limits resends, and a new code replaces the old one', async () => {
    const a = makeAccount({ cooldown: 60 });
    const env = await a.signup.execute({ email: 'm@example.com', password: STRONG, accept_terms: true });
    const userId = principalOf(env).user_id;
    const first = lastCode(a.mailer);
    a.clock.advance(20_000);
    const e = await rejectsWith(a.verification.resend(userId), 'resend_too_soon');
    assert.equal(e.details!.retry_after_seconds, 40);
    assert.equal(e.headers['Retry-After'], '40');
    a.clock.advance(40_000);
    const r = await a.verification.resend(userId);
    assert.equal(r.email_dispatched, true);
    assert.equal(r.next_resend_at, new Date(a.clock.t + 60_000).toISOString());
    assert.equal(r.code_expires_at, new Date(a.clock.t + 15 * 60_000).toISOString());
    const second = lastCode(a.mailer);
    if (first !== second) await rejectsWith(a.verification.verify(userId, first), 'invalid_or_expired_code');
    assert.equal((await a.verification.verify(userId, second)).user.email_verified, true);
  });

  it('answers 502 when the mailer fails and does not start the cooldown', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'n@example.com', password: STRONG, accept_terms: true });
    const userId = principalOf(env).user_id;
    a.clock.advance(61_000);
    a.mailer.fail = true;
    await rejectsWith(a.verification.resend(userId), 'email_delivery_failed');
    a.mailer.fail = false;
    assert.equal((await a.verification.resend(userId)).email_dispatched, true);
  });
});

describe('password change', () => {
  it('signs out earlier sessions and returns a fresh one that keeps working', async () => {
    const a = makeAccount();
    const env = await a.signup.execute({ email: 'o@example.com', password: STRONG, accept_terms: true });
    const old = claimsOf(env);
    a.clock.advance(5);
    await rejectsWith(
      a.passwords.change(old.sub, { current_password: 'wrong', new_password: 'violet-tundra-marble-42' }),
      'current_password_incorrect',
    );
    await rejectsWith(
      a.passwords.change(old.sub, { current_password: STRONG, new_password: 'password123' }),
      'password_too_weak',
    );
    const fresh = await a.passwords.change(old.sub, {
      current_password: STRONG,
      new_password: 'violet-tundra-marble-42',
    });
    const c = claimsOf(fresh);
    assert.deepEqual(await a.authenticator.checkSession(old.sub, old.tid, old.iat_ms), {
      ok: false,
      reason: 'signed_out',
    });
    const ok = await a.authenticator.checkSession(c.sub, c.tid, c.iat_ms);
    assert.equal(ok.ok, true);
    await rejectsWith(a.sessions.refresh({ refresh_token: env.session.refresh_token }), 'invalid_refresh_token');
    assert.ok(await a.sessions.refresh({ refresh_token: fresh.session.refresh_token }));
    await a.sessions.login({ email: 'o@example.com', password: 'violet-tundra-marble-42' });
  });
});
