// @astro/mcp-server: the Model Context Protocol server over the public Astrology API (docs/mcp.md).
export { createAstroMcpServer, SERVER_INFO } from './server.ts';
export { TOOLS, type ToolSpec } from './tools.ts';
export { parseMcpConfig, McpConfigError, type McpConfig } from './config.ts';
export { serveHttp, type McpHttpServer } from './http.ts';
export { serveStdio } from './stdio.ts';
export { errorResult, toolError, toolSuccess, type ToolErrorBody } from './api-call.ts';
