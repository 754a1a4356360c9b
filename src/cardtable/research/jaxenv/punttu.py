"""Punttu as pure JAX functions (PU-1 … PU-18): one deal per state, every seat an agent.

``PunttuEnv(players=2, trim="aces", reward="win")``; ``init(key)`` shuffles and deals (PU-8, a
random dealer), ``step`` plays card ``action`` (0‥39, the engine's ids and the Gymnasium
encoding) for ``current_player``. A deal is always ``deck size`` steps long (PU-15): 40 with two
players. ``rewards`` come when the deal ends: ``win`` gives 1 to every seat with the best score
(PU-17, PU-18) and 0 to the others, ``points`` each seat's card points (PU-16).

The rules are written with comparisons and selections only (no Python branch on a value, few
gathers), so one compiled ``step`` serves a whole batch: ``jax.vmap(env.step)``.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.games import game as make_game
from cardtable.games.punttu.deck import (
    CARD_POINTS,
    HAND_SIZE,
    TRICK_RANK,
    points_in_play,
    removed_cards,
    table_deck,
)
from cardtable.research.jaxenv.core import (
    Array,
    Env,
    State,
    deal_hands,
    first_turn,
    one_hot,
    pytree,
)
from cardtable.research.observations.punttu import PunttuObserver
from cardtable.research.rewards import check_reward

CARDS = 40


@pytree
@dataclasses.dataclass(frozen=True)
class PunttuState(State):
    """A deal: ``hands[s, c]`` whether seat s holds card c; ``stock`` the undealt cards top
    first, ``stock_pos`` how many were drawn; ``trick`` the cards of the trick in the order
    played (-1 after the last), led by ``leader``; ``played`` the cards of taken tricks."""

    hands: Array
    stock: Array
    stock_pos: Array
    trick: Array
    trick_len: Array
    leader: Array
    points: Array
    played: Array
    tricks_played: Array
    dealer: Array


class PunttuEnv(Env):
    """Punttu for ``players`` seats (2‥8, PU-6), the deck trimmed as ``trim`` says (PU-6a)."""

    def __init__(self, players: int = 2, *, trim: str = "aces", reward: str = "win") -> None:
        table = make_game("punttu", players, trim=trim)  # refuses what the engine refuses
        self.table = table
        self.reward = check_reward(reward)
        n = self.num_players = table.players
        self.num_actions = CARDS
        self.id = f"cardtable/punttu-{n}p"
        deck = np.array([int(card) for card in table_deck(n, trim)], dtype=np.int32)
        self._deck = jnp.asarray(deck)
        self._stock_size = len(deck) - HAND_SIZE * n
        self._tricks_total = len(deck) // n
        self._rank = jnp.asarray(np.array(TRICK_RANK, dtype=np.int32))
        self._points = jnp.asarray(np.array(CARD_POINTS, dtype=np.int32))
        removed = np.zeros(CARDS, dtype=bool)
        removed[[int(card) for card in removed_cards(n, trim)]] = True
        self._removed = jnp.asarray(removed)
        self._total = float(points_in_play(n, trim))
        #: Steps in every deal: each card in play is played once (PU-15).
        self.deal_length = len(deck)
        self.observer = PunttuObserver(table)
        self.observation_size = self.observer.size

    # -- dealing ----------------------------------------------------------------------------

    def _init(self, key: Array) -> PunttuState:
        shuffle_key, dealer_key = jax.random.split(key)
        deck = jax.random.permutation(shuffle_key, self._deck)
        dealer = jax.random.randint(dealer_key, (), 0, self.num_players, dtype=jnp.int32)
        n = self.num_players
        # PU-8: one card at a time from the top, starting with the dealer's right (PU-9).
        hands = deal_hands(deck, n, (dealer + 1) % n, HAND_SIZE)
        return self._deal(hands, deck[HAND_SIZE * n :], dealer)

    def deal(self, hands: Array, stock_top_first: Array, dealer: Array) -> PunttuState:
        """The state of a given deal, as the engine's ``PunttuState.new`` takes it: ``hands``
        (players × 3 card ids), the stock top first, the dealer. Pure, so it batches:
        ``jax.vmap(env.deal)`` turns a batch of engine deals into a batch of states."""
        state = self._deal(hands, stock_top_first, dealer)
        return state.replace(observation=self.observe(state, state.current_player))

    def _deal(self, hands: Array, stock_top_first: Array, dealer: Array) -> PunttuState:
        """``deal`` without the observation (``init`` adds it)."""
        n = self.num_players
        hands = jnp.asarray(hands, dtype=jnp.int32)
        dealer = jnp.asarray(dealer, dtype=jnp.int32)
        held = one_hot(hands, CARDS).any(axis=1)
        leader = (dealer + 1) % n  # PU-9: the dealer's right is esku
        return PunttuState(
            **first_turn(n, leader, held[leader], self.observation_size),
            hands=held,
            stock=jnp.asarray(stock_top_first, dtype=jnp.int32).reshape(self._stock_size),
            stock_pos=jnp.int32(0),
            trick=jnp.full(n, -1, dtype=jnp.int32),
            trick_len=jnp.int32(0),
            leader=leader,
            points=jnp.zeros(n, dtype=jnp.int32),
            played=jnp.zeros(CARDS, dtype=bool),
            tricks_played=jnp.int32(0),
            dealer=dealer,
        )

    # -- the rules --------------------------------------------------------------------------

    def _winning_index(self, trick: Array, played: Array) -> Array:
        """PU-12: the index of the card taking the trick among the first ``played``: the
        highest rank (PU-3), the first played among equals (``argmax`` takes the first)."""
        ranks = jnp.where(jnp.arange(self.num_players) < played, self._rank[trick], -1)
        return jnp.argmax(ranks).astype(jnp.int32)

    def _step(self, state: State, action: Array) -> PunttuState:
        assert isinstance(state, PunttuState)
        n = self.num_players
        seats = jnp.arange(n)
        player = state.current_player
        # PU-11: the card leaves the hand and joins the trick.
        hands = state.hands & ~((seats == player)[:, None] & one_hot(action, CARDS)[None, :])
        trick = jnp.where(seats == state.trick_len, action, state.trick)
        trick_len = state.trick_len + 1
        complete = trick_len == n
        # PU-12, PU-16: the winner takes the trick and its points.
        winner = (state.leader + self._winning_index(trick, trick_len)) % n
        taken = jnp.where(complete, self._points[trick].sum(), 0)
        points = state.points + jnp.where(seats == winner, taken, 0)
        played = state.played | (complete & one_hot(trick, CARDS).any(axis=0))
        # PU-13: while the stock lasts, the winner draws first, then the others in turn order.
        draws = complete & (state.stock_pos < self._stock_size)
        position = jnp.minimum(state.stock_pos + (seats - winner) % n, self._stock_size - 1)
        hands = hands | (draws & one_hot(state.stock[position], CARDS))
        tricks_played = state.tricks_played + complete
        over = tricks_played == self._tricks_total  # PU-15
        # PU-14: the winner leads the next trick; otherwise the next seat plays (PU-11).
        current = jnp.where(complete, winner, (player + 1) % n).astype(jnp.int32)
        return state.replace(
            current_player=current,
            rewards=jnp.where(over, self._rewards(points), 0.0).astype(jnp.float32),
            terminated=over,
            legal_action_mask=hands[current],
            hands=hands,
            stock_pos=state.stock_pos + jnp.where(draws, n, 0),
            trick=jnp.where(complete, -1, trick),
            trick_len=jnp.where(complete, 0, trick_len),
            leader=jnp.where(complete, winner, state.leader).astype(jnp.int32),
            points=points,
            played=played,
            tricks_played=tricks_played,
        )

    def _rewards(self, points: Array) -> Array:
        """PU-16 … PU-18 as ``cardtable.research.rewards`` gives them."""
        if self.reward == "points":
            return points.astype(jnp.float32)
        return (points == points.max()).astype(jnp.float32)

    # -- what a seat sees --------------------------------------------------------------------

    def observe(self, state: State, player_id: Array) -> Array:
        """``PunttuObserver``'s vector of ``player_id``'s view with memory, block for block."""
        assert isinstance(state, PunttuState)
        n = self.num_players
        me = jnp.asarray(player_id, dtype=jnp.int32)
        relative = (me + jnp.arange(n)) % n  # the seat at each relative position
        # The trick, per relative seat: the card it played, if it has played yet.
        index = (relative - state.leader) % n
        in_trick = (index < state.trick_len)[:, None] & one_hot(state.trick[index], CARDS)
        winning = (state.leader + self._winning_index(state.trick, state.trick_len)) % n
        seat_of = one_hot((jnp.stack([winning, state.leader, state.current_player]) - me) % n, n)
        seat_of = seat_of & jnp.stack(
            [state.trick_len > 0, jnp.bool_(True), ~state.terminated]
        )[:, None]
        counts = jnp.stack(
            [
                state.points[relative] / self._total,
                state.hands.sum(axis=1)[relative] / HAND_SIZE,
            ]
        )
        scalars = jnp.stack(
            [
                (self._stock_size - state.stock_pos) / 40,
                state.tricks_played / self._tricks_total,
            ]
        )
        return jnp.concatenate(
            [
                state.hands[me].astype(jnp.float32),
                in_trick.reshape(-1).astype(jnp.float32),
                state.played.astype(jnp.float32),
                self._removed.astype(jnp.float32),
                seat_of.reshape(-1).astype(jnp.float32),
                counts.reshape(-1).astype(jnp.float32),
                scalars.astype(jnp.float32),
            ]
        )
