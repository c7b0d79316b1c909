FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY apps ./apps
COPY director ./director
RUN pip install --no-cache-dir .
COPY . .
RUN python scripts/compile_messages.py
RUN SECRET_KEY=build-only-not-a-secret-build-only-not-a-secret python manage.py collectstatic --noinput
RUN useradd --create-home floor && chown -R floor /app
USER floor
# Production unless told otherwise: the entrypoint refuses to start without a real SECRET_KEY (50+
# characters) and ALLOWED_HOSTS, instead of running in development mode with the public key.
ENV FLOOR_ENV=production DEBUG=false
EXPOSE 8000
ENTRYPOINT ["/app/scripts/docker-entrypoint.sh"]
CMD ["gunicorn", "director.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
