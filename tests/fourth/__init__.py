"""A fourth game that exists only in the tests: High card (``highcard``), registered by the
tests that drive it through every part of cardtable, to prove that a game is one plug-in."""
