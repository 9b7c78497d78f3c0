import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { z } from 'zod';
import { bool, ConfigError, int, key, list, parseConfig, port } from './config.ts';

const spec = {
  PORT: key(port(8080), 'HTTP port'),
  WORKERS: key(int(2, 1), 'worker count'),
  PAUSED: key(bool(false), 'pause switch'),
  HOSTS: key(list(['a']), 'hosts'),
  SECRET: key(z.string().min(4), 'a secret', { secret: true }),
};

describe('config', () => {
  it('applies defaults and coerces types', () => {
    const c = parseConfig('t', spec, { SECRET: 'abcd' });
    assert.deepEqual(c, { PORT: 8080, WORKERS: 2, PAUSED: false, HOSTS: ['a'], SECRET: 'abcd' });
    const d = parseConfig('t', spec, { SECRET: 'abcd', PORT: '9', PAUSED: 'true', HOSTS: 'x, y' });
    assert.equal(d.PORT, 9);
    assert.equal(d.PAUSED, true);
    assert.deepEqual(d.HOSTS, ['x', 'y']);
  });

  it('fails fast naming every bad variable', () => {
    assert.throws(
      () => parseConfig('svc', spec, { PORT: 'eighty', WORKERS: '0' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.length === 3 &&
        /PORT/.test(err.message) &&
        /WORKERS/.test(err.message) &&
        /SECRET/.test(err.message),
    );
  });
});
