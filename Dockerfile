# yokohama-bot: docker build -t yokohama-bot . && docker run -e DISCORD_TOKEN=... -v yokohama-data:/data yokohama-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/yokohama.sqlite3 \
    METRICS_PORT=9108 \
    BACKUP_DIR=/data/backups \
    LOG_FORMAT=json

# FriBiDi puts Arabic and Hebrew names drawn on pictures in reading order with their letters joined.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 yokohama \
    && mkdir -p /data \
    && chown yokohama:yokohama /data

WORKDIR /app
COPY pyproject.toml README.md requirements.lock ./
COPY engine ./engine
COPY bot ./bot
COPY rendering ./rendering
COPY data ./data
COPY i18n ./i18n
# The versions CI tested (scripts/lock regenerates the file).
RUN pip install -c requirements.lock .

USER yokohama
# The SQLite file (and its WAL) live on this volume: games survive container restarts and upgrades.
VOLUME ["/data"]
# SIGTERM (docker stop) lets the bot finish a write in progress and disconnect cleanly.
STOPSIGNAL SIGTERM
# /healthz on the metrics port (inside the container only: METRICS_HOST stays 127.0.0.1 unless you publish
# the port for a Prometheus outside). 503 when the database, the gateway or the sweep is unwell.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, sys, urllib.request; port = os.environ.get('METRICS_PORT') or sys.exit(0); urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=4)"]
CMD ["yokohama-bot", "run"]
