# Magpie image: one image, two roles (DAM server or BFF), chosen by the command.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends perl libarchive-zip-perl ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/dam/package.json apps/dam/
COPY apps/bff/package.json apps/bff/
COPY apps/web/package.json apps/web/
COPY packages/api-types/package.json packages/api-types/
COPY packages/machines/package.json packages/machines/
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build
ENV NODE_ENV=production MAGPIE_DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
CMD ["node", "--import", "tsx", "apps/dam/src/main.ts"]
