// Prints the README's configuration table from the processes' own config schemas, so the table
// cannot drift from what the code reads:  node --import tsx scripts/config-docs.ts
import type { ConfigSpec } from '@astro/platform';
import { gatewayConfigSpec } from '../gateway/src/config.ts';
import { accountConfigSpec } from '../services/account/src/config.ts';
import { chartConfigSpec } from '../services/chart/src/config.ts';
import { vedicConfigSpec } from '../services/vedic-calc/src/config.ts';
import { westernConfigSpec } from '../services/western-calc/src/config.ts';
import { llmConfigSpec } from '../services/llm/src/config.ts';
import { feedbackConfigSpec } from '../services/feedback/src/config.ts';

const LAUNCHER: [string, string, string][] = [
  [
    'DATABASE_URL',
    '(unset: embedded PostgreSQL)',
    'admin URL of a PostgreSQL server; the launcher creates <DB_PREFIX>_<service> databases on it',
  ],
  ['DATA_DIR', '.data', 'embedded PostgreSQL data, local mailbox, logs, the generated JWT secret'],
  ['PORT', '8080', 'gateway HTTP port'],
  ['EMBEDDED_PG_PORT', '5433', 'port of the embedded PostgreSQL'],
  ['DB_PREFIX', 'astro', 'database name prefix'],
  ['REDIS_URL', '(unset: in-process stores)', 'Redis for the gateway'],
  [
    'REDIS_CLUSTER_NODES',
    '(unset)',
    'Redis Cluster for the gateway instead of REDIS_URL: comma list of seed node URLs',
  ],
  ['KAFKA_BROKERS', '(unset: PostgreSQL event bus)', 'comma list of Kafka brokers'],
  ['SMTP_URL', '(unset: .data/mailbox)', 'mail relay for the account service'],
  ['JWT_SECRET', '(unset: generated into DATA_DIR/jwt-secret)', 'HS256 secret shared by account and gateway'],
  [
    'TEST_DATABASE_URL',
    'postgres://postgres@127.0.0.1:5432/postgres',
    'npm test: PostgreSQL server for the per-run databases',
  ],
  ['TEST_REDIS_URL', 'redis://127.0.0.1:6379', 'npm test: Redis'],
  ['TEST_FILTER', '(all)', 'npm test: regex selecting test files'],
  ['SKIP_STATIC_CHECKS', '(unset)', 'npm test: skip typecheck and lint'],
];

function defaultOf(spec: ConfigSpec[string]): string {
  const r = spec.schema.safeParse(undefined);
  if (!r.success) return '(required)';
  if (r.data === undefined) return '(unset)';
  if (Array.isArray(r.data)) return r.data.join(',') || '(empty)';
  if (typeof r.data === 'object' && r.data !== null)
    return Object.keys(r.data).length ? JSON.stringify(r.data) : '(none)';
  return String(r.data);
}

const esc = (s: string) => s.replace(/\|/g, '\\|');
const lines: string[] = [];
const table = (title: string, rows: [string, string, string][]) => {
  lines.push(`**${title}**`, '', '| variable | default | meaning |', '|---|---|---|');
  for (const [k, d, m] of rows) lines.push(`| \`${k}\` | ${esc(d)} | ${esc(m)} |`);
  lines.push('');
};
const fromSpec = (spec: ConfigSpec): [string, string, string][] =>
  Object.entries(spec).map(([k, v]) => [
    k,
    v.secret && defaultOf(v) !== '(required)' && defaultOf(v) !== '(unset)' ? '(secret)' : defaultOf(v),
    v.description,
  ]);

table('Launcher and tests (npm start, npm test)', LAUNCHER);
table('gateway', fromSpec(gatewayConfigSpec));
table('services/account', fromSpec(accountConfigSpec));
table('services/chart', fromSpec(chartConfigSpec));
table('services/vedic-calc', fromSpec(vedicConfigSpec));
table('services/western-calc', fromSpec(westernConfigSpec));
table('services/llm', fromSpec(llmConfigSpec));
table('services/feedback', fromSpec(feedbackConfigSpec));
process.stdout.write(lines.join('\n'));
