# Guildhall's container image: one process, the web app and the API on port 5000, the embedded
# database (or DATABASE_URL's PostgreSQL) and the local vault key in the /data volume.
#
#   docker build -t guildhall .
#   docker run -d -p 5000:5000 -v guildhall-data:/data --env-file .env guildhall
#
# The base image is an argument so that a machine without a registry can build on its own
# (test/container/run.sh); choices in docs/decisions/033-container-image.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# --- The workspaces' manifests: what both installs below start from ---------------------------
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# --- Build: every dependency, then the contract, the web app and the server -----------------
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# --- What the server needs at run time: its production dependencies only ---------------------
FROM manifests AS dependencies
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace=@guildhall/server --workspace=@guildhall/contract \
  && npm cache clean --force

# --- The image -------------------------------------------------------------------------------
FROM ${NODE_IMAGE}
# A user of its own, without a login or a home but the data volume: the process can write
# /data and nothing of its own code.
RUN groupadd --system --gid 10001 guildhall \
  && useradd --system --uid 10001 --gid guildhall --home-dir /data --no-create-home \
       --shell /usr/sbin/nologin guildhall \
  && mkdir /data && chown guildhall:guildhall /data
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/pglite-template.tar.gz apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Production: Discord and VAULT_KEY are required, and there is no sign-in by pseudo.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
USER guildhall
VOLUME /data
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "apps/server/dist/cli/healthcheck.js"]
# Node itself is the container's first process: SIGTERM reaches the server, which finishes the
# requests in flight and closes the database within 10 seconds.
CMD ["node", "apps/server/dist/main.js"]
