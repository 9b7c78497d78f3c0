// Entry point: `node --import tsx packages/mcp-server/src/main.ts` (npm run mcp). Reads the
// configuration (config.ts) and serves over stdio (default) or Streamable HTTP.
import { McpConfigError, parseMcpConfig, type McpConfig } from './config.ts';
import { serveHttp } from './http.ts';
import { serveStdio } from './stdio.ts';

let cfg: McpConfig;
try {
  cfg = parseMcpConfig(process.env);
} catch (err) {
  if (!(err instanceof McpConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(78); // EX_CONFIG
}

if (cfg.MCP_TRANSPORT === 'http') {
  const server = await serveHttp(cfg);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  await serveStdio(cfg);
}
