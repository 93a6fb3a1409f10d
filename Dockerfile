# syntax=docker/dockerfile:1
# The programme as a container: built once here, run as compiled JavaScript with node.
# (No Docker engine runs on the development machines; this follows the node image's documentation.)

# Build stage: every dependency, then the client (vite) and the server (esbuild) compiled into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Runtime stage: production dependencies and the compiled output only, as the unprivileged node user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force && mkdir -p /data && chown node:node /data
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
# Liveness only: /readyz is for a load balancer deciding whether to send traffic.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM stops it in order (server/index.ts) well within compose's stop_grace_period.
CMD ["node", "dist/server/index.js"]
