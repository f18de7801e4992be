"""Reading a JSON column quickly where it is read on every request: a match's state, which holds a long phase's
actions, took a third of an action's CPU to decode with Python's ``json`` (many small objects).

:func:`column_converter` stands in for a ``JSONField``'s own ``from_db_value`` in the hand-made reads
(``genius.matches.services.submitting``): ``orjson`` decodes the text, and whatever it refuses (a text that is not
JSON) goes to the field's own converter, so the value is always the one Django would give. A text with a run of
19 digits or more goes there too: ``orjson`` reads an integer past 64 bits as a float, Python's ``json`` exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson
from django.db.models import JSONField

Converter = Callable[[Any, Any, Any], Any]
#: A run of digits that may be an integer past 64 bits (the longest that fits has 19 or 20).
_LONG_NUMBER = re.compile(r"\d{19}")


def column_converter(field: Any) -> Converter:
    """A converter for ``field`` (a ``JSONField`` without a decoder of its own) that gives what its
    ``from_db_value`` gives, faster."""
    slow = field.from_db_value

    def convert(value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str) and not _LONG_NUMBER.search(value):
            try:
                return orjson.loads(value)
            except orjson.JSONDecodeError:  # not JSON (or not as orjson reads it): the field's own way, exactly
                pass
        return slow(value, expression, connection)

    return convert


def speeds_up(field: Any, converter: Any) -> bool:
    """Whether ``converter`` is ``field``'s own JSON decoding, which :func:`column_converter` may stand in for."""
    return (isinstance(field, JSONField) and field.decoder is None
            and getattr(converter, "__func__", None) is JSONField.from_db_value)
