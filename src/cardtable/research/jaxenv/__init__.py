"""Batched JAX environments with pgx's API: ``env.init(key)``, ``env.step(state, action, key)``,
pure functions over arrays that ``jax.jit`` compiles and ``jax.vmap`` batches (CPU by default).

``punttu.PunttuEnv`` and ``putto.PuttoEnv`` hold the same rules as the engine's games (the tests
play both side by side and compare every mask, observation, reward and terminal state); the
observation is the research observer's vector (``cardtable.research.observations``). Needs the
``jax`` extra (``pip install 'cardtable[jax]'``); nothing else in cardtable imports this package.
"""
