#!/usr/bin/env node
// Makes a fresh clone runnable with nothing installed by hand: installs the workspace with a pinned
// pnpm (through npx: corepack is not usable on our machines) when node_modules is missing or older
// than the lockfile, then generates code (protos -> ts-proto, Prisma clients) when sources changed.
// Plain Node, no dependencies: it runs before anything is installed.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = 'pnpm@10.34.8';

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function run(cmd, args, opts = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
}

const marker = join(root, 'node_modules', '.pnpm', 'lock.yaml');
if (!existsSync(marker) || mtime(join(root, 'pnpm-lock.yaml')) > mtime(marker)) {
  console.log(`[bootstrap] installing dependencies with ${PNPM}`);
  run('npx', ['--yes', PNPM, 'install', '--frozen-lockfile', '--reporter=append-only']);
}

run(process.execPath, [join(root, 'scripts', 'gen.mjs')]);
