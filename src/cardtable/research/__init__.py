"""The research API: the same engine as PettingZoo and Gymnasium environments and OpenSpiel
games (``pip install 'cardtable[research]'``; see ``docs/research.md``).

- ``encodings``: a fixed space of integer steps per game, with masks read from the engine's
  ``legal_action_ids()`` and a round trip with the engine's actions;
- ``observations``: a flat tensor per seat, built from that seat's view only;
- ``episode``: one deal played by steps (what the adapters share);
- ``pettingzoo``, ``gymnasium``, ``openspiel``: the adapters; ``bench``: their speed.

Importing this package loads nothing heavy; each adapter imports its own library.
"""
