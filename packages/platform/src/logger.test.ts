import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Writable } from 'node:stream';
import winston from 'winston';
import { createLogger, redact } from './logger.ts';

describe('log redaction', () => {
  it('masks secret-bearing fields at any depth', () => {
    const out = redact({
      body: { email: 'a@b.c', password: 'hunter2', nested: { refresh_token: 'rt_x' } },
      authorization: 'Bearer x',
    });
    assert.deepEqual(out, {
      body: { email: 'a@b.c', password: '[redacted]', nested: { refresh_token: '[redacted]' } },
      authorization: '[redacted]',
    });
  });

  it('masks API keys and JWTs inside free text', () => {
    const s = redact('key ak_live_abcDEF123 and eyJhbGciOi.eyJzdWIiOi.sig here') as string;
    assert.doesNotMatch(s, /abcDEF123/);
    assert.doesNotMatch(s, /eyJzdWIiOi/);
    const t = redact('test key ak_test_XyZ987abc in a message') as string;
    assert.doesNotMatch(t, /XyZ987abc/);
    assert.match(t, /ak_test_\[redacted\]/);
    const f = redact('GET /v1/calendar-feeds/ical_Ab3-_x9QwErTyUiOpAsDfGhJkLzXcVbNm1234567890ab.ics') as string;
    assert.equal(f, 'GET /v1/calendar-feeds/ical_[redacted].ics');
  });

  it('masks webhook signing secrets inside free text', () => {
    const s = redact('rolled to whsec_Ab-c_123xyz for the endpoint') as string;
    assert.equal(s, 'rolled to whsec_[redacted] for the endpoint');
  });
});

describe('log levels', () => {
  it('writes the lines at or above the level, and follows a level changed at run time', () => {
    const logger = createLogger('test', 'warn');
    const lines: Record<string, unknown>[] = [];
    logger.clear();
    logger.add(
      new winston.transports.Stream({
        stream: new Writable({
          write(chunk, _enc, done) {
            lines.push(JSON.parse(String(chunk)));
            done();
          },
        }),
      }),
    );
    logger.info('dropped');
    logger.warn('kept', { token: 'x' });
    logger.level = 'info';
    logger.info('kept too');
    assert.deepEqual(
      lines.map((l) => [l.level, l.message, l.service]),
      [
        ['warn', 'kept', 'test'],
        ['info', 'kept too', 'test'],
      ],
    );
    assert.equal(lines[0]!.token, '[redacted]');
  });
});
