#!/usr/bin/env node
// `npm run build`: compiles every workspace package's TypeScript to JavaScript under <package>/dist,
// file by file (one .js per .ts, same tree), so Node runs the fleet without tsx:
//   node --conditions=astro-dist services/chart/dist/main.js
// Each workspace package exports its sources by default and its dist files under the `astro-dist`
// export condition (see the packages' "exports"), so imports between packages resolve exactly as in
// development and every third-party import stays a plain import resolved from node_modules: native
// addons (sweph, argon2), Prisma's runtime and the packages that read their own files (pdfkit,
// protobufjs, swagger-ui-dist, cities data) keep working as they do under tsx.
// esbuild is the transpiler tsx itself uses, so the emitted code means what the sources meant under tsx.
// Type checking stays `npm run typecheck`.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** [package folder, source folder inside it, output folder inside it]. */
function targets() {
  const list = [
    ['protos', 'gen', 'dist'],
    ['gateway', 'src', 'dist'],
    // scripts/migrate.ts is the Kubernetes migration Job's entry point.
    ['scripts', '.', 'dist'],
  ];
  for (const group of ['packages', 'services'])
    for (const name of readdirSync(join(root, group))) {
      if (existsSync(join(root, group, name, 'src'))) list.push([join(group, name), 'src', 'dist']);
    }
  return list;
}

/** The scripts folder holds dev tools too: only what a deployed process runs is compiled. */
const SCRIPT_ENTRIES = ['migrate.ts', 'fleet.ts'];

function sources(dir, top = true, pkg = '') {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (['node_modules', 'dist', 'test', 'bench', 'drills'].includes(name)) continue;
      if (pkg === 'scripts') continue;
      out.push(...sources(p, false, pkg));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) {
      if (pkg === 'scripts' && !SCRIPT_ENTRIES.includes(name)) continue;
      out.push(p);
    }
  }
  return top ? out.sort() : out;
}

/** Relative import specifier -> the .ts file it names (as written, +.ts, or /index.ts). */
function sourceOf(fromDir, spec) {
  const base = resolve(fromDir, spec);
  for (const c of [base, `${base}.ts`, join(base, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return undefined;
}

// Every import stays an import: relative ones are pointed at the sibling .js file (sources import
// both `./x.ts` and `./x`), everything else is left to Node's resolution at run time.
const keepImports = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const file = sourceOf(args.resolveDir, args.path);
      if (!file || !file.endsWith('.ts')) return { path: args.path, external: true };
      let spec = relative(args.resolveDir, file).replace(/\.ts$/, '.js').split('\\').join('/');
      if (!spec.startsWith('.')) spec = `./${spec}`;
      return { path: spec, external: true };
    });
  },
};

const started = Date.now();
let files = 0;
for (const [pkg, src, out] of targets()) {
  const pkgDir = join(root, pkg);
  const outdir = join(pkgDir, out);
  rmSync(outdir, { recursive: true, force: true });
  const entryPoints = sources(join(pkgDir, src), true, pkg);
  if (!entryPoints.length) continue;
  await build({
    entryPoints,
    outbase: join(pkgDir, src),
    outdir,
    bundle: true,
    plugins: [keepImports],
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  files += entryPoints.length;
}
console.log(`[build] ${files} files compiled in ${Date.now() - started} ms`);
