// Value lists the spec states (1-platform.md "Chart": sign values). Written out here rather than
// imported from astro-core so the tests check the service against the spec, not against itself.
export const SIGNS: readonly string[] = [
  'aries',
  'taurus',
  'gemini',
  'cancer',
  'leo',
  'virgo',
  'libra',
  'scorpio',
  'sagittarius',
  'capricorn',
  'aquarius',
  'pisces',
];

/** The ten ayanamshas issue 20 names, in its order (the API accepts more: docs/ayanamshas.md). */
export const ISSUE_AYANAMSHAS: readonly string[] = [
  'lahiri',
  'true_chitra',
  'raman',
  'krishnamurti',
  'fagan_bradley',
  'yukteshwar',
  'true_revati',
  'true_pushya',
  'suryasiddhanta',
  'jn_bhasin',
];
