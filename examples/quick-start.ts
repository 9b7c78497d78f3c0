// The README's first hour with the TypeScript SDK (@astro/sdk): sign up, read the verification code
// from the local mailbox, verify, create an API key, create a Vedic and a Western chart, one
// calculation of each, a template interpretation, and the key's usage per route.
//
//   node --import tsx examples/quick-start.ts        # after `npm start`, from the repository root
//
// B (default http://127.0.0.1:8080) and MAILBOX_DIR (default .data/mailbox) as for `npm start`.
// tests/readme-quickstart.test.ts runs it against a test fleet.
import fs from 'node:fs';
import path from 'node:path';
import { ApiError, createAstroClient } from '@astro/sdk';

const baseUrl = process.env.B ?? 'http://127.0.0.1:8080';
const mailbox = process.env.MAILBOX_DIR ?? path.join('.data', 'mailbox');

/** The code in the subject of the newest verification mail to `email` (files are named by kind and recipient). */
async function verificationCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(mailbox)
      ? fs.readdirSync(mailbox).filter((f) => f.endsWith(`-verification-${email}.eml`))
      : [];
    const newest = files.sort().at(-1);
    const code =
      newest && /^Subject: Your verification code: (\d+)$/m.exec(fs.readFileSync(path.join(mailbox, newest), 'utf8'));
    if (code) return code[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${email} in ${mailbox}`);
}

const astro = createAstroClient({ baseUrl });
const email = `sdk-${Date.now()}@example.com`;
const password = 'Correct-Horse-Battery-Staple-42!';

const signedUp = await astro.unwrap(astro.POST('/v1/auth/signup', { body: { email, password, accept_terms: true } }));
// The envelope's members are nullable in the schema (message fields); a sign-up always has a session.
astro.setToken(signedUp.session!.access_token);
const code = await verificationCode(email);
const verified = await astro.unwrap(astro.POST('/v1/auth/verify-email', { body: { code } }));
console.log('verified:', verified.user?.email_verified);
// A session issued after verification says so (whether or not verify-email answered a new one).
const login = await astro.unwrap(astro.POST('/v1/auth/login', { body: { email, password } }));
astro.setToken(login.session!.access_token);

const key = await astro.unwrap(
  astro.POST('/v1/api-keys', {
    body: { name: 'my app', scopes: ['charts:read', 'charts:write', 'interpretations:write', 'keys:manage'] },
  }),
);
astro.setToken(key.plaintext!);

const birth = { moment: '1990-05-17T08:30:00+05:30', latitude: 19.076, longitude: 72.8777 };
const chart = await astro.unwrap(astro.POST('/v1/charts', { body: { birth } }));
const western = await astro.unwrap(astro.POST('/v1/charts', { body: { birth, system: 'western', ayanamsha: null } }));
const current = await astro.unwrap(
  astro.GET('/v1/vedic/charts/{id}/dashas/vimshottari/current', {
    params: { path: { id: chart.id! }, query: { at: '2026-01-01T00:00:00Z' } },
  }),
);
console.log('mahadasha lord:', current.md?.lord);
const aspects = await astro.unwrap(
  astro.GET('/v1/western/charts/{id}/aspects', { params: { path: { id: western.id! } } }),
);
console.log('first aspect:', aspects[0]?.planet_a, aspects[0]?.aspect, aspects[0]?.planet_b);

const interpretation = await astro.unwrap(astro.POST('/v1/interpretations', { body: { chart_id: chart.id! } }));
console.log('statement:', interpretation.statements[0]?.body);

// A typed error: the envelope's code is what to branch on.
try {
  await astro.unwrap(
    astro.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: '00000000-0000-7000-8000-000000000000' } } }),
  );
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  console.log('missing chart:', err.status, err.code);
}

await new Promise((r) => setTimeout(r, 3000)); // usage is recorded within a few seconds
const usage = await astro.unwrap(astro.GET('/v1/tenant/usage/endpoints', {}));
console.log('usage:', JSON.stringify(usage.buckets.map((b) => [b.endpoint_path, b.requests])));
