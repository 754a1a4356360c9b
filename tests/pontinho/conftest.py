"""The ``deal`` fixture of the Pontinho tests: ``make_deal`` of ``tests/helpers/pontinho.py``
(explicit deals that name only the cards that matter)."""

from __future__ import annotations

import pytest
from tests.helpers.pontinho import Deal, make_deal


@pytest.fixture
def deal() -> Deal:
    return make_deal
