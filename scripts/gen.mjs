#!/usr/bin/env node
// Code generation: protos -> TypeScript (buf + ts-proto, offline) and each service's Prisma client.
// Skips a step whose outputs are newer than its inputs; `--force` regenerates everything.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newest(dir, ext) {
  let t = 0;
  if (!existsSync(dir)) return 0;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'gen' || name === 'generated') continue;
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) t = Math.max(t, newest(p, ext));
    else if (name.endsWith(ext)) t = Math.max(t, s.mtimeMs);
  }
  return t;
}
const stampTime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
const touch = (p) => writeFileSync(p, new Date().toISOString());

// 1. protos
const protos = join(root, 'protos');
const protoStamp = join(protos, 'gen', '.stamp');
if (
  force ||
  newest(protos, '.proto') > stampTime(protoStamp) ||
  stampTime(join(protos, 'buf.gen.yaml')) > stampTime(protoStamp)
) {
  console.log('[gen] buf lint + generate (ts-proto)');
  const buf = join(protos, 'node_modules', '.bin', 'buf');
  execFileSync(buf, ['lint'], { cwd: protos, stdio: 'inherit' });
  execFileSync(buf, ['generate'], { cwd: protos, stdio: 'inherit' });
  mkdirSync(join(protos, 'gen'), { recursive: true });
  touch(protoStamp);
}

// 2. Prisma clients. The schema engine is not downloadable here and `generate` does not need it,
// but the CLI insists on a path: any file will do.
const fakeEngine = join(tmpdir(), 'astro-no-schema-engine');
if (!existsSync(fakeEngine)) writeFileSync(fakeEngine, '');
const services = join(root, 'services');
for (const svc of existsSync(services) ? readdirSync(services) : []) {
  const dir = join(services, svc);
  const schema = join(dir, 'prisma', 'schema.prisma');
  if (!existsSync(schema)) continue;
  // A service may keep schema.prisma only as the drift check's description of its SQL (raw pg, no
  // generated client): without the prisma CLI among its dependencies there is nothing to generate.
  if (!existsSync(join(dir, 'node_modules', '.bin', 'prisma'))) continue;
  const stamp = join(dir, 'src', 'generated', '.stamp');
  if (!force && stampTime(schema) <= stampTime(stamp)) continue;
  console.log(`[gen] prisma generate (${svc})`);
  execFileSync(join(dir, 'node_modules', '.bin', 'prisma'), ['generate'], {
    cwd: dir,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || fakeEngine,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  mkdirSync(dirname(stamp), { recursive: true });
  touch(stamp);
}

// 3. The SDK's types (packages/sdk/src/schema.ts, committed) from the OpenAPI document the gateway
// builds from the protos; rewritten only when its content changes. packages/sdk/src/schema-fresh.test.ts
// fails on a stale file.
const sdkSchema = join(root, 'packages', 'sdk', 'src', 'schema.ts');
const openapiSources = Math.max(
  newest(protos, '.proto'),
  newest(join(root, 'gateway', 'src', 'openapi'), '.ts'),
  stampTime(join(root, 'gateway', 'src', 'openapi.ts')),
);
if (
  existsSync(join(root, 'packages', 'sdk')) &&
  (force || openapiSources > Math.max(stampTime(sdkSchema), stampTime(join(root, 'packages', 'sdk', '.gen-stamp'))))
) {
  console.log('[gen] SDK types from the OpenAPI document (openapi-typescript)');
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'packages', 'sdk', 'scripts', 'generate.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  touch(join(root, 'packages', 'sdk', '.gen-stamp'));
}
