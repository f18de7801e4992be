"""Template helpers for time zones: the list of zone names a time-zone box suggests."""

from django import template

from genius.accounts.zones import all_zones

register = template.Library()


@register.inclusion_tag("registration/zone_list.html")
def zone_list() -> dict:
    """``<datalist id="time-zones">`` of every IANA zone name (for the time-zone boxes)."""
    return {"zones": sorted(all_zones())}
