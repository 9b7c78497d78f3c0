// Chart images in a real browser: headless Chromium (Debian's, obtained by scripts/chromium.ts) shows
// each kind of image as the API serves it — the Western wheel, the North and the South Indian chart of
// Einstein's birth — and each screenshot is compared with a reference picture stored in
// tests/fixtures/chart-images/ (pixelmatch, tolerance below). The references were made by this test
// (UPDATE_REFERENCE_IMAGES=1) and checked by eye against Astrodienst's published drawing of the chart
// (signs of each planet, ascendant in Cancer); the same pictures are in docs/images/.
// A second check needs no stored picture: the PNG the API renders with resvg and Chromium's rendering
// of the SVG are two independent renderers, and they must agree within a looser tolerance.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { CHROMIUM_FLAGS, ensureChromium } from '../scripts/chromium.ts';
import { api, createKey, expectStatus, ROOT, signup } from './helpers/client.ts';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'chart-images');
const UPDATE = process.env.UPDATE_REFERENCE_IMAGES === '1';
const SIZE = 500;
/** pixelmatch's per-pixel colour threshold (0..1) and the share of pixels allowed to differ. */
const THRESHOLD = 0.1;
const MAX_DIFF_SHARE = 0.005;
/** resvg and Chromium rasterise text and anti-alias edges differently: a looser bound between them. */
const MAX_RENDERER_DIFF_SHARE = 0.04;

const einstein = { moment: '1879-03-14T10:50:04Z', latitude: 48.4, longitude: 9.9833 };

let browser: Browser;
let key: string;
const urls: Record<string, string> = {};

before(async () => {
  const c = ensureChromium();
  browser = await chromium.launch({
    executablePath: c.executablePath,
    args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
    env: { ...process.env, ...c.env } as Record<string, string>,
    headless: true,
  });
  const a = await signup();
  key = (await createKey(a.accessToken, ['charts:read', 'charts:write'])).plaintext;
  const w = await api('POST', '/v1/charts', {
    token: key,
    body: { birth: einstein, system: 'western', ayanamsha: null },
  });
  expectStatus(w, 201);
  const v = await api('POST', '/v1/charts', { token: key, body: { birth: einstein } });
  expectStatus(v, 201);
  urls.wheel = `/v1/western/charts/${w.json.id}/image?size=${SIZE}`;
  urls.north = `/v1/vedic/charts/${v.json.id}/image?style=north&size=${SIZE}`;
  urls.south = `/v1/vedic/charts/${v.json.id}/image?style=south&size=${SIZE}`;
});

after(async () => {
  await browser?.close();
});

async function screenshot(svg: string): Promise<PNG> {
  const root = /<svg[^>]*\swidth="(\d+)" height="(\d+)"/.exec(svg)!;
  const [width, height] = [Number(root[1]), Number(root[2])];
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    // Web fonts are none here, but wait for layout of the text all the same.
    await page.evaluate('document.fonts.ready');
    return PNG.sync.read(await page.locator('svg').screenshot({ type: 'png' }));
  } finally {
    await page.close();
  }
}

function diffShare(a: PNG, b: PNG): number {
  assert.equal(a.width, b.width, 'width');
  assert.equal(a.height, b.height, 'height');
  const n = pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: THRESHOLD });
  return n / (a.width * a.height);
}

describe('chart images in headless Chromium', () => {
  for (const kind of ['wheel', 'north', 'south']) {
    it(`${kind}: Chromium's rendering matches the stored reference and resvg's PNG`, async () => {
      const res = await api('GET', urls[kind]!, { token: key });
      expectStatus(res, 200);
      const shot = await screenshot(res.text);
      assert.equal(shot.width, SIZE);
      const file = path.join(FIXTURES, `${kind}.png`);
      if (UPDATE) fs.writeFileSync(file, PNG.sync.write(shot));
      const reference = PNG.sync.read(fs.readFileSync(file));
      const share = diffShare(shot, reference);
      assert.ok(share <= MAX_DIFF_SHARE, `${kind}: ${(share * 100).toFixed(2)} % of pixels differ from the reference`);
      // The picture is not blank: a good share of it is ink, not background.
      const bg = [shot.data[0], shot.data[1], shot.data[2]];
      let ink = 0;
      for (let i = 0; i < shot.data.length; i += 4)
        if (
          Math.abs(shot.data[i]! - bg[0]!) +
            Math.abs(shot.data[i + 1]! - bg[1]!) +
            Math.abs(shot.data[i + 2]! - bg[2]!) >
          60
        )
          ink++;
      assert.ok(ink / (shot.width * shot.height) > 0.02, `${kind}: only ${ink} ink pixels`);

      const png = await api('GET', `${urls[kind]}&format=png`, { token: key });
      expectStatus(png, 200);
      const renderers = diffShare(shot, PNG.sync.read(png.body));
      console.log(
        `# ${kind}: reference diff ${(share * 100).toFixed(3)} %, resvg vs Chromium ${(renderers * 100).toFixed(2)} %`,
      );
      assert.ok(
        renderers <= MAX_RENDERER_DIFF_SHARE,
        `${kind}: resvg and Chromium differ on ${(renderers * 100).toFixed(2)} % of pixels`,
      );
    });
  }
});
