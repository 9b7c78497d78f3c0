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

/** The services the chart service asks to erase derived data (see FleetService.erasure). */
export const ERASURE_PARTICIPANTS: readonly FleetService[] = FLEET.filter((s) => s.erasure);

export function serviceForPackage(protoPackage: string): FleetService | undefined {
  return FLEET.find((s) => s.protoPackages.includes(protoPackage));
}

export function addressOf(svc: FleetService, env: Record<string, string | undefined>): string {
  return env[svc.addressEnv] || `127.0.0.1:${svc.grpcPort}`;
}
