FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
# The processes run as this user, not root: they write nothing in /app (static files are collected at build
# time; celery beat keeps its schedule in /tmp; production reads SECRET_KEY from the environment).
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin genius
WORKDIR /app
# What the site runs and the build backend, from the locked files: every package pinned with its hashes (bin/lock
# makes them).
COPY requirements/build.txt requirements/run.txt requirements/
RUN pip install --no-cache-dir --require-hashes -r requirements/build.txt -r requirements/run.txt
COPY . .
# The project itself (its dependencies and its build backend are in already: no build isolation, so nothing
# unhashed is fetched), then its static files, collected with a throw-away key for this one command: the image
# keeps no key (production sets SECRET_KEY).
RUN pip install --no-cache-dir --no-deps --no-build-isolation . \
 && DEBUG=1 GENIUS_SECRET_KEY_FILE=/tmp/build-key python manage.py collectstatic --noinput && rm -f /tmp/build-key
USER genius
EXPOSE 8000
