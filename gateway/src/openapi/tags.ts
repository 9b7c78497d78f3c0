// Tag (first path segment after /v1) descriptions for the OpenAPI document. A route under a new
// segment needs a line here: gateway/test/openapi.test.ts fails on a tag without a description.
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-up, login, session refresh, e-mail verification and password reset. Session tokens are 15-minute JWTs for the dashboard.',
  'api-keys': 'API keys of the tenant: create (the plaintext is shown once), list, revoke, and per-key usage reports.',
  tenant: 'The signed-in account: plan, usage reports, and erasure of every chart and derived datum.',
  plans: 'The public plan catalog: quotas, burst limits, features and prices.',
  billing: 'Checkout and the billing portal; plan changes go through the payment provider.',
  charts: 'Birth charts (Vedic sidereal or Western tropical): create, read, delete, and the chart profiles.',
  demo: 'A public demo chart calculation without an account, limited per client address.',
  geolocation: 'Place search: coordinates and time zone for a birth place.',
  vedic:
    'Vedic (sidereal, Lahiri) calculations: dashas, vargas, Jaimini, panchanga, muhurta, strength, Theo views and the probability engine.',
  western: 'Western (tropical) calculations: natal aspects, transits, progressions, returns, relationships and cards.',
  compatibility: 'Relationship facts between two charts of the tenant.',
  interpretations:
    'Template interpretations (deterministic text from statement templates) and the LLM interpretation routes of a chart.',
  llm: 'LLM interpretations of a theme, a chart reading, a dasha forecast or muhurta reasoning, synchronous or as Server-Sent Events; paid plans only.',
  feedback: 'Feedback on interpretations and templates.',
  reports: 'Generated report files.',
  'calendar-feeds':
    'iCalendar (text/calendar) feeds of a chart, fetched by calendar apps through a secret, revocable URL without an Authorization header.',
  webhooks:
    'Webhook endpoints of the tenant: events signed with HMAC-SHA256 (X-Astro-Signature, t=...,v1=...), retried with backoff for 24 h, deliveries listed with their attempts and replayable.',
};
