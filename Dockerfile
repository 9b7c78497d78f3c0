# One image for every process of the fleet (the Kubernetes Deployments choose the entry point).
# docker build -t astro-api .
# The build stage installs the whole workspace (tsx, TypeScript, buf, the prisma CLI), generates code
# and compiles it to JavaScript; the runtime stage gets only the compiled output, the files read at run
# time (protos, SQL migrations) and the production dependencies: no TypeScript source, no tsx.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# python3, make and g++ build the native addons (sweph, argon2 when no prebuilt binary fits).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN node scripts/bootstrap.mjs && node scripts/build.mjs
# /prod: dist folders + package.json files + `pnpm install --prod` from the store filled above
# (tests/prod-runtime.test.ts runs this same command and starts the migration Job and a service from it).
RUN node scripts/prod-deploy.mjs /prod --offline

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Owned by root and read-only to the process (the Deployments also mount the root filesystem read-only).
COPY --from=build /prod /app
USER 10001:10001
# glibc's malloc keeps multi-megabyte buffers in the heap for reuse instead of mapping fresh pages for
# each (packages/platform/src/services.ts MALLOC_TUNABLES; a test keeps the two equal).
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728
# Overridden per Deployment; the gateway by default, with its V8 flags (packages/platform/src/services.ts
# V8_FLAGS; a test keeps this line equal to k8s/base/gateway.yaml's command). The astro-dist condition
# resolves the workspace packages to their compiled files; the tracing hook installs the OpenTelemetry
# SDK before the app loads.
CMD ["node", "--initial-heap-size=192", "--conditions=astro-dist", "--import", "@astro/platform/tracing-register", "gateway/dist/main.js"]
