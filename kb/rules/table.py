"""Formation of the table, cutting out, entry (English 16-25; American 2, 5, 6)."""
from __future__ import annotations

from .core import finding, law
from .situation import Situation


@law("english", "16", "selection")
def four_lowest_play_then_cut_again(s: Situation, c: dict):
    """English 16: "If there are more than four candidates, the players are selected by cutting
    ... The four who cut the lowest cards play first, and again cut to decide on partners."
    (Drayson case 34: the first cut does not decide partners.)"""
    if not s.candidates or s.candidates <= 4:
        return None
    return finding("the four lowest play and must cut again to decide on partners",
                   cut_again_for_partners=True)
