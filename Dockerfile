# yokohama-bot: docker build -t yokohama-bot . && docker run -e DISCORD_TOKEN=... -v yokohama-data:/data yokohama-bot
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/yokohama.sqlite3

RUN useradd --create-home --uid 10001 yokohama \
    && mkdir -p /data \
    && chown yokohama:yokohama /data

WORKDIR /app
COPY pyproject.toml README.md requirements.lock ./
COPY engine ./engine
COPY bot ./bot
COPY rendering ./rendering
COPY data ./data
# The versions CI tested (scripts/lock regenerates the file).
RUN pip install -c requirements.lock .

USER yokohama
# The SQLite file (and its WAL) live on this volume: games survive container restarts and upgrades.
VOLUME ["/data"]
# SIGTERM (docker stop) lets the bot finish a write in progress and disconnect cleanly.
STOPSIGNAL SIGTERM
CMD ["yokohama-bot", "run"]
