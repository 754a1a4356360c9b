"""Parse → format fuzz of every registered game's action notation (python-chess's fuzzers).

Texts are built from the game's own words (every word of the legal actions of sampled states
and of the action-id table), mutated (words dropped, doubled, swapped, replaced, cases and
spaces changed) and mixed with noise and arbitrary text. For each text, ``parse_action``
either refuses it with ``IllegalAction`` naming the text it refused, or gives an action whose
canonical text is a fixed point (it parses back to the same action and prints the same); and
applying that action to a sampled state either is legal or is refused with ``IllegalAction``.
No other exception may escape: the server and the terminal rely on that.

Games come from the registry (``cardtable.games.descriptors()``), so a new game is fuzzed too.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.bots.base import available_bots, make_bot
from cardtable.engine.game import State
from cardtable.games import descriptors

GAMES = [descriptor.name for descriptor in descriptors()]

#: Words no game uses, and the edges of the ones they do (numbers, jokers, separators).
NOISE = [
    "", "0", "-1", "+2", "03", "1_0", "99999999999999999999", "1e3", "٣", "½", "x", "*", "*=",
    "=", "==", "*=*", "10", "1o", "8o", "Ah", "Ko", "zz", "\t", "🂡", "play", "draw", "meld",
    "layoff", "capture", "take", "advance", "discard", "pass", "burn", "none", "null",
]



def names_the_text(message: str, text: str) -> bool:
    """Whether a refusal names what it refused (quoted as given, stripped or with its spaces
    collapsed), or says that the text was empty (DESIGN.md: "what was wrong")."""
    forms = (text, text.strip(), " ".join(text.split()))
    if not text.strip() and "empty" in message:
        return True
    return any(repr(form) in message for form in forms)


@dataclass(frozen=True)
class Vocabulary:
    """One game's sampled states and the action texts and words seen in them."""

    states: tuple[State, ...]
    texts: tuple[str, ...]
    words: tuple[str, ...]


@cache
def vocabulary(name: str) -> Vocabulary:
    """States of a deal played by the game's medium bot (else at random), spread over the deal,
    and the texts of their legal actions and of a sample of the action-id table."""
    game = cardtable.game(name)
    state = game.deal(seed=17)
    rng = random.Random(17)
    medium = "medium" in available_bots(name)
    bots = [make_bot("medium", game, s, seed=s) for s in range(game.players)] if medium else []
    seen: list[State] = []
    texts: set[str] = set()
    while not state.is_over and len(seen) < 400:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        texts.update(str(action) for action in legal)
        seen.append(state.clone())
        action = bots[seat].choose(state.view(seat, memory=True), legal) if bots else None
        state.apply(action if action is not None else rng.choice(legal))
    ids = range(game.num_action_ids)
    for action_id in ids if len(ids) <= 2000 else rng.sample(ids, 2000):
        texts.add(str(seen[0].action_from_id(action_id)))
    states = tuple(seen[round(i * (len(seen) - 1) / 7)] for i in range(8))
    words = sorted({word for text in texts for word in text.split()})
    return Vocabulary(states, tuple(sorted(texts)), tuple(words))


def _mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    words = text.split(" ")
    for kind, where, word in edits:
        at = where % (len(words) + 1)
        if kind == 0:
            words.insert(at, word)
        elif kind == 1 and words:
            del words[at % len(words)]
        elif kind == 2 and words:
            words[at % len(words)] = word
        elif kind == 3 and len(words) > 1:
            i, j = at % len(words), (at + 1) % len(words)
            words[i], words[j] = words[j], words[i]
        elif kind == 4 and words:
            words.insert(at % len(words), words[at % len(words)])
    joined = " ".join(words)
    last = edits[-1][0] if edits else 0
    return joined.upper() if last == 5 else f"  {joined}\t" if last == 6 else joined


@st.composite
def action_texts(draw: st.DrawFn, name: str) -> str:
    """Mostly near-misses of real action texts; sometimes word salad or arbitrary text."""
    vocab = vocabulary(name)
    word = st.sampled_from([*vocab.words, *NOISE])
    choice = draw(st.integers(0, 9))
    if choice < 7:
        edits = draw(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 12), word), max_size=3))
        return _mutate(draw(st.sampled_from(vocab.texts)), edits)
    if choice < 9:
        return " ".join(draw(st.lists(word, max_size=6)))
    return draw(st.text(max_size=24))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=400)
@given(data=st.data())
def test_fuzz_parse_format(name: str, data: st.DataObject) -> None:
    text = data.draw(action_texts(name), label="text")
    game = cardtable.game(name)
    try:
        action = game.parse_action(text)
    except cardtable.IllegalAction as error:
        message = str(error)
        assert names_the_text(message, text), message
        return
    canonical = str(action)
    assert game.parse_action(canonical) == action
    assert str(game.parse_action(canonical)) == canonical
    assert canonical == " ".join(canonical.split())  # one space between words, none around
    for state in vocabulary(name).states:
        legal = state.legal_actions()
        try:
            state.clone().apply(action)
        except cardtable.IllegalAction:
            assert action not in legal
        else:
            assert action in legal


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_text_in_other_cases_and_spacing_is_the_same_action(name: str) -> None:
    """The canonical text of each legal action of the sampled states, in capitals or with
    extra spaces and tabs, parses to the same action (DESIGN.md: "obvious aliases")."""
    game = cardtable.game(name)
    for state in vocabulary(name).states:
        for action in state.legal_actions():
            text = str(action)
            assert game.parse_action(text) == action
            for variant in (text.upper(), f"  {text.replace(' ', '  ')}\t", text.lower()):
                if variant == text.lower() and any(c.isupper() for c in text):
                    continue  # lower case is a different card in some notations (Ko vs ko)
                assert game.parse_action(variant) == action, variant


def test_a_superscript_meld_number_is_refused() -> None:
    """A digit that is not a decimal digit ('³'.isdigit() is true, int('³') fails) is refused
    like any other bad meld number, not with a bare ValueError."""
    assert unicodedata.digit("³") == 3 and not "³".isdecimal()
    with pytest.raises(cardtable.IllegalAction):
        cardtable.game("pontinho").parse_action("layoff ³ 7c")
