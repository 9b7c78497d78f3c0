import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { isDependencyUnavailable } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('recognises a database that is restarting or unreachable', () => {
    // SQLSTATE 57P03 cannot_connect_now, 57P01 admin_shutdown, 08006 connection_failure (PostgreSQL appendix A).
    assert.ok(isDependencyUnavailable(withCode('the database system is shutting down', '57P03')));
    assert.ok(isDependencyUnavailable(withCode('terminating connection due to administrator command', '57P01')));
    assert.ok(isDependencyUnavailable(withCode('connection failure', '08006')));
    assert.ok(isDependencyUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')));
    assert.ok(isDependencyUnavailable(new Error('Connection terminated unexpectedly')));
    assert.ok(isDependencyUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])));
    assert.ok(
      isDependencyUnavailable(Object.assign(new Error('adapter'), { cause: { kind: 'DatabaseNotReachable' } })),
    );
    assert.ok(isDependencyUnavailable(Object.assign(new Error('prisma'), { code: 'P1001' })));
    assert.ok(isDependencyUnavailable(new Error('wrapped', { cause: withCode('x', '57P01') })));
  });

  it('leaves programming and data errors alone', () => {
    assert.equal(isDependencyUnavailable(new TypeError('x is undefined')), false);
    assert.equal(isDependencyUnavailable(withCode('duplicate key value', '23505')), false);
    assert.equal(isDependencyUnavailable(withCode('syntax error', '42601')), false);
    assert.equal(isDependencyUnavailable(undefined), false);
    assert.equal(isDependencyUnavailable('ECONNREFUSED'), false);
  });
});
