// Template accuracy (spec "Feedback entry"): (correct + 0.5 x doubtful) / sample_size, per tenant.
// Comments and confidence are not used. A template is suppressed (reported `deprecated`) when it has
// at least `minSamples` verdicts and its accuracy is below the threshold (0.4 by default).

export type Verdict = 'correct' | 'doubtful' | 'wrong';
export const VERDICTS: readonly Verdict[] = ['correct', 'doubtful', 'wrong'];
export const ROLES = ['subject', 'observer', 'hr_admin'] as const;

export interface VerdictCounts {
  correct: number;
  doubtful: number;
  wrong: number;
}

export function accuracyOf(c: VerdictCounts): { sample_size: number; accuracy: number } {
  const n = c.correct + c.doubtful + c.wrong;
  return { sample_size: n, accuracy: n === 0 ? 0 : (c.correct + 0.5 * c.doubtful) / n };
}

export interface SuppressionPolicy {
  threshold: number;
  minSamples: number;
}

export function isSuppressed(sampleSize: number, accuracy: number, p: SuppressionPolicy): boolean {
  return sampleSize >= p.minSamples && sampleSize > 0 && accuracy < p.threshold;
}
