// The Kubernetes manifests: the generated base matches its generator (scripts/k8s-gen.ts), every
// overlay renders with `kubectl kustomize` (Debian's kubectl), and every workload it renders has
// probes, requests and limits, a non-root user and a read-only root filesystem.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { FLEET } from '@astro/platform';
import { COMPOSE_ENDPOINTS, composeEnv } from '../scripts/infra.ts';
import { BASE_DIR, renderBase } from '../scripts/k8s-gen.ts';
import { ROOT } from './helpers/client.ts';

const OVERLAYS = ['dev', 'prod'];
const hasKubectl = (() => {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

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

  for (const overlay of OVERLAYS) {
    it(
      `overlay ${overlay}: renders, and every workload is probed, bounded and non-root`,
      { skip: !hasKubectl && 'kubectl not installed' },
      () => {
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
      },
    );
  }
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
