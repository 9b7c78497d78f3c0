# One image for every process of the fleet (the Kubernetes Deployments choose the entry point).
# docker build -t astro-api .
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
# tsx runs the TypeScript sources directly, so the dev dependencies stay in the image.
RUN node scripts/bootstrap.mjs

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=10001:10001 /app /app
USER 10001:10001
# Overridden per Deployment; the gateway by default.
CMD ["node", "--import", "tsx", "--import", "@astro/platform/tracing-register", "gateway/src/main.ts"]
