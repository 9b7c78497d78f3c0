import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { AppError, errorBody, fromGrpcError, httpStatusOf, toGrpcError } from './errors.ts';

describe('one error model', () => {
  it('maps spec codes to their HTTP status (1-platform.md Errors table)', () => {
    assert.equal(httpStatusOf('unauthorized'), 401);
    assert.equal(httpStatusOf('no_principal'), 401);
    assert.equal(httpStatusOf('missing_scope'), 403);
    assert.equal(httpStatusOf('api_key_not_found'), 404);
    assert.equal(httpStatusOf('email_already_registered'), 409);
    assert.equal(httpStatusOf('invalid_or_expired_code'), 410);
    assert.equal(httpStatusOf('invalid_request'), 422);
    assert.equal(httpStatusOf('resend_too_soon'), 429);
    assert.equal(httpStatusOf('email_delivery_failed'), 502);
    assert.equal(httpStatusOf('signups_temporarily_paused'), 503);
    assert.equal(httpStatusOf('no_such_code'), 500);
  });

  it('survives the gRPC hop with code, details and headers', () => {
    const err = new AppError('resend_too_soon', 'wait', { retry_after_seconds: 30 }, { 'Retry-After': '30' });
    const wire = toGrpcError(err);
    assert.equal(wire.code, GrpcStatus.RESOURCE_EXHAUSTED);
    const back = fromGrpcError(wire as ServiceError);
    assert.equal(back.code, 'resend_too_soon');
    assert.equal(back.message, 'wait');
    assert.deepEqual(back.details, { retry_after_seconds: 30 });
    assert.deepEqual(back.headers, { 'Retry-After': '30' });
  });

  it('turns unknown failures into internal_error without leaking their message', () => {
    const wire = toGrpcError(new Error('db password is hunter2'));
    assert.equal(wire.code, GrpcStatus.INTERNAL);
    const back = fromGrpcError(wire as ServiceError);
    assert.equal(back.code, 'internal_error');
    assert.doesNotMatch(back.message, /hunter2/);
  });

  it('maps bare gRPC statuses from unreachable or slow services', () => {
    const bare = (code: GrpcStatus) => ({ code, metadata: undefined }) as unknown as ServiceError;
    assert.equal(fromGrpcError(bare(GrpcStatus.UNAVAILABLE)).code, 'service_unavailable');
    assert.equal(fromGrpcError(bare(GrpcStatus.DEADLINE_EXCEEDED)).code, 'gateway_timeout');
  });

  it('builds the envelope', () => {
    assert.deepEqual(errorBody(new AppError('missing_scope', 'x', { required: 'keys:manage' }), 'rid'), {
      error: {
        code: 'missing_scope',
        message_key: 'errors.missing_scope',
        message: 'x',
        details: { required: 'keys:manage' },
        request_id: 'rid',
      },
    });
  });
});
