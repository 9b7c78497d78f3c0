// The MCP server's configuration: defaults, the key required over stdio only, and bad values named
// without echoing them (a mistyped key must not end up in an agent's log).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { McpConfigError, parseMcpConfig } from './config.ts';

describe('parseMcpConfig', () => {
  it('defaults: stdio against a local gateway; the key is kept as given', () => {
    const cfg = parseMcpConfig({ ASTRO_API_KEY: 'ak_live_abc' });
    assert.equal(cfg.MCP_TRANSPORT, 'stdio');
    assert.equal(cfg.ASTRO_BASE_URL, 'http://127.0.0.1:8080');
    assert.equal(cfg.ASTRO_API_KEY, 'ak_live_abc');
    assert.equal(cfg.MCP_HTTP_PORT, 8765);
  });

  it('stdio without a key is refused; http takes its keys per session and needs none', () => {
    assert.throws(
      () => parseMcpConfig({}),
      (e: unknown) => e instanceof McpConfigError && /ASTRO_API_KEY/.test(e.message),
    );
    assert.throws(() => parseMcpConfig({ ASTRO_API_KEY: '' }), McpConfigError);
    const cfg = parseMcpConfig({ MCP_TRANSPORT: 'http', MCP_HTTP_PORT: '0' });
    assert.equal(cfg.ASTRO_API_KEY, undefined);
    assert.equal(cfg.MCP_HTTP_PORT, 0);
  });

  it('names every bad variable and never prints a value', () => {
    const secret = 'ak_live_has a space';
    let message = '';
    try {
      parseMcpConfig({
        ASTRO_API_KEY: secret,
        ASTRO_BASE_URL: 'not a url',
        MCP_TRANSPORT: 'ws',
        MCP_HTTP_PORT: '70000',
      });
    } catch (e) {
      message = (e as Error).message;
    }
    for (const name of ['ASTRO_API_KEY', 'ASTRO_BASE_URL', 'MCP_TRANSPORT', 'MCP_HTTP_PORT'])
      assert.ok(message.includes(name), `${name} is named: ${message}`);
    assert.ok(!message.includes(secret) && !message.includes('has a space'), message);
  });
});
