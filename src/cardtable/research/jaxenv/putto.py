"""Putto as pure JAX functions (PT-5 … PT-19): one deal per state, every seat an agent.

``PuttoEnv(players=4, **options)`` takes the engine's table options (``teams``,
``must_capture``, ``last_play_sweep``, ``leftover``); ``init(key)`` shuffles, deals four cards
each and turns one up (PT-5, a random dealer). An action is the Gymnasium encoding's step:
card c (0‥39) plays c onto the table, 40 + c captures with it (PT-9, PT-10). A deal is always 39
steps (PT-14). ``rewards`` come when the deal ends, per seat from its side's result: ``win``
gives 1 to every seat of a side with the best score (PT-19), ``points`` the side's points
(PT-16, PT-17: card points, 3 per sweep, primiera).
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.games import game as make_game
from cardtable.games.putto.deck import CARD_POINTS, HAND_SIZE, SWEEP_POINTS
from cardtable.research.jaxenv import core
from cardtable.research.jaxenv.core import Array, Env, State, pytree
from cardtable.research.observations.putto import PuttoObserver
from cardtable.research.rewards import check_reward

CARDS = 40
CAPTURE = 40
RANKS = 10


@pytree
@dataclasses.dataclass(frozen=True)
class PuttoState(State):
    """A deal: ``hands[s, c]`` whether seat s holds card c; ``table`` the face-up cards;
    ``piles[side, c]`` the captured cards; ``seen`` every card played or turned up (public);
    ``stock`` the undealt cards top first, ``stock_pos`` how many were drawn."""

    hands: Array
    stock: Array
    stock_pos: Array
    table: Array
    turned_up: Array
    seen: Array
    piles: Array
    sweeps: Array
    last_capturer: Array
    plays: Array
    dealer: Array


class PuttoEnv(Env):
    """Putto for ``players`` seats (2‥6), alone or in teams (PT-3, PT-4)."""

    def __init__(self, players: int = 4, *, reward: str = "win", **options: object) -> None:
        table = make_game("putto", players, **options)  # refuses what the engine refuses
        self.table = table
        self.reward = check_reward(reward)
        n = self.num_players = table.players
        self.num_actions = 2 * CARDS
        self.id = f"cardtable/putto-{n}p"
        self._sides = len(table.sides)
        self._side_of = jnp.asarray([table.side_of(seat) for seat in range(n)], dtype=jnp.int32)
        self._stock_size = CARDS - HAND_SIZE * n - 1
        #: Steps in every deal: each card but the one turned up is played once (PT-14).
        self.deal_length = CARDS - 1
        self._points = jnp.asarray(np.array(CARD_POINTS, dtype=np.int32))
        self._rank_of = jnp.arange(CARDS) % RANKS
        self._must_capture = bool(table.options.must_capture)
        self._last_play_sweep = bool(table.options.last_play_sweep)
        self._leftover = table.options.leftover == "last_capturer"
        self.observer = PuttoObserver(table)
        self.observation_size = self.observer.size
        # The observer's per-viewer tables: its side's relative seats, the sides in its order.
        partners = np.zeros((n, n), dtype=bool)
        side_order = np.zeros((n, self._sides), dtype=np.int32)
        for me in range(n):
            partners[me, self.observer._partners[me]] = True
            side_order[me] = self.observer._side_order[me]
        self._partners = jnp.asarray(partners)
        self._side_order = jnp.asarray(side_order)
        self._options = jnp.asarray(self.observer._options, dtype=jnp.float32)

    # -- dealing ----------------------------------------------------------------------------

    def _init(self, key: Array) -> PuttoState:
        shuffle_key, dealer_key = jax.random.split(key)
        deck = jax.random.permutation(shuffle_key, jnp.arange(CARDS, dtype=jnp.int32))
        dealer = jax.random.randint(dealer_key, (), 0, self.num_players, dtype=jnp.int32)
        n = self.num_players
        # PT-5: four cards each from the dealer's left (PT-7), then one turned up.
        hands = core.deal_hands(deck, n, (dealer + 1) % n, HAND_SIZE)
        dealt = HAND_SIZE * n
        return self._deal(hands, deck[dealt + 1 :], deck[dealt : dealt + 1], dealer)

    def deal(
        self, hands: Array, stock_top_first: Array, turned_up: Array, dealer: Array
    ) -> PuttoState:
        """The state of a given deal, as the engine's ``PuttoState.new`` takes it: ``hands``
        (players × 4 card ids), the stock top first, the table (the one card turned up), the
        dealer. Pure:
        ``jax.vmap(env.deal)`` turns a batch of engine deals into a batch of states."""
        state = self._deal(hands, stock_top_first, turned_up, dealer)
        return state.replace(observation=self.observe(state, state.current_player))

    def _deal(
        self, hands: Array, stock_top_first: Array, turned_up: Array, dealer: Array
    ) -> PuttoState:
        n = self.num_players
        held = core.one_hot(jnp.asarray(hands, dtype=jnp.int32), CARDS).any(axis=1)
        table = core.one_hot(jnp.asarray(turned_up, dtype=jnp.int32), CARDS).any(axis=0)
        first = ((jnp.asarray(dealer, dtype=jnp.int32) + 1) % n).astype(jnp.int32)
        return PuttoState(
            **core.first_turn(n, first, self._legal(held[first], table), self.observation_size),
            hands=held,
            stock=jnp.asarray(stock_top_first, dtype=jnp.int32).reshape(self._stock_size),
            stock_pos=jnp.int32(0),
            table=table,
            turned_up=table,
            seen=table,
            piles=jnp.zeros((self._sides, CARDS), dtype=bool),
            sweeps=jnp.zeros(self._sides, dtype=jnp.int32),
            last_capturer=jnp.int32(-1),
            plays=jnp.int32(0),
            dealer=jnp.asarray(dealer, dtype=jnp.int32),
        )

    # -- the rules --------------------------------------------------------------------------

    def _matches(self, table: Array) -> Array:
        """Per card: whether a table card has its rank (PT-9)."""
        return jnp.tile(table.reshape(4, RANKS).any(axis=0), 4)

    def _legal(self, hand: Array, table: Array) -> Array:
        """PT-8 … PT-11: play any card; capture with a card whose rank is on the table; with
        ``must_capture`` such a card can only capture."""
        matches = self._matches(table)
        plays = hand & ~matches if self._must_capture else hand
        return jnp.concatenate([plays, hand & matches])

    def _step(self, state: State, action: Array) -> PuttoState:
        assert isinstance(state, PuttoState)
        n = self.num_players
        seats = jnp.arange(n)
        player = state.current_player
        card = action % CARDS
        capture = action >= CAPTURE
        card_hot = core.one_hot(card, CARDS)
        hands = state.hands & ~((seats == player)[:, None] & card_hot[None, :])
        # PT-9: a capture takes every table card of the card's rank, and the card itself.
        same_rank = self._rank_of == card % RANKS
        taken = capture & ((state.table & same_rank) | card_hot)
        table = jnp.where(capture, state.table & ~same_rank, state.table | card_hot)  # PT-10
        side = core.one_hot(self._side_of[player], self._sides)
        piles = state.piles | (side[:, None] & taken[None, :])
        # PT-12, PT-18: a capture that empties the table is a sweep (on the deal's last play
        # only where last_play_sweep says so).
        last_play = (state.stock_pos == self._stock_size) & ~hands.any()
        sweep = capture & ~table.any() & (self._last_play_sweep | ~last_play)
        sweeps = state.sweeps + (side & sweep)
        # PT-13: the player draws while the stock lasts.
        draws = state.stock_pos < self._stock_size
        top = state.stock[jnp.minimum(state.stock_pos, self._stock_size - 1)]
        hands = hands | ((seats == player)[:, None] & (draws & core.one_hot(top, CARDS))[None, :])
        # PT-7: clockwise, skipping hands played out; PT-14: over when every hand is empty.
        holding = hands.any(axis=1)
        after = jnp.where(holding, (seats - player - 1) % n, n)
        current = jnp.argmin(after).astype(jnp.int32)
        over = ~holding.any()
        last_capturer = jnp.where(capture, player, state.last_capturer).astype(jnp.int32)
        # PT-15: the table's leftover cards go to the last capturer's side.
        leftover = over & self._leftover & (last_capturer >= 0)
        gets = core.one_hot(self._side_of[jnp.maximum(last_capturer, 0)], self._sides)
        piles = piles | ((leftover & gets)[:, None] & table[None, :])
        table = table & ~leftover
        return state.replace(
            current_player=current,
            rewards=jnp.where(over, self._rewards(piles, sweeps), 0.0).astype(jnp.float32),
            terminated=over,
            legal_action_mask=self._legal(hands[current], table),
            hands=hands,
            stock_pos=state.stock_pos + draws,
            table=table,
            seen=state.seen | card_hot,
            piles=piles,
            sweeps=sweeps,
            last_capturer=last_capturer,
            plays=state.plays + 1,
        )

    def side_points(self, piles: Array, sweeps: Array) -> Array:
        """PT-16, PT-17 per side: card points, 3 per sweep, and a primiera point per suit
        for the side alone with the most card points in it (``putto.state.deal_points``)."""
        suit_points = jnp.where(piles, self._points, 0).reshape(self._sides, 4, RANKS).sum(-1)
        best = suit_points.max(axis=0)
        alone = (suit_points == best).sum(axis=0) == 1
        primiera = ((suit_points == best) & alone).sum(axis=1)
        return suit_points.sum(axis=1) + SWEEP_POINTS * sweeps + primiera

    def _rewards(self, piles: Array, sweeps: Array) -> Array:
        """Per seat, from its side (``cardtable.research.rewards``)."""
        points = self.side_points(piles, sweeps)
        per_side = (
            points.astype(jnp.float32)
            if self.reward == "points"
            else (points == points.max()).astype(jnp.float32)
        )
        return per_side[self._side_of]

    # -- what a seat sees --------------------------------------------------------------------

    def observe(self, state: State, player_id: Array) -> Array:
        """``PuttoObserver``'s vector of ``player_id``'s view with memory, block for block."""
        assert isinstance(state, PuttoState)
        n = self.num_players
        me = jnp.asarray(player_id, dtype=jnp.int32)
        relative = (me + jnp.arange(n)) % n
        hand = state.hands[me]
        gone = state.seen & ~state.table & ~hand
        to_move = core.one_hot((state.current_player - me) % n, n) & ~state.terminated
        order = self._side_order[me]
        return jnp.concatenate(
            [
                hand.astype(jnp.float32),
                state.table.astype(jnp.float32),
                state.turned_up.astype(jnp.float32),
                gone.astype(jnp.float32),
                to_move.astype(jnp.float32),
                self._partners[me].astype(jnp.float32),
                state.hands.sum(axis=1)[relative] / HAND_SIZE,
                state.piles.sum(axis=1)[order] / 40,
                jnp.minimum(state.sweeps[order] / 10, 1.0),
                jnp.stack(
                    [(self._stock_size - state.stock_pos) / 40, state.plays / 40]
                ),
                self._options,
            ]
        ).astype(jnp.float32)
