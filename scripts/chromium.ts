// Chromium for the browser tests (tests/chart-images-browser.test.ts), obtained by the project itself.
//
// Order: CHROMIUM_PATH; the system's /usr/bin/chromium; a copy unpacked earlier under .data/chromium;
// else, as root on Debian, Debian's own packages: `apt-get download` of exactly the packages
// `apt-get install --no-install-recommends chromium` would add (asked with -s, which installs nothing),
// unpacked with `dpkg-deb -x` into .data/chromium/root and started with LD_LIBRARY_PATH pointing at the
// unpacked libraries, so nothing is installed system-wide. Only when that copy does not start does it
// fall back to `apt-get install -y --no-install-recommends chromium` (and says why).
// Run directly (`node --import tsx scripts/chromium.ts`) it prints the executable or exits 1.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SYSTEM = '/usr/bin/chromium';
const DIR = path.join(ROOT, '.data', 'chromium');
const UNPACKED = path.join(DIR, 'root');
const BINARY = path.join(UNPACKED, 'usr', 'lib', 'chromium', 'chromium');

export interface Chromium {
  executablePath: string;
  /** Environment the browser needs (LD_LIBRARY_PATH for an unpacked copy). */
  env: Record<string, string>;
}

/** The flags this machine's Chromium needs (no sandbox as root, no network chatter, no GPU). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function libraryPath(): string {
  const dirs = new Set<string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.so(\.|$)/.test(e.name)) dirs.add(path.dirname(p));
    }
  };
  walk(path.join(UNPACKED, 'usr', 'lib'));
  return [...dirs].sort().join(':');
}

function unpacked(): Chromium {
  const lib = libraryPath();
  const env: Record<string, string> = {
    LD_LIBRARY_PATH: [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
  };
  return { executablePath: BINARY, env };
}

function starts(c: Chromium): boolean {
  const r = spawnSync(c.executablePath, ['--version'], { env: { ...process.env, ...c.env }, encoding: 'utf8' });
  return r.status === 0 && /Chromium/.test(r.stdout);
}

function log(msg: string) {
  process.stderr.write(`[chromium] ${msg}\n`);
}

function aptDownloadAndUnpack(): void {
  const debs = path.join(DIR, 'debs');
  fs.mkdirSync(debs, { recursive: true });
  const plan = () =>
    execFileSync('apt-get', ['install', '-s', '--no-install-recommends', 'chromium'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.startsWith('Inst '))
      .map((l) => l.split(' ')[1]!);
  let pkgs = plan();
  if (!pkgs.includes('chromium')) {
    // Stale or missing package lists: refresh them (a cache, not an installation) and ask again.
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    pkgs = plan();
  }
  log(`apt-get download ${pkgs.length} packages into ${debs}`);
  execFileSync('apt-get', ['download', ...pkgs], { cwd: debs, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.rmSync(UNPACKED, { recursive: true, force: true });
  fs.mkdirSync(UNPACKED, { recursive: true });
  for (const f of fs
    .readdirSync(debs)
    .filter((n) => n.endsWith('.deb'))
    .sort())
    execFileSync('dpkg-deb', ['-x', path.join(debs, f), UNPACKED]);
  fs.rmSync(debs, { recursive: true, force: true });
}

/** A Chromium that starts, obtaining it if need be; throws when none can be had. */
export function ensureChromium(): Chromium {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, env: {} };
  if (fs.existsSync(SYSTEM)) return { executablePath: SYSTEM, env: {} };
  if (fs.existsSync(BINARY) && starts(unpacked())) return unpacked();
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get'))
    throw new Error(`no Chromium: ${SYSTEM} is missing and Debian packages can only be fetched as root with apt-get`);
  try {
    aptDownloadAndUnpack();
    if (starts(unpacked())) return unpacked();
    log('the unpacked copy does not start (a library missing from the download?)');
  } catch (err) {
    log(`apt-get download failed: ${(err as Error).message}`);
  }
  log('falling back to apt-get install -y --no-install-recommends chromium');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
  if (!fs.existsSync(SYSTEM)) throw new Error('apt-get install chromium did not provide /usr/bin/chromium');
  return { executablePath: SYSTEM, env: {} };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium().executablePath);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
