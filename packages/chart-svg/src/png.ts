// PNG from the same SVG, rendered by resvg (resvg-js). resvg sees no system fonts here: the DejaVu
// fonts shipped in the dejavu-fonts-ttf package are loaded explicitly, so every machine renders the
// same glyphs (the zodiac and planet symbols included) and a PNG never comes out without its text.
import { createRequire } from 'node:module';
import resvg from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
export const FONT_FILES: readonly string[] = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) =>
  require.resolve(`dejavu-fonts-ttf/ttf/${f}`),
);

const OPTIONS = {
  font: {
    fontFiles: [...FONT_FILES],
    loadSystemFonts: false,
    defaultFontFamily: 'DejaVu Sans',
    sansSerifFamily: 'DejaVu Sans',
  },
  // The SVG's width and height attributes already carry the requested size.
  fitTo: { mode: 'original' as const },
};

/** PNG bytes of an SVG document, rendered on libuv's thread pool (the event loop stays free). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const image = await resvg.renderAsync(svg, OPTIONS);
  return image.asPng();
}
