# Loja in one image: the server serves the storefront, the console and the API on port 3000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force && node scripts/bundle-server.mjs --force && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data SKIP_BUILD=1
WORKDIR /app
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
USER node
CMD ["node", "scripts/start.mjs"]
