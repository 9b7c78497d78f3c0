// Accounts end to end (spec 1-platform.md: Session envelope, States and transitions, Accounts,
// Authentication, Errors): sign-up, login, refresh rotation, e-mail verification, /auth/me and the
// password flows, through the gateway against the running account service.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  api,
  BASE_URL,
  assertIso,
  createKey,
  expectError,
  expectStatus,
  expectUnauthorized,
  invalidFields,
  latestMail,
  login,
  mailBody,
  mailsTo,
  operator,
  rand,
  resetToken,
  signup,
  sleep,
  sql,
  strongPassword,
  UUID,
  uniqueEmail,
  verificationCode,
  type SessionEnvelope,
} from './helpers/client.ts';

function assertSession(env: SessionEnvelope): void {
  assert.equal(typeof env.session.access_token, 'string');
  assert.equal(env.session.access_token.split('.').length, 3, 'access_token is a JWT');
  assert.equal(typeof env.session.refresh_token, 'string');
  assert.ok(env.session.refresh_token.length > 0);
  assert.equal(env.session.token_type, 'Bearer');
  assert.equal(env.session.expires_in, 900);
}

function assertUser(u: SessionEnvelope['user'], email: string): void {
  assert.match(u.id, UUID);
  assert.equal(u.email, email.toLowerCase());
  assert.equal(typeof u.email_verified, 'boolean');
  assertIso(u.created_at, 'user.created_at');
  assert.ok('last_login_at' in u, 'user.last_login_at is present (null or a time)');
}

const signupBody = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: strongPassword(),
  accept_terms: true,
  ...over,
});

describe('POST /v1/auth/signup', () => {
  it('201: session envelope with tenant and email_dispatched; e-mail lower-cased; a verification code is mailed', async () => {
    const mixed = `U-${rand(10)}@Example.COM`;
    const password = strongPassword();
    const res = await api('POST', '/v1/auth/signup', { body: { email: mixed, password, accept_terms: true } });
    expectStatus(res, 201);
    const env = res.json as SessionEnvelope;
    assert.deepEqual(Object.keys(env).sort(), ['email_dispatched', 'session', 'tenant', 'user']);
    assertSession(env);
    assertUser(env.user, mixed);
    assert.equal(env.user.email, mixed.toLowerCase());
    assert.equal(env.user.email_verified, false);
    assert.equal(env.user.last_login_at, null, 'null on a new account');
    const t = env.tenant!;
    assert.deepEqual(Object.keys(t).sort(), ['display_name', 'id', 'plan_status', 'plan_tier', 'status']);
    assert.match(t.id, UUID);
    assert.equal(typeof t.display_name, 'string');
    assert.equal(t.plan_tier, 'free');
    assert.equal(typeof t.plan_status, 'string');
    assert.equal(t.status, 'active');
    assert.equal(env.email_dispatched, true);
    // The verification mail went to the lower-cased address and holds a 6-digit code.
    const code = await verificationCode(mixed.toLowerCase());
    assert.match(code, /^\d{6}$/);
    // The access token works right away.
    const me = await api('GET', '/v1/auth/me', { token: env.session.access_token });
    expectStatus(me, 200);
    assert.equal(me.json.user.id, env.user.id);
  });

  it('409 email_already_registered, also for the same address in another case', async () => {
    const first = await signup();
    expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ email: first.email }) }),
      409,
      'email_already_registered',
    );
    expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ email: first.email.toUpperCase() }) }),
      409,
      'email_already_registered',
    );
  });

  it('422 password_too_weak carries details.reason_code', async () => {
    const e = expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ password: 'password' }) }),
      422,
      'password_too_weak',
    );
    assert.ok(e.details, 'details present');
    assert.equal(typeof e.details.reason_code, 'string');
    assert.ok(e.details.reason_code.length > 0);
  });

  it('422 invalid_email', async () => {
    for (const email of ['not-an-email', 'a@b', '@example.com']) {
      expectError(await api('POST', '/v1/auth/signup', { body: signupBody({ email }) }), 422, 'invalid_email');
    }
  });

  it('422 terms_not_accepted when accept_terms is false', async () => {
    expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ accept_terms: false }) }),
      422,
      'terms_not_accepted',
    );
  });

  it('422 terms_not_accepted when accept_terms is missing', async () => {
    const body: Record<string, unknown> = signupBody();
    delete body.accept_terms;
    expectError(await api('POST', '/v1/auth/signup', { body }), 422, 'terms_not_accepted');
  });

  it('403 email_domain_not_allowed for a disposable domain, details.domain', async () => {
    const e = expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ email: `u-${rand()}@mailinator.com` }) }),
      403,
      'email_domain_not_allowed',
    );
    assert.equal(e.details?.domain, 'mailinator.com');
  });

  it('422 invalid_request for wrong types, details.errors[] names the fields', async () => {
    const e = expectError(
      await api('POST', '/v1/auth/signup', { body: { email: 42, password: ['x'], accept_terms: 'yes' } }),
      422,
      'invalid_request',
    );
    const fields = invalidFields(e);
    for (const f of ['email', 'password', 'accept_terms'])
      assert.ok(
        fields.some((x) => x.endsWith(f)),
        `details.errors names ${f}: ${fields}`,
      );
  });

  it('422 invalid_request for a missing email and an over-long password (bounds 1-512)', async () => {
    const noEmail = expectError(
      await api('POST', '/v1/auth/signup', { body: { password: strongPassword(), accept_terms: true } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(noEmail).some((f) => f.endsWith('email')));
    const long = expectError(
      await api('POST', '/v1/auth/signup', { body: signupBody({ password: `${strongPassword()}${'x'.repeat(520)}` }) }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(long).some((f) => f.endsWith('password')));
  });

  // 503 signups_temporarily_paused: tests/signups-paused.test.ts (restarts account with SIGNUPS_PAUSED).
});

describe('POST /v1/auth/login', () => {
  it('200: session envelope without tenant and email_dispatched; last_login_at set', async () => {
    const u = await signup();
    const res = await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    expectStatus(res, 200);
    const env = res.json as SessionEnvelope;
    assert.deepEqual(Object.keys(env).sort(), ['session', 'user'], 'no tenant, no email_dispatched');
    assertSession(env);
    assertUser(env.user, u.email);
    assert.equal(env.user.id, u.user.id);
    assertIso(env.user.last_login_at, 'last_login_at');
    assert.ok(Date.parse(env.user.last_login_at!) >= Date.parse(u.user.created_at));
    const me = await api('GET', '/v1/auth/me', { token: env.session.access_token });
    expectStatus(me, 200);
  });

  it('401 invalid_email_or_password for a wrong password and for an unknown e-mail', async () => {
    const u = await signup();
    expectError(
      await api('POST', '/v1/auth/login', { body: { email: u.email, password: `${u.password}-wrong` } }),
      401,
      'invalid_email_or_password',
    );
    expectError(
      await api('POST', '/v1/auth/login', { body: { email: uniqueEmail('nobody'), password: u.password } }),
      401,
      'invalid_email_or_password',
    );
  });

  it('403 user_paused while the user is paused (operator), 200 again after resume', async () => {
    const u = await signup();
    await operator(['pause-user', u.email]);
    try {
      expectError(
        await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } }),
        403,
        'user_paused',
      );
    } finally {
      await operator(['resume-user', u.email]);
    }
    await login(u.email, u.password);
  });

  it('403 tenant_paused while the tenant is paused (operator), 200 again after resume', async () => {
    const u = await signup();
    await operator(['pause-tenant', u.email]);
    try {
      expectError(
        await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } }),
        403,
        'tenant_paused',
      );
    } finally {
      await operator(['resume-tenant', u.email]);
    }
    await login(u.email, u.password);
  });
});

describe('POST /v1/auth/refresh', () => {
  it('rotates: a new pair; the old refresh token is then refused (401 invalid_refresh_token)', async () => {
    const u = await signup();
    const res = await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } });
    expectStatus(res, 200);
    const env = res.json as SessionEnvelope;
    assertSession(env);
    assertUser(env.user, u.email);
    assert.equal(env.user.id, u.user.id);
    assert.ok(!('tenant' in env) && !('email_dispatched' in env), 'only sign-up carries tenant and email_dispatched');
    assert.notEqual(env.session.refresh_token, u.refreshToken, 'refresh token rotated');
    assert.notEqual(env.session.access_token, u.accessToken, 'new access token');
    expectStatus(await api('GET', '/v1/auth/me', { token: env.session.access_token }), 200);
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } }),
      401,
      'invalid_refresh_token',
    );
  });

  it('reuse of a rotated token revokes the family: the newest refresh token fails too', async () => {
    const u = await signup();
    const r1 = await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } });
    expectStatus(r1, 200);
    const r2 = await api('POST', '/v1/auth/refresh', { body: { refresh_token: r1.json.session.refresh_token } });
    expectStatus(r2, 200);
    const newest = r2.json.session.refresh_token as string;
    // A thief (or a replaying client) presents an already rotated token...
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } }),
      401,
      'invalid_refresh_token',
    );
    // ...so the whole family is dead, including the legitimate newest token.
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: newest } }),
      401,
      'invalid_refresh_token',
    );
  });

  it('401 invalid_refresh_token for an unknown token', async () => {
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: `rt_${rand(30)}` } }),
      401,
      'invalid_refresh_token',
    );
  });

  it('403 user_paused and 403 tenant_paused', async () => {
    const u = await signup();
    await operator(['pause-user', u.email]);
    try {
      expectError(
        await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } }),
        403,
        'user_paused',
      );
    } finally {
      await operator(['resume-user', u.email]);
    }
    const v = await signup();
    await operator(['pause-tenant', v.email]);
    try {
      expectError(
        await api('POST', '/v1/auth/refresh', { body: { refresh_token: v.refreshToken } }),
        403,
        'tenant_paused',
      );
    } finally {
      await operator(['resume-tenant', v.email]);
    }
  });
});

describe('POST /v1/auth/verify-email', () => {
  it('200 with the mailed code: email_verified true in the envelope and in /auth/me with the new token', async () => {
    const u = await signup();
    const code = await verificationCode(u.email, u.startedAt);
    const res = await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code } });
    expectStatus(res, 200);
    const env = res.json as SessionEnvelope;
    assertSession(env);
    assertUser(env.user, u.email);
    assert.equal(env.user.email_verified, true);
    const me = await api('GET', '/v1/auth/me', { token: env.session.access_token });
    expectStatus(me, 200);
    assert.equal(me.json.user.email_verified, true);
    // A login afterwards carries the verified state too.
    const again = await login(u.email, u.password);
    assert.equal(again.user.email_verified, true);
  });

  it('the returned access token itself says verified; a repeated verify is 409 already_verified, not 410', async () => {
    const u = await signup();
    const code = await verificationCode(u.email, u.startedAt);
    const first = await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code } });
    expectStatus(first, 200);
    const token = first.json.session.access_token as string;
    // The JWT payload (base64url middle part) carries the user snapshot /auth/me answers from.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    assert.equal(claims.usr.email_verified, true, 'the fresh JWT says verified');
    assert.equal(claims.sub, u.user.id);
    // A refresh of the new session keeps saying so.
    const refreshed = await api('POST', '/v1/auth/refresh', {
      body: { refresh_token: first.json.session.refresh_token },
    });
    expectStatus(refreshed, 200);
    assert.equal(refreshed.json.user.email_verified, true);
    // Double submit, with the old token or the new one, with the same code or another: a clear 409.
    for (const [bearer, c] of [
      [u.accessToken, code],
      [token, code],
      [token, '000000'],
    ] as const) {
      const again = expectError(
        await api('POST', '/v1/auth/verify-email', { token: bearer, body: { code: c } }),
        409,
        'already_verified',
      );
      assert.match(again.message, /already verified/i);
    }
  });

  it('410 invalid_or_expired_code for a wrong code', async () => {
    const u = await signup();
    const code = await verificationCode(u.email, u.startedAt);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expectError(
      await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code: wrong } }),
      410,
      'invalid_or_expired_code',
    );
    const me = await api('GET', '/v1/auth/me', { token: u.accessToken });
    expectStatus(me, 200);
    assert.equal(me.json.user.email_verified, false);
  });

  it('422 invalid_request for a code outside 4-12 characters', async () => {
    const u = await signup();
    const short = expectError(
      await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code: '12' } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(short).some((f) => f.endsWith('code')));
    const long = expectError(
      await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code: '1'.repeat(13) } }),
      422,
      'invalid_request',
    );
    assert.ok(invalidFields(long).some((f) => f.endsWith('code')));
  });

  it('410 invalid_or_expired_code for an expired code', async () => {
    const u = await signup();
    const code = await verificationCode(u.email, u.startedAt);
    // Codes live minutes; move this user's codes past their expiry instead of waiting.
    const moved = await sql(`UPDATE email_codes SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      u.user.id,
    ]);
    assert.ok((moved.rowCount ?? 0) >= 1, 'the code row exists');
    expectError(
      await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code } }),
      410,
      'invalid_or_expired_code',
    );
  });

  it('locks the code after 5 attempts: the right code then fails too', async () => {
    const u = await signup();
    const code = await verificationCode(u.email, u.startedAt);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    for (let i = 0; i < 5; i++) {
      expectError(
        await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code: wrong } }),
        410,
        'invalid_or_expired_code',
      );
    }
    expectError(
      await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code } }),
      410,
      'invalid_or_expired_code',
    );
  });

  it('401 no_principal with an API key (session-only route)', async () => {
    const u = await signup();
    const key = await createKey(u.accessToken, ['charts:read']);
    expectError(
      await api('POST', '/v1/auth/verify-email', { token: key.plaintext, body: { code: '123456' } }),
      401,
      'no_principal',
    );
  });

  it('401 unauthorized without a credential', async () => {
    expectUnauthorized(await api('POST', '/v1/auth/verify-email', { body: { code: '123456' } }), 'missing');
  });
});

describe('POST /v1/auth/resend-verification', () => {
  it('200 and a new code mailed; at once again 429 resend_too_soon with Retry-After; 409 already_verified after verifying', async () => {
    const u = await signup();
    // The sign-up mail may itself start the cooldown (2 s in tests): wait it out if told to.
    let sentAt = Date.now();
    let res = await api('POST', '/v1/auth/resend-verification', { token: u.accessToken });
    for (let i = 0; res.status === 429 && i < 5; i++) {
      expectError(res, 429, 'resend_too_soon');
      await sleep(Math.min(Number(res.headers.get('retry-after') ?? '1'), 3) * 1000 + 100);
      sentAt = Date.now();
      res = await api('POST', '/v1/auth/resend-verification', { token: u.accessToken });
    }
    expectStatus(res, 200);
    assert.ok(res.json && typeof res.json === 'object', 'a JSON object body');
    const code = await verificationCode(u.email, sentAt);

    const again = await api('POST', '/v1/auth/resend-verification', { token: u.accessToken });
    const e = expectError(again, 429, 'resend_too_soon');
    assert.ok(e.message.length > 0, 'carries a message');
    const retryAfter = again.headers.get('retry-after');
    assert.ok(retryAfter, 'Retry-After header');
    assert.match(retryAfter, /^\d+$/);
    assert.ok(
      Number(retryAfter) >= 1 && Number(retryAfter) <= 2,
      `Retry-After within the 2 s cooldown, got ${retryAfter}`,
    );

    // The resent code is the live one.
    const verified = await api('POST', '/v1/auth/verify-email', { token: u.accessToken, body: { code } });
    expectStatus(verified, 200);
    const token = verified.json.session.access_token as string;
    expectError(await api('POST', '/v1/auth/resend-verification', { token }), 409, 'already_verified');
  });

  it('401 no_principal with an API key', async () => {
    const u = await signup();
    const key = await createKey(u.accessToken, ['keys:manage']);
    expectError(await api('POST', '/v1/auth/resend-verification', { token: key.plaintext }), 401, 'no_principal');
  });
});

describe('GET /v1/auth/me', () => {
  it('200 {user, scopes}: scopes sorted and holding keys:manage', async () => {
    const u = await signup();
    const res = await api('GET', '/v1/auth/me', { token: u.accessToken });
    expectStatus(res, 200);
    assert.deepEqual(Object.keys(res.json).sort(), ['scopes', 'user']);
    assertUser(res.json.user, u.email);
    assert.deepEqual(res.json.user, u.user, 'the user as in the session');
    const scopes = res.json.scopes as string[];
    assert.ok(Array.isArray(scopes));
    assert.deepEqual(scopes, [...scopes].sort(), 'sorted');
    assert.ok(scopes.includes('keys:manage'));
    assert.ok(!scopes.includes('admin'), 'a new user is no admin');
  });

  it('401 no_principal with an API key; 401 unauthorized without a credential', async () => {
    const u = await signup();
    const key = await createKey(u.accessToken, ['keys:manage']);
    expectError(await api('GET', '/v1/auth/me', { token: key.plaintext }), 401, 'no_principal');
    expectUnauthorized(await api('GET', '/v1/auth/me'), 'missing');
  });
});

describe('password forgot and reset', () => {
  it('202 for a registered and for an unknown e-mail; only the registered one gets a link', async () => {
    const u = await signup();
    const before = Date.now();
    expectStatus(await api('POST', '/v1/auth/password/forgot', { body: { email: u.email } }), 202);
    const unknown = uniqueEmail('nobody');
    expectStatus(await api('POST', '/v1/auth/password/forgot', { body: { email: unknown } }), 202);
    const token = await resetToken(u.email, before);
    assert.ok(token.length >= 16, 'a long random token');
    assert.equal(mailsTo(unknown, before).length, 0, 'nothing is mailed to an unknown address');
  });

  it('reset with the mailed token: 200; new password logs in; old access and refresh tokens are refused; the link works once', async () => {
    const u = await signup();
    const second = await login(u.email, u.password); // another session, signed out as well
    const before = Date.now();
    expectStatus(await api('POST', '/v1/auth/password/forgot', { body: { email: u.email } }), 202);
    const token = await resetToken(u.email, before);

    // A weak new password is refused and leaves the link usable.
    const weak = expectError(
      await api('POST', '/v1/auth/password/reset', { body: { token, new_password: 'password' } }),
      422,
      'password_too_weak',
    );
    assert.equal(typeof weak.details?.reason_code, 'string');

    const newPassword = strongPassword();
    expectStatus(await api('POST', '/v1/auth/password/reset', { body: { token, new_password: newPassword } }), 200);

    expectError(
      await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } }),
      401,
      'invalid_email_or_password',
    );
    const fresh = await login(u.email, newPassword);
    expectStatus(await api('GET', '/v1/auth/me', { token: fresh.session.access_token }), 200);

    // Every earlier session is signed out.
    expectUnauthorized(await api('GET', '/v1/auth/me', { token: u.accessToken }));
    expectUnauthorized(await api('GET', '/v1/auth/me', { token: second.session.access_token }));
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } }),
      401,
      'invalid_refresh_token',
    );
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: second.session.refresh_token } }),
      401,
      'invalid_refresh_token',
    );

    // The link is one-time.
    expectError(
      await api('POST', '/v1/auth/password/reset', { body: { token, new_password: strongPassword() } }),
      410,
      'invalid_or_expired_reset_link',
    );
  });

  it('the mailed link opens a working page: a script-free form under a strict CSP that resets the password', async () => {
    const u = await signup();
    const before = Date.now();
    expectStatus(await api('POST', '/v1/auth/password/forgot', { body: { email: u.email } }), 202);
    const mail = await latestMail(u.email, { after: before, subject: /reset|password/i });
    const link = /https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/.exec(mailBody(mail))?.[0];
    assert.ok(link, 'the mail holds the reset link');
    // The fleet's PUBLIC_BASE_URL is this gateway: the link is followed as it is.
    assert.ok(link.startsWith(`${BASE_URL}/reset-password?`), `${link} points at the gateway`);
    const get = await fetch(link);
    assert.equal(get.status, 200);
    assert.match(get.headers.get('content-type') ?? '', /^text\/html/);
    const csp = get.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self'/);
    assert.doesNotMatch(csp, /script-src/, 'no script source is allowed at all');
    assert.equal(get.headers.get('referrer-policy'), 'no-referrer', 'the token never leaves in a Referer');
    assert.equal(get.headers.get('cache-control'), 'no-store');
    const html = await get.text();
    assert.doesNotMatch(html, /<script/i);
    assert.match(html, /<form method="post" action="\/reset-password">/);
    const token = new URL(link).searchParams.get('token')!;
    assert.ok(html.includes(`name="token" value="${token}"`), 'the token travels in the form');

    // Submitted as a browser does (urlencoded): mismatch, weak, then a good password.
    const submit = (fields: Record<string, string>) =>
      fetch(`${BASE_URL}/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const strong = strongPassword();
    const mismatch = await submit({ token, new_password: strong, confirm_password: `${strong}x` });
    assert.equal(mismatch.status, 422);
    assert.match(await mismatch.text(), /differ/);
    const weak = await submit({ token, new_password: 'password', confirm_password: 'password' });
    assert.equal(weak.status, 422);
    assert.match(await weak.text(), /<form/, 'a weak password can be retried on the same page');
    const ok = await submit({ token, new_password: strong, confirm_password: strong });
    assert.equal(ok.status, 200);
    assert.match(await ok.text(), /Password changed/);
    expectUnauthorized(await api('GET', '/v1/auth/me', { token: u.accessToken }));
    await login(u.email, strong);
    // The link is one-time, on the page as on the API.
    const reused = await submit({ token, new_password: strong, confirm_password: strong });
    assert.equal(reused.status, 410);
    assert.doesNotMatch(await reused.text(), /<form/);
    // Markup in a forged link is escaped, never interpreted.
    const forged = await fetch(`${BASE_URL}/reset-password?token=${encodeURIComponent('"><script>alert(1)</script>')}`);
    assert.doesNotMatch(await forged.text(), /<script>/);
    assert.equal((await fetch(`${BASE_URL}/reset-password`)).status, 400);
  });

  it('410 invalid_or_expired_reset_link for an unknown and for an expired link', async () => {
    expectError(
      await api('POST', '/v1/auth/password/reset', { body: { token: rand(32), new_password: strongPassword() } }),
      410,
      'invalid_or_expired_reset_link',
    );
    const u = await signup();
    const before = Date.now();
    expectStatus(await api('POST', '/v1/auth/password/forgot', { body: { email: u.email } }), 202);
    const token = await resetToken(u.email, before);
    // Links live 30 minutes; move this user's links past their expiry instead of waiting.
    const moved = await sql(`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [
      u.user.id,
    ]);
    assert.ok((moved.rowCount ?? 0) >= 1, 'the reset row exists');
    expectError(
      await api('POST', '/v1/auth/password/reset', { body: { token, new_password: strongPassword() } }),
      410,
      'invalid_or_expired_reset_link',
    );
    await login(u.email, u.password); // the password did not change
  });
});

describe('POST /v1/auth/password/change', () => {
  it('403 current_password_incorrect for a wrong current password', async () => {
    const u = await signup();
    expectError(
      await api('POST', '/v1/auth/password/change', {
        token: u.accessToken,
        body: { current_password: `${u.password}-no`, new_password: strongPassword() },
      }),
      403,
      'current_password_incorrect',
    );
    await login(u.email, u.password); // unchanged
  });

  it('422 password_too_weak for a weak new password', async () => {
    const u = await signup();
    const e = expectError(
      await api('POST', '/v1/auth/password/change', {
        token: u.accessToken,
        body: { current_password: u.password, new_password: 'password' },
      }),
      422,
      'password_too_weak',
    );
    assert.equal(typeof e.details?.reason_code, 'string');
  });

  it('200 fresh session that works; the previous access and refresh tokens are refused; the new password logs in', async () => {
    const u = await signup();
    const other = await login(u.email, u.password);
    const newPassword = strongPassword();
    const res = await api('POST', '/v1/auth/password/change', {
      token: u.accessToken,
      body: { current_password: u.password, new_password: newPassword },
    });
    expectStatus(res, 200);
    const env = res.json as SessionEnvelope;
    assertSession(env);
    assertUser(env.user, u.email);
    assert.notEqual(env.session.access_token, u.accessToken);
    assert.notEqual(env.session.refresh_token, u.refreshToken);

    expectStatus(await api('GET', '/v1/auth/me', { token: env.session.access_token }), 200);
    expectUnauthorized(await api('GET', '/v1/auth/me', { token: u.accessToken }));
    expectUnauthorized(await api('GET', '/v1/auth/me', { token: other.session.access_token }));
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: u.refreshToken } }),
      401,
      'invalid_refresh_token',
    );
    expectError(
      await api('POST', '/v1/auth/refresh', { body: { refresh_token: other.session.refresh_token } }),
      401,
      'invalid_refresh_token',
    );
    // The fresh session's refresh token is alive.
    expectStatus(await api('POST', '/v1/auth/refresh', { body: { refresh_token: env.session.refresh_token } }), 200);

    expectError(
      await api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } }),
      401,
      'invalid_email_or_password',
    );
    await login(u.email, newPassword);
  });

  it('401 no_principal with an API key', async () => {
    const u = await signup();
    const key = await createKey(u.accessToken, ['keys:manage']);
    expectError(
      await api('POST', '/v1/auth/password/change', {
        token: key.plaintext,
        body: { current_password: u.password, new_password: strongPassword() },
      }),
      401,
      'no_principal',
    );
  });
});

describe('mail capture sanity', () => {
  it('the sign-up mail is addressed to the user only', async () => {
    const u = await signup();
    const mail = await latestMail(u.email, { after: u.startedAt });
    assert.deepEqual(mail.to, [u.email]);
  });
});
