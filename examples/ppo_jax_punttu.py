"""PPO in plain JAX on the batched Punttu environment (PureJaxRL style: the whole update jitted).

    nice -n 10 .venv/bin/python examples/ppo_jax_punttu.py --seconds 300 --save ppo.npz

2-player Punttu (``cardtable.research.jaxenv.punttu.PunttuEnv``), ``batch`` deals at once, every
deal 40 steps long, so a rollout is one ``lax.scan`` over a deal. The learner holds one seat of
each deal (alternating); the other seat is the ``medium`` bot written in JAX
(``cardtable.research.jaxenv.punttu_medium``, the same card as the bot on every move), except
in the first ``--self-play`` share of the deals, where the learner plays both seats. Training
against a copy of itself stopped teaching it once it beat the random player (82–83% after 60
updates); against ``medium`` it learns what beats ``medium``, at the JAX environment's speed.

Each seat's 20 decisions of a deal form one trajectory: its return is the deal's outcome for
that seat (1 a win, ½ a tie, 0 a loss, as the arena counts them) plus ``--margin`` times its
point margin / 124 (shaping: a lost deal by 2 points is better than one by 40), the advantages
are GAE(λ) over the trajectory with no discount. The network is an MLP (212 → hidden → 40
logits and a value), masked logits, Adam written out, the clipped PPO objective with value
loss and an entropy bonus, a few epochs of minibatches per rollout; the learning rate and the
entropy bonus fall linearly over the budget (``--seconds``, else ``--updates``), to 5% at its
end. No Flax or Optax: jax alone (the ``jax`` extra). The defaults are the best of the settings
measured in docs/research.md ("PPO on the JAX environment").

It prints the curve: wall seconds, updates, and the greedy policy's win rate (ties ½) against
a uniformly random player and against the JAX ``medium`` over ``--eval`` fixed deals each
(seats alternating), measured inside JAX, with the load average at the start and the end. To
measure it against the real ``medium`` bot, wrap ``greedy_step_policy(load_params(path))`` in
``cardtable.research.agents.ArenaPolicy`` and seat it in ``cardtable arena`` (a benchmark, not
a test).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.research.jaxenv.punttu import PunttuEnv
from cardtable.research.jaxenv.punttu_medium import medium_action

Params = dict[str, jax.Array]
#: The learning rate and entropy bonus at the end of the budget, as a share of their start:
#: never quite zero, so an update past the budget (the last one) still moves.
MIN_SHARE = 0.05


def init_params(key: jax.Array, sizes: tuple[int, ...], actions: int) -> Params:
    params: Params = {}
    keys = jax.random.split(key, len(sizes) + 1)
    for i in range(len(sizes) - 1):
        scale = jnp.sqrt(2.0 / sizes[i])
        params[f"w{i}"] = jax.random.normal(keys[i], (sizes[i], sizes[i + 1])) * scale
        params[f"b{i}"] = jnp.zeros(sizes[i + 1])
    params["pi"] = jax.random.normal(keys[-2], (sizes[-1], actions)) * 0.01
    params["pi_b"] = jnp.zeros(actions)
    params["v"] = jax.random.normal(keys[-1], (sizes[-1], 1)) * 0.01
    params["v_b"] = jnp.zeros(1)
    return params


def forward(params: Params, obs: jax.Array, mask: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Masked logits and the value of ``obs`` (any leading batch shape)."""
    x = obs
    i = 0
    while f"w{i}" in params:
        x = jnp.tanh(x @ params[f"w{i}"] + params[f"b{i}"])
        i += 1
    logits = x @ params["pi"] + params["pi_b"]
    # A finished deal's mask is all true (pgx), so no row is ever empty here.
    logits = jnp.where(mask, logits, -1e9)
    return logits, (x @ params["v"] + params["v_b"])[..., 0]


def win_shares(points: jax.Array) -> jax.Array:
    """Each seat's outcome from the deal's points (batch × 2): 1 a win, ½ a tie (PU-18, counted
    as the arena counts a shared win between two), 0 a loss."""
    first = (jnp.sign(points[:, 0] - points[:, 1]) + 1) / 2
    return jnp.stack([first, 1 - first], axis=1)


def make_trainer(env: PunttuEnv, args: argparse.Namespace) -> tuple[Any, Any]:
    init = jax.vmap(env.init)
    step = jax.vmap(env.step)
    medium = jax.vmap(lambda state: medium_action(env, state))
    length = env.deal_length
    per_seat = length // 2
    batch = args.batch
    both = round(batch * args.self_play)  # deals whose both seats the learner plays

    def rollout(params: Params, key: jax.Array) -> dict[str, jax.Array]:
        key, deal_key = jax.random.split(key)
        state = init(jax.random.split(deal_key, batch))
        learner = jnp.arange(batch) % 2
        plays_both = jnp.arange(batch) < both

        def one(state: Any, step_key: jax.Array) -> tuple[Any, dict[str, jax.Array]]:
            logits, value = forward(params, state.observation, state.legal_action_mask)
            sampled = jax.random.categorical(step_key, logits)
            ours = (state.current_player == learner) | plays_both
            action = jnp.where(ours, sampled, medium(state))
            logp = jax.nn.log_softmax(logits)[jnp.arange(batch), action]
            record = {
                "obs": state.observation,
                "mask": state.legal_action_mask,
                "action": action,
                "logp": logp,
                "value": value,
                "player": state.current_player,
            }
            return step(state, action), record

        state, records = jax.lax.scan(one, state, jax.random.split(key, length))
        points = state.rewards  # reward="points": each seat's card points, on the last step
        margin = (points - points[:, ::-1]) / points.sum(axis=1, keepdims=True)  # the deal's 124
        final = win_shares(points) + args.margin * margin  # (batch, seat)

        # Each seat's decisions in the order played: (batch, seat, per_seat) step indices.
        order = jax.vmap(
            lambda players: jnp.stack(
                [jnp.nonzero(players == seat, size=per_seat)[0] for seat in (0, 1)]
            )
        )(records["player"].T)
        seats = jax.tree.map(
            lambda x: jax.vmap(lambda xs, index: xs[index])(jnp.swapaxes(x, 0, 1), order),
            records,
        )
        # GAE(λ) without discount: the reward comes at the end, as the last step's target.
        value = seats["value"]
        target = jnp.concatenate([value[..., 1:], final[..., None]], axis=-1)
        delta = target - value

        def back(later: jax.Array, d: jax.Array) -> tuple[jax.Array, jax.Array]:
            now = d + args.gae_lambda * later
            return now, now

        _, advantage = jax.lax.scan(
            back, jnp.zeros(delta.shape[:-1]), jnp.moveaxis(delta, -1, 0), reverse=True
        )
        seats["advantage"] = jnp.moveaxis(advantage, 0, -1)
        seats["return"] = seats["advantage"] + value
        # Training rows: the learner's seat of every deal, and the other seat where it played both.
        rows = jnp.arange(batch)
        mine = jax.tree.map(lambda x: x[rows, learner], seats)
        theirs = jax.tree.map(lambda x: x[rows[:both], 1 - learner[:both]], seats)
        return jax.tree.map(lambda a, b: jnp.concatenate([a, b]), mine, theirs)

    def loss(params: Params, batch: dict[str, jax.Array], entropy_bonus: jax.Array) -> jax.Array:
        logits, value = forward(params, batch["obs"], batch["mask"])
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, batch["action"][:, None], axis=1)[:, 0]
        advantage = batch["advantage"]
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        ratio = jnp.exp(logp - batch["logp"])
        clipped = jnp.clip(ratio, 1 - args.clip, 1 + args.clip)
        policy_loss = -jnp.minimum(ratio * advantage, clipped * advantage).mean()
        value_loss = ((value - batch["return"]) ** 2).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(batch["mask"], probs * logp_all, 0.0)).sum(-1).mean()
        return policy_loss + 0.5 * value_loss - entropy_bonus * entropy

    grad = jax.grad(loss)

    def adam(params: Params, opt: Any, grads: Params, lr: jax.Array) -> tuple[Params, Any]:
        m, v, t = opt
        t = t + 1
        m = jax.tree.map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
        v = jax.tree.map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
        scale = lr * jnp.sqrt(1 - 0.999**t) / (1 - 0.9**t)
        params = jax.tree.map(lambda p, a, b: p - scale * a / (jnp.sqrt(b) + 1e-8), params, m, v)
        return params, (m, v, t)

    @jax.jit
    def update(
        params: Params, opt: Any, key: jax.Array, left: jax.Array
    ) -> tuple[Params, Any, jax.Array]:
        """One rollout and its epochs; ``left`` is the share of the budget still to run, which
        scales the learning rate and the entropy bonus."""
        key, roll_key = jax.random.split(key)
        trajectories = rollout(params, roll_key)
        flat = jax.tree.map(lambda x: x.reshape(-1, *x.shape[2:]), trajectories)
        size = flat["action"].shape[0]
        minibatch = size // args.minibatches

        def epoch(carry: Any, epoch_key: jax.Array) -> tuple[Any, None]:
            params, opt = carry
            order = jax.random.permutation(epoch_key, size)[: minibatch * args.minibatches]
            batches = jax.tree.map(
                lambda x: x[order].reshape(args.minibatches, minibatch, *x.shape[1:]), flat
            )

            def one(carry: Any, batch: dict[str, jax.Array]) -> tuple[Any, None]:
                params, opt = carry
                grads = grad(params, batch, args.entropy * left)
                return adam(params, opt, grads, args.lr * left), None

            return jax.lax.scan(one, (params, opt), batches)[0], None

        (params, opt), _ = jax.lax.scan(epoch, (params, opt), jax.random.split(key, args.epochs))
        return params, opt, key

    @jax.jit
    def evaluate(params: Params, key: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The greedy policy's win rate (ties ½) against a uniformly random player and against
        ``medium``, on the same deals; the learner's seat alternates."""
        deals = args.eval
        key, deal_key = jax.random.split(key)
        start = init(jax.random.split(deal_key, deals))
        learner = jnp.arange(deals) % 2

        def against(use_medium: bool) -> jax.Array:
            def one(state: Any, step_key: jax.Array) -> tuple[Any, None]:
                logits, _value = forward(params, state.observation, state.legal_action_mask)
                greedy = jnp.argmax(logits, axis=-1)
                if use_medium:
                    other = medium(state)
                else:
                    legal = jnp.where(state.legal_action_mask, 0.0, -1e9)
                    other = jax.random.categorical(step_key, legal)
                action = jnp.where(state.current_player == learner, greedy, other)
                return step(state, action), None

            state, _ = jax.lax.scan(one, start, jax.random.split(key, length))
            return win_shares(state.rewards)[jnp.arange(deals), learner].mean()

        return against(False), against(True)

    return update, evaluate


def greedy_step_policy(params: Params) -> Any:
    """The trained policy as a step policy ``(obs, mask) -> step`` (for ``ArenaPolicy``)."""
    act = jax.jit(lambda obs, mask: jnp.argmax(forward(params, obs, mask)[0]))
    return lambda obs, mask: int(act(jnp.asarray(obs), jnp.asarray(mask, dtype=bool)))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=None,
                        help="a wall-time budget: stop after the first update past it (compared "
                             "runs get the same budget, not the same number of updates)")
    parser.add_argument("--batch", type=int, default=512, help="deals per rollout")
    parser.add_argument("--self-play", type=float, default=0.0,
                        help="share of the deals where the learner plays both seats (else "
                             "medium holds the other)")
    parser.add_argument("--margin", type=float, default=0.5,
                        help="weight of the point margin / 124 added to the win (shaping)")
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--hidden", default="128,128", help="hidden layer widths")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=8)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval", type=int, default=2048, help="deals against each opponent")
    parser.add_argument("--eval-every", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=None, help="write the trained parameters (.npz)")
    args = parser.parse_args(argv)
    env = PunttuEnv(players=2, reward="points")
    key = jax.random.key(args.seed)
    key, init_key = jax.random.split(key)
    hidden = tuple(int(width) for width in args.hidden.split(","))
    params = init_params(init_key, (env.observation_size, *hidden), env.num_actions)
    zeros = jax.tree.map(jnp.zeros_like, params)
    opt = (zeros, zeros, jnp.zeros((), jnp.int32))
    update, evaluate = make_trainer(env, args)
    eval_key = jax.random.key(10**6 + args.seed)  # the same evaluation deals every time
    load = [os.getloadavg()[0]]
    print(f"load average at the start: {load[0]:.1f}")
    start = time.perf_counter()
    curve: list[tuple[float, int, float, float]] = []

    def record(number: int) -> None:
        random_rate, medium_rate = (float(rate) for rate in evaluate(params, eval_key))
        curve.append((time.perf_counter() - start, number, random_rate, medium_rate))
        print(f"{curve[-1][0]:>8.1f} {number:>8} {random_rate:>10.3f} {medium_rate:>10.3f}")

    print(f"{'seconds':>8} {'updates':>8} {'vs random':>10} {'vs medium':>10}")
    record(0)
    for number in range(1, args.updates + 1):
        elapsed = time.perf_counter() - start
        spent = elapsed / args.seconds if args.seconds else (number - 1) / args.updates
        params, opt, key = update(params, opt, key, jnp.float32(max(1.0 - spent, MIN_SHARE)))
        out_of_time = args.seconds is not None and time.perf_counter() - start >= args.seconds
        if number % args.eval_every == 0 or number == args.updates or out_of_time:
            record(number)
        if out_of_time:
            break
    load.append(os.getloadavg()[0])
    print(f"load average at the end: {load[1]:.1f}")
    if args.save:
        np.savez(args.save, **{name: np.asarray(value) for name, value in params.items()})
    return {"curve": curve, "params": params, "load": load}


def load_params(path: str) -> Params:
    """Parameters saved with ``--save``: ``ArenaPolicy(greedy_step_policy(load_params(p)))``."""
    with np.load(path) as data:
        return {name: jnp.asarray(data[name]) for name in data.files}


if __name__ == "__main__":
    main()
