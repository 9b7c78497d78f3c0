// Generates the kustomize base under k8s/base from the fleet table (packages/platform/src/services.ts),
// so every service gets the same hardened Deployment, Service, ServiceAccount and PDB and the ports
// cannot drift from what the launcher and the gateway use. It also generates the `monitoring` component
// (k8s/components/monitoring: ServiceMonitors, the PrometheusRule, the Grafana dashboards as ConfigMaps)
// from the same sources docker compose uses: the alert rules of infra/prometheus/alerts.yml and the
// dashboards of scripts/grafana-dashboards.ts. The other overlays and components are hand-written.
//   npm run k8s-gen   (rewrites k8s/base/*.yaml and k8s/components/monitoring/*.yaml;
//                      tests/k8s-manifests.test.ts checks they are current)
import fs from 'node:fs';
import path from 'node:path';
import { FLEET, V8_FLAGS, type FleetService } from '@astro/platform';
import { parse, stringify } from 'yaml';
import { DASHBOARDS } from './grafana-dashboards.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const BASE_DIR = path.join(ROOT, 'k8s', 'base');
export const MONITORING_DIR = path.join(ROOT, 'k8s', 'components', 'monitoring');
/** The one source of the alert rules (docker compose mounts it as is). */
export const ALERTS_FILE = path.join(ROOT, 'infra', 'prometheus', 'alerts.yml');
const IMAGE = 'astro-api';
const GATEWAY_PORT = 8080;
// The gateway's admin port: /metrics lives here, never on the public port the Ingress routes.
const GATEWAY_METRICS_PORT = 9450;
/**
 * The gateway's container port that serves /metrics (its admin port, named `metrics`); the gateway's
 * Service port named `metrics`, which its ServiceMonitor scrapes, forwards to it.
 */
const GATEWAY_METRICS_TARGET = 'metrics';
// Installs the OpenTelemetry SDK before the app loads; it exports when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const TRACING_REGISTER = '@astro/platform/tracing-register';
/** Services that scale with request volume get an HPA; the stateful ones scale by hand. */
const AUTOSCALED = new Set(['gateway', 'vedic-calc', 'western-calc']);
/** Services that write files: a PersistentVolumeClaim mounted at the path their config names. */
const FILE_STORES: Record<string, { env: string; mountPath: string; size: string }> = {
  // PDF reports (POST /v1/reports); ReadWriteMany so every replica reads what another wrote.
  feedback: { env: 'REPORTS_DIR', mountPath: '/var/lib/astro/reports', size: '10Gi' },
};
/** Services with a database: their DATABASE_URL comes from the Secret. */
const WITH_DATABASE = new Set(['account', 'chart', 'western-calc', 'llm', 'feedback']);

type Doc = Record<string, unknown>;

/**
 * The image holds the compiled output only (Dockerfile, scripts/prod-deploy.mjs): the astro-dist
 * export condition resolves the workspace packages to their dist files.
 */
// The astro-dist condition resolves the workspace packages (and the tracing hook) to their compiled files.
// The process's V8 flags come first (services.ts V8_FLAGS).
const nodeCommand = (entry: string, opts: { traced?: boolean; process?: string } = {}) => [
  'node',
  ...(V8_FLAGS[opts.process ?? ''] ?? []),
  '--conditions=astro-dist',
  ...(opts.traced ? ['--import', TRACING_REGISTER] : []),
  entry,
];

const labels = (name: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'astro-api' });
const envKey = (name: string) => name.toUpperCase().replace(/-/g, '_');

function securityContext() {
  return {
    runAsNonRoot: true,
    runAsUser: 10001,
    runAsGroup: 10001,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

function resources(heavy: boolean) {
  return heavy
    ? { requests: { cpu: '250m', memory: '384Mi' }, limits: { cpu: '1', memory: '1Gi' } }
    : { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '500m', memory: '512Mi' } };
}

function serviceAccount(name: string): Doc {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name, labels: labels(name) },
    automountServiceAccountToken: false,
  };
}

function pdb(name: string): Doc {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, labels: labels(name) },
    spec: { maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': name } } },
  };
}

function hpa(name: string): Doc {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, labels: labels(name) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      ],
    },
  };
}

function deployment(name: string, container: Doc, metrics: { port: number; path: string }, claim?: string): Doc {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: labels(name) },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      template: {
        metadata: {
          labels: labels(name),
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(metrics.port),
            'prometheus.io/path': metrics.path,
          },
        },
        spec: {
          serviceAccountName: name,
          automountServiceAccountToken: false,
          securityContext: { runAsNonRoot: true, fsGroup: 10001 },
          // The drain delay (SHUTDOWN_DELAY_MS) must fit inside the grace period.
          terminationGracePeriodSeconds: 30,
          containers: [container],
          // Node writes only under /tmp: the root filesystem stays read-only.
          volumes: [
            { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
            ...(claim ? [{ name: 'files', persistentVolumeClaim: { claimName: claim } }] : []),
          ],
        },
      },
    },
  };
}

function serviceContainer(s: FleetService): Doc {
  const env: Doc[] = [
    { name: 'GRPC_PORT', value: String(s.grpcPort) },
    { name: 'METRICS_PORT', value: String(s.metricsPort) },
    { name: 'OTEL_SERVICE_NAME', value: s.name },
  ];
  if (WITH_DATABASE.has(s.name))
    env.push({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'astro-secrets', key: `${envKey(s.name)}_DATABASE_URL` } },
    });
  const store = FILE_STORES[s.name];
  if (store) env.push({ name: store.env, value: store.mountPath });
  const grpcProbe = { grpc: { port: s.grpcPort } };
  return {
    name: s.name,
    image: IMAGE,
    command: nodeCommand(`services/${s.name}/dist/main.js`, { traced: true, process: s.name }),
    ports: [
      { name: 'grpc', containerPort: s.grpcPort },
      { name: 'metrics', containerPort: s.metricsPort },
    ],
    envFrom: [{ configMapRef: { name: 'astro-config' } }, { secretRef: { name: 'astro-shared-secrets' } }],
    env,
    // grpc.health.v1: NOT_SERVING during the SIGTERM drain takes the pod out of the Service first.
    readinessProbe: { ...grpcProbe, periodSeconds: 5, failureThreshold: 2 },
    livenessProbe: { ...grpcProbe, initialDelaySeconds: 20, periodSeconds: 10, failureThreshold: 3 },
    startupProbe: { ...grpcProbe, periodSeconds: 5, failureThreshold: 36 },
    resources: resources(s.name.endsWith('-calc')),
    securityContext: securityContext(),
    volumeMounts: [
      { name: 'tmp', mountPath: '/tmp' },
      ...(store ? [{ name: 'files', mountPath: store.mountPath }] : []),
    ],
  };
}

function fileStoreClaim(name: string, size: string): Doc {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: `${name}-files`, labels: labels(name) },
    spec: { accessModes: ['ReadWriteMany'], resources: { requests: { storage: size } } },
  };
}

function gatewayContainer(): Doc {
  return {
    name: 'gateway',
    image: IMAGE,
    command: nodeCommand('gateway/dist/main.js', { traced: true, process: 'gateway' }),
    ports: [
      { name: 'http', containerPort: GATEWAY_PORT },
      { name: 'metrics', containerPort: GATEWAY_METRICS_PORT },
    ],
    envFrom: [{ configMapRef: { name: 'astro-config' } }, { secretRef: { name: 'astro-shared-secrets' } }],
    env: [
      { name: 'PORT', value: String(GATEWAY_PORT) },
      { name: 'METRICS_PORT', value: String(GATEWAY_METRICS_PORT) },
      { name: 'OTEL_SERVICE_NAME', value: 'gateway' },
    ],
    readinessProbe: { httpGet: { path: '/readyz', port: 'http' }, periodSeconds: 5, failureThreshold: 2 },
    livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 10, periodSeconds: 10 },
    startupProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 5, failureThreshold: 36 },
    resources: resources(true),
    securityContext: securityContext(),
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
}

function clusterService(name: string, ports: Array<{ name: string; port: number; target?: string }>): Doc {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, labels: labels(name) },
    spec: {
      selector: { 'app.kubernetes.io/name': name },
      ports: ports.map((p) => ({ name: p.name, port: p.port, targetPort: p.target ?? p.name })),
    },
  };
}

function configMap(): Doc {
  const data: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SHUTDOWN_DELAY_MS: '5000',
    PUBLIC_BASE_URL: 'https://api.example.com',
  };
  // Every process finds its peers through the cluster DNS names of their Services.
  for (const s of FLEET) data[s.addressEnv] = `${s.name}:${s.grpcPort}`;
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'astro-config' }, data };
}

function migrationJob(): Doc {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'astro-migrate', labels: labels('astro-migrate') },
    spec: {
      backoffLimit: 3,
      template: {
        metadata: { labels: labels('astro-migrate') },
        spec: {
          restartPolicy: 'OnFailure',
          serviceAccountName: 'astro-migrate',
          automountServiceAccountToken: false,
          securityContext: { runAsNonRoot: true },
          containers: [
            {
              name: 'migrate',
              image: IMAGE,
              command: nodeCommand('scripts/dist/migrate.js'),
              env: [
                {
                  name: 'DATABASE_URL',
                  valueFrom: { secretKeyRef: { name: 'astro-secrets', key: 'ADMIN_DATABASE_URL' } },
                },
              ],
              resources: resources(false),
              securityContext: securityContext(),
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }],
        },
      },
    },
  };
}

function ingress(): Doc {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name: 'gateway', labels: labels('gateway') },
    spec: {
      ingressClassName: 'nginx',
      rules: [
        {
          host: 'api.example.com',
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'gateway', port: { name: 'http' } } },
              },
            ],
          },
        },
      ],
    },
  };
}

/** File name -> documents of the generated base. */
export function baseFiles(): Map<string, Doc[]> {
  const files = new Map<string, Doc[]>();
  for (const s of FLEET) {
    const docs: Doc[] = [
      serviceAccount(s.name),
      deployment(
        s.name,
        serviceContainer(s),
        { port: s.metricsPort, path: '/metrics' },
        FILE_STORES[s.name] ? `${s.name}-files` : undefined,
      ),
      clusterService(s.name, [
        { name: 'grpc', port: s.grpcPort },
        { name: 'metrics', port: s.metricsPort },
      ]),
      pdb(s.name),
    ];
    if (AUTOSCALED.has(s.name)) docs.push(hpa(s.name));
    const store = FILE_STORES[s.name];
    if (store) docs.push(fileStoreClaim(s.name, store.size));
    files.set(`${s.name}.yaml`, docs);
  }
  files.set('gateway.yaml', [
    serviceAccount('gateway'),
    deployment('gateway', gatewayContainer(), { port: GATEWAY_METRICS_PORT, path: '/metrics' }),
    clusterService('gateway', [
      { name: 'http', port: GATEWAY_PORT },
      { name: 'metrics', port: GATEWAY_METRICS_PORT, target: GATEWAY_METRICS_TARGET },
    ]),
    pdb('gateway'),
    hpa('gateway'),
    ingress(),
  ]);
  files.set('config.yaml', [configMap()]);
  files.set('migrate-job.yaml', [serviceAccount('astro-migrate'), migrationJob()]);
  files.set('kustomization.yaml', [
    {
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      labels: [{ pairs: { 'app.kubernetes.io/managed-by': 'kustomize' } }],
      resources: [...[...files.keys()].filter((f) => f !== 'kustomization.yaml').sort()],
    },
  ]);
  return files;
}

// ------------------------------------------------------------------ monitoring component
// kube-prometheus-stack conventions: its Prometheus selects ServiceMonitors and PrometheusRules by the
// Helm release label (`release: <release name>`; MONITORING_RELEASE below, patch it in an overlay when
// the release is named otherwise) and its Grafana sidecar loads ConfigMaps labelled grafana_dashboard.

const MONITORING_RELEASE = 'kube-prometheus-stack';
const monitoringLabels = (name: string) => ({ ...labels(name), release: MONITORING_RELEASE });

/**
 * One ServiceMonitor per process, on the Service port named `metrics` (the services' METRICS_PORT; the
 * gateway's metrics port, see GATEWAY_METRICS_PORT). The operator labels each series with
 * service=<Service name>, the label the dashboards and rules group by (compose sets it statically).
 */
function serviceMonitor(name: string): Doc {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name, labels: monitoringLabels(name) },
    spec: {
      selector: { matchLabels: { 'app.kubernetes.io/name': name } },
      endpoints: [{ port: 'metrics', path: '/metrics', interval: '30s', scrapeTimeout: '10s' }],
    },
  };
}

/** The rules of infra/prometheus/alerts.yml, group for group, as a PrometheusRule. */
function prometheusRule(alertsYaml: string): Doc {
  const source = parse(alertsYaml) as { groups: Doc[] };
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'astro-api-alerts', labels: monitoringLabels('astro-api-alerts') },
    spec: { groups: source.groups },
  };
}

/** One ConfigMap per dashboard, for the Grafana sidecar (label grafana_dashboard: "1"). */
function dashboardConfigMap(file: string, dashboard: unknown): Doc {
  const name = `grafana-dashboard-${file.replace(/\.json$/, '')}`;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name,
      labels: { ...labels(name), grafana_dashboard: '1' },
      // Honoured by the sidecar when its folderAnnotation is grafana_folder (kube-prometheus-stack's value).
      annotations: { grafana_folder: 'Astro API' },
    },
    data: { [file]: `${JSON.stringify(dashboard, null, 2)}\n` },
  };
}

/** File name -> documents of the monitoring component. */
export function monitoringFiles(alertsYaml = fs.readFileSync(ALERTS_FILE, 'utf8')): Map<string, Doc[]> {
  const files = new Map<string, Doc[]>();
  files.set('service-monitors.yaml', [...FLEET.map((s) => s.name), 'gateway'].map(serviceMonitor));
  files.set('prometheus-rules.yaml', [prometheusRule(alertsYaml)]);
  files.set(
    'grafana-dashboards.yaml',
    Object.entries(DASHBOARDS).map(([file, d]) => dashboardConfigMap(file, d)),
  );
  files.set('kustomization.yaml', [
    {
      apiVersion: 'kustomize.config.k8s.io/v1alpha1',
      kind: 'Component',
      resources: [...[...files.keys()].filter((f) => f !== 'kustomization.yaml').sort()],
    },
  ]);
  return files;
}

const render = (files: Map<string, Doc[]>, header: string) => {
  const out = new Map<string, string>();
  for (const [file, docs] of files)
    out.set(file, header + docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n'));
  return out;
};

export function renderBase(): Map<string, string> {
  return render(
    baseFiles(),
    '# Generated by scripts/k8s-gen.ts from the fleet table: edit the generator, not this file.\n',
  );
}

export function renderMonitoring(): Map<string, string> {
  return render(
    monitoringFiles(),
    '# Generated by scripts/k8s-gen.ts (`npm run k8s-gen`) from infra/prometheus/alerts.yml and\n' +
      '# scripts/grafana-dashboards.ts, the sources docker compose uses too: edit those, not this file.\n',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [dir, files] of [
    [BASE_DIR, renderBase()],
    [MONITORING_DIR, renderMonitoring()],
  ] as const) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [file, text] of files) fs.writeFileSync(path.join(dir, file), text);
    console.log(`[k8s-gen] wrote ${files.size} files to ${path.relative(ROOT, dir)}`);
  }
}
