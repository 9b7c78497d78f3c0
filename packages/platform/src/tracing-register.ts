// `node --import tsx --import @astro/platform/tracing-register <entry>`: installs the ESM loader hook
// (import-in-the-middle) and the OpenTelemetry SDK before the application's modules are loaded, so the
// instrumentations can patch http, @grpc/grpc-js, pg and node-redis whether they are reached by
// `import` (ESM) or `require` (CJS). Hooks registered later cannot patch modules already loaded,
// which is why this must be an --import and not the first line of main.ts.
import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { startTracing, tracingSettingsFromEnv } from './tracing-sdk.ts';

// Only the modules an instrumentation asked for go through the hook (the rest load untouched).
const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

const tracing = startTracing(tracingSettingsFromEnv());
// Spans still in the batch are sent before the process exits on its own ('beforeExit'). The mains
// end with process.exit() after their SIGTERM drain, which skips 'beforeExit': from SIGTERM on, the
// batch is flushed every half second so the drain's spans are not lost.
process.once('beforeExit', () => void tracing.shutdown().catch(() => {}));
if (tracing.exporting)
  process.once('SIGTERM', () => {
    setInterval(() => void tracing.flush().catch(() => {}), 500).unref();
    // This listener alone must not keep a process alive that would otherwise end on SIGTERM.
    if (process.listenerCount('SIGTERM') === 0) process.exit(143);
  });

await waitForAllMessagesAcknowledged();
