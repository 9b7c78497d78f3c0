// The query options every chart-image route shares (format, theme, size), checked in one place.
import { checkSize, ChartSizeError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from './document.ts';
import { isThemeName, THEMES, type ThemeName } from './theme.ts';

export type ImageFormat = 'svg' | 'png';
export const IMAGE_FORMATS: readonly ImageFormat[] = ['svg', 'png'];

export interface ImageOptions {
  format: ImageFormat;
  theme: ThemeName;
  size: number;
}

export interface OptionProblem {
  field: string;
  reason: 'invalid_value' | 'out_of_range';
  message: string;
}

/** Every problem of a request's options at once (the routes answer them as one 422). */
export class ImageOptionError extends Error {
  constructor(readonly problems: OptionProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
  }
}

/** Unset (empty or 0) options take their defaults: svg, light, 600 px. */
export function imageOptions(raw: { format?: string; theme?: string; size?: number }): ImageOptions {
  const problems: OptionProblem[] = [];
  const format = raw.format || 'svg';
  const theme = raw.theme || 'light';
  const size = raw.size || DEFAULT_SIZE;
  if (!(IMAGE_FORMATS as readonly string[]).includes(format))
    problems.push({
      field: 'format',
      reason: 'invalid_value',
      message: `format must be one of ${IMAGE_FORMATS.join(', ')}`,
    });
  if (!isThemeName(theme))
    problems.push({ field: 'theme', reason: 'invalid_value', message: `theme must be one of ${THEMES.join(', ')}` });
  try {
    checkSize(size);
  } catch (err) {
    if (!(err instanceof ChartSizeError)) throw err;
    problems.push({
      field: 'size',
      reason: 'out_of_range',
      message: `size must be an integer from ${MIN_SIZE} to ${MAX_SIZE} (pixels)`,
    });
  }
  if (problems.length) throw new ImageOptionError(problems);
  return { format: format as ImageFormat, theme: theme as ThemeName, size };
}

export const CONTENT_TYPES: Readonly<Record<ImageFormat, string>> = {
  svg: 'image/svg+xml; charset=utf-8',
  png: 'image/png',
};
