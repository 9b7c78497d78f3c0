// The Streamable HTTP transport, for agents that connect over the network. Each MCP session carries
// its own API key: the client sends `Authorization: Bearer <key>` on the initialize request and on
// every request after it; a request whose key is not the session's is refused, so a leaked session
// id alone is worth nothing. The key is held in memory for the session (as a hash for comparison)
// and never logged. Host headers are checked against an allow-list (DNS-rebinding protection).
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { apiClient } from './api-client.ts';
import type { McpConfig } from './config.ts';
import { createAstroMcpServer } from './server.ts';

interface Session {
  transport: StreamableHTTPServerTransport;
  keyHash: Buffer;
  lastSeen: number;
}

/** Sessions idle this long are closed (an agent that went away never says DELETE). */
const IDLE_MS = 30 * 60_000;
const MAX_SESSIONS = 1000;
const MAX_BODY_BYTES = 1_000_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest();

function bearer(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

function jsonRpcError(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(c);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export interface McpHttpServer {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(cfg: McpConfig): Promise<McpHttpServer> {
  const sessions = new Map<string, Session>();

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, s] of sessions)
      if (now - s.lastSeen > IDLE_MS) void s.transport.close().then(() => sessions.delete(id));
  }, 60_000);
  sweep.unref();

  let allowedHosts: Set<string> = new Set();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return jsonRpcError(res, 403, 'host not allowed');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return jsonRpcError(res, 404, 'not found: the MCP endpoint is /mcp');
    const key = bearer(req);
    if (!key) return jsonRpcError(res, 401, 'Authorization: Bearer <API key> is required', -32001);
    const sessionId = req.headers['mcp-session-id'];
    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = await readJson(req);
      } catch {
        return jsonRpcError(res, 400, 'the body is not JSON', -32700);
      }
    }
    if (typeof sessionId === 'string') {
      const s = sessions.get(sessionId);
      if (!s) return jsonRpcError(res, 404, 'unknown or expired session: initialize again');
      if (!timingSafeEqual(s.keyHash, hashKey(key)))
        return jsonRpcError(res, 403, 'this session belongs to another API key', -32001);
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return jsonRpcError(res, 400, 'no Mcp-Session-Id: the first request must be initialize');
    if (sessions.size >= MAX_SESSIONS) return jsonRpcError(res, 503, 'too many open sessions');
    const keyHash = hashKey(key);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, keyHash, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createAstroMcpServer(apiClient(cfg.ASTRO_BASE_URL, key)).connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) jsonRpcError(res, 500, 'internal error', -32603);
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(cfg.MCP_HTTP_PORT, cfg.MCP_HTTP_HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  allowedHosts = new Set(
    (cfg.MCP_ALLOWED_HOSTS?.split(',') ?? [`${cfg.MCP_HTTP_HOST}:${port}`, `localhost:${port}`])
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const url = `http://${cfg.MCP_HTTP_HOST}:${port}/mcp`;
  process.stderr.write(`astro-mcp: Streamable HTTP server on ${url} (API ${cfg.ASTRO_BASE_URL})\n`);
  return {
    url,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
