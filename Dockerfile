# Multi-stage build: the builds with every dependency, production dependencies alone, and a slim
# non-root runtime that takes only what runs: no TypeScript, no tsx, no Vite, no compiler.
FROM node:20.20-bookworm-slim AS toolchain
WORKDIR /app
# better-sqlite3 compiles its native module when no prebuilt one fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./

# The web app into dist/ and the service compiled to JavaScript into build/ (`npm run build`).
FROM toolchain AS build
RUN npm ci
COPY . .
RUN npm run build

# Production dependencies only; cached until the lockfile changes.
FROM toolchain AS deps
RUN npm ci --omit=dev

FROM node:20.20-bookworm-slim AS runtime
# A font for the text in program illustrations, which the share images (PNG) are drawn from.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
# Listens on every interface: the proxy reaches it over the network, so PUBLIC_URL must be set (compose sets it).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "build/service/main.js"]
