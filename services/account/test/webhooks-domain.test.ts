// Webhooks, pure parts: the signature (Stripe's documented scheme, recomputed here with node:crypto),
// the retry schedule (its definition: equal jitter on a doubling step, capped, inside the window) and
// the SSRF address policy (blocks from the IANA special-purpose registries, RFC 6890 and the RFCs
// named beside each case).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { AddressPolicy, checkWebhookUrl, mappedIpv4 } from '../src/domain/webhooks/address-policy.ts';
import { nextAttemptAt, retryDelayMs } from '../src/domain/webhooks/backoff.ts';
import { outcomeOf, signingSecrets } from '../src/domain/webhooks/dispatcher.ts';
import { newWebhookSecret, signatureHeader } from '../src/domain/webhooks/signature.ts';

describe('signature (https://docs.stripe.com/webhooks#verify-manually)', () => {
  // The receiver's side as Stripe documents it: split the header on ",", take t and every v1, and
  // compare each v1 with HMAC-SHA256(secret, t + "." + raw body) in hex.
  function verify(header: string, body: string, secret: string): boolean {
    const parts = header.split(',').map((p) => p.split('=') as [string, string]);
    const t = parts.find(([k]) => k === 't')?.[1];
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    return parts.some(([k, v]) => k === 'v1' && v === expected);
  }

  it('signs t.body with the secret and puts t first', () => {
    const secret = newWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const body = '{"id":"evt_1","type":"webhook.ping"}';
    const header = signatureHeader([secret], 1492774577, body);
    assert.match(header, /^t=1492774577,v1=[0-9a-f]{64}$/);
    assert.ok(verify(header, body, secret));
    assert.ok(!verify(header, body + ' ', secret), 'a changed body does not verify');
    assert.ok(!verify(header, body, newWebhookSecret()), 'another secret does not verify');
  });

  it('during a roll both secrets sign, the new one first', () => {
    const [next, prev] = [newWebhookSecret(), newWebhookSecret()];
    const header = signatureHeader([next, prev], 1700000000, '{}');
    assert.equal(header.split(',').filter((p) => p.startsWith('v1=')).length, 2);
    assert.ok(verify(header, '{}', next));
    assert.ok(verify(header, '{}', prev));
  });

  it('the previous secret signs only until its overlap ends', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const d = {
      secret: 'whsec_new',
      previous_secret: 'whsec_old',
      previous_expires_at: new Date('2026-01-01T00:00:01Z'),
    };
    assert.deepEqual(signingSecrets(d, now), ['whsec_new', 'whsec_old']);
    assert.deepEqual(signingSecrets(d, new Date('2026-01-01T00:00:01Z')), ['whsec_new']);
    assert.deepEqual(signingSecrets({ ...d, previous_secret: null, previous_expires_at: null }, now), ['whsec_new']);
  });
});

describe('retry schedule', () => {
  const policy = { baseMs: 1000, maxMs: 8000, windowMs: 60_000 };

  it('doubles the step, caps it, and takes half of it plus a random half', () => {
    // step = min(8000, 1000 * 2^(n-1)); delay = step/2 + random * step/2
    assert.equal(retryDelayMs(policy, 1, 0), 500);
    assert.equal(retryDelayMs(policy, 1, 0.5), 750);
    assert.equal(retryDelayMs(policy, 2, 0), 1000);
    assert.equal(retryDelayMs(policy, 3, 0.5), 3000);
    assert.equal(retryDelayMs(policy, 4, 0), 4000);
    assert.equal(retryDelayMs(policy, 5, 0), 4000, 'capped at 8000 / 2');
    assert.equal(retryDelayMs(policy, 500, 0.999999), 8000);
    assert.throws(() => retryDelayMs(policy, 0, 0));
  });

  it('stops when the next attempt would fall after the window', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    assert.equal(
      nextAttemptAt(policy, start, new Date('2026-01-01T00:00:10Z'), 1, 0)?.toISOString(),
      '2026-01-01T00:00:10.500Z',
    );
    assert.equal(nextAttemptAt(policy, start, new Date('2026-01-01T00:00:59.600Z'), 1, 0), null);
    assert.equal(
      nextAttemptAt(policy, start, new Date('2026-01-01T00:00:59.500Z'), 1, 0)?.toISOString(),
      '2026-01-01T00:01:00.000Z',
    );
  });

  it('2xx delivers; other statuses and errors retry, then fail after the window', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const d = { attempt_count: 0, window_start_at: start };
    assert.equal(outcomeOf(d, { statusCode: 204 }, start, 5, policy, 0).status, 'delivered');
    const retry = outcomeOf(d, { statusCode: 500 }, start, 5, policy, 0);
    assert.equal(retry.status, 'pending');
    assert.equal(retry.next_attempt_at?.toISOString(), '2026-01-01T00:00:00.500Z');
    assert.equal(retry.attempt.status_code, 500);
    assert.equal(
      outcomeOf(d, { statusCode: 301 }, start, 5, policy, 0).status,
      'pending',
      'redirects are not followed',
    );
    const timeout = outcomeOf(d, { error: 'timeout after 10 ms' }, start, 10, policy, 0);
    assert.equal(timeout.attempt.status_code, null);
    assert.equal(timeout.attempt.error, 'timeout after 10 ms');
    const late = outcomeOf(
      { attempt_count: 9, window_start_at: start },
      { statusCode: 503 },
      new Date('2026-01-01T00:00:58Z'),
      1,
      policy,
      0,
    );
    assert.equal(late.status, 'failed');
    assert.equal(late.next_attempt_at, null);
  });
});

describe('SSRF address policy', () => {
  const strict = new AddressPolicy();

  it('refuses private, loopback, link-local, metadata and reserved addresses', () => {
    for (const ip of [
      '10.0.0.1', // RFC 1918
      '172.16.5.4', // RFC 1918
      '192.168.1.1', // RFC 1918
      '127.0.0.1', // loopback, RFC 1122
      '127.255.255.254',
      '0.0.0.0', // "this host", RFC 791
      '169.254.169.254', // link-local (RFC 3927): the AWS/GCP/Azure metadata service
      '100.64.0.1', // CGNAT, RFC 6598
      '192.0.2.10', // TEST-NET-1, RFC 5737
      '224.0.0.1', // multicast, RFC 5771
      '255.255.255.255', // limited broadcast, RFC 919
      '::1', // IPv6 loopback, RFC 4291
      '::', // unspecified, RFC 4291
      'fe80::1', // IPv6 link-local, RFC 4291
      'fd00:ec2::254', // unique local (RFC 4193): the AWS IPv6 metadata address
      'fc00::1',
      '::ffff:127.0.0.1', // IPv4-mapped loopback, RFC 4291 2.5.5.2
      '::ffff:a9fe:a9fe', // 169.254.169.254 mapped, hex form
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254, RFC 6052
      '2001:db8::1', // documentation, RFC 3849
      'ff02::1', // multicast
    ])
      assert.equal(strict.allows(ip), false, ip);
  });

  it('allows public addresses', () => {
    // Google Public DNS, Cloudflare DNS (both families), Quad9: publicly routed.
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '9.9.9.9',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
    ])
      assert.equal(strict.allows(ip), true, ip);
  });

  it('exempts only the configured networks', () => {
    const dev = new AddressPolicy(['127.0.0.1/32']);
    assert.equal(dev.allows('127.0.0.1'), true);
    assert.equal(dev.allows('::ffff:127.0.0.1'), true);
    assert.equal(dev.allows('127.0.0.2'), false);
    assert.equal(dev.allows('::1'), false);
    assert.equal(dev.allows('10.0.0.1'), false);
    assert.throws(() => new AddressPolicy(['not-a-net']));
    assert.throws(() => new AddressPolicy(['10.0.0.0/33']));
  });

  it('reads IPv4-mapped IPv6 in both notations', () => {
    assert.equal(mappedIpv4('::ffff:10.1.2.3'), '10.1.2.3');
    assert.equal(mappedIpv4('::ffff:7f00:1'), '127.0.0.1');
    assert.equal(mappedIpv4('2001:db8::1'), null);
  });

  const names: Record<string, string[]> = {
    localhost: ['127.0.0.1', '::1'],
    'hooks.example.com': ['93.184.215.14'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.7'],
  };
  const resolve = async (host: string) => names[host] ?? [];

  it('checks URLs: scheme, credentials, literals and every resolved address', async () => {
    const check = (url: string, policy = strict) => checkWebhookUrl(url, policy, resolve);
    assert.equal(await check('https://hooks.example.com/astro'), null);
    assert.deepEqual(await check('ftp://hooks.example.com/'), { reason: 'scheme' });
    assert.deepEqual(await check('not a url'), { reason: 'malformed' });
    assert.deepEqual(await check('https://user:pw@hooks.example.com/'), { reason: 'credentials' });
    assert.deepEqual(await check('http://10.0.0.1/'), {
      reason: 'private_address',
      host: '10.0.0.1',
      address: '10.0.0.1',
    });
    assert.deepEqual(await check('http://169.254.169.254/latest/meta-data/'), {
      reason: 'private_address',
      host: '169.254.169.254',
      address: '169.254.169.254',
    });
    assert.deepEqual(await check('http://[::1]:8080/'), { reason: 'private_address', host: '::1', address: '::1' });
    // WHATWG URL parsing turns the decimal and hex IPv4 forms into dotted quads first.
    assert.equal((await check('http://2130706433/'))?.reason, 'private_address');
    assert.equal((await check('http://0x7f.1/'))?.reason, 'private_address');
    assert.deepEqual(await check('http://localhost:3000/'), {
      reason: 'private_address',
      host: 'localhost',
      address: '127.0.0.1',
    });
    // Loopback allowed for IPv4 only: localhost still reaches ::1, which stays refused.
    assert.deepEqual(await check('http://localhost:3000/', new AddressPolicy(['127.0.0.1/32'])), {
      reason: 'private_address',
      host: 'localhost',
      address: '::1',
    });
    assert.equal(
      (await check('https://rebind.example.com/'))?.reason,
      'private_address',
      'one internal address is enough',
    );
    assert.deepEqual(await check('https://nowhere.example.com/'), {
      reason: 'unresolvable',
      host: 'nowhere.example.com',
    });
  });
});

describe('IP literal parsing (RFC 4291 section 2.2 text forms)', () => {
  it('reads IPv4 and the IPv6 forms, refuses the rest', async () => {
    const { parseIp } = await import('../src/domain/webhooks/ip.ts');
    assert.deepEqual(parseIp('192.0.2.1'), { family: 4, value: 0xc0000201n });
    assert.deepEqual(parseIp('::1'), { family: 6, value: 1n });
    assert.deepEqual(parseIp('[::1]'), { family: 6, value: 1n });
    // RFC 4291 2.2 example: 2001:DB8:0:0:8:800:200C:417A = 2001:DB8::8:800:200C:417A
    assert.deepEqual(parseIp('2001:DB8::8:800:200C:417A'), parseIp('2001:DB8:0:0:8:800:200C:417A'));
    // RFC 4291 2.2 example 3: ::FFFF:129.144.52.38 (mixed notation)
    assert.deepEqual(parseIp('::FFFF:129.144.52.38'), { family: 6, value: 0xffff81903426n });
    for (const bad of ['1.2.3', '256.1.1.1', '01.2.3.4', '1::2::3', '1:2:3:4:5:6:7:8:9', 'g::1', 'localhost', ''])
      assert.equal(parseIp(bad), null, bad);
  });
});
