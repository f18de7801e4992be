"""The fork notation: parsing, canonical text, refusals (with hypothesis over generated lines)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.trail_trouble.forks import (
    AHEAD_RANGE,
    COIN_RANGE,
    PEOPLE_RANGE,
    POSITION_RANGE,
    Condition,
    Effect,
    Fork,
    ForkSyntaxError,
    Item,
    Path,
    describe_path,
    format_fork,
    format_item,
    parse_fork,
    parse_item,
    parse_path,
    parse_round,
    preview_round,
)

# --- strategies -----------------------------------------------------------------------

conditions = st.one_of(
    st.builds(Condition, st.sampled_from(["at_most", "at_least"]), st.integers(*PEOPLE_RANGE)),
    st.builds(Condition, st.just("ahead"), st.integers(*AHEAD_RANGE)),
)
gains = st.one_of(
    st.builds(Effect, st.just("coin"), st.integers(*COIN_RANGE)),
    st.builds(Effect, st.just("position"), st.integers(*POSITION_RANGE)),
    st.just(Effect("garnet", 1)),
)
payments = st.builds(Effect, st.just("coin"), st.integers(*COIN_RANGE).map(lambda n: -n))


@st.composite
def paths(draw: st.DrawFn, free: bool | None = None) -> Path:
    """A path: at least one effect, maybe conditions, in any order; ``free`` forces no payment (or one)."""
    effects = draw(st.lists(gains, min_size=0 if free is False else 1, max_size=3))
    if free is False or (free is None and draw(st.booleans())):
        effects.append(draw(payments))
    items: list[Item] = effects + draw(st.lists(conditions, max_size=2))
    return Path(tuple(draw(st.permutations(items))))


@st.composite
def forks(draw: st.DrawFn) -> Fork:
    """A fork with at least one free path, on either side."""
    free = draw(paths(free=True))
    other = draw(paths())
    return Fork(free, other) if draw(st.booleans()) else Fork(other, free)


def item_tokens(item: Item) -> list[str]:
    """An item as tokens, to be joined with any spacing."""
    if isinstance(item, Condition):
        sign = "<" if item.kind == "at_most" else ">"
        emoji = ":peopleahead:" if item.kind == "ahead" else ":people:"
        return ["If", sign, str(item.count), emoji]
    if item.kind == "garnet":
        return ["+", ":garnet:"]
    sign = "+" if item.amount > 0 else "-"
    return [sign, str(abs(item.amount)), ":coin:" if item.kind == "coin" else ":position:"]


def fork_tokens(fork: Fork) -> list[str]:
    tokens: list[str] = []
    for side, path in enumerate((fork.left, fork.right)):
        if side:
            tokens.append("/")
        for index, item in enumerate(path.items):
            if index:
                tokens.append(",")
            tokens.extend(item_tokens(item))
    return tokens


spacing = st.sampled_from(["", " ", "  ", "\t", "\u00a0"])
JUNK = "#@*?!&%$^~=[]{}|;\"'`"

# --- the seed's forms -------------------------------------------------------------------


def test_the_seed_example_fork_reads_as_gain_a_coin_or_pay_one_for_three_positions() -> None:
    fork = parse_fork("+1 :coin: / -1 :coin:, +3 :position:")
    assert fork == Fork(Path((Effect("coin", 1),)), Path((Effect("coin", -1), Effect("position", 3))))
    assert describe_path(fork.left) == "gain 1 coin"
    assert describe_path(fork.right) == "pay 1 coin to gain 3 positions"


def test_a_conditional_path_keeps_its_condition_and_effect() -> None:
    fork = parse_fork("If <2 :people:, +2 :position: / +1 :coin:")
    assert fork.left == Path((Condition("at_most", 2), Effect("position", 2)))
    assert fork.right.is_free and fork.left.is_free


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("If >3 :people:", Condition("at_least", 3)),
        ("If >2 :peopleahead:", Condition("ahead", 2)),
        ("If <2 :people:", Condition("at_most", 2)),
        ("+:garnet:", Effect("garnet", 1)),
        ("+4 :coin:", Effect("coin", 4)),
        ("-2 :coin:", Effect("coin", -2)),
        ("+3 :position:", Effect("position", 3)),
        ("If>3:people:", Condition("at_least", 3)),
        ("if > 2 :peopleahead:", Condition("ahead", 2)),
        ("+ :garnet:", Effect("garnet", 1)),
    ],
)
def test_every_form_of_the_iconography_is_understood_with_or_without_spaces(text: str, item: Item) -> None:
    assert parse_item(text) == item


def test_a_fork_reads_the_same_without_spaces() -> None:
    spaced = "If >2 :peopleahead:, +3 :position: / -1 :coin:, +:garnet:"
    assert parse_fork("If>2:peopleahead:,+3:position:/-1:coin:,+:garnet:") == parse_fork(spaced)
    assert format_fork(parse_fork("If>2:peopleahead:,+3:position:/-1:coin:,+:garnet:")) == spaced


def test_a_path_may_carry_several_conditions() -> None:
    path = parse_path("If >2 :people:, If <5 :people:, +2 :position:")
    assert path.conditions == (Condition("at_least", 2), Condition("at_most", 5))


def test_several_payments_on_a_path_add_up() -> None:
    path = parse_path("-1 :coin:, -2 :coin:, +5 :position:")
    assert path.cost == 3 and not path.is_free


# --- round trips ------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(forks())
def test_formatting_then_parsing_gives_the_same_fork(fork: Fork) -> None:
    assert parse_fork(format_fork(fork)) == fork


@settings(max_examples=300, deadline=None)
@given(forks())
def test_canonical_text_is_written_back_unchanged(fork: Fork) -> None:
    canonical = format_fork(fork)
    assert format_fork(parse_fork(canonical)) == canonical


@settings(max_examples=300, deadline=None)
@given(forks(), st.data())
def test_any_spacing_between_tokens_reads_the_same(fork: Fork, data: st.DataObject) -> None:
    tokens = fork_tokens(fork)
    text = data.draw(spacing) + "".join(t + data.draw(spacing) for t in tokens)
    assert parse_fork(text) == fork


def test_format_item_writes_the_seed_iconography() -> None:
    assert [format_item(i) for i in parse_path("If <2 :people:, -1 :coin:, +:garnet:").items] == [
        "If <2 :people:",
        "-1 :coin:",
        "+:garnet:",
    ]


# --- refusals ---------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(forks(), st.data())
def test_a_stray_character_is_refused_at_or_before_its_column(fork: Fork, data: st.DataObject) -> None:
    text = format_fork(fork)
    at = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.sampled_from(JUNK))
    line = data.draw(st.integers(1, 4))
    with pytest.raises(ForkSyntaxError) as caught:
        parse_fork(text[:at] + junk + text[at:], line)
    assert caught.value.line == line
    assert 1 <= caught.value.column <= at + 1
    assert caught.value.expected
    assert f"line {line}, column {caught.value.column}: expected" in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(paths(free=False), paths(free=False))
def test_a_fork_without_a_free_path_is_refused(left: Path, right: Path) -> None:
    with pytest.raises(ForkSyntaxError, match="costs no coins"):
        parse_fork(f"{format_path_text(left)} / {format_path_text(right)}")


def format_path_text(path: Path) -> str:
    return format_fork(Fork(path, path)).split(" / ")[0]


@settings(max_examples=200, deadline=None)
@given(forks(), st.data())
def test_a_fork_cut_short_is_refused(fork: Fork, data: st.DataObject) -> None:
    text = format_fork(fork)
    slash = text.index(" / ")
    cut = data.draw(st.integers(0, slash))
    with pytest.raises(ForkSyntaxError):
        parse_fork(text[:cut])


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("+1 :coin: | +2 :coin:", 11, "'/'"),
        ("+1 :coins: / +2 :coin:", 4, "':coin:' or ':position:'"),
        ("+0 :coin: / +1 :coin:", 2, "from 1 to 99"),
        ("+10 :position: / +1 :coin:", 2, "from 1 to 9"),
        ("If <11 :people:, +1 :coin: / +1 :coin:", 5, "from 1 to 10"),
        ("If <2 :peopleahead:, +1 :coin: / +1 :coin:", 6, "only 'If >X' counts the people ahead"),
        ("If =2 :people:, +1 :coin: / +1 :coin:", 4, "'<' or '>'"),
        ("-2 :position: / +1 :coin:", 4, "only coins can be paid"),
        ("+2 :garnet: / +1 :coin:", 4, "':coin:' or ':position:'"),
        ("If >2 :people: / +1 :coin:", 16, "an effect on this path"),
        ("+1 :coin: / ", 13, "an effect"),
        ("", 1, "a fork"),
        ("+1 :coin: / +1 :coin: / +1 :coin:", 23, "the end of the line"),
        ("gain 1 coin / +1 :coin:", 1, "an effect"),
    ],
)
def test_what_is_not_understood_is_refused_with_line_column_and_what_was_expected(
    text: str, column: int, expected: str
) -> None:
    with pytest.raises(ForkSyntaxError) as caught:
        parse_fork(text, 3)
    assert caught.value.line == 3
    assert caught.value.column == column
    assert expected in caught.value.expected
    assert isinstance(caught.value, ValueError)


def test_the_seed_fork_with_a_cost_on_both_sides_is_refused() -> None:
    with pytest.raises(ForkSyntaxError, match="free path"):
        parse_fork("-1 :coin:, +2 :position: / -2 :coin:, +4 :position:")


# --- rounds -----------------------------------------------------------------------------

ROUND_TEXT = """+1 :coin: / -1 :coin:, +3 :position:
If <2 :people:, +2 :position: / +1 :coin:

+:garnet:, -3 :coin: / +1 :position:
If >2 :peopleahead:, +2 :position: / +2 :coin:
"""


def test_the_host_preview_reads_four_forks_and_skips_blank_lines() -> None:
    forks_read = preview_round(ROUND_TEXT)
    assert len(forks_read) == 4
    assert format_fork(forks_read[2]) == "+:garnet:, -3 :coin: / +1 :position:"


def test_the_host_preview_names_the_line_as_written() -> None:
    bad = ROUND_TEXT.replace("+2 :coin:", "+2 :coins:")
    with pytest.raises(ForkSyntaxError) as caught:
        preview_round(bad)
    assert caught.value.line == 5


def test_a_round_needs_exactly_four_forks() -> None:
    with pytest.raises(ForkSyntaxError, match="exactly 4 forks, not 3"):
        preview_round("+1 :coin: / +1 :coin:\n" * 3)
    with pytest.raises(ForkSyntaxError, match="fifth") as caught:
        preview_round("+1 :coin: / +1 :coin:\n" * 5)
    assert caught.value.line == 5


def test_a_round_as_a_list_of_lines_reads_like_the_text() -> None:
    lines = [line for line in ROUND_TEXT.splitlines() if line.strip()]
    assert parse_round(lines) == preview_round(ROUND_TEXT)
    with pytest.raises(ForkSyntaxError) as caught:
        parse_round(lines[:2] + ["+1 :coin: /"] + lines[3:])
    assert caught.value.line == 3
