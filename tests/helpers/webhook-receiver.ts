// A local webhook receiver for the end-to-end tests, and the receiver-side signature check done
// independently of our signer: HMAC-SHA256 with node:crypto over "t.body", Stripe's documented scheme
// (https://docs.stripe.com/webhooks#verify-manually).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './client.ts';

export interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver; `answer` decides each response (status, or 'hang' to never answer in time). */
export class Receiver {
  readonly received: Received[] = [];
  private server!: http.Server;
  answer: (r: Received, n: number) => number | 'hang' = () => 200;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(r);
        const a = this.answer(r, this.received.length);
        if (a === 'hang') {
          setTimeout(() => res.writeHead(200).end('late'), 4000).unref();
          return;
        }
        res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  of(eventId: string): Received[] {
    return this.received.filter((r) => r.headers['webhook-id'] === eventId);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Stripe's documented verification: every v1 in the header against HMAC-SHA256(secret, t + "." + body). */
export function signatureMatches(header: string | string[] | undefined, body: string, secret: string): boolean {
  assert.equal(typeof header, 'string', 'X-Astro-Signature present');
  const pairs = (header as string).split(',').map((p) => {
    const i = p.indexOf('=');
    return [p.slice(0, i), p.slice(i + 1)] as const;
  });
  const t = pairs.find(([k]) => k === 't')?.[1];
  assert.match(t ?? '', /^[0-9]{10}$/, 't is a unix time in seconds');
  // Stripe's default tolerance: 5 minutes between the timestamp and the receiver's clock.
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300, 'timestamp within 5 minutes');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return pairs.some(([k, v]) => k === 'v1' && v === expected);
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
