# Tradepad as a container image (documentation: Docker cannot run on the machine this project is built on, so this
# file is not exercised by CI; the same layout is tested without containers by e2e/scale-out/failover.deploy.ts).
# One image serves every role; NODE_ROLE, DATABASE_URL and REDIS_URL choose what a container is (README, "Scale-out").
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages ./packages
COPY apps ./apps
COPY build ./build
COPY scripts ./scripts
COPY tsconfig*.json ./
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN useradd --system --uid 10001 tradepad && mkdir -p /data && chown tradepad /data
USER tradepad
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=2s --retries=3 CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
