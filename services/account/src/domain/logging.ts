// The slice of the logger the use cases need (winston's Logger satisfies it; tests pass a stub).
export interface Log {
  info(message: string, meta?: Record<string, unknown>): unknown;
  warn(message: string, meta?: Record<string, unknown>): unknown;
  error(message: string, meta?: Record<string, unknown>): unknown;
}

export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };
