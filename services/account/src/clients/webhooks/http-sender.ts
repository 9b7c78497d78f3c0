// POSTs webhook deliveries with node:http(s). The connection's DNS lookup goes through the address
// policy, so the address actually connected to is checked (a name that resolved to a public address
// at registration and to an internal one now is refused), and redirects are not followed (a 3xx is an
// answer like any other non-2xx). The response body is read and discarded, at most 64 KiB.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy, Resolver } from '../../domain/webhooks/address-policy.ts';
import type { SendRequest, SendResult, WebhookSender } from '../../domain/webhooks/ports.ts';

const MAX_RESPONSE_BYTES = 64 * 1024;

/** How long a registration waits for DNS: a name that does not answer in time counts as unresolvable. */
const RESOLVE_TIMEOUT_MS = 3000;

/** Every address of a host name (A and AAAA, as the system resolver answers), bounded in time. */
export const systemResolver: Resolver = async (host) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('dns timeout')), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
};

/** A lookup for http.request that answers only allowed addresses, else fails the connection. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !policy.allows(a.address));
      const first = list[0];
      if (refused || !first) {
        const e = Object.assign(new Error('address not allowed'), { code: 'EADDRNOTALLOWED' });
        return callback(e, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

export class HttpWebhookSender implements WebhookSender {
  private readonly lookup: LookupFunction;

  constructor(private readonly policy: AddressPolicy) {
    this.lookup = guardedLookup(policy);
  }

  send(req: SendRequest): Promise<SendResult> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return Promise.resolve({ error: 'invalid url' });
    }
    // An IP literal skips the lookup: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !this.policy.allows(host)) return Promise.resolve({ error: 'address not allowed' });
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const done = (r: SendResult) => {
        if (!settled) {
          settled = true;
          resolve(r);
        }
      };
      const request = mod.request(
        url,
        {
          method: 'POST',
          headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
          lookup: this.lookup,
          timeout: req.timeoutMs,
          agent: false,
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) res.destroy();
          });
          res.on('close', () => done({ statusCode: res.statusCode ?? 0 }));
          res.on('error', () => done({ statusCode: res.statusCode ?? 0 }));
        },
      );
      // The whole exchange, not only socket idleness, is bounded by the timeout.
      const deadline = setTimeout(() => {
        done({ error: `timeout after ${req.timeoutMs} ms` });
        request.destroy();
      }, req.timeoutMs);
      request.on('timeout', () => {
        done({ error: `timeout after ${req.timeoutMs} ms` });
        request.destroy();
      });
      request.on('error', (err: NodeJS.ErrnoException) => {
        done({ error: err.code === 'EADDRNOTALLOWED' ? 'address not allowed' : (err.code ?? err.message) });
      });
      request.on('close', () => clearTimeout(deadline));
      request.end(req.body);
    });
  }
}
