// The routes' side of an image: options checked into the API's one 422 shape, the image as an
// HttpBody answer (the gateway sends its bytes with its content type).
import { invalidRequest, type FieldError, type HttpBodyAnswer } from '@astro/platform';
import { CONTENT_TYPES, imageOptions, ImageOptionError, type ImageFormat, type ImageOptions } from './options.ts';
import { svgToPng } from './png.ts';

/**
 * imageOptions, with bad values answered as one 422 invalid_request listing every bad field, the
 * route's own (`routeErrors`: style, varga) first.
 */
export function requestedImage(
  raw: { format?: string; theme?: string; size?: number },
  routeErrors: readonly FieldError[] = [],
): ImageOptions {
  let opts: ImageOptions | undefined;
  const errors = [...routeErrors];
  try {
    opts = imageOptions(raw);
  } catch (err) {
    if (!(err instanceof ImageOptionError)) throw err;
    errors.push(...err.problems);
  }
  if (errors.length || !opts) throw invalidRequest(errors);
  return opts;
}

export async function imageAnswer(svg: string, format: ImageFormat): Promise<HttpBodyAnswer> {
  const data = format === 'png' ? await svgToPng(svg) : Buffer.from(svg, 'utf8');
  return { content_type: CONTENT_TYPES[format], data };
}
