// PDF report of a chart, drawn with pdfkit: a chart wheel (signs, house cusps, planets), a positions
// table, the ten talent scores as bars, and the template statements. English text with the PDF's
// built-in Helvetica (no font files to ship); pdfkit compresses page streams.
// pdfkit is imported on the first report (about a second of module loading kept out of the boot).
import type PDFDocumentType from 'pdfkit';

let pdfkit: Promise<typeof PDFDocumentType> | undefined;
const loadPdfkit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

export interface ReportPosition {
  planet: string;
  sign: string;
  longitude: number;
  degree_in_sign: number;
  is_retrograde: boolean;
}

export interface ReportInput {
  title: string;
  chart: {
    id: string;
    system: string;
    house_system: string;
    birth: { moment: string; latitude: number; longitude: number };
    planets: ReportPosition[];
    houses: { house: number; longitude: number }[];
  };
  scores: { skill_id: string; value: number; level: string; lead_planet: string }[];
  statements: { skill_id: string; kind: string; body: string }[];
  createdAt: Date;
}

export const REPORT_SECTIONS = ['chart_wheel', 'positions', 'talent_scores', 'statements'] as const;

const SIGN_ABBR = ['Ari', 'Tau', 'Gem', 'Can', 'Leo', 'Vir', 'Lib', 'Sco', 'Sag', 'Cap', 'Aqu', 'Pis'];
const PLANET_ABBR: Record<string, string> = {
  sun: 'Su',
  moon: 'Mo',
  mercury: 'Me',
  venus: 'Ve',
  mars: 'Ma',
  jupiter: 'Ju',
  saturn: 'Sa',
  uranus: 'Ur',
  neptune: 'Ne',
  pluto: 'Pl',
  rahu: 'Ra',
  ketu: 'Ke',
  ascendant: 'As',
  midheaven: 'MC',
};

function dms(deg: number): string {
  const d = Math.floor(deg);
  const m = Math.floor((deg - d) * 60);
  return `${d}°${String(m).padStart(2, '0')}'`;
}

/**
 * Wheel with the ascendant on the left (the usual orientation): a longitude `lon` sits at the angle
 * 180° + (lon - asc), counter-clockwise, in PDF coordinates where y grows downwards.
 */
function drawWheel(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number, input: ReportInput): void {
  const asc = input.chart.planets.find((p) => p.planet === 'ascendant')?.longitude ?? 0;
  const at = (lon: number, radius: number): [number, number] => {
    const a = ((180 + lon - asc) * Math.PI) / 180;
    return [cx + radius * Math.cos(a), cy - radius * Math.sin(a)];
  };
  doc.lineWidth(1).circle(cx, cy, r).stroke();
  doc.circle(cx, cy, r * 0.82).stroke();
  doc.circle(cx, cy, r * 0.35).stroke();
  doc.fontSize(7);
  for (let i = 0; i < 12; i++) {
    const [x1, y1] = at(i * 30, r * 0.82);
    const [x2, y2] = at(i * 30, r);
    doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
    const [tx, ty] = at(i * 30 + 15, r * 0.91);
    doc.text(SIGN_ABBR[i]!, tx - 8, ty - 3, { width: 16, align: 'center', lineBreak: false });
  }
  doc.lineWidth(0.5).strokeColor('#888888');
  for (const h of input.chart.houses) {
    const [x1, y1] = at(h.longitude, r * 0.35);
    const [x2, y2] = at(h.longitude, r * 0.82);
    doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
  }
  doc.strokeColor('#000000').fontSize(7);
  // Bodies within 6° are staggered inwards so their labels do not overlap.
  const sorted = [...input.chart.planets].sort((a, b) => a.longitude - b.longitude);
  let prev = -999;
  let ring = 0;
  for (const p of sorted) {
    ring = p.longitude - prev < 6 ? (ring + 1) % 3 : 0;
    prev = p.longitude;
    const [dx, dy] = at(p.longitude, r * 0.8);
    doc.circle(dx, dy, 1.2).fill();
    const [tx, ty] = at(p.longitude, r * (0.72 - ring * 0.1));
    doc.text(PLANET_ABBR[p.planet] ?? p.planet.slice(0, 2), tx - 7, ty - 3, {
      width: 14,
      align: 'center',
      lineBreak: false,
    });
  }
}

export async function renderReportPdf(input: ReportInput): Promise<{ pdf: Buffer; pageCount: number }> {
  const PDFDocument = await loadPdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    compress: true,
    bufferPages: true,
    // Fixed metadata so the document does not depend on the wall clock beyond createdAt.
    info: { Title: input.title, Author: 'Astrology API', CreationDate: input.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const c = input.chart;
  doc.font('Helvetica-Bold').fontSize(18).text(input.title);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(
    `${c.system} chart, ${c.house_system} houses. Birth ${c.birth.moment}, latitude ${c.birth.latitude}, longitude ${c.birth.longitude}.`,
  );
  doc.text(`Chart ${c.id}. Generated ${input.createdAt.toISOString()}.`);
  doc.fillColor('#000000');

  drawWheel(doc, 297, 300, 170, input);

  // Positions table.
  doc.y = 490;
  doc.x = 48;
  doc.font('Helvetica-Bold').fontSize(12).text('Positions');
  doc.font('Helvetica').fontSize(9);
  let y = doc.y + 4;
  const cols = [48, 150, 240, 330, 420];
  doc.font('Helvetica-Bold');
  ['Body', 'Sign', 'In sign', 'Longitude', 'Motion'].forEach((h, i) => doc.text(h, cols[i]!, y));
  doc.font('Helvetica');
  for (const p of c.planets) {
    y += 13;
    const row = [
      p.planet,
      p.sign,
      dms(p.degree_in_sign),
      p.longitude.toFixed(4),
      p.is_retrograde ? 'retrograde' : 'direct',
    ];
    row.forEach((v, i) => doc.text(v, cols[i]!, y, { lineBreak: false }));
  }

  // Talent scores.
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).text('Talent scores');
  doc.font('Helvetica').fontSize(9);
  y = doc.y + 6;
  for (const s of input.scores) {
    doc.text(s.skill_id, 48, y, { width: 100, lineBreak: false });
    doc.rect(150, y, 200, 9).stroke();
    doc.rect(150, y, 200 * s.value, 9).fill('#4a6fa5');
    doc
      .fillColor('#000000')
      .text(`${s.value.toFixed(2)}  ${s.level}  (${s.lead_planet})`, 360, y, { lineBreak: false });
    y += 16;
  }

  // Statements.
  doc.x = 48;
  doc.y = y + 16;
  doc.font('Helvetica-Bold').fontSize(12).text('Statements');
  doc.font('Helvetica').fontSize(9);
  if (input.statements.length === 0) doc.text('No statement template matched this chart.');
  for (const s of input.statements) {
    doc.moveDown(0.3).font('Helvetica-Bold').text(`${s.skill_id} (${s.kind})`, { continued: true });
    doc.font('Helvetica').text(`  ${s.body}`);
  }

  const pageCount = doc.bufferedPageRange().count;
  doc.end();
  return done.then((pdf) => ({ pdf, pageCount }));
}
