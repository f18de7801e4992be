"""The app's ASGI stack with the benchmark's extra routes (``bench.settings``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from bench.stock import StockMatchConsumer  # noqa: E402
from genius.live.routing import websocket_urlpatterns  # noqa: E402

if os.environ.get("BENCH_PUSH") == "stock":  # "before": every write renders and sends every view
    from bench.stock import install_stock_push

    install_stock_push()

routes = [path("ws/stock/matches/<int:pk>/", StockMatchConsumer.as_asgi()), *websocket_urlpatterns]  # theirs ends in a catch-all
application = ProtocolTypeRouter(
    {"http": django_asgi_app, "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(routes)))}
)

from genius.warmup import warm_up_and_freeze  # noqa: E402

warm_up_and_freeze()  # as the app's own ASGI module does
