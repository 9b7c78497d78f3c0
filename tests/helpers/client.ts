// Shared helpers for the end-to-end tests: a supertest client for the gateway, account fixtures
// (sign-up, login, API keys), the captured mail folder, the operator CLI and the error-envelope check.
// Everything is read from the environment scripts/test.ts sets: BASE_URL, MAIL_DIR, ACCOUNT_ADDR,
// ACCOUNT_DATABASE_URL.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runOperator } from '../../scripts/operator.ts';
import pg from 'pg';
import request from 'supertest';

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
/** The repository root (tests/helpers/../..). */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

// ---------------------------------------------------------------- HTTP

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or null when the body is empty or not JSON. */
  json: any;
  text: string;
  /** The raw body (images, PDFs). */
  body: Buffer;
}

export interface ApiOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Serialised as JSON (Content-Type application/json unless contentType says otherwise). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is (malformed JSON, other media types, large bodies). */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Another gateway than BASE_URL (tests that start their own, tests/helpers/gateway-process.ts). */
  baseUrl?: string;
}

export async function api(method: string, urlPath: string, opts: ApiOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    // As fetch would: a string goes as text/plain unless the test names a type (superagent would
    // otherwise pick a form type for it).
    if (opts.contentType) headers['content-type'] = opts.contentType;
    else if (typeof body === 'string') headers['content-type'] = 'text/plain;charset=UTF-8';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = opts.contentType ?? 'application/json';
  }
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  Object.assign(headers, opts.headers ?? {});
  const agent = request(opts.baseUrl ?? BASE_URL);
  const req = agent[method.toLowerCase() as 'get'](urlPath)
    .set(headers)
    // Every status is an answer to look at, not a rejected promise.
    .ok(() => true)
    // The raw body whatever its media type (JSON, text, PDF, CSV); parsed below.
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const res = body === undefined ? await req : await req.send(body);
  const text = (res.body as Buffer).toString('utf8');
  let json: any = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(res.headers as Record<string, string | string[]>))
    for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, v);
  return { status: res.status, headers: responseHeaders, json, text, body: res.body as Buffer };
}

/** Asserts a status and shows the body when it is not the expected one. */
export function expectStatus(res: ApiResponse, status: number): void {
  assert.equal(res.status, status, `expected HTTP ${status}, got ${res.status}: ${res.text.slice(0, 600)}`);
}

/**
 * Asserts the spec's error envelope {error: {code, message_key, message, details, request_id}} with
 * this status and code, and that error.request_id mirrors the X-Request-Id header. Returns `error`.
 */
export function expectError(res: ApiResponse, status: number, code: string): ErrorPayload {
  assert.equal(res.status, status, `expected HTTP ${status} ${code}, got ${res.status}: ${res.text.slice(0, 600)}`);
  assert.ok(res.json && typeof res.json === 'object', `error body is not JSON: ${res.text.slice(0, 300)}`);
  assert.deepEqual(Object.keys(res.json), ['error'], 'the error body has exactly one member, error');
  const e = res.json.error;
  assert.deepEqual(
    Object.keys(e).sort(),
    ['code', 'details', 'message', 'message_key', 'request_id'],
    'error envelope fields',
  );
  assert.equal(e.code, code, `expected error.code ${code}, got ${e.code} (${e.message})`);
  assert.equal(typeof e.message_key, 'string');
  assert.ok(e.message_key.length > 0, 'message_key is not empty');
  assert.equal(typeof e.message, 'string');
  assert.ok(e.message.length > 0, 'message is not empty');
  assert.ok(
    e.details === null || (typeof e.details === 'object' && !Array.isArray(e.details)),
    'details is an object or null',
  );
  const header = res.headers.get('x-request-id');
  assert.ok(header, 'X-Request-Id header present');
  assert.equal(e.request_id, header, 'error.request_id mirrors X-Request-Id');
  return e as ErrorPayload;
}

export interface ErrorPayload {
  code: string;
  message_key: string;
  message: string;
  details: Record<string, any> | null;
  request_id: string | null;
}

/** 401 unauthorized with details.reason; returns the reason. */
export function expectUnauthorized(res: ApiResponse, reason?: string): string {
  const e = expectError(res, 401, 'unauthorized');
  assert.ok(e.details, 'unauthorized carries details');
  assert.equal(typeof e.details.reason, 'string', 'details.reason is a string');
  assert.ok(e.details.reason.length > 0, 'details.reason is not empty');
  if (reason !== undefined) assert.equal(e.details.reason, reason);
  return e.details.reason as string;
}

/** The field names listed in details.errors[] of a 422 invalid_request. */
export function invalidFields(e: ErrorPayload): string[] {
  assert.ok(e.details && Array.isArray(e.details.errors), 'invalid_request carries details.errors[]');
  for (const fe of e.details.errors)
    assert.equal(typeof fe.field, 'string', 'each details.errors[] entry names its field');
  return e.details.errors.map((fe: { field: string }) => fe.field);
}

// ---------------------------------------------------------------- values

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function assertIso(v: unknown, what: string): void {
  assert.equal(typeof v, 'string', `${what} is an ISO 8601 string, got ${JSON.stringify(v)}`);
  assert.match(v as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, `${what} is ISO 8601`);
  assert.ok(!Number.isNaN(Date.parse(v as string)), `${what} parses as a date`);
}

export function rand(n = 10): string {
  return randomBytes(16).toString('hex').slice(0, n);
}

/** A unique address on a domain no blocklist refuses. */
export function uniqueEmail(prefix = 'u'): string {
  return `${prefix}-${rand(12)}@example.com`;
}

/** A password the strength policy accepts (long, several words, a random tail). */
export function strongPassword(): string {
  return `Correct-Horse-Battery-Staple-42!${rand(8)}`;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- accounts

export interface SessionEnvelope {
  session: { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  user: { id: string; email: string; email_verified: boolean; created_at: string; last_login_at: string | null };
  tenant?: { id: string; display_name: string; plan_tier: string; plan_status: string; status: string };
  email_dispatched?: boolean;
}

export interface SignedUp {
  email: string;
  password: string;
  session: SessionEnvelope['session'];
  user: SessionEnvelope['user'];
  tenant: NonNullable<SessionEnvelope['tenant']>;
  accessToken: string;
  refreshToken: string;
  /** The whole 201 body. */
  envelope: SessionEnvelope;
  /** Date.now() just before the sign-up request (for latestMail's `after`). */
  startedAt: number;
}

/** Signs a unique user up (201 asserted) and returns its credentials and session. */
export async function signup(opts: { email?: string; password?: string } = {}): Promise<SignedUp> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? strongPassword();
  const startedAt = Date.now();
  const res = await api('POST', '/v1/auth/signup', { body: { email, password, accept_terms: true } });
  expectStatus(res, 201);
  const env = res.json as SessionEnvelope;
  assert.ok(env.session && env.user && env.tenant, `sign-up envelope: ${res.text.slice(0, 300)}`);
  return {
    email: email.toLowerCase(),
    password,
    session: env.session,
    user: env.user,
    tenant: env.tenant,
    accessToken: env.session.access_token,
    refreshToken: env.session.refresh_token,
    envelope: env,
    startedAt,
  };
}

/** Logs in (200 asserted) and returns the envelope. */
export async function login(email: string, password: string): Promise<SessionEnvelope> {
  const res = await api('POST', '/v1/auth/login', { body: { email, password } });
  expectStatus(res, 200);
  return res.json as SessionEnvelope;
}

// ---------------------------------------------------------------- API keys

export interface ApiKeyRecord {
  id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
  display: string;
  scopes: string[];
  owner_tenant_id: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  metadata: Record<string, unknown>;
  /** live or test (docs/test-keys.md). */
  mode: 'live' | 'test';
  plaintext?: string;
}

/** Creates an API key with `token` (201 asserted) and returns the record (with plaintext). */
export async function createKey(
  token: string,
  scopes: string[],
  opts: { name?: string; expires_at?: string | null; metadata?: Record<string, unknown> } = {},
): Promise<ApiKeyRecord & { plaintext: string }> {
  const body: Record<string, unknown> = { name: opts.name ?? `key-${rand(6)}`, scopes };
  if (opts.expires_at !== undefined) body.expires_at = opts.expires_at;
  if (opts.metadata !== undefined) body.metadata = opts.metadata;
  const res = await api('POST', '/v1/api-keys', { token, body });
  expectStatus(res, 201);
  assert.equal(typeof res.json.plaintext, 'string', 'the create response carries the plaintext');
  return res.json;
}

// ---------------------------------------------------------------- billing (local payment provider)

/**
 * The operator's confirmation secret of the local payment provider: the account service of the test
 * fleet (cwd ROOT, LOCAL_PAYMENT_SECRET unset) generates it into .data/local-payment-secret.
 */
export function localPaymentSecret(): string {
  return fs.readFileSync(path.join(ROOT, '.data', 'local-payment-secret'), 'utf8').trim();
}

/** The secret token at the end of a local checkout URL. */
export const checkoutToken = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** The buyer (its dashboard session) confirms a local checkout with the operator's secret. */
export function confirmLocalCheckout(session: string, checkoutUrl: string, secret = localPaymentSecret()) {
  return api('POST', `/v1/billing/local/checkouts/${checkoutToken(checkoutUrl)}/confirm`, {
    token: session,
    body: { confirmation_secret: secret },
  });
}

// ---------------------------------------------------------------- mail

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The raw message (headers included), quoted-printable decoded. */
  text: string;
  received_at: string;
  file: string;
}

function mailDir(): string {
  const dir = process.env.MAIL_DIR;
  assert.ok(dir, 'MAIL_DIR is set (run through scripts/test.ts)');
  return dir;
}

function readMails(dir: string): CapturedMail[] {
  if (!fs.existsSync(dir)) return [];
  const out: CapturedMail[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    try {
      const m = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      out.push({ ...m, file: name });
    } catch {
      /* being written; the next poll reads it */
    }
  }
  return out;
}

/**
 * The newest mail to `email` (optionally with a subject matching `subject`, received at or after
 * `after` ms), polling MAIL_DIR until `timeoutMs`.
 */
export async function latestMail(
  email: string,
  opts: { subject?: RegExp | string; after?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const dir = mailDir();
  const to = email.toLowerCase();
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const subjectOk = (s: string) =>
    opts.subject === undefined
      ? true
      : typeof opts.subject === 'string'
        ? s.includes(opts.subject)
        : opts.subject.test(s);
  for (;;) {
    const found = readMails(dir)
      .filter(
        (m) =>
          m.to.includes(to) &&
          subjectOk(m.subject) &&
          (opts.after === undefined || Date.parse(m.received_at) >= opts.after),
      )
      .sort((a, b) => Date.parse(a.received_at) - Date.parse(b.received_at) || a.file.localeCompare(b.file));
    if (found.length) return found[found.length - 1]!;
    if (Date.now() > deadline)
      assert.fail(
        `no mail to ${email}${opts.subject ? ` with subject ${String(opts.subject)}` : ''} within the deadline`,
      );
    await sleep(50);
  }
}

/** All mails to `email` received at or after `after` (no waiting). */
export function mailsTo(email: string, after = 0): CapturedMail[] {
  const to = email.toLowerCase();
  return readMails(mailDir()).filter((m) => m.to.includes(to) && Date.parse(m.received_at) >= after);
}

/** The message body: what follows the header block. */
export function mailBody(m: CapturedMail): string {
  const i = m.text.search(/\r?\n\r?\n/);
  return i < 0 ? m.text : m.text.slice(i);
}

/** The 6-digit verification code of the newest verification mail to `email`. */
export async function verificationCode(email: string, after?: number): Promise<string> {
  const mail = await latestMail(email, { after, subject: /verif|code/i });
  // Headers (Date, Message-ID) may hold digit runs too: look at the subject, then the body only.
  const m = /\b(\d{6})\b/.exec(mail.subject) ?? /\b(\d{6})\b/.exec(mailBody(mail));
  assert.ok(m, `no 6-digit code in the verification mail: ${mail.subject}`);
  return m[1]!;
}

/** The token of the newest password-reset link mailed to `email`. */
export async function resetToken(email: string, after?: number): Promise<string> {
  const mail = await latestMail(email, { after, subject: /reset|password/i });
  const m = /[?&]token=([^\s&"'<>]+)/.exec(mailBody(mail));
  assert.ok(m, 'the reset mail holds a link with token=');
  return decodeURIComponent(m[1]!);
}

// ---------------------------------------------------------------- operator CLI

/** Runs an operator command (scripts/operator.ts) against the fleet's account service. */
export async function operator(args: string[]) {
  const addr = process.env.ACCOUNT_ADDR;
  assert.ok(addr, 'ACCOUNT_ADDR is set (run through scripts/test.ts)');
  return runOperator(args, addr);
}

// ---------------------------------------------------------------- database (sparingly)

/**
 * Runs one statement on the account service's database. Only for what the API cannot do in a test's
 * time budget: moving an expiry (code, reset link, API key) into the past instead of waiting for it.
 * One short-lived connection per call, so no pool keeps the test process alive.
 */
export async function sql(query: string, params: unknown[] = []): Promise<{ rows: any[]; rowCount: number | null }> {
  const url = process.env.ACCOUNT_DATABASE_URL;
  assert.ok(url, 'ACCOUNT_DATABASE_URL is set (run through scripts/test.ts)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query, params);
  } finally {
    await client.end();
  }
}
