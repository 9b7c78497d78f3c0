// @astro/chart-svg: chart images drawn as SVG (Western wheel, North and South Indian charts) and
// rendered to PNG. Pure drawing from positions the calculation services supply; no chart maths here.
export { renderWheel, screenAngle, WHEEL, type WheelAspect, type WheelInput, type WheelPoint } from './wheel.ts';
export { renderNorthIndian, northCells, NORTH } from './north-indian.ts';
export { renderSouthIndian, SOUTH, SOUTH_GRID } from './south-indian.ts';
export type { SquareBody, SquareInput } from './square.ts';
export { ChartSizeError, checkSize, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE } from './document.ts';
export { isThemeName, THEMES, type ThemeName } from './theme.ts';
export { svgToPng, FONT_FILES } from './png.ts';
export {
  CONTENT_TYPES,
  imageOptions,
  IMAGE_FORMATS,
  type ImageFormat,
  type ImageOptions,
  ImageOptionError,
} from './options.ts';
export { imageAnswer, requestedImage } from './answer.ts';
