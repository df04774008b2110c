# Lobbykit: the site, the embed bundle and the platform API in one image.
#   docker build -t lobbykit .            (the app stage is the last: the image that runs)
#   docker compose up                     (PostgreSQL, two instances, a proxy: see compose.yaml)
# Read docs/operators.md for the settings.

# ── deps: every package, the build tools included ───────────────────────────────────────────────
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ── build: the site and the embed bundle into dist/, then only the runtime packages kept ────────
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --omit=optional --no-audit --no-fund

# ── app: what runs, as an unprivileged user ──────────────────────────────────────────────────────
FROM node:24-bookworm-slim AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    LOG_REQUESTS=on
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/sandbox ./sandbox
COPY --from=build /app/sdk ./sdk
COPY --from=build /app/locales ./locales
# PGlite (used only without DATABASE_URL) keeps its files here; the user `node` (uid 1000) owns it.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 4321
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve"]
