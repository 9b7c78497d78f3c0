// The Kubernetes manifests: the generated base and monitoring component match their generator
// (scripts/k8s-gen.ts), every overlay renders with `kubectl kustomize`, every rendered object passes
// the Kubernetes and prometheus-operator schemas (kubernetes-models and
// @kubernetes-models/prometheus-operator: the OpenAPI and CRD schemas compiled to validators, offline),
// and every workload it renders has probes, requests and limits, a non-root user and a read-only root
// filesystem; the prod overlay scrapes every process and loads the alert rules and dashboards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import { FLEET, MALLOC_TUNABLES } from '@astro/platform';
import { DASHBOARDS } from '../scripts/grafana-dashboards.ts';
import { COMPOSE_ENDPOINTS, composeEnv } from '../scripts/infra.ts';
import { ALERTS_FILE, BASE_DIR, MONITORING_DIR, renderBase, renderMonitoring } from '../scripts/k8s-gen.ts';
import { ROOT } from './helpers/client.ts';

const OVERLAYS = ['dev', 'prod'];
const PROCESSES = [...FLEET.map((f) => f.name), 'gateway'];

/**
 * kubectl from the machine, or installed from the Debian package sources when missing (we run as
 * root on our machines): a missing kubectl fails the test with the reason instead of skipping it.
 */
function ensureKubectl(): void {
  const works = () => {
    try {
      execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (works()) return;
  for (const pkg of ['kubectl', 'kubernetes-client']) {
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'ignore' });
      if (works()) return;
    } catch {
      /* not in the configured sources: try the next name */
    }
  }
  assert.fail('kubectl is missing and `apt-get install kubectl` (or kubernetes-client) did not provide it');
}

/** Validator of an apiVersion/kind from the schema packages, or undefined when none has it. */
async function validatorOf(apiVersion: string, kind: string): Promise<((o: unknown) => void) | undefined> {
  const module = apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`
    : `kubernetes-models/${apiVersion}/${kind}`;
  try {
    const Model = (await import(module))[kind] as new (o: unknown) => { validate(): void };
    return (o) => new Model(o).validate();
  } catch {
    return undefined;
  }
}

function render(overlay: string): any[] {
  const out = execFileSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'overlays', overlay)], {
    encoding: 'utf8',
  });
  return parseAllDocuments(out)
    .map((d) => d.toJS())
    .filter(Boolean);
}

describe('k8s manifests', () => {
  it('k8s/base is what scripts/k8s-gen.ts generates (run `npm run k8s-gen` after changing the fleet)', () => {
    for (const [file, text] of renderBase())
      assert.equal(fs.readFileSync(path.join(BASE_DIR, file), 'utf8'), text, `k8s/base/${file} is stale`);
  });

  it('k8s/components/monitoring is what scripts/k8s-gen.ts generates from the alert rules and dashboards (`npm run k8s-gen`)', () => {
    for (const [file, text] of renderMonitoring())
      assert.equal(
        fs.readFileSync(path.join(MONITORING_DIR, file), 'utf8'),
        text,
        `k8s/components/monitoring/${file} is stale: run npm run k8s-gen`,
      );
  });

  it('the images run compiled JavaScript, never tsx', () => {
    for (const [file, text] of renderBase()) {
      assert.doesNotMatch(text, /tsx|src\/main\.ts/, `k8s/base/${file}`);
      for (const m of text.matchAll(/command:\n((?:\s+- .*\n)+)/g))
        assert.match(
          m[1]!,
          /- node\n(?:\s+- --[a-z-]+=\d+\n)*\s+- --conditions=astro-dist\n(?:\s+- --import\n\s+- "@astro\/platform\/tracing-register"\n)?\s+- \S+\/dist\/\S+\.js/,
          `k8s/base/${file}`,
        );
    }
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    // The image's default command is the gateway's, V8 flags included.
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    const deployment = parseAllDocuments(renderBase().get('gateway.yaml')!)
      .map((d) => d.toJS() as { kind: string; spec: { template: { spec: { containers: { command: string[] }[] } } } })
      .find((d) => d.kind === 'Deployment')!;
    assert.deepEqual(JSON.parse(cmd ?? 'null'), deployment.spec.template.spec.containers[0]!.command);
    assert.match(dockerfile, /^USER 10001:10001$/m);
    // Every container of the image runs with the fleet's malloc settings, as the launcher's processes do.
    assert.equal(/^ENV GLIBC_TUNABLES=(\S+)$/m.exec(dockerfile)?.[1], MALLOC_TUNABLES);
  });

  for (const overlay of OVERLAYS) {
    it(`overlay ${overlay}: every rendered object passes the Kubernetes and prometheus-operator schemas`, async () => {
      ensureKubectl();
      const docs = render(overlay);
      for (const d of docs) {
        const validate = await validatorOf(d.apiVersion, d.kind);
        const where = `${overlay}/${d.kind}/${d.metadata?.name}`;
        assert.ok(validate, `${where}: no schema for ${d.apiVersion} ${d.kind}`);
        // kubectl wraps long base64 Secret values over lines; the API server's decoder (Go's
        // encoding/base64) skips the newlines, the schema's "byte" format does not.
        if (d.kind === 'Secret' && d.data)
          for (const k of Object.keys(d.data)) d.data[k] = String(d.data[k]).replace(/[\r\n]/g, '');
        assert.doesNotThrow(() => validate(d), where);
      }
      // The validators do check: a wrong type is refused.
      const deployment = structuredClone(docs.find((d) => d.kind === 'Deployment'));
      deployment.spec.replicas = 'two';
      const validateDeployment = (await validatorOf('apps/v1', 'Deployment'))!;
      assert.throws(() => validateDeployment(deployment), /replicas must be integer/);
    });

    it(`overlay ${overlay}: renders, and every workload is probed, bounded and non-root`, () => {
      ensureKubectl();
      {
        const docs = render(overlay);
        const workloads = docs.filter((d) => ['Deployment', 'StatefulSet', 'Job'].includes(d.kind));
        const names = new Set(workloads.map((d) => d.metadata.name));
        for (const s of [...FLEET.map((f) => f.name), 'gateway', 'astro-migrate'])
          assert.ok(names.has(s), `${overlay}: ${s} is rendered`);
        for (const w of workloads) {
          const pod = w.spec.template.spec;
          const where = `${overlay}/${w.kind}/${w.metadata.name}`;
          for (const c of pod.containers) {
            if (w.kind !== 'Job') {
              assert.ok(c.readinessProbe, `${where}: readiness probe`);
              assert.ok(c.livenessProbe, `${where}: liveness probe`);
            }
            for (const k of ['cpu', 'memory']) {
              assert.ok(c.resources?.requests?.[k], `${where}: ${k} request`);
              assert.ok(c.resources?.limits?.[k], `${where}: ${k} limit`);
            }
            assert.equal(
              c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot,
              true,
              `${where}: non-root`,
            );
            assert.equal(c.securityContext?.readOnlyRootFilesystem, true, `${where}: read-only root`);
            assert.equal(c.securityContext?.allowPrivilegeEscalation, false, `${where}: no privilege escalation`);
          }
        }
        // gRPC services are probed with grpc.health.v1 on their own port; the gateway over HTTP.
        for (const s of FLEET) {
          const c = workloads.find((w) => w.metadata.name === s.name).spec.template.spec.containers[0];
          assert.deepEqual(c.readinessProbe.grpc, { port: s.grpcPort }, `${overlay}/${s.name}: gRPC readiness`);
          assert.deepEqual(c.livenessProbe.grpc, { port: s.grpcPort }, `${overlay}/${s.name}: gRPC liveness`);
        }
        const gw = workloads.find((w) => w.metadata.name === 'gateway').spec.template.spec.containers[0];
        assert.equal(gw.readinessProbe.httpGet.path, '/readyz');
        for (const kind of ['PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Ingress', 'ConfigMap', 'ServiceAccount'])
          assert.ok(
            docs.some((d) => d.kind === kind),
            `${overlay}: has a ${kind}`,
          );
        const hpas = docs.filter((d) => d.kind === 'HorizontalPodAutoscaler').map((d) => d.spec.scaleTargetRef.name);
        assert.deepEqual(hpas.sort(), ['gateway', 'vedic-calc', 'western-calc']);
      }
    });
  }

  it('overlay prod: ServiceMonitors for every process, the PrometheusRule and the dashboards (monitoring)', () => {
    ensureKubectl();
    const docs = render('prod');
    const of = (kind: string) => docs.filter((d) => d.kind === kind);
    const services = new Map(of('Service').map((s) => [s.metadata.name, s]));
    for (const name of PROCESSES) {
      const sm = of('ServiceMonitor').find((m) => m.metadata.name === name);
      assert.ok(sm, `a ServiceMonitor for ${name}`);
      assert.equal(sm.metadata.namespace, 'astro');
      assert.equal(sm.metadata.labels.release, 'kube-prometheus-stack', `${name}: selected by the stack's Prometheus`);
      assert.deepEqual(sm.spec.selector.matchLabels, { 'app.kubernetes.io/name': name });
      assert.deepEqual(
        sm.spec.endpoints.map((e: any) => [e.port, e.path]),
        [['metrics', '/metrics']],
      );
      // The Service it selects has the named port, forwarding to the container port that serves /metrics.
      const svc = services.get(name);
      const port = svc?.spec.ports.find((p: any) => p.name === 'metrics');
      assert.ok(port, `${name}: Service port named metrics`);
      const deployment = of('Deployment').find((d) => d.metadata.name === name);
      const containerPorts = deployment.spec.template.spec.containers[0].ports.map((p: any) => p.name);
      assert.ok(containerPorts.includes(port.targetPort), `${name}: metrics targets ${port.targetPort}`);
    }
    const rules = of('PrometheusRule');
    assert.equal(rules.length, 1);
    assert.deepEqual(rules[0].spec.groups, parse(fs.readFileSync(ALERTS_FILE, 'utf8')).groups);
    const dashboards = of('ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    assert.deepEqual(dashboards.flatMap((c) => Object.keys(c.data)).sort(), Object.keys(DASHBOARDS).sort());
    for (const c of dashboards)
      for (const [file, json] of Object.entries(c.data))
        assert.deepEqual(JSON.parse(json as string), DASHBOARDS[file as keyof typeof DASHBOARDS]);
    // dev stays without the prometheus-operator CRDs.
    assert.equal(render('dev').filter((d) => d.apiVersion.startsWith('monitoring.coreos.com/')).length, 0);
  });
});

describe('infra/docker-compose.yml', () => {
  it('publishes every part on the host ports the launcher uses with INFRA=compose', () => {
    const compose = parse(fs.readFileSync(path.join(ROOT, 'infra', 'docker-compose.yml'), 'utf8'));
    assert.deepEqual(Object.keys(compose.services).sort(), ['grafana', 'kafka', 'postgres', 'prometheus', 'redis']);
    const hostPort = (svc: string) => compose.services[svc].ports.map((p: string) => p.split(':')[1]);
    assert.ok(hostPort('postgres').includes(new URL(COMPOSE_ENDPOINTS.DATABASE_URL).port));
    assert.ok(hostPort('redis').includes(new URL(COMPOSE_ENDPOINTS.REDIS_URL).port));
    assert.ok(hostPort('kafka').includes(COMPOSE_ENDPOINTS.KAFKA_BROKERS.split(':')[1]));
    assert.equal(
      compose.services.postgres.environment.POSTGRES_PASSWORD,
      new URL(COMPOSE_ENDPOINTS.DATABASE_URL).password,
    );
    // Explicit settings win over the compose defaults.
    assert.equal(composeEnv({ REDIS_URL: 'redis://elsewhere:1' }).REDIS_URL, 'redis://elsewhere:1');
  });
});
