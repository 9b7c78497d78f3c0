// The bench's API caller: a signed-up user on the Pro plan with one API key, so that no plan limit
// gets in the way of a measurement (run.ts, rounds.ts).
import { runOperator } from '../operator.ts';

/** One JSON request; a non-2xx answer throws with its body. */
export async function json(method: string, url: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A caller with an API key on the Pro plan; returns the key's plaintext. */
export async function setupCaller(baseUrl: string, accountAddr: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const su = await json('POST', `${baseUrl}/v1/auth/signup`, undefined, {
    email,
    password: 'Correct-Horse-Battery-Staple-42!',
    accept_terms: true,
  });
  await runOperator(['set-plan', email, 'pro'], accountAddr);
  const key = await json('POST', `${baseUrl}/v1/api-keys`, su.session.access_token, {
    name: 'bench',
    scopes: ['charts:read', 'charts:write'],
  });
  return key.plaintext;
}
