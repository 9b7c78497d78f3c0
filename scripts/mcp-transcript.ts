// `npm run mcp:transcript`: records one MCP session against a running fleet and writes every JSON-RPC
// message of it to docs/mcp-session-transcript.md. The MCP server is started over stdio exactly as an
// agent would (packages/mcp-server/src/main.ts with ASTRO_BASE_URL and ASTRO_API_KEY), then the
// session lists the tools, creates a chart, reads its positions, its current Vimshottari dasha and
// the day's panchanga, asks for a chart that does not exist (a tool error) and deletes the chart.
//   ASTRO_BASE_URL=http://127.0.0.1:8080 ASTRO_API_KEY=ak_live_... npm run mcp:transcript
// tests/mcp.test.ts runs the same session on the test fleet (RECORD_MCP_TRANSCRIPT=1 writes the file).
// The key is never written: the transcript shows the environment with the key masked.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'packages', 'mcp-server', 'src', 'main.ts');
export const TRANSCRIPT_FILE = path.join(ROOT, 'docs', 'mcp-session-transcript.md');

export interface RecordedMessage {
  direction: 'client -> server' | 'server -> client';
  message: JSONRPCMessage;
}

/** A transport that passes every message through and keeps a copy, in order. */
export class RecordingTransport implements Transport {
  readonly messages: RecordedMessage[] = [];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(private readonly inner: Transport) {}

  get sessionId() {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.messages.push({ direction: 'server -> client', message });
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (e) => this.onerror?.(e);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: Parameters<Transport['send']>[1]): Promise<void> {
    this.messages.push({ direction: 'client -> server', message });
    await this.inner.send(message, options);
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A stdio client transport that starts the MCP server with this key and gateway. */
export function stdioTransport(baseUrl: string, apiKey: string): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', SERVER_ENTRY],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ASTRO_BASE_URL: baseUrl, ASTRO_API_KEY: apiKey },
    stderr: 'pipe',
  });
}

/** The text of a tool result, parsed as the JSON it carries. */
export function toolJson(result: unknown): any {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  const text = content.find((c) => c.type === 'text')?.text;
  if (text === undefined) throw new Error(`a tool result without text: ${JSON.stringify(result).slice(0, 300)}`);
  return JSON.parse(text);
}

/** Runs the documented session and returns its messages. */
export async function recordSession(baseUrl: string, apiKey: string): Promise<RecordedMessage[]> {
  const transport = new RecordingTransport(stdioTransport(baseUrl, apiKey));
  const client = new Client({ name: 'astro-transcript', version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    const chart = toolJson(
      await client.callTool({
        name: 'create_chart',
        // Albert Einstein, Ulm, 14 March 1879 11:30 LMT = 10:50:04 UTC (Astro-Databank, rating AA).
        arguments: { birth: { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 } },
      }),
    );
    await client.callTool({ name: 'get_chart', arguments: { chart_id: chart.id } });
    await client.callTool({
      name: 'vimshottari_current',
      // 30 June 1905, the month his paper on special relativity was received (Annalen der Physik).
      arguments: { chart_id: chart.id, at: '1905-06-30T12:00:00+01:00' },
    });
    await client.callTool({
      name: 'panchanga',
      arguments: { day: '2026-01-14', latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' },
    });
    await client.callTool({ name: 'get_chart', arguments: { chart_id: '00000000-0000-7000-8000-000000000000' } });
    await client.callTool({ name: 'delete_chart', arguments: { chart_id: chart.id } });
  } finally {
    await client.close();
  }
  return transport.messages;
}

/** Long answers (the tool list, a chart's positions) are shortened in the file, never in the session. */
function shorten(m: RecordedMessage): string {
  const text = JSON.stringify(m.message, null, 2);
  return text.length > 6000 ? `${text.slice(0, 6000)}\n... (${text.length - 6000} more characters)` : text;
}

export function renderTranscript(baseUrl: string, messages: RecordedMessage[]): string {
  const lines = [
    '# MCP session transcript',
    '',
    'Generated by `scripts/mcp-transcript.ts` (`npm run mcp:transcript` against a running fleet, or',
    '`RECORD_MCP_TRANSCRIPT=1` with tests/mcp.test.ts on the test fleet): the JSON-RPC messages of one',
    "session between the SDK's `Client` and the MCP server started over stdio, in order. Messages longer",
    'than 6000 characters are cut here (marked), not in the session. See docs/mcp.md.',
    '',
    'Server command: `node --import tsx packages/mcp-server/src/main.ts`, environment',
    `\`ASTRO_BASE_URL=${baseUrl}\`, \`ASTRO_API_KEY=ak_live_****\` (a key of a new account).`,
    '',
  ];
  messages.forEach((m, i) => {
    lines.push(`## ${i + 1}. ${m.direction}`, '', '```json', shorten(m), '```', '');
  });
  return lines.join('\n');
}

export async function writeTranscript(baseUrl: string, apiKey: string, file = TRANSCRIPT_FILE): Promise<void> {
  const messages = await recordSession(baseUrl, apiKey);
  const text = renderTranscript(baseUrl, messages);
  if (text.includes(apiKey)) throw new Error('the transcript would contain the API key');
  fs.writeFileSync(file, text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const baseUrl = process.env.ASTRO_BASE_URL || 'http://127.0.0.1:8080';
  const apiKey = process.env.ASTRO_API_KEY;
  if (!apiKey) {
    process.stderr.write('mcp-transcript: set ASTRO_API_KEY (a key with charts:read and charts:write)\n');
    process.exit(2);
  }
  await writeTranscript(baseUrl, apiKey);
  process.stdout.write(`mcp-transcript: wrote ${path.relative(ROOT, TRANSCRIPT_FILE)}\n`);
}
