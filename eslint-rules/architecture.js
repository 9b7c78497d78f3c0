// Architecture rules of this workspace (README "Architecture"), as a local ESLint plugin. They resolve
// relative specifiers against the importing file, so a boundary holds in every path form:
// '@astro/chart', '../../chart/src/x.ts', '/abs/services/chart/...' alike.
//
// arch/service-boundaries: a service imports no other service and not the gateway; the gateway and
//   packages/ import no service. Services talk over gRPC (protos) and share code through packages/.
// arch/domain-purity: code under services/<svc>/src/domain/ imports no transport or storage — not the
//   gRPC, HTTP, database, cache or bus libraries, not a generated proto as a value (its service
//   definitions and clients; message types via `import type` are the API's shapes and allowed), and
//   not the service's own handlers/, store/, clients/, server.ts or main.ts. Domain code reaches
//   storage and other services through ports it declares (domain/ports.ts), wired in server.ts.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Packages that are transport or storage: forbidden in domain code, types included. */
const TRANSPORT_OR_STORAGE = [
  /^@grpc\//,
  /^@prisma\//,
  /^prisma$/,
  /^pg$/,
  /^pg-/,
  /^redis$/,
  /^@redis\//,
  /^express$/,
  /^kafkajs$/,
  /^http-proxy-middleware$/,
  /^supertest$/,
  /^node:(http|https|http2|net|fs|fs\/promises)$/,
];
const PROTOS = /^@astro\/protos(\/|$)/;
const WORKSPACE_SERVICE = /^@astro\/(account|chart|feedback|llm|vedic-calc|western-calc|gateway)(\/|$)/;

/** Where a file sits: { area: 'service'|'gateway'|'packages'|'other', service?, layer? }. */
function locate(file) {
  const rel = path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep);
  if (rel[0] === 'services' && rel.length > 2) {
    const layer = rel[2] === 'src' ? rel[3] : rel[2];
    return { area: 'service', service: rel[1], layer };
  }
  if (rel[0] === 'gateway') return { area: 'gateway' };
  if (rel[0] === 'packages') return { area: 'packages' };
  return { area: 'other' };
}

function sources(context, check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: (node) => {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
    },
  };
}

function resolved(file, spec) {
  if (spec.startsWith('.') || spec.startsWith('/')) return locate(path.resolve(path.dirname(file), spec));
  return null;
}

const serviceBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossService: "'{{spec}}' reaches into {{target}}: services talk over gRPC; share code through packages/",
      intoService: "'{{spec}}' reaches into the service {{target}}: the gateway and packages/ never import a service",
    },
    schema: [],
  },
  create(context) {
    const here = locate(context.filename);
    if (here.area === 'other') return {};
    return sources(context, (node, spec) => {
      const named = WORKSPACE_SERVICE.exec(spec);
      const there = resolved(context.filename, spec);
      let target = null;
      if (named) target = named[1] === 'gateway' ? 'the gateway' : `services/${named[1]}`;
      else if (there?.area === 'service') target = `services/${there.service}`;
      else if (there?.area === 'gateway') target = 'the gateway';
      if (!target) return;
      if (here.area === 'service' && target !== `services/${here.service}`)
        context.report({ node, messageId: 'crossService', data: { spec, target } });
      if ((here.area === 'gateway' || here.area === 'packages') && target !== 'the gateway')
        context.report({ node, messageId: 'intoService', data: { spec, target } });
    });
  },
};

const OUTER_LAYERS = new Set(['handlers', 'store', 'clients', 'server.ts', 'main.ts']);

const domainPurity = {
  meta: {
    type: 'problem',
    messages: {
      transport:
        "domain code imports '{{spec}}' (transport or storage); declare a port in domain/ and wire it in server.ts",
      protoValue:
        "domain code imports a value from '{{spec}}' (a generated gRPC service or client); use `import type` for message shapes",
      layer: "domain code imports '{{spec}}' from the service's {{layer}}; depend on a port in domain/ instead",
    },
    schema: [],
  },
  create(context) {
    const here = locate(context.filename);
    if (here.area !== 'service' || here.layer !== 'domain') return {};
    return sources(context, (node, spec) => {
      if (TRANSPORT_OR_STORAGE.some((re) => re.test(spec)))
        return context.report({ node, messageId: 'transport', data: { spec } });
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.type === 'ImportDeclaration' &&
          node.specifiers.length > 0 &&
          node.specifiers.every((s) => s.importKind === 'type'));
      if (PROTOS.test(spec) && !typeOnly) return context.report({ node, messageId: 'protoValue', data: { spec } });
      const there = resolved(context.filename, spec);
      if (there?.area === 'service' && there.service === here.service && OUTER_LAYERS.has(there.layer))
        context.report({ node, messageId: 'layer', data: { spec, layer: there.layer } });
    });
  },
};

export default { rules: { 'service-boundaries': serviceBoundaries, 'domain-purity': domainPurity } };
