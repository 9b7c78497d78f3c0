// The stdio transport: a desktop agent starts this process and speaks JSON-RPC on stdin/stdout; the
// key comes from the environment the agent's config gives (ASTRO_API_KEY). stdout carries protocol
// messages only, so diagnostics go to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { apiClient } from './api-client.ts';
import type { McpConfig } from './config.ts';
import { createAstroMcpServer } from './server.ts';

export async function serveStdio(cfg: McpConfig): Promise<void> {
  const server = createAstroMcpServer(apiClient(cfg.ASTRO_BASE_URL, cfg.ASTRO_API_KEY!));
  await server.connect(new StdioServerTransport());
  process.stderr.write(`astro-mcp: stdio server ready (API ${cfg.ASTRO_BASE_URL})\n`);
}
