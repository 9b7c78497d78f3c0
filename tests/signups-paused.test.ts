// POST /v1/auth/signup 503 signups_temporarily_paused (spec, platform: the sign-up row). The pause is an
// operator setting read at start (SIGNUPS_PAUSED), so this file restarts the fleet's account service
// with it and, at the end, without it. It runs serially (scripts/test.ts SERIAL): while account
// restarts, no other file may sign up or log in.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import {
  api,
  expectError,
  expectStatus,
  login,
  signup,
  strongPassword,
  uniqueEmail,
  type SignedUp,
} from './helpers/client.ts';
import { fleetService, waitUntil } from './helpers/fleet-control.ts';

/** account restarted with `env` and reached again through the gateway (its channel reconnects). */
async function restartAccount(env?: Record<string, string>): Promise<void> {
  await fleetService('account', 'stop');
  await fleetService('account', 'start', env);
  await waitUntil(async () => (await api('GET', '/v1/plans')).status === 200, 30_000, 'the gateway reaches account');
}

describe('POST /v1/auth/signup while sign-ups are paused', () => {
  let existing: SignedUp;

  before(async () => {
    existing = await signup();
    await restartAccount({ SIGNUPS_PAUSED: 'true' });
  }, 180_000);

  after(async () => {
    await restartAccount();
  }, 180_000);

  it('503 signups_temporarily_paused, and no account is created', async () => {
    const email = uniqueEmail();
    const body = { email, password: strongPassword(), accept_terms: true };
    expectError(await api('POST', '/v1/auth/signup', { body }), 503, 'signups_temporarily_paused');
    // Nothing was created: the same address cannot log in.
    expectError(
      await api('POST', '/v1/auth/login', { body: { email, password: body.password } }),
      401,
      'invalid_email_or_password',
    );
  });

  it('existing users still log in', async () => {
    const env = await login(existing.email, existing.password);
    assert.equal(env.user.email, existing.email);
  });
});

describe('POST /v1/auth/signup after the pause is lifted', () => {
  it('201 again once account runs without SIGNUPS_PAUSED', async () => {
    await restartAccount();
    const res = await api('POST', '/v1/auth/signup', {
      body: { email: uniqueEmail(), password: strongPassword(), accept_terms: true },
    });
    expectStatus(res, 201);
  }, 180_000);
});
