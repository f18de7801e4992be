"""What a signed-in person owes now, as JSON for the in-page alerts (``/me/due/``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from genius.notify import banner, due


@require_GET
@never_cache
def due_now(request: HttpRequest) -> JsonResponse:
    """``/me/due/``: the signed-in person's own owed moves and decisions, for the in-page alerts.

    ``poll_s`` tells the page when to ask again: sooner (5 s) while one of their matches plays live turns.
    """
    if not request.user.is_authenticated:
        return JsonResponse({"error": "Log in to see the moves you owe.", "due": []}, status=403)
    items, live = due.look(request.user)
    return JsonResponse({"due": items, "now": timezone.now().isoformat(), "poll_s": due.poll_seconds(live)})


@require_POST
def dismiss_due(request: HttpRequest) -> HttpResponse:
    """``/me/due/dismiss/``: an alert of the due banner dismissed without the script (its Dismiss button's form).

    The key joins the dismissals kept in this browser's cookie (:data:`genius.notify.banner.DISMISSED_COOKIE`, as
    me.js keeps them) and the person goes back to the page they were on. A key of nothing owed changes nothing.
    """
    target = request.POST.get("next", "")
    on_site = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    if not (on_site and target.startswith("/") and not target.startswith("//")):  # a page of this site's, by its path
        target = reverse("home")
    answer = HttpResponseRedirect(target)
    if not request.user.is_authenticated:
        return HttpResponseRedirect(f"{reverse('login')}?next={target}")
    key = request.POST.get("key", "")
    owed = banner.alert_keys(due.look(request.user)[0])
    if key not in owed:
        messages.info(request, "That alert is gone already: nothing is owed for it now.")
        return answer
    value = banner.dismissed_cookie(request.user, request.COOKIES.get(banner.DISMISSED_COOKIE, ""), key, owed)
    answer.set_cookie(banner.DISMISSED_COOKIE, value, max_age=365 * 24 * 3600, samesite="Lax")
    return answer
