"""A fixed handful of the campaign's seeds (``tests/claim_campaign.py`` runs thousands): the
search under a random mix of judgements gives the exhaustive minimum, and a renamed claim is
ruled alike."""

from __future__ import annotations

import pytest

from tests.claim_campaign import check_seed

FOUND = (415127, 610523)
"""Seeds that found something: a card dropped as its neighbour's equal (``one_per_run``), and
the tests' own account of the non-claimers' normal plays reading which suits their masters
cleared after the claim, where the search reads them at the claim, as documented."""


@pytest.mark.parametrize("seed", [*range(0, 24), *FOUND])
def test_a_random_mix_of_judgements_searches_to_the_exhaustive_minimum(seed: int) -> None:
    assert check_seed(seed) == []
