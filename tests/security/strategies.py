"""Hostile text for the fuzz tests: any code point, lone surrogates included, and the usual traps.

Every form, match-file field and websocket message is fuzzed from here, so a digit that is not
ASCII (``²``, ``٣``, ``３``), a look-alike name, a mention, a lone surrogate or a very long text
is tried everywhere. ``form_body`` and ``query`` send text the way a hostile client can: lone
surrogates travel as the (invalid UTF-8) bytes a browser would never send.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote_from_bytes

from hypothesis import strategies as st

#: Every code point: letters, marks, controls, private use, unassigned and lone surrogates (``Cs``).
any_char = st.characters(exclude_categories=())

#: Texts that broke, or could break, a parser: digits that are not ASCII, signs, separators,
#: roles and mentions, look-alikes, surrogates, controls, numbers beyond 64 bits.
TRAPS = [
    "²", "1²", "²1", "-²", "³", "¹", "٣", "۳", "߃", "३", "３", "１２", "𝟑", "Ⅻ", "½", "⑤",
    "1_000", " 7 ", "+1", "-0", "-1", "0x10", "1e3", "1.5", "0", "00000000000000000000000001",
    "\u200b1", "1\u200b", "\u00a01", "\t2\n", "\x00", "\x7f", "\u202eRLO", "\ufeff3",
    "\ud800", "\udfff", "a\ud800b", "\udbff\udc00",
    "@everyone", "@here", "<@123456789>", "<@&1>", "@host", "host", "public", "Public", "ｐｕｂｌｉｃ",
    "@", "", " ", "null", "None", "true", "NaN", "Infinity", "-Infinity", "[]", "{}", "<script>",
    str(2**63), str(2**63 - 1), str(2**64), str(2**70), "-" + str(2**70), "9" * 4301, "1" * 30,
    "W4", "W²", "w٣", "L", "R", "LRLL", "E DR, A L", "pounce on Z", "c4", "c²", "i٣", "a1",
]

#: A text of any code points, a trap, a trap inside other text, or a very long run.
hostile_text = st.one_of(
    st.text(any_char, max_size=40),
    st.sampled_from(TRAPS),
    st.tuples(st.text(any_char, max_size=4), st.sampled_from(TRAPS), st.text(any_char, max_size=4)).map("".join),
    st.tuples(st.sampled_from(["9", "²", "a", "@", "\ud800", "x"]), st.integers(200, 20_000)).map(lambda t: t[0] * t[1]),
)

#: What a form field may receive: one text, or several (a multiple choice posted many times).
form_value = st.one_of(hostile_text, st.lists(hostile_text, max_size=4))

#: Numbers JSON can carry that no field should take whole: huge, negative, floats, NaN and infinities.
hostile_numbers = st.one_of(
    st.integers(-5, 30),
    st.sampled_from([2**63, 2**63 - 1, -(2**63) - 1, 2**70, -(2**70), 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
)

#: Any JSON value built from hostile texts and numbers (nesting a few levels).
json_values = st.recursive(
    st.none() | st.booleans() | hostile_numbers | hostile_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(hostile_text, inner, max_size=4),
    max_leaves=12,
)


def deeply_nested(depth: int) -> str:
    """A JSON text of ``depth`` nested lists (``[[[…]]]``): Python's parser recurses once a level."""
    return "[" * depth + "]" * depth


#: JSON texts a socket or a file may receive: any value, deep nesting, or not JSON at all.
json_texts = st.one_of(
    json_values.map(lambda v: json.dumps(v, allow_nan=True)),
    st.one_of(st.sampled_from([999, 1000, 1500, 1999, 3000, 100_000]), st.integers(50, 200_000)).map(deeply_nested),
    st.integers(50, 50_000).map(lambda n: '{"type": ' * n + "1" + "}" * n),
    hostile_text,
)


def _quote(text: str) -> str:
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")


def form_body(data: dict[str, Any]) -> str:
    """``data`` as an ``application/x-www-form-urlencoded`` body; a list value posts its field once an item."""
    pairs = []
    for name, value in data.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append(f"{_quote(name)}={_quote(str(item))}")
    return "&".join(pairs)


def query(url: str, data: dict[str, Any]) -> str:
    """``url`` with ``data`` as its query string (encoded as :func:`form_body`)."""
    return f"{url}?{form_body(data)}" if data else url


FORM = "application/x-www-form-urlencoded"
