// The fleet's topology in one place: which process serves which proto packages, on which default
// ports, and the environment variable that overrides its address. The launcher, the gateway and the
// Kubernetes manifests follow this table.
export interface FleetService {
  /** Folder under services/ and the Kubernetes service name. */
  name: string;
  /** Proto packages whose services this process implements. */
  protoPackages: string[];
  grpcPort: number;
  metricsPort: number;
  /** Env var holding host:port of this service for its clients. */
  addressEnv: string;
  /**
   * Implements astro.erasure.v1.DataErasureService (keeps or caches chart-derived data): the chart
   * service calls it on chart and tenant erasure.
   */
  erasure?: boolean;
}

export const FLEET: FleetService[] = [
  {
    name: 'account',
    protoPackages: ['astro.account.v1'],
    grpcPort: 50051,
    metricsPort: 9451,
    addressEnv: 'ACCOUNT_ADDR',
  },
  { name: 'chart', protoPackages: ['astro.chart.v1'], grpcPort: 50052, metricsPort: 9452, addressEnv: 'CHART_ADDR' },
  {
    name: 'vedic-calc',
    protoPackages: ['astro.vedic.v1'],
    grpcPort: 50053,
    metricsPort: 9453,
    addressEnv: 'VEDIC_CALC_ADDR',
    erasure: true,
  },
  {
    name: 'western-calc',
    protoPackages: ['astro.western.v1'],
    grpcPort: 50054,
    metricsPort: 9454,
    addressEnv: 'WESTERN_CALC_ADDR',
    erasure: true,
  },
  {
    name: 'llm',
    protoPackages: ['astro.llm.v1'],
    grpcPort: 50055,
    metricsPort: 9455,
    addressEnv: 'LLM_ADDR',
    erasure: true,
  },
  {
    name: 'feedback',
    protoPackages: ['astro.feedback.v1'],
    grpcPort: 50056,
    metricsPort: 9456,
    addressEnv: 'FEEDBACK_ADDR',
    erasure: true,
  },
];

/**
 * V8 flags a process starts with, by name (a FleetService's, or 'gateway'): the one list the launcher
 * (scripts/fleet.ts), the Kubernetes manifests (scripts/k8s-gen.ts) and the image's CMD follow.
 * The gateway and vedic-calc carry multi-megabyte answers (a depth-4 dasha chain is 3 MB, held in
 * buffers outside the JavaScript heap several times per answer). With V8's default small initial heap
 * both ran a full mark-compact every ~100 ms under depth-4 calls, 55 % of their CPU (issue 18 profile);
 * with a 192 MB initial heap, in one bench run: depth-4 p50 27 -> 15 ms, CPU per answer gateway 20 ->
 * 9.5 ms, vedic-calc 20 -> 13.5 ms. Both run with a 1 GiB memory limit (k8s/base).
 */
export const V8_FLAGS: Readonly<Record<string, readonly string[]>> = {
  gateway: ['--initial-heap-size=192'],
  'vedic-calc': ['--initial-heap-size=192'],
};

/**
 * glibc malloc settings (the GLIBC_TUNABLES variable) of every fleet process: the launcher
 * (scripts/fleet.ts) and the image (Dockerfile ENV, so every Kubernetes container) set this value.
 * Node allocates buffers outside the JavaScript heap with malloc. By default glibc serves a
 * multi-megabyte block with a fresh mmap until a free raises its threshold, and gives freed memory at
 * the top of the heap back to the OS past 2x that threshold: every depth-4 dasha answer (3 MB, copied
 * several times per hop) then touched fresh pages. On the 2026-11-29 evening machine a page fault cost
 * 15 µs (a 256 MB touch loop: 65,600 faults in ~1 s), and a depth-4 answer cost vedic-calc 190-500 and
 * the gateway 145-185 faults. With blocks up to 32 MiB (glibc's own ceiling for its moving threshold)
 * taken from the heap and up to 128 MiB of free heap kept for reuse: vedic-calc 24-137 and the gateway
 * 0.3-63 faults per answer; CPU per answer vedic-calc 22-23 -> 13-19 ms, gateway 18-19 -> 11-16 ms;
 * 25-27 -> 29-49 answers/s at one connection (docs/perf/issue-18-gateway-notes.md, twelfth round).
 * The cost: a process keeps the heap of its busiest moment instead of shrinking after it.
 */
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728';

/** A child's environment with the fleet's malloc settings, unless `env` has a GLIBC_TUNABLES of its own. */
export function withMallocTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { GLIBC_TUNABLES: MALLOC_TUNABLES, ...env };
}

/** The services the chart service asks to erase derived data (see FleetService.erasure). */
export const ERASURE_PARTICIPANTS: readonly FleetService[] = FLEET.filter((s) => s.erasure);

export function serviceForPackage(protoPackage: string): FleetService | undefined {
  return FLEET.find((s) => s.protoPackages.includes(protoPackage));
}

export function addressOf(svc: FleetService, env: Record<string, string | undefined>): string {
  return env[svc.addressEnv] || `127.0.0.1:${svc.grpcPort}`;
}
