// The MCP server's configuration, parsed once at start-up from the environment (the only place that
// reads it). A bad value stops the process with every problem named; the key is never printed.
import { z } from 'zod';

const schema = z.object({
  ASTRO_BASE_URL: z
    .url({ message: 'an http(s) URL of the gateway, without /v1' })
    .default('http://127.0.0.1:8080')
    .describe('the public gateway the tools call, e.g. https://api.example.com (no trailing /v1)'),
  ASTRO_API_KEY: z
    .string()
    .regex(/^\S+$/, 'no spaces')
    .optional()
    .describe('stdio transport: the API key (ak_live_...) every tool call is made with; required for stdio'),
  MCP_TRANSPORT: z
    .enum(['stdio', 'http'])
    .default('stdio')
    .describe('stdio (a desktop agent starts the server) or http (Streamable HTTP, key per session)'),
  MCP_HTTP_HOST: z.string().default('127.0.0.1').describe('http transport: the address to listen on'),
  MCP_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8765).describe('http transport: the port'),
  MCP_ALLOWED_HOSTS: z
    .string()
    .optional()
    .describe(
      'http transport: comma-separated Host header values accepted (DNS-rebinding protection); default the listen address',
    ),
});

export type McpConfig = z.infer<typeof schema>;

export class McpConfigError extends Error {}

/** Parses the environment; throws McpConfigError naming every bad variable (never its value). */
export function parseMcpConfig(env: Record<string, string | undefined>): McpConfig {
  const cleaned = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success)
    throw new McpConfigError(
      `astro-mcp: invalid configuration\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
    );
  const cfg = parsed.data;
  if (cfg.MCP_TRANSPORT === 'stdio' && !cfg.ASTRO_API_KEY)
    throw new McpConfigError(
      'astro-mcp: ASTRO_API_KEY is required with the stdio transport (create a key in the dashboard)',
    );
  return cfg;
}
