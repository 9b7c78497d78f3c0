// The <svg> root every chart shares: size, accessible name and description, background, font.
import { FONT_FAMILY } from './labels.ts';
import { el, escapeXml, num } from './svg.ts';
import type { Theme } from './theme.ts';

/** Bounds of the requested image size in pixels (the routes answer 422 outside them). */
export const MIN_SIZE = 200;
export const MAX_SIZE = 2048;
export const DEFAULT_SIZE = 600;

export interface DocumentParts {
  /** Pixel width; the height follows the view box's aspect ratio. */
  size: number;
  viewWidth: number;
  viewHeight: number;
  /** Prefix of the element ids (unique per chart so several charts can share one HTML page). */
  idPrefix: string;
  title: string;
  desc: string;
  theme: Theme;
  body: readonly string[];
}

export class ChartSizeError extends Error {
  constructor(readonly size: number) {
    super(`size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
}

export function checkSize(size: number): number {
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) throw new ChartSizeError(size);
  return size;
}

export function svgDocument(p: DocumentParts): string {
  checkSize(p.size);
  const titleId = `${p.idPrefix}-title`;
  const descId = `${p.idPrefix}-desc`;
  const height = Math.round((p.size * p.viewHeight) / p.viewWidth);
  const open =
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" aria-labelledby="${escapeXml(titleId)} ${escapeXml(descId)}"` +
    ` width="${p.size}" height="${height}" viewBox="0 0 ${num(p.viewWidth)} ${num(p.viewHeight)}"` +
    ` font-family="${escapeXml(FONT_FAMILY)}">`;
  return [
    open,
    `<title id="${escapeXml(titleId)}">${escapeXml(p.title)}</title>`,
    `<desc id="${escapeXml(descId)}">${escapeXml(p.desc)}</desc>`,
    el('rect', { width: p.viewWidth, height: p.viewHeight, fill: p.theme.background }),
    ...p.body,
    '</svg>\n',
  ].join('');
}
