// The webhook HTTP sender against a local server: the address policy is applied again at delivery
// time on the connection's own DNS lookup (a name is refused when it resolves to a refused address,
// and no request reaches the server), redirects are answers (not followed), and the timeout bounds
// the whole exchange.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { HttpWebhookSender } from '../src/clients/webhooks/http-sender.ts';
import { AddressPolicy } from '../src/domain/webhooks/address-policy.ts';

let server: http.Server;
let port = 0;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/hang') return void setTimeout(() => res.end('late'), 3000).unref();
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const send = (sender: HttpWebhookSender, path: string, host = '127.0.0.1', timeoutMs = 2000) =>
  sender.send({
    url: `http://${host}:${port}${path}`,
    headers: { 'content-type': 'application/json' },
    body: '{}',
    timeoutMs,
  });

describe('HttpWebhookSender', () => {
  it('refuses a loopback address at delivery time, literal or by name, without connecting', async () => {
    const strict = new HttpWebhookSender(new AddressPolicy());
    const before = seen.length;
    assert.deepEqual(await send(strict, '/a'), { error: 'address not allowed' });
    assert.deepEqual(await send(strict, '/b', 'localhost'), { error: 'address not allowed' });
    assert.equal(seen.length, before, 'the server saw no request');
  });

  it('sends when the network is allowed, and reports the status', async () => {
    const dev = new HttpWebhookSender(new AddressPolicy(['127.0.0.1/32']));
    assert.deepEqual(await send(dev, '/ok'), { statusCode: 204 });
    assert.ok(seen.includes('/ok'));
  });

  it('does not follow redirects', async () => {
    const dev = new HttpWebhookSender(new AddressPolicy(['127.0.0.1/32']));
    assert.deepEqual(await send(dev, '/redirect'), { statusCode: 302 });
  });

  it('gives up after the timeout', async () => {
    const dev = new HttpWebhookSender(new AddressPolicy(['127.0.0.1/32']));
    const t0 = Date.now();
    assert.deepEqual(await send(dev, '/hang', '127.0.0.1', 300), { error: 'timeout after 300 ms' });
    assert.ok(Date.now() - t0 < 2000);
  });
});
