"""The searching bots and the hints think in worker processes (issue 15 §3): a worker killed
in the middle of a hard bot's search is replaced, the search is run again and the table plays
on; a worker is handed the seat's view, legal actions and a seed, never the state; a bot's
illegal move raises instead of being replaced by the first legal one (issue 17 §2)."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import queue
import signal
from typing import Any

import pytest

from cardtable.bots.driver import IllegalBotMove
from cardtable.engine.game import Game, State
from cardtable.games import game as make_game
from cardtable.games import match_class
from cardtable.games.pontinho.heuristic import PontinhoHeuristic
from cardtable.server.tables.bots import BotSeats
from cardtable.server.tables.pool import FairPool
from cardtable.workers.process import ProcessBackend

WAIT = 20.0


def test_a_worker_killed_mid_search_is_replaced_and_the_table_plays_on(
    start_sqlite_server: Any, client_class: Any, play_against_bots: Any
) -> None:
    server = start_sqlite_server(bot_backend="process", bot_workers=1)
    backend = server.lobby.services.pool.backend
    handed: queue.Queue[int] = queue.Queue()
    backend.on_start = handed.put
    joined = play_against_bots(server, "punttu", level="hard", players=2)

    def kill_the_first_search() -> int:
        pid = handed.get(timeout=WAIT)
        os.kill(pid, signal.SIGKILL)
        return pid

    async def scenario() -> None:
        me = await client_class.open(server, joined["code"], joined["token"])
        killer = asyncio.get_running_loop().run_in_executor(None, kill_the_first_search)
        turn = None
        while not killer.done():
            if turn is not None:
                await me.act(turn["legal"][0], turn["version"])
            turn = await me.my_turn()  # bounded: a stalled table fails here
            assert turn is not None
        killed = await killer
        # the next move the bot made after its worker died: made on the new worker
        after = turn if turn["last"]["by"] == "bot" else await me.my_turn()
        assert after is not None and after["last"]["by"] == "bot"
        assert backend.replaced == 1 and killed not in backend.pids()
        with server.http() as http:
            assert "cardtable_bot_workers_replaced_total 1.0" in http.get("/metrics").text
        await me.close()

    asyncio.run(scenario())


def _pontinho_match() -> Any:
    table = make_game("pontinho", players=3)
    return match_class(table)(table, seed=4)


def test_a_search_is_handed_the_view_never_the_state() -> None:
    table = make_game("punttu", players=4)
    match = match_class(table)(table, seed=4)
    state = match.current
    seat = state.to_move
    decision = BotSeats(seed=1).decide(match, match.table_seat(seat), "hard")
    assert decision.slow
    game, level, deal_seat, seed, view, legal = decision.args
    assert isinstance(game, Game) and (level, deal_seat) == ("hard", seat)
    assert isinstance(seed, int)
    assert view == match.deal_view(seat, memory=True)
    assert list(legal) == state.legal_actions()
    assert not any(isinstance(arg, State) for arg in decision.args)


def test_a_bots_illegal_move_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before issue 17 the server played ``legal[0]`` instead, hiding the bot's bug."""
    match = _pontinho_match()
    seat = match.current.to_move

    def liar(bot: Any, view: dict[str, Any], legal: Any) -> Any:
        return "a move that is not legal"

    monkeypatch.setattr(PontinhoHeuristic, "choose", liar)
    with pytest.raises(IllegalBotMove, match="which is not legal now"):
        BotSeats(seed=1).decide(match, match.table_seat(seat), "medium")


def test_a_search_whose_workers_always_die_is_made_by_the_stand_in() -> None:
    """The table never waits on a dead worker: after the backend's retries, the medium bot
    moves from the same view (a task that kills its worker every time stands for the bug)."""
    table = make_game("punttu", players=4)
    match = match_class(table)(table, seed=4)
    seat = match.current.to_move
    decision = BotSeats(seed=1).decide(match, match.table_seat(seat), "hard")
    poisoned = dataclasses.replace(decision, fn=os._exit, args=(3,))
    pool = FairPool(1, 4, backend=ProcessBackend(1, retries=1))

    async def scenario() -> str:
        return await asyncio.wait_for(BotSeats(seed=1).play(poisoned, pool, "T"), WAIT)

    try:
        text = asyncio.run(scenario())
    finally:
        pool.shutdown()
    assert text in {str(a) for a in match.current.legal_actions()}
    assert pool.backend.started == 2  # the first worker and one replacement died on it
