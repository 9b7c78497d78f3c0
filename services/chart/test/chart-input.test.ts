import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError } from '@astro/platform';
import { validateChartRequest } from '../src/domain/chart-input.ts';
import { enforceDemoLimit, type DemoHitStore } from '../src/domain/demo-limiter.ts';

const birth = { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6139, longitude: 77.209 };

function fields(fn: () => unknown, code = 'invalid_request'): string[] {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof AppError && err.code === code, String(err));
    return (err.details!.errors as { field: string; reason: string }[]).map((e) => `${e.field}:${e.reason}`);
  }
  throw new Error('expected invalid_request');
}

describe('chart request validation', () => {
  it('applies the spec defaults: vedic, placidus, lahiri', () => {
    const r = validateChartRequest({ birth });
    assert.equal(r.system, 'vedic');
    assert.equal(r.houseSystem, 'placidus');
    assert.equal(r.ayanamsha, 'lahiri');
    // 10:30 at +05:30 is 05:00 UTC.
    assert.equal(r.utcMs, Date.UTC(1990, 4, 15, 5, 0));
    assert.equal(r.offsetMinutes, 330);
  });

  it('null ayanamsha suppresses it on Western charts and is refused on Vedic ones', () => {
    assert.equal(validateChartRequest({ birth, system: 'western', ayanamsha: null }).ayanamsha, null);
    assert.deepEqual(
      fields(() => validateChartRequest({ birth, system: 'vedic', ayanamsha: null })),
      ['ayanamsha:required_for_vedic'],
    );
  });

  it('names every bad field with its reason', () => {
    assert.deepEqual(
      fields(
        () =>
          validateChartRequest({
            birth: { moment: '1990-05-15T10:30:00', latitude: -91, longitude: 181 },
            system: 'x',
            house_system: 'koch',
            ayanamsha: 'sayana',
          }),
        // A naive datetime answers the API-wide naive-datetime code; every bad field is still listed.
        'naive_datetime',
      ),
      [
        'birth.moment:naive_datetime',
        'birth.latitude:out_of_range',
        'birth.longitude:out_of_range',
        'system:invalid_enum',
        'house_system:invalid_enum',
        'ayanamsha:unknown_ayanamsha',
      ],
    );
    assert.deepEqual(
      fields(() => validateChartRequest({ birth: { ...birth, moment: '0900-01-01T00:00:00Z' } })),
      ['birth.moment:out_of_range'],
    );
    assert.deepEqual(
      fields(() => validateChartRequest({ birth: { ...birth, moment: 'yesterday' } })),
      ['birth.moment:invalid_datetime'],
    );
  });
});

describe('chart request ayanamsha', () => {
  it('accepts every supported ayanamsha (issue 20), and stores Lahiri when absent', () => {
    for (const a of ['true_chitra', 'raman', 'krishnamurti', 'fagan_bradley', 'yukteshwar', 'true_revati'])
      assert.equal(validateChartRequest({ birth, ayanamsha: a }).ayanamsha, a);
    for (const a of ['true_pushya', 'suryasiddhanta', 'jn_bhasin'])
      assert.equal(validateChartRequest({ birth, system: 'western', ayanamsha: a }).ayanamsha, a);
    assert.equal(validateChartRequest({ birth }).ayanamsha, 'lahiri');
  });

  it('refuses an unknown one with 422 unknown_ayanamsha naming the accepted ids, other errors still listed', () => {
    for (const bad of ['sayana', 'Lahiri', 'toString', 7, '']) {
      assert.deepEqual(
        fields(() => validateChartRequest({ birth, ayanamsha: bad }), 'unknown_ayanamsha'),
        ['ayanamsha:unknown_ayanamsha'],
        String(bad),
      );
    }
    try {
      validateChartRequest({ birth: { ...birth, latitude: 95 }, ayanamsha: 'kp' });
      assert.fail('expected unknown_ayanamsha');
    } catch (err) {
      assert.ok(err instanceof AppError && err.code === 'unknown_ayanamsha');
      const d = err.details as { accepted: string[]; errors: { field: string }[]; value: string };
      assert.equal(d.value, 'kp');
      assert.ok(d.accepted.includes('lahiri') && d.accepted.includes('krishnamurti'));
      assert.deepEqual(d.errors.map((e) => e.field).sort(), ['ayanamsha', 'birth.latitude']);
    }
  });
});

describe('demo limit', () => {
  /** An in-memory store with the same contract as the PostgreSQL one. */
  function memoryStore(): DemoHitStore {
    const hits: Date[] = [];
    return {
      async tryHit(_client, now, windowStart, limit) {
        const inWindow = hits.filter((h) => h > windowStart);
        if (inWindow.length >= limit) return { allowed: false, oldest: inWindow[0] ?? null };
        hits.push(now);
        return { allowed: true, oldest: inWindow[0] ?? now };
      },
    };
  }

  it('allows N per window, then 429 with Retry-After until the oldest hit ages out', async () => {
    const store = memoryStore();
    const cfg = { limit: 5, windowSeconds: 3600 };
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0);
    for (let i = 0; i < 5; i++) await enforceDemoLimit(store, 'a', cfg, new Date(t0 + i * 60_000));
    const err = await enforceDemoLimit(store, 'a', cfg, new Date(t0 + 10 * 60_000)).catch((e: AppError) => e);
    assert.ok(err instanceof AppError);
    assert.equal(err.code, 'demo_rate_limit_exceeded');
    assert.equal(err.headers['Retry-After'], String(50 * 60)); // the 10:00 hit leaves the window at 11:00
    await enforceDemoLimit(store, 'a', cfg, new Date(t0 + 3600_000 + 1));
  });
});
