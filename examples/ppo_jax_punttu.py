"""PPO in plain JAX on the batched Punttu environment (PureJaxRL style: the whole update jitted).

    .venv/bin/python examples/ppo_jax_punttu.py --updates 60 --batch 512

2-player Punttu, self-play: one policy plays both seats of ``batch`` deals at once
(``cardtable.research.jaxenv.punttu.PunttuEnv``, ``reward="win"``), every deal 40 steps long, so a
rollout is one ``lax.scan`` over a deal. Each decision's return is its seat's final reward
(1 for a win, 0 otherwise; no discount within a deal), its advantage the return less the value
head's estimate. The network is an MLP (212 → 128 → 128 → 40 logits and a value), masked
logits, Adam written out, the clipped PPO objective with value loss and an entropy bonus, a few
epochs of minibatches per rollout. No Flax or Optax needed: jax alone (the ``jax`` extra).

It prints the curve: wall seconds, updates, and the greedy policy's win rate against a uniformly
random player over ``--eval`` deals (seats alternating), measured inside JAX. To measure it
against the ``medium`` bot, wrap ``greedy_step_policy(params)`` in
``cardtable.research.agents.ArenaPolicy`` and seat it in ``cardtable arena`` (a benchmark, not a
test).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from cardtable.research.jaxenv.punttu import PunttuEnv

Params = dict[str, jax.Array]


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


def make_trainer(env: PunttuEnv, args: argparse.Namespace) -> tuple[Any, Any]:
    init = jax.vmap(env.init)
    step = jax.vmap(env.step)
    length = env.deal_length

    def rollout(params: Params, key: jax.Array) -> dict[str, jax.Array]:
        key, deal_key = jax.random.split(key)
        state = init(jax.random.split(deal_key, args.batch))

        def one(carry: Any, step_key: jax.Array) -> tuple[Any, dict[str, jax.Array]]:
            state = carry
            logits, value = forward(params, state.observation, state.legal_action_mask)
            action = jax.random.categorical(step_key, logits)
            logp = jax.nn.log_softmax(logits)[jnp.arange(args.batch), action]
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
        # Each decision's return: its seat's reward at the end of the deal (the rewards come on
        # the last step; every deal of the batch ends on it).
        final = state.rewards  # (batch, players), but only the last step's rewards are set
        records["return"] = jnp.take_along_axis(final, records["player"].T, axis=1).T
        return records

    def loss(params: Params, batch: dict[str, jax.Array]) -> jax.Array:
        logits, value = forward(params, batch["obs"], batch["mask"])
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, batch["action"][:, None], axis=1)[:, 0]
        advantage = batch["return"] - batch["value"]
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        ratio = jnp.exp(logp - batch["logp"])
        clipped = jnp.clip(ratio, 1 - args.clip, 1 + args.clip)
        policy_loss = -jnp.minimum(ratio * advantage, clipped * advantage).mean()
        value_loss = ((value - batch["return"]) ** 2).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(batch["mask"], probs * logp_all, 0.0)).sum(-1).mean()
        return policy_loss + 0.5 * value_loss - args.entropy * entropy

    grad = jax.grad(loss)

    def adam(params: Params, opt: Any, grads: Params) -> tuple[Params, Any]:
        m, v, t = opt
        t = t + 1
        m = jax.tree.map(lambda a, g: 0.9 * a + 0.1 * g, m, grads)
        v = jax.tree.map(lambda a, g: 0.999 * a + 0.001 * g * g, v, grads)
        scale = args.lr * jnp.sqrt(1 - 0.999**t) / (1 - 0.9**t)
        params = jax.tree.map(lambda p, a, b: p - scale * a / (jnp.sqrt(b) + 1e-8), params, m, v)
        return params, (m, v, t)

    @jax.jit
    def update(params: Params, opt: Any, key: jax.Array) -> tuple[Params, Any, jax.Array]:
        key, roll_key = jax.random.split(key)
        records = rollout(params, roll_key)
        flat = jax.tree.map(lambda x: x.reshape(-1, *x.shape[2:]), records)
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
                return adam(params, opt, grad(params, batch)), None

            return jax.lax.scan(one, (params, opt), batches)[0], None

        (params, opt), _ = jax.lax.scan(epoch, (params, opt), jax.random.split(key, args.epochs))
        return params, opt, key

    @jax.jit
    def evaluate(params: Params, key: jax.Array) -> jax.Array:
        """Greedy policy against a uniformly random player; the learner's seat alternates."""
        deals = args.eval
        key, deal_key = jax.random.split(key)
        state = init(jax.random.split(deal_key, deals))
        learner = jnp.arange(deals) % 2

        def one(state: Any, step_key: jax.Array) -> tuple[Any, None]:
            logits, _value = forward(params, state.observation, state.legal_action_mask)
            greedy = jnp.argmax(logits, axis=-1)
            random = jax.random.categorical(step_key, jnp.where(state.legal_action_mask, 0.0, -1e9))
            action = jnp.where(state.current_player == learner, greedy, random)
            return step(state, action), None

        state, _ = jax.lax.scan(one, state, jax.random.split(key, length))
        return state.rewards[jnp.arange(deals), learner].mean()

    return update, evaluate


def greedy_step_policy(params: Params) -> Any:
    """The trained policy as a step policy ``(obs, mask) -> step`` (for ``ArenaPolicy``)."""
    act = jax.jit(lambda obs, mask: jnp.argmax(forward(params, obs, mask)[0]))
    return lambda obs, mask: int(act(jnp.asarray(obs), jnp.asarray(mask, dtype=bool)))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=60)
    parser.add_argument("--batch", type=int, default=512, help="deals per rollout")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatches", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval", type=int, default=2048, help="deals against random")
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=None, help="write the trained parameters (.npz)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="a wall-time budget: stop after the first update past it (compared "
                             "runs get the same budget, not the same number of updates)")
    args = parser.parse_args(argv)
    env = PunttuEnv(players=2, reward="win")
    key = jax.random.key(args.seed)
    key, init_key = jax.random.split(key)
    params = init_params(init_key, (env.observation_size, 128, 128), env.num_actions)
    zeros = jax.tree.map(jnp.zeros_like, params)
    opt = (zeros, zeros, jnp.zeros((), jnp.int32))
    update, evaluate = make_trainer(env, args)
    eval_key = jax.random.key(10**6 + args.seed)  # the same evaluation deals every time
    start = time.perf_counter()
    curve = [(0.0, 0, float(evaluate(params, eval_key)))]
    print(f"{'seconds':>8} {'updates':>8} {'win rate vs random':>20}")
    print(f"{curve[-1][0]:>8.1f} {0:>8} {curve[-1][2]:>20.3f}")
    for number in range(1, args.updates + 1):
        params, opt, key = update(params, opt, key)
        out_of_time = args.seconds is not None and time.perf_counter() - start >= args.seconds
        if number % args.eval_every == 0 or number == args.updates or out_of_time:
            rate = float(evaluate(params, eval_key))
            curve.append((time.perf_counter() - start, number, rate))
            print(f"{curve[-1][0]:>8.1f} {number:>8} {rate:>20.3f}")
        if out_of_time:
            break
    if args.save:
        np.savez(args.save, **{name: np.asarray(value) for name, value in params.items()})
    return {"curve": curve, "params": params}


def load_params(path: str) -> Params:
    """Parameters saved with ``--save``: ``ArenaPolicy(greedy_step_policy(load_params(p)))``."""
    with np.load(path) as data:
        return {name: jnp.asarray(data[name]) for name in data.files}


if __name__ == "__main__":
    main()
