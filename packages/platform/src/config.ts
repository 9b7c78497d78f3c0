// Typed configuration from the environment. One schema per process, parsed once at boot; a bad value
// stops the process with a message naming every offending variable. No process.env anywhere else.
import { z } from 'zod';

export interface ConfigKey<T extends z.ZodType = z.ZodType> {
  schema: T;
  description: string;
  /** Marks values that must never be logged (printed as "<set>"). */
  secret?: boolean;
}

export type ConfigSpec = Record<string, ConfigKey>;
export type ConfigOf<S extends ConfigSpec> = { [K in keyof S]: z.infer<S[K]['schema']> };

export class ConfigError extends Error {
  constructor(
    readonly processName: string,
    readonly problems: string[],
  ) {
    super(`${processName}: invalid configuration\n  ${problems.join('\n  ')}`);
  }
}

export function key<T extends z.ZodType>(
  schema: T,
  description: string,
  opts: { secret?: boolean } = {},
): ConfigKey<T> {
  return { schema, description, secret: opts.secret };
}

/** Parses `env` against `spec`; throws ConfigError listing every problem at once. */
export function parseConfig<S extends ConfigSpec>(
  processName: string,
  spec: S,
  env: Record<string, string | undefined> = process.env,
): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, k] of Object.entries(spec)) {
    const raw = env[name];
    const parsed = k.schema.safeParse(raw === '' ? undefined : raw);
    if (parsed.success) out[name] = parsed.data;
    else problems.push(`${name}: ${parsed.error.issues.map((i) => i.message).join('; ')} (${k.description})`);
  }
  if (problems.length) throw new ConfigError(processName, problems);
  return out as ConfigOf<S>;
}

/** Loads config or exits the process with a clear message: the fail-fast path for `main.ts`. */
export function loadConfigOrExit<S extends ConfigSpec>(processName: string, spec: S): ConfigOf<S> {
  try {
    return parseConfig(processName, spec);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

// Reusable field schemas.
export const port = (dflt: number) => z.coerce.number().int().min(0).max(65535).default(dflt);
export const int = (dflt: number, min = 0) => z.coerce.number().int().min(min).default(dflt);
export const bool = (dflt: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? dflt : v === 'true' || v === '1' || v === 'yes'));
export const str = (dflt: string) => z.string().default(dflt);
export const optionalStr = () => z.string().optional();
export const list = (dflt: string[] = []) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? dflt
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    );

/** Common keys every process has. */
export const commonConfig = {
  LOG_LEVEL: key(z.enum(['error', 'warn', 'info', 'debug']).default('info'), 'winston log level'),
  NODE_ENV: key(z.string().default('development'), 'development | production | test'),
  SHUTDOWN_DELAY_MS: key(
    z.coerce.number().int().min(0).default(0),
    'on SIGTERM, report NOT_SERVING this long before refusing new calls (set ~5000 behind Kubernetes)',
  ),
};
