// The one seam that gives every Vedic calculation route its ayanamsha (issue 20), instead of each
// handler: it reads the request's optional `ayanamsha` field (422 unknown_ayanamsha when unknown),
// runs the handler in that request's ayanamsha scope (clients/request-ayanamsha.ts: the chart source
// and astro-core's sidereal mode follow it), and names the ayanamsha in the answer whenever the client
// chose one (an override, or a chart created with one); an answer in the implicit default (Lahiri, no
// override) keeps exactly the spec's shape:
//   - `ayanamsha` (always) and `ayanamsha_degrees` (its value at the birth moment of the chart read);
//   - `method_version` gains `+ayanamsha.<id>` for any ayanamsha but Lahiri, so numbers computed in
//     different frames never share a version (Lahiri keeps the versions it always had);
// The frame labels in features_used / zodiac come right from their source (astro-core siderealFrame(),
// currentAyanamsha(): the request's scope). HttpBody answers (JSON the service wrote itself, up to
// megabytes) get the names at their head; the rest of their bytes are not read.
import { currentAyanamsha, DEFAULT_AYANAMSHA, type AyanamshaId } from '@astro/astro-core';
import { parseAyanamsha } from '@astro/astro-core/ayanamsha-input';
import type { HttpBodyAnswer, Registration } from '@astro/platform';
import { runWithRequestAyanamsha, type RequestAyanamsha } from '../clients/request-ayanamsha.ts';

/** method_version under an ayanamsha: unchanged for Lahiri (the default every version was made in). */
export function versionFor(methodVersion: string, id: AyanamshaId): string {
  return id === DEFAULT_AYANAMSHA ? methodVersion : `${methodVersion}+ayanamsha.${id}`;
}

function isHttpBody(v: unknown): v is HttpBodyAnswer {
  return !!v && typeof v === 'object' && Buffer.isBuffer((v as HttpBodyAnswer).data) && 'content_type' in v;
}

function decorateMessage(res: Record<string, unknown>, id: AyanamshaId, degrees: number | undefined) {
  const out: Record<string, unknown> = { ...res, ayanamsha: id };
  if (degrees !== undefined) out.ayanamsha_degrees = degrees;
  if (typeof out.method_version === 'string') out.method_version = versionFor(out.method_version, id);
  return out;
}

/** Only the head of a JSON answer is searched for its top-level method_version (written first or second). */
const HEAD_BYTES = 512;
const OPEN_BRACE = 0x7b;

/**
 * Names the ayanamsha at the front of JSON the service wrote (up to megabytes): only the head is read
 * and rewritten, the rest of the bytes are passed on as they are. The head is handled as latin1, byte
 * for byte, so a multi-byte character cut at its end comes out unchanged (method_version is ASCII).
 */
function decorateJson(res: HttpBodyAnswer, id: AyanamshaId, degrees: number | undefined): HttpBodyAnswer {
  // An image (the chart drawing) or any other non-JSON body has no member to name it in.
  if (!res.content_type.includes('json') || res.data[0] !== OPEN_BRACE) return res;
  const headEnd = Math.min(res.data.length, HEAD_BYTES);
  let head = res.data.toString('latin1', 1, headEnd).trimStart();
  if (id !== DEFAULT_AYANAMSHA)
    head = head.replace(
      /"method_version":"((?:[^"\\]|\\.)*)"/,
      (_, v: string) => `"method_version":${JSON.stringify(versionFor(JSON.parse(`"${v}"`) as string, id))}`,
    );
  const named =
    `{"ayanamsha":${JSON.stringify(id)}` +
    (degrees !== undefined ? `,"ayanamsha_degrees":${JSON.stringify(degrees)}` : '') +
    (head.startsWith('}') ? '' : ',');
  return {
    content_type: res.content_type,
    data: Buffer.concat([Buffer.from(named), Buffer.from(head, 'latin1'), res.data.subarray(headEnd)]),
  };
}

/** The answer of a request, named with the ayanamsha it was computed in. */
export function decorate<T>(res: T, state: RequestAyanamsha): T {
  const id = state.settled?.id ?? state.override ?? currentAyanamsha();
  if (state.override === undefined && id === DEFAULT_AYANAMSHA) return res;
  const degrees = state.settled?.degrees();
  if (isHttpBody(res)) return decorateJson(res, id, degrees) as T;
  if (res && typeof res === 'object' && !Array.isArray(res))
    return decorateMessage(res as Record<string, unknown>, id, degrees) as T;
  return res;
}

/**
 * Wraps every unary handler of the Vedic calculation services (astro.vedic.v1.*) in the seam. A route
 * whose request has no `ayanamsha` field (the yoga catalogue) simply never has an override.
 */
export function withAyanamshaSeam(registrations: Registration[]): Registration[] {
  return registrations.map((reg) => {
    if (!reg.name.startsWith('astro.vedic.v1.')) return reg;
    const handlers: Registration['handlers'] = {};
    for (const [method, handler] of Object.entries(reg.handlers)) {
      if (reg.definition[method]?.responseStream) {
        handlers[method] = handler; // no Vedic route streams today; a streaming one would need its own
        continue;
      }
      handlers[method] = async (req: { ayanamsha?: string } | undefined, ...rest: unknown[]) => {
        const state: RequestAyanamsha = { override: parseAyanamsha(req?.ayanamsha) };
        return runWithRequestAyanamsha(state, async () => decorate(await handler(req, ...rest), state));
      };
    }
    return { ...reg, handlers };
  });
}
