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

/** The services the chart service asks to erase derived data (see FleetService.erasure). */
export const ERASURE_PARTICIPANTS: readonly FleetService[] = FLEET.filter((s) => s.erasure);

export function serviceForPackage(protoPackage: string): FleetService | undefined {
  return FLEET.find((s) => s.protoPackages.includes(protoPackage));
}

export function addressOf(svc: FleetService, env: Record<string, string | undefined>): string {
  return env[svc.addressEnv] || `127.0.0.1:${svc.grpcPort}`;
}
