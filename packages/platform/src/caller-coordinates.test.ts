// The platform kit's caller and coordinate checks. Limits: latitude ±90° and longitude ±180° are the
// geographic definitions (WGS 84, EPSG:4326 axis ranges).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError } from './errors.ts';
import { coordinateErrors } from './coordinates.ts';
import { requireCaller, requireTenant, requireTenantId } from './caller.ts';

const fields = (e: { field: string; reason: string }[]) => e.map((x) => `${x.field}:${x.reason}`);

describe('coordinateErrors', () => {
  it('accepts the poles and the antimeridian', () => {
    assert.deepEqual(coordinateErrors({ latitude: 90, longitude: -180 }), []);
    assert.deepEqual(coordinateErrors({ latitude: -90, longitude: 180 }), []);
  });
  it('names missing and out-of-range coordinates, with a prefix inside an object', () => {
    assert.deepEqual(fields(coordinateErrors({ latitude: 90.0001 })), ['latitude:out_of_range', 'longitude:required']);
    assert.deepEqual(fields(coordinateErrors({ latitude: null, longitude: -180.5 }, 'birth.')), [
      'birth.latitude:required',
      'birth.longitude:out_of_range',
    ]);
    assert.deepEqual(fields(coordinateErrors({ latitude: Number.NaN, longitude: Infinity })), [
      'latitude:out_of_range',
      'longitude:out_of_range',
    ]);
  });
});

describe('caller', () => {
  const principal = { tenant_id: '0190f1a2-0000-7000-8000-000000000001' } as any;
  it('a public call without a principal is 401 unauthorized', () => {
    assert.throws(
      () => requireTenant({} as any),
      (e: AppError) => e.code === 'unauthorized',
    );
    assert.equal(requireTenant({ principal } as any), principal.tenant_id);
    assert.equal(requireCaller({ principal } as any), principal);
  });
  it('an internal tenant_id must be present and a UUID (422 invalid_request)', () => {
    for (const bad of [undefined, '', 'tenant-1'])
      assert.throws(
        () => requireTenantId(bad),
        (e: AppError) => e.code === 'invalid_request',
      );
    assert.equal(requireTenantId(principal.tenant_id), principal.tenant_id);
  });
});
