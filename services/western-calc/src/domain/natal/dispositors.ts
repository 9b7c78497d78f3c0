// Dispositor chains (spec 3 "Dispositor chain"): from each of Sun to Pluto, follow the traditional
// ruler of the sign it occupies until a planet in its own sign (the final dispositor) or a planet
// already on the chain (a loop). Traditional rulers only: the modern planets are disposed but never
// dispose, as in the Hellenistic and medieval practice the time-lord techniques also follow.
import { rulerOf, signOf, type Sign } from '@astro/astro-core';
import { WESTERN_BODIES, type Point } from './points.ts';

export interface DispositorLink {
  planet: string;
  sign: Sign;
  ruler: string;
  ruler_sign: Sign;
  is_final: boolean;
}

export interface DispositorChain {
  planet: string;
  links: DispositorLink[];
  /** Undefined when the chain ends in a loop (JSON null). */
  final_dispositor: string | undefined;
  is_mutual_reception: boolean;
  loop: string[];
}

export function dispositorChains(points: readonly Point[]): DispositorChain[] {
  const bodies = points.filter((p) => (WESTERN_BODIES as readonly string[]).includes(p.planet));
  const signOfPlanet = new Map(bodies.map((p) => [p.planet, signOf(p.longitude)]));
  return bodies.map((start) => {
    const links: DispositorLink[] = [];
    const seen: string[] = [];
    let cur = start.planet;
    let final: string | undefined;
    let loop: string[] = [];
    for (;;) {
      seen.push(cur);
      const sign = signOfPlanet.get(cur)!;
      const ruler = rulerOf(sign);
      const rulerSign = signOfPlanet.get(ruler)!;
      const isFinal = ruler === cur;
      links.push({ planet: cur, sign, ruler, ruler_sign: rulerSign, is_final: isFinal });
      if (isFinal) {
        final = cur;
        break;
      }
      const at = seen.indexOf(ruler);
      if (at >= 0) {
        loop = seen.slice(at);
        break;
      }
      cur = ruler;
    }
    return {
      planet: start.planet,
      links,
      final_dispositor: final,
      is_mutual_reception: loop.length === 2,
      loop,
    };
  });
}
