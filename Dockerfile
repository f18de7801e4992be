FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY genius ./genius
COPY games ./games
RUN pip install --no-cache-dir .
COPY . .
RUN DEBUG=1 python manage.py collectstatic --noinput
EXPOSE 8000
