# syntax=docker/dockerfile:1
# Build stage: compile TypeScript.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies and compiled code only, as a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
# Migrations first (they also run at boot unless DATABASE_MIGRATIONS_RUN=false), then the app.
CMD ["sh", "-c", "node node_modules/typeorm/cli.js migration:run -d dist/ormconfig.js && DATABASE_MIGRATIONS_RUN=false exec node dist/src/main.js"]
