// The MCP server object: the tools of tools.ts bound to one API client (one key). Transports
// (stdio.ts, http.ts) create one per connection.
import type { AstroClient } from '@astro/sdk';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { callApi } from './api-call.ts';
import { TOOLS } from './tools.ts';

export const SERVER_INFO = { name: 'astro-api', version: '1.0.0' } as const;

const INSTRUCTIONS =
  'Astrology API tools. Create a chart first (create_chart; find_place resolves a birthplace to coordinates and ' +
  'time zone), then pass its id to the chart tools. Moments are ISO 8601 with a UTC offset. Each tool call is ' +
  'one request of your API key: it counts toward your plan\u2019s rate limit and quotas; a refused call comes ' +
  'back as a tool error whose JSON names the API error code (rate_limited, too_many_requests, unauthorized, ' +
  'chart_not_found, invalid_request...).';

export function createAstroMcpServer(api: AstroClient): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  for (const t of TOOLS)
    server.registerTool(
      t.name,
      { title: t.title, description: t.description, inputSchema: t.input, annotations: t.annotations },
      (args: Record<string, unknown>) => callApi(() => t.run(api, args as never)),
    );
  return server;
}
