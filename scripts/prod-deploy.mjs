#!/usr/bin/env node
// Lays out what the production image runs, in OUT: the compiled output of `npm run build` (every
// <package>/dist), the files the processes read at run time (the .proto contract the gateway routes
// from, the SQL migrations), the workspace's package.json files and lockfile, then installs the
// production dependencies only (`pnpm install --prod --frozen-lockfile`: no tsx, TypeScript, prisma
// CLI, buf, embedded PostgreSQL). No TypeScript source is copied: every process starts as
//   node --conditions=astro-dist <package>/dist/main.js
// The Dockerfile runs this (`node scripts/prod-deploy.mjs /prod`); tests/prod-runtime.test.ts runs it
// into a temporary folder and starts a service from there.
//   node scripts/prod-deploy.mjs OUT [--offline]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = 'pnpm@10.34.8';
const [outArg, ...flags] = process.argv.slice(2);
if (!outArg) {
  console.error('usage: node scripts/prod-deploy.mjs OUT [--offline]');
  process.exit(64);
}
const out = resolve(outArg);
if (!existsSync(join(root, 'gateway', 'dist', 'main.js'))) {
  console.error('prod-deploy: gateway/dist is missing; run `npm run build` first');
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const copy = (rel) => {
  const from = join(root, rel);
  if (existsSync(from)) cpSync(from, join(out, rel), { recursive: true });
};

// patches/: the lockfile's patched dependencies (grpc-js's decoder, issue 18) are applied at install.
for (const f of ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', 'patches']) copy(f);
const projects = ['protos', 'gateway', 'tests', 'scripts'];
for (const group of ['packages', 'services'])
  for (const name of readdirSync(join(root, group)))
    if (statSync(join(root, group, name)).isDirectory()) projects.push(`${group}/${name}`);
for (const p of projects) {
  copy(`${p}/package.json`);
  copy(`${p}/dist`);
  copy(`${p}/migrations`);
}
// The gateway builds its routes from the annotated protos (PROTO_DIR, default ./protos).
for (const name of readdirSync(join(root, 'protos')))
  if (!['node_modules', 'gen', 'dist', 'package.json'].includes(name)) copy(`protos/${name}`);

// CI=true: pnpm installs without a TTY prompt; the store and its built native addons (sweph, argon2)
// are reused from the development install.
execFileSync('npx', ['--yes', PNPM, 'install', '--prod', '--frozen-lockfile', '--reporter=append-only', ...flags], {
  cwd: out,
  stdio: 'inherit',
  env: { ...process.env, CI: 'true' },
});
console.log(`[prod-deploy] production tree in ${out}`);
