"""The ASGI application: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius.settings")
django_asgi_app = get_asgi_application()

from genius.backups import hold_site_lock  # noqa: E402

hold_site_lock()  # on SQLite: manage.py restore refuses while this process serves

from channels.routing import ProtocolTypeRouter  # noqa: E402

from genius.live.routing import websocket_application  # noqa: E402
from genius.matches.clock import EmbeddedClockMiddleware  # noqa: E402

application = EmbeddedClockMiddleware(
    ProtocolTypeRouter({"http": django_asgi_app, "websocket": websocket_application()})
)

from genius.warmup import warm_up_and_freeze  # noqa: E402

warm_up_and_freeze()  # after everything is loaded: no 50 ms garbage collections of start-up objects
