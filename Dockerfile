# syntax=docker/dockerfile:1
# Tracewell: a multi-stage image on Node 24 (the active LTS). The build stage compiles TypeScript (and,
# only when built with NODE_VERSION=20, the V8-bound SQLite driver);
# the runtime stage holds only the bundled code and the production dependencies, runs as the
# unprivileged `node` user, and keeps SQLite data (when DATABASE_URL is unset) in the /data volume.

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG NODE_VERSION
WORKDIR /app
# Compilers for better-sqlite3 12, the driver Node 20 loads; Node ≥ 22 loads 13's prebuilt Node-API binary.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Scripts off: `prepare` (the build) needs the sources, copied below. The driver each Node loads is
# adapters/sqlite/driver.ts's choice: on Node 20 better-sqlite3 12, built here; from 22 on 13 (nothing to build).
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && if [ "${NODE_VERSION%%.*}" -lt 22 ]; then npm rebuild better-sqlite3; fi
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY adapters ./adapters
COPY generated ./generated
COPY contract ./contract
COPY bin ./bin
COPY console ./console
# The server's bundler (esbuild, run by tsx): `npm run build` type-checks with tsc, then bundles.
COPY scripts/build ./scripts/build
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/contract ./contract
COPY --from=build /app/generated/openapi.json ./generated/openapi.json
COPY --from=build /app/generated/validation-contract.json ./generated/validation-contract.json
COPY --from=build /app/generated/operation-index.json ./generated/operation-index.json
COPY --from=build /app/generated/request-validation.json ./generated/request-validation.json
COPY --from=build /app/generated/request-validators ./generated/request-validators
COPY --from=build /app/console/dist ./console/dist
COPY --from=build /app/bin ./bin
COPY LICENSE README.md ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready, not merely alive: database reachable, migrations current, Redis reachable when configured.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 without an npm wrapper: SIGTERM reaches the server, which drains (DRAIN_TIMEOUT_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/main.js"]
