// The PDF report renders a well-formed document (header, trailer, two pages) from a chart.
import assert from 'node:assert/strict';
import { it } from '@jest/globals';
import { renderReportPdf } from '../src/domain/reports/render-pdf.ts';

it('renders a two-page PDF with the wheel, positions, scores and statements', async () => {
  const planets = ['sun', 'moon', 'mercury', 'venus', 'mars', 'ascendant'].map((planet, i) => ({
    planet,
    sign: 'aries',
    longitude: i * 3.5,
    degree_in_sign: i * 3.5,
    is_retrograde: planet === 'mercury',
  }));
  const { pdf, pageCount } = await renderReportPdf({
    title: 'Natal chart report',
    chart: {
      id: 'c1',
      system: 'vedic',
      house_system: 'whole_sign',
      birth: { moment: '1990-05-15T10:30:00+05:30', latitude: 28.6, longitude: 77.2 },
      planets,
      houses: Array.from({ length: 12 }, (_, i) => ({ house: i + 1, longitude: i * 30 })),
    },
    scores: [{ skill_id: 'drive', value: 0.7, level: 'high', lead_planet: 'mars' }],
    statements: [{ skill_id: 'drive', kind: 'strength', body: 'Drive is a dependable strength.' }],
    createdAt: new Date('2026-01-01T00:00:00Z'),
  });
  assert.equal(pageCount, 2);
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(pdf.subarray(-8).toString('latin1'), /%%EOF\s*$/);
  assert.equal((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length, 2);
});
