// Guards of the architecture (README "Architecture"): the lint rules that keep services apart and domain
// code free of transport and storage fire on the forms they name; `buf breaking` holds the protos to the
// previous release's API; every service has the one skeleton. No fleet needed.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVICES = ['account', 'chart', 'feedback', 'llm', 'vedic-calc', 'western-calc'];

describe('lint rules: service boundaries and pure domain code', () => {
  const eslint = new ESLint({ cwd: ROOT });
  /** The architecture rules that fire when `code` is linted as if it were the file at `file`. */
  async function archRules(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.map((m) => m.ruleId ?? m.message).filter((r) => r.startsWith('arch/'));
  }

  const crossService: [string, string][] = [
    ['a sibling-relative path', "import { x } from '../../../chart/src/domain/chart-input.ts';"],
    ['a relative path through services/', "import { x } from '../../../services/chart/src/main.ts';"],
    ['a workspace package name', "import { x } from '@astro/chart';"],
    ['a re-export', "export { x } from '../../../western-calc/src/server.ts';"],
    ['a dynamic import', "await import('../../../account/src/server.ts');"],
    ['the gateway', "import { x } from '../../../gateway/src/app.ts';"],
  ];
  for (const [form, code] of crossService)
    it(`a service importing another service through ${form} is an error`, async () => {
      assert.deepEqual(await archRules('services/llm/src/handlers/x.ts', code), ['arch/service-boundaries']);
    });

  it('the gateway and packages importing a service is an error', async () => {
    const code = "import { x } from '../../services/account/src/server.ts';";
    assert.deepEqual(await archRules('gateway/src/x.ts', code), ['arch/service-boundaries']);
    assert.deepEqual(await archRules('packages/platform/x.ts', code), ['arch/service-boundaries']);
  });

  it("a service's own files, packages and protos are allowed", async () => {
    const code = [
      "import { a } from '../domain/chart-input.ts';",
      "import { b } from '@astro/platform';",
      "import { c } from '@astro/protos/astro/chart/v1/chart';",
    ].join('\n');
    assert.deepEqual(await archRules('services/chart/src/handlers/x.ts', code), []);
  });

  const impure: [string, string][] = [
    ['@grpc/grpc-js', "import * as grpc from '@grpc/grpc-js';"],
    ['pg (types too)', "import type pg from 'pg';"],
    ['prisma', "import { PrismaClient } from '@prisma/client';"],
    ['redis', "import { createClient } from 'redis';"],
    ['@redis/client', "import { createCluster } from '@redis/client';"],
    ['express', "import express from 'express';"],
    ['kafkajs', "import { Kafka } from 'kafkajs';"],
    [
      'a generated gRPC service definition',
      "import { ChartServiceService } from '@astro/protos/astro/chart/v1/chart';",
    ],
    ["the service's store/", "import { ChartStore } from '../store/chart-store.ts';"],
    ["the service's handlers/", "import type { X } from '../handlers/chart-handlers.ts';"],
    ["the service's clients/", "import { P } from '../../clients/erasure-participants.ts';"],
    ["the service's server.ts", "import { buildChartServer } from '../server.ts';"],
  ];
  for (const [what, code] of impure)
    it(`domain code importing ${what} is an error`, async () => {
      const file = what.includes('clients') ? 'services/chart/src/domain/sub/x.ts' : 'services/chart/src/domain/x.ts';
      assert.deepEqual(await archRules(file, code), ['arch/domain-purity']);
    });

  it('domain code may use packages/, its own domain files and proto message types', async () => {
    const code = [
      "import { AppError } from '@astro/platform';",
      "import { computeChart } from '@astro/astro-core';",
      "import type { Chart } from '@astro/protos/astro/chart/v1/chart';",
      "import { validateChartRequest } from './chart-input.ts';",
    ].join('\n');
    assert.deepEqual(await archRules('services/chart/src/domain/x.ts', code), []);
  });

  it('the same imports outside domain/ are not a domain-purity error', async () => {
    const code = "import * as grpc from '@grpc/grpc-js';\nimport { ChartStore } from '../store/chart-store.ts';";
    assert.deepEqual(await archRules('services/chart/src/handlers/x.ts', code), []);
  });
});

describe('buf breaking: the protos against the previous release', () => {
  const buf = path.join(ROOT, 'protos', 'node_modules', '.bin', 'buf');
  // The previous release's API as a buf image committed beside the protos: it is there on every clone
  // (shallow CI checkouts of main included, where neither tags nor a merge base exist), and changing
  // it is a reviewed change of its own (`npm run protos:baseline` at a release).
  const baseline = path.join(ROOT, 'protos', 'api-baseline.binpb');
  const breaking = (dir: string, against: string) =>
    spawnSync(buf, ['breaking', dir, '--against', against], { cwd: ROOT, encoding: 'utf8' });

  it('the protos keep the API of the stored baseline', () => {
    const r = breaking('protos', baseline);
    assert.equal(r.status, 0, `buf breaking against protos/api-baseline.binpb:\n${r.stdout}${r.stderr}`);
  });

  it("the protos keep the API of main's merge base, where git has it", () => {
    // Extra to the baseline: catches a break that a branch made and then wrote into the baseline too.
    const base = ['origin/main', 'main']
      .map((ref) => spawnSync('git', ['merge-base', 'HEAD', ref], { cwd: ROOT, encoding: 'utf8' }))
      .find((r) => r.status === 0)
      ?.stdout.trim();
    if (!base) return void console.log('no main branch in this clone: the stored baseline alone applies');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protos-base-'));
    try {
      const tar = execFileSync('git', ['archive', base, 'protos'], { cwd: ROOT, maxBuffer: 64 << 20 });
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      const r = breaking('protos', path.join(dir, 'protos'));
      assert.equal(r.status, 0, `buf breaking against ${base}:\n${r.stdout}${r.stderr}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the check fails when a field is removed (the guard can fire)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protos-broken-'));
    try {
      fs.cpSync(path.join(ROOT, 'protos'), dir, {
        recursive: true,
        filter: (src) => !/node_modules|[/\\]gen([/\\]|$)/.test(path.relative(ROOT, src)),
      });
      const file = path.join(dir, 'astro', 'chart', 'v1', 'chart.proto');
      const text = fs.readFileSync(file, 'utf8');
      // Drop the first field of message Birth.
      const broken = text.replace(/(message Birth \{[^\n]*\n)(\s*(?:\/\/[^\n]*\n\s*)*[^\n]*= 1[^\n]*\n)/, '$1');
      assert.notEqual(broken, text);
      fs.writeFileSync(file, broken);
      const r = breaking(dir, baseline);
      assert.notEqual(r.status, 0);
      assert.match(r.stdout + r.stderr, /Birth/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('layout: every service has the one skeleton', () => {
  // main.ts (process) -> server.ts (wiring) -> handlers/ (proto <-> domain) -> domain/ (rules) ->
  // store/ (its data) and clients/ (other services and outside systems). config.ts is the env spec.
  const REQUIRED = ['main.ts', 'server.ts', 'config.ts', 'handlers', 'domain'];
  const ALLOWED = new Set([...REQUIRED, 'store', 'clients']);

  for (const svc of SERVICES)
    it(`services/${svc}/src has main.ts, server.ts, handlers/, domain/ and nothing else but store/ and clients/`, () => {
      const src = path.join(ROOT, 'services', svc, 'src');
      const entries = fs.readdirSync(src).filter((e) => e !== 'generated');
      for (const r of REQUIRED) assert.ok(entries.includes(r), `services/${svc}/src/${r} is missing`);
      assert.deepEqual(
        entries.filter((e) => !ALLOWED.has(e)),
        [],
        `services/${svc}/src has entries outside the skeleton`,
      );
      // A service with data has its store/ (the database schema sits beside src/).
      if (fs.existsSync(path.join(ROOT, 'services', svc, 'prisma')))
        assert.ok(entries.includes('store'), `services/${svc} has a schema but no store/`);
      // main.ts hands the wiring to server.ts.
      assert.match(fs.readFileSync(path.join(src, 'main.ts'), 'utf8'), /from '\.\/server\.ts'/);
    });

  it('the list of services is complete', () => {
    const dirs = fs
      .readdirSync(path.join(ROOT, 'services'))
      .filter((d) => fs.existsSync(path.join(ROOT, 'services', d, 'src')));
    assert.deepEqual(dirs.sort(), [...SERVICES].sort());
  });
});
