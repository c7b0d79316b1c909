# Floor's image, in two stages. The first compiles the engine's hot modules with mypyc (it needs a C
# compiler); the final image gets only the compiled library, no compiler, and refuses to build if the
# engine it would run is not the compiled one. Both stages use the same Python image: the compiled build
# is loaded only by the very Python (version and ABI) that built it (apps/engine/native.py).

# --- stage 1: the compiled engine -------------------------------------------------------------------------
FROM python:3.11-slim AS engine
ENV PYTHONDONTWRITEBYTECODE=1 PIP_NO_CACHE_DIR=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
RUN pip install "mypy>=1.11" "setuptools>=69"
COPY apps/__init__.py ./apps/__init__.py
COPY apps/engine ./apps/engine
COPY scripts/build_engine.py ./scripts/build_engine.py
RUN python scripts/build_engine.py

# --- stage 2: the service -----------------------------------------------------------------------------------
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY apps ./apps
COPY director ./director
RUN pip install --no-cache-dir .
COPY . .
COPY --from=engine /app/build/engine/lib ./build/engine/lib
# The engine this image runs: compiled, or the build fails here.
RUN python -c "import sys, apps.engine as e; print('engine:', e.ENGINE_BUILD); sys.exit(e.ENGINE_BUILD != 'compiled')"
RUN python scripts/compile_messages.py
RUN SECRET_KEY=build-only-not-a-secret-build-only-not-a-secret python manage.py collectstatic --noinput
RUN useradd --create-home floor && chown -R floor /app
USER floor
# Production unless told otherwise: the entrypoint refuses to start without a real SECRET_KEY (50+
# characters) and ALLOWED_HOSTS, instead of running in development mode with the public key.
ENV FLOOR_ENV=production DEBUG=false
EXPOSE 8000
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
# The one production server: gunicorn managing uvicorn workers (ASGI), see director/gunicorn_conf.py.
CMD ["gunicorn", "-c", "director/gunicorn_conf.py", "director.asgi:application"]
