"""Exact calculators: examples from the laws and Drayson, and properties (hypothesis)."""
import pytest
from hypothesis import given, strategies as st

from kb.rules.cutting import next_dealer, partners_and_dealer
from kb.rules.dealing import misdeal_consequences
from kb.rules.scoring import Penalty, game_value, honours_score, rubber_points, score_hand

sides = st.sampled_from(["AB", "YZ"])
kinds = st.sampled_from(["take-three-tricks", "deduct-three", "add-three"])
cards = st.sampled_from(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])


def test_game_value_examples():
    assert [game_value(n) for n in range(5)] == [3, 2, 2, 1, 1]
    assert [game_value(n, "american-1894") for n in range(7)] == [7, 6, 5, 4, 3, 2, 1]


def test_rubber_points():
    assert rubber_points([("AB", 3), ("AB", 3)]) == ("AB", 8)          # Drayson case 126
    assert rubber_points([("AB", 3), ("YZ", 1), ("AB", 1)]) == ("AB", 3 + 1 + 2 - 1)
    with pytest.raises(ValueError):
        rubber_points([("AB", 3)])


def test_honours_score():
    assert [honours_score(n) for n in range(5)] == [0, 0, 0, 2, 4]
    assert honours_score(4, score_at_commencement=4) == 0              # English 4
    assert honours_score(4, code="american-1894") == 0


def test_revoke_precedence_example_72_V():
    # "the claimants two, their opponents nothing; the former add three ... a treble game, even
    # should the latter have made thirteen tricks, and held four honors"
    r = score_hand("english", {"AB": 2, "YZ": 0}, {"AB": 0, "YZ": 13}, {"YZ": 4},
                   [Penalty("AB", "YZ", "add-three")], {"YZ"})
    assert (r.game_won_by, r.game_value) == ("AB", 3)


def test_cuts():
    assert partners_and_dealer({"A": "2", "B": "2", "Y": "7", "Z": "K"}).recut_decides == "dealer"  # dev-13
    r = partners_and_dealer({"A": "3", "B": "5", "Y": "K", "Z": "K"})
    assert r.partners == [["A", "B"], ["Y", "Z"]] and r.dealer == "A"      # two highest: no recut
    r = partners_and_dealer({"A": "3", "B": "5", "Y": "5", "Z": "K"})
    assert r.recut_needed == ["B", "Y"]
    r = partners_and_dealer({"A": "3", "B": "5", "Y": "5", "Z": "K"}, [{"B": "9", "Y": "4"}])
    assert r.partners == [["A", "Y"], ["B", "Z"]]                          # American 3
    r = partners_and_dealer({"A": "9", "B": "9", "Y": "9", "Z": "K"}, [{"A": "4", "B": "2", "Y": "J"}])
    assert r.partners == [["A", "B"], ["Y", "Z"]] and r.dealer == "B"      # English 19, fourth highest


def test_next_dealer_and_misdeal():
    assert [next_dealer(d) for d in "AYBZ"] == list("YBZA")
    assert misdeal_consequences("english", "A")["next_dealer"] == "Y"
    assert misdeal_consequences("english", "A", touched_first_by="Y")["deal_lost"] is False   # 45
    assert misdeal_consequences("english", "A", touched_first_by="B")["deal_lost"] is True
    assert misdeal_consequences("english", "A", interrupted_by="Z", interruption_established=False)["deal_lost"] is False  # 50
    assert misdeal_consequences("american-1894", "A", interrupted_by="Z")["deal_lost"] is False


@st.composite
def hands(draw):
    code = draw(st.sampled_from(["english", "american-1894"]))
    top = 4 if code == "english" else 6
    score = {"AB": draw(st.integers(0, top)), "YZ": draw(st.integers(0, top))}
    ab = draw(st.integers(0, 13))
    tricks = {"AB": ab, "YZ": 13 - ab}
    honours = {}
    if code == "english":
        h = draw(st.sampled_from([0, 2, 4]))
        if h:
            honours[draw(sides)] = h
    revs = draw(st.lists(sides, max_size=3))
    pens = [Penalty("YZ" if r == "AB" else "AB", r,
                    draw(kinds) if code == "english" else "two-tricks") for r in revs]
    return code, score, tricks, honours, pens, set(revs)


@given(hands())
def test_revoking_side_never_wins_and_scores_never_negative(h):
    code, score, tricks, honours, pens, revoking = h
    r = score_hand(code, score, tricks, honours, pens, revoking)
    assert r.game_won_by not in revoking
    assert all(v >= 0 for v in r.score_after.values())
    for s in revoking:
        assert r.score_after[s] <= (4 if code == "english" else 6)
    assert sum(r.tricks_after.values()) == 13
    if r.game_won_by:
        lo, hi = (1, 3) if code == "english" else (1, 7)
        assert lo <= r.game_value <= hi


@given(st.integers(0, 4))
def test_english_game_value_in_1_to_3(n):
    assert 1 <= game_value(n) <= 3


@given(st.integers(0, 6))
def test_american_game_value_in_1_to_7(n):
    assert 1 <= game_value(n, "american-1894") <= 7


@given(st.fixed_dictionaries({p: cards for p in "ABYZ"}))
def test_cuts_always_decide_or_ask_for_a_recut(cuts):
    r = partners_and_dealer(cuts)
    if r.recut_needed:
        assert 2 <= len(r.recut_needed) <= 4
    else:
        assert sorted(sum(r.partners, [])) == list("ABYZ")
        assert r.dealer in r.partners[0]
