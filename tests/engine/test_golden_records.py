"""Golden whole deals: fixed seeds played by fixed bots, kept in ``tests/golden/records/``.

Each file holds the deal's record (its explicit setup, every action, the bots in ``meta``),
every step's events as the acting seat saw them (each trick's points, each capture and sweep,
each meld, the deal's end with its outcome: every intermediate score) and the replay's result.
Two tests read each file:

- replaying the stored record gives exactly the stored events and result: the rules and the
  scoring are unchanged, whatever the bots do;
- the same bots from the same seeds choose exactly the stored actions: the bots (their
  heuristics, the search's hooks and sampling) are unchanged too. The hard bot runs a fixed
  number of iterations without a time limit, so its choices do not depend on the machine.

Punttu's worked example of the rules (tests/punttu/test_rules.py) is a golden deal written by
hand; these are written by the code, for all three games, and regenerated after a change of
behaviour that is meant with ``CARDTABLE_REGOLD=1`` (``tests/helpers/golden.py``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.helpers.golden import GOLDEN, check_golden, regold

import cardtable
from cardtable.bots.base import make_bot
from cardtable.bots.ismcts import ISMCTSBot
from cardtable.engine.bot import Bot
from cardtable.engine.game import Game, State
from cardtable.engine.record import replay

#: The hard bot's iterations per decision here (its default is time-limited, so machine-bound).
HARD_ITERATIONS = 200

#: (game, players, options, seed, dealer, the bot of each seat).
DEALS: list[tuple[str, int, dict[str, Any], int, int, list[str]]] = [
    ("punttu", 4, {}, 11, 0, ["medium", "easy", "hard", "random"]),
    ("punttu", 3, {"trim": "twos", "show_played": True}, 12, 2, ["hard", "medium", "medium"]),
    ("putto", 4, {}, 21, 3, ["medium", "hard", "easy", "medium"]),
    ("putto", 2, {"must_capture": True}, 22, 0, ["hard", "medium"]),
    ("putto", 3, {"leftover": "nobody", "last_play_sweep": False}, 5, 1, ["medium"] * 3),
    ("putto", 6, {"teams": "threes"}, 23, 4, ["medium", "easy", "hard"] * 2),
    ("pontinho", 2, {}, 31, 1, ["medium", "hard"]),
    ("pontinho", 4, {}, 32, 0, ["medium", "easy", "hard", "medium"]),
    ("pontinho", 3, {"figure_points": "10", "four_suits": "joker_fills"}, 33, 2, ["medium"] * 3),
]


def _deal_id(deal: tuple[str, int, dict[str, Any], int, int, list[str]]) -> str:
    name, players, options, seed, _dealer, _bots = deal
    return f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items()) + f"-{seed}"


def _bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    if name == "hard":
        return ISMCTSBot(game, seat, seed=seed, iterations=HARD_ITERATIONS, time_limit=None)
    return make_bot(name, game, seat, seed=seed)


def _steps(state: State, actions: list[Any], choose: Any = None) -> list[dict[str, Any]]:
    """Apply ``actions`` (or, when ``choose`` is given, what ``choose(state)`` picks until the
    deal ends) to ``state``; each step's seat, action and events as that seat saw them."""
    steps = []
    pending = iter(actions)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if choose is None:
            action = next(pending, None)
            if action is None:
                break
        else:
            action = choose(state)
        events = state.apply(action)
        steps.append(
            {
                "seat": seat,
                "action": str(action),
                "events": [event.view(event.seat) for event in events],
            }
        )
    return steps


def _golden(deal: tuple[str, int, dict[str, Any], int, int, list[str]]) -> dict[str, Any]:
    """The deal played now by its bots, as a golden file holds it."""
    name, players, options, seed, dealer, bot_names = deal
    game = cardtable.game(name, players, **options)
    state = game.deal(seed=seed, dealer=dealer)
    bots = [_bot(bot, game, seat, seed * 10 + seat) for seat, bot in enumerate(bot_names)]

    def choose(current: State) -> Any:
        seat = current.to_move
        assert seat is not None
        legal = current.legal_actions()
        choice = bots[seat].choose(current.view(seat, memory=True), legal)
        assert choice in legal
        return choice

    steps = _steps(state, [], choose)
    assert state.is_over
    record = {**state.to_record(), "meta": {"seed": seed, "bots": bot_names}}
    return {"record": record, "steps": steps, "result": replay(record).result()}


def _path(deal: tuple[str, int, dict[str, Any], int, int, list[str]]) -> str:
    return f"records/{_deal_id(deal)}.json"


@pytest.mark.parametrize("deal", [pytest.param(deal, id=_deal_id(deal)) for deal in DEALS])
def test_the_bots_play_the_golden_deal(
    deal: tuple[str, int, dict[str, Any], int, int, list[str]],
) -> None:
    """The same bots from the same seed and setup choose every action of the golden deal."""
    check_golden(_path(deal), _golden(deal), depth=3)


@pytest.mark.parametrize("deal", [pytest.param(deal, id=_deal_id(deal)) for deal in DEALS])
def test_the_golden_record_replays_to_its_events_and_result(
    deal: tuple[str, int, dict[str, Any], int, int, list[str]],
) -> None:
    """The stored record, replayed action by action, gives every stored event and the stored
    result; and the whole record through ``replay`` gives that result too."""
    path = GOLDEN / _path(deal)
    if not path.exists():
        if regold():  # the other test writes it, perhaps on another worker right now
            pytest.skip(f"{path.name} is being written: run again to replay it")
        pytest.fail(f"no golden file {path}: see tests/helpers/golden.py")
    stored = json.loads(path.read_text(encoding="utf-8"))
    record = stored["record"]
    game = cardtable.game(record["game"], record["players"], **record["options"])
    assert game.describe() == {key: record[key] for key in ("game", "players", "options")}
    state = game.deal(setup=record["setup"], dealer=record["dealer"])
    assert _steps(state, list(record["actions"])) == stored["steps"]
    assert state.is_over
    assert replay(record).result() == stored["result"]
    assert replay(record).state.debug_view() == state.debug_view()
