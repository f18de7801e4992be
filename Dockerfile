FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY genius ./genius
COPY games ./games
RUN pip install --no-cache-dir .
COPY . .
# A throw-away key for this one command: the image keeps no key (production sets SECRET_KEY).
RUN DEBUG=1 GENIUS_SECRET_KEY_FILE=/tmp/build-key python manage.py collectstatic --noinput && rm -f /tmp/build-key
EXPOSE 8000
