# syntax=docker/dockerfile:1
# Build stage: compile TypeScript.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The client package is a workspace of the repository: npm ci needs its manifest.
COPY packages/client/package.json ./packages/client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY apps ./apps
COPY libs ./libs
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies and compiled code only, as a non-root user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
# Ready (PostgreSQL and Redis reachable), not merely alive: an orchestrator sends traffic only then.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Pending migrations run at boot under a PostgreSQL advisory lock (replicas starting together wait
# for one another). For a deploy step of its own: `node dist/src/cli/main.js migrate` once, then the
# instances with DATABASE_MIGRATIONS_RUN=false (compose.yaml does so).
# --single-threaded-gc: src/config/node-flags.ts says why (a small heap on few shared cores).
CMD ["node", "--single-threaded-gc", "dist/src/main.js"]
