"""Single judgements of the normal-play policy (solver/laws/normal_play.py), on hand-made views."""

from __future__ import annotations

from solver.bridge import Card
from solver.laws.normal_play import (
    PRESETS,
    NormalPolicy,
    PlayView,
    aware_of_trumps,
    believed_good,
    claimer_options,
    for_defenders,
)


def mask(*cards: str) -> int:
    return sum(1 << Card.parse(c).index for c in cards)


def card(text: str) -> int:
    return Card.parse(text).index


def view(
    north: tuple[str, ...],
    east: tuple[str, ...],
    south: tuple[str, ...],
    west: tuple[str, ...],
    *,
    seat: int = 2,
    trick: tuple[str, ...] = (),
    leader: int = 2,
    voids: int = 0,
    aware: bool = False,
) -> PlayView:
    """Spades trumps; North-South claim; ``seat`` to play (``voids``: the known voids;
    ``aware``: the claimer aware of the opponents' trumps)."""
    return PlayView(
        seat=seat,
        held=(mask(*north), mask(*east), mask(*south), mask(*west)),
        trick=tuple(card(c) for c in trick),
        leader=leader,
        trump=0,
        claimer_side=0,
        voids=voids,
        trumps_aware=aware,
    )


def no_trump_view(
    north: tuple[str, ...],
    east: tuple[str, ...],
    south: tuple[str, ...],
    west: tuple[str, ...],
    *,
    seat: int = 0,
    trick: tuple[str, ...] = (),
) -> PlayView:
    """No trumps; North-South claim, aware of the trumps; ``seat`` to play to ``trick``."""
    return PlayView(
        seat=seat,
        held=(mask(*north), mask(*east), mask(*south), mask(*west)),
        trick=tuple(card(c) for c in trick),
        leader=(seat - len(trick)) % 4,
        trump=None,
        claimer_side=0,
        voids=0,
        trumps_aware=True,
    )


def test_acbl_guideline_4_leaves_out_idle_trump_leads() -> None:
    # Neither opponent holds a spade: under ACBL guideline 4 South is not made to lead his trump
    # (every preset takes the guideline; with the switch off the trump lead is normal).
    position = view(("HA", "D2"), ("H4", "C2"), ("S2", "H3"), ("H5", "C3"))
    idle = PRESETS["EBU"].with_switches(no_idle_trump_lead=False)
    assert card("S2") in claimer_options(idle, position)
    assert claimer_options(PRESETS["EBU"], position) == [card("H3")]
    assert claimer_options(PRESETS["ACBL"], position) == [card("H3")]
    assert claimer_options(PRESETS["WBF2017"], position) == [card("H3")]
    # With a trump still out, or nothing but trumps, the switch changes nothing.
    trump_out = view(("HA", "D2"), ("S9", "C2"), ("S2", "H3"), ("H5", "C3"))
    stranding_allowed = PRESETS["ACBL"].with_switches(cross_to_partners_winners=False)
    assert card("S2") in claimer_options(stranding_allowed, trump_out)
    only_trumps = view(("HA", "D2"), ("H4", "C2"), ("S2", "S3"), ("H5", "C3"))
    # Two master trumps and nothing else: he leads them, from the top (top_down).
    assert claimer_options(PRESETS["ACBL"], only_trumps) == [card("S3")]


def test_ruff_low_with_only_trumps_and_partner_winning() -> None:
    # North led the HA (a winner); East followed; South, with only trumps, plays his lowest.
    position = view(
        ("HK", "D2"),
        ("H4", "C2"),
        ("S2", "SK"),
        ("H5", "C3"),
        trick=("HA", "H6"),
        leader=0,
    )
    assert claimer_options(NormalPolicy(), position) == [card("S2")]
    assert set(claimer_options(NormalPolicy(ruff_low=False), position)) == {card("S2"), card("SK")}


def test_a_hand_with_no_winner_crosses_to_partners_winners() -> None:
    # South holds no winner (the S2 under East's S9, the H3 and D3 under West's cards); North
    # holds the HA. Leading the H3 reaches it; the S2 or the D3 would give up the lead with it
    # stranded (cross_to_partners_winners, LKU-20 2.1). Any heart would do.
    # (The view's claimer is unaware of East's S9, so under lead_forgotten_trump he may also
    # lead the S2 he thinks good; with that switch off, the crossing lead alone.)
    position = view(("HA", "C2"), ("S9", "D4"), ("S2", "H3", "D3"), ("H5", "D5"))
    crossing = NormalPolicy().with_switches(lead_forgotten_trump=False)
    assert claimer_options(crossing, position) == [card("H3")]
    assert sorted(claimer_options(NormalPolicy(), position)) == sorted([card("H3"), card("S2")])
    stranding = NormalPolicy().with_switches(cross_to_partners_winners=False)
    assert sorted(claimer_options(stranding, position)) == sorted(
        card(c) for c in ("S2", "H3", "D3")
    )
    # Partner's winner in a suit South cannot lead: nothing to cross with, any lead is normal.
    no_way = view(("CA", "H2"), ("S9", "D4"), ("S2", "H3", "D3"), ("H5", "D5"))
    assert len(claimer_options(NormalPolicy(), no_way)) == 3


def test_a_lone_spot_card_winner_binds_top_down_except_under_the_ebu() -> None:
    # South's S7 S5 S4 over East's S6, spades trumps and nobody else holding one.
    position = view(("HA", "DA", "CA"), ("S6", "H5", "D5"), ("S7", "S5", "S4"), ("H4", "D4", "C4"))
    spots = [card(c) for c in ("S4", "S5", "S7")]
    assert sorted(claimer_options(PRESETS["EBU"], position)) == spots
    assert claimer_options(PRESETS["WBF2017"], position) == [card("S7")]
    assert claimer_options(PRESETS["ACBL"], position) == [card("S7")]


def test_a_lone_honour_winner_binds_top_down_unless_the_switch_is_off() -> None:
    # South's HJ H6 with East's H9 out (no higher heart anywhere): no solidity. South also
    # holds the DA; no trumps are out, so any suit may be led.
    position = view(("S2", "C2"), ("H9", "C3"), ("HJ", "H6", "DA"), ("S3", "C4"))
    honour = {card("HJ"), card("DA")}
    assert set(claimer_options(PRESETS["WBF2017"], position)) == honour
    assert set(claimer_options(PRESETS["ACBL"], position)) == honour
    # The EBU preset has honour_master_binds off: the J had no solidity at the claim (this
    # view is the claim), so the H6 may go first; turned on there, it may not.
    careless = PRESETS["EBU"]
    assert set(claimer_options(careless, position)) == honour | {card("H6")}
    binding = PRESETS["EBU"].with_switches(honour_master_binds=True)
    assert set(claimer_options(binding, position)) == honour
    # Each switch governs its own card: the J is an honour, so spot_master_binds alone does
    # not bind it, and honour_master_binds alone does.
    spots_only = NormalPolicy().with_switches(honour_master_binds=False)
    assert set(claimer_options(spots_only, position)) == honour | {card("H6")}
    # Two winners are solid whatever the switches say: HJ HT, the 9 out, binds the J.
    solid = view(("S2", "C2"), ("H9", "C3"), ("HJ", "HT", "DA"), ("S3", "C4"))
    assert set(claimer_options(careless, solid)) == honour


def test_void_hand_ruffs_partners_card_unless_it_is_sure_to_win() -> None:
    # North led the HQ, East played low: North's card is winning so far, but West, still to
    # play, holds the HK. South, void in hearts, holds the S2 and two diamond winners.
    beatable = view(
        ("H5", "C2", "C3"),
        ("H3", "CJ", "CT"),
        ("S2", "DA", "DK"),
        ("HK", "H9", "CK"),
        trick=("HQ", "H4"),
        leader=0,
    )
    # Not sure to win: ruffed, as the opponents' card would be (ruff_when_able, ruff_low).
    assert claimer_options(NormalPolicy(), beatable) == [card("S2")]
    # Without ruff_when_able the ruff is one normal play, discarding another: the lower of the
    # two diamond winners (winners_from_the_bottom), or either without that judgement.
    assert set(claimer_options(NormalPolicy(ruff_when_able=False), beatable)) == {
        card("S2"),
        card("DK"),
    }
    either = NormalPolicy(ruff_when_able=False, winners_from_the_bottom=False)
    assert set(claimer_options(either, beatable)) == {card("S2"), card("DA"), card("DK")}
    # North's HA (a master, no opponent holding a higher heart) is sure to win: South need
    # not ruff it, and under ruff_when_able does not.
    master = view(
        ("H5", "C2", "C3"),
        ("H3", "CJ", "CT"),
        ("S2", "DA", "DK"),
        ("HK", "H9", "CK"),
        trick=("HA", "H4"),
        leader=0,
    )
    assert claimer_options(NormalPolicy(), master) == [card("DK")]  # the lower winner
    # Last to play (West led the H6, North won with the HQ, East the H4): North's HQ, not a
    # master, holds the trick all the same.
    last = view(
        ("H5", "C2", "C3"),
        ("H3", "CJ", "CT"),
        ("S2", "DA", "DK"),
        ("HK", "H9", "CK"),
        trick=("H6", "HQ", "H4"),
        leader=3,
    )
    assert claimer_options(NormalPolicy(), last) == [card("DK")]
    # An opponent's card winning: ruffed, as before.
    theirs = view(
        ("H5", "C2", "C3"),
        ("H3", "CJ", "CT"),
        ("S2", "DA", "DK"),
        ("HK", "H9", "CK"),
        trick=("HQ", "HJ"),
        leader=0,
    )
    assert claimer_options(NormalPolicy(), theirs) == [card("S2")]


def test_a_player_follows_low_to_a_trick_the_opponents_are_sure_to_win() -> None:
    # East led the DA; South holds DQ D4 and cannot beat it; North, still to play, holds only a
    # diamond lower than the ace: the trick is East-West's. Throwing the DQ (the master once the
    # ace is gone) is not normal (follow_low_when_lost); the D4 is.
    lost = view(
        ("D2", "C2"),
        ("DA", "C3"),
        ("DQ", "D4"),
        ("DK", "C4"),
        seat=2,
        trick=("DA",),
        leader=1,
    )
    assert claimer_options(NormalPolicy(), lost) == [card("D4")]
    careless = NormalPolicy().with_switches(follow_low_when_lost=False)
    assert set(claimer_options(careless, lost)) == {card("DQ"), card("D4")}
    # North could still ruff (void in diamonds, holding a trump): the trick is not lost yet.
    open_trick = view(
        ("S2", "C2"),
        ("DA", "C3"),
        ("DQ", "D4"),
        ("DK", "C4"),
        seat=2,
        trick=("DA",),
        leader=1,
    )
    assert set(claimer_options(NormalPolicy(), open_trick)) == {card("DQ"), card("D4")}


def test_trumps_in_both_opponents_hands_make_the_claimer_aware_of_them() -> None:
    # Spades trumps: with a trump in each opponent's hand a claimer who said nothing is still
    # taken as aware (aware_of_split_trumps); with them in one hand he may have missed them (70C).
    held = (mask("SA", "SK"), mask("S3", "H2"), mask("SQ", "H4"), mask("S5", "H6"))
    assert aware_of_trumps(NormalPolicy(), False, held, 0, 0)
    assert not aware_of_trumps(NormalPolicy(aware_of_split_trumps=False), False, held, 0, 0)
    one_hand = (mask("SA", "SK"), mask("S3", "S2"), mask("SQ", "H4"), mask("H5", "H6"))
    assert not aware_of_trumps(NormalPolicy(), False, one_hand, 0, 0)
    assert aware_of_trumps(NormalPolicy(), True, one_hand, 0, 0)
    assert not aware_of_trumps(NormalPolicy(), False, held, 0, None)
    # Trumps in one hand, but the last trick was a round of trumps his side led, all following:
    # he has not forgotten them (aware_after_trump_round, EBU White Book 8.70.4).
    assert aware_of_trumps(NormalPolicy(), False, one_hand, 0, 0, trump_round=True)
    forgetful = NormalPolicy(aware_after_trump_round=False)
    assert not aware_of_trumps(forgetful, False, one_hand, 0, 0, trump_round=True)


def test_the_short_hand_cashes_first_rather_than_force_partners_overtake() -> None:
    # South leads: his DQ would have to be overtaken by North's bare DA DK (unblock_short_hand_
    # first); his CK is a winner North can follow under with the C2. No spade is out.
    position = view(
        ("DA", "DK", "C2"),
        ("H2", "H3", "H4"),
        ("DQ", "CK", "D2"),
        ("H5", "H6", "H7"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("CK")]
    blocking = NormalPolicy().with_switches(unblock_short_hand_first=False)
    assert set(claimer_options(blocking, position)) == {card("DQ"), card("CK")}
    # Every winner he holds forces the overtake: then any of them is a normal lead, save that
    # the lone CK, his last club, waits for the DQ under cash_before_crossing.
    forced = view(("DA", "DK", "CA"), ("H2", "H3", "H4"), ("DQ", "CK", "D2"), ("H5", "H6", "H7"))
    crossing = NormalPolicy().with_switches(cash_before_crossing=False)
    assert set(claimer_options(crossing, forced)) == {card("DQ"), card("CK")}
    assert claimer_options(NormalPolicy(), forced) == [card("DQ")]


def test_the_hand_cashes_its_own_winners_before_its_last_card_to_partners() -> None:
    # South, on lead, holds the C9 (no one else has a club) and the lone HJ opposite North's
    # HA Q (cash_before_crossing): the HJ first would either hand North the lead, stranding
    # the C9, or leave North's hearts stranded under it; the club goes first. No spade is out.
    position = view(
        ("HA", "HQ", "H7"),
        ("ST", "D2", "D3"),
        ("HJ", "C9", "D4"),
        ("H9", "H8", "D5"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("C9")]
    crossing = NormalPolicy().with_switches(cash_before_crossing=False)
    assert set(claimer_options(crossing, position)) == {card("HJ"), card("C9")}
    assert set(claimer_options(PRESETS["EBU"], position)) == {card("HJ"), card("C9")}
    assert set(claimer_options(PRESETS["ACBL"], position)) == {card("HJ"), card("C9")}
    # A defender does not see his partner's hand: the judgement is not his.
    assert not for_defenders(NormalPolicy()).cash_before_crossing


def test_third_hand_plays_an_honour_that_beats_the_card_winning_so_far() -> None:
    # South led the D3, West the D4; North, third, holds DK DJ DT D2 and must beat the D4 with
    # an honour (third_hand_contests), not duck with the D2 for East's D6 to win.
    third = view(
        ("DK", "DJ", "DT", "D2"),
        ("DQ", "D6", "H2", "H3"),
        ("D3", "C2", "C3", "C4"),
        ("D4", "DA", "H4", "H5"),
        seat=0,
        trick=("D3", "D4"),
        leader=2,
    )
    assert set(claimer_options(NormalPolicy(), third)) == {card("DT"), card("DJ"), card("DK")}
    ducking = NormalPolicy().with_switches(third_hand_contests=False)
    assert card("D2") in claimer_options(ducking, third)
    # Partner's honour winning so far is left alone: no overtake is assumed.
    honour = view(
        ("DK", "D2", "C5", "C6"),
        ("DA", "D6", "H2", "H3"),
        ("DQ", "C2", "C3", "C4"),
        ("D4", "D5", "H4", "H5"),
        seat=0,
        trick=("DQ", "D4"),
        leader=2,
    )
    assert card("D2") in claimer_options(NormalPolicy(), honour)


def test_a_hand_of_winners_keeps_the_last_guard_of_a_suit() -> None:
    # South, void in the suit led (clubs, West's CA winning), holds only winners: the DK, the
    # side's last diamond above East's DQ, and the HA, with North's HK behind it. Throwing the
    # DK would make the DQ a winner; the HA promotes nothing (keep_guards).
    position = view(
        ("HK", "C2"),
        ("DQ", "C3"),
        ("DK", "HA"),
        ("CA", "C4"),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    assert claimer_options(NormalPolicy(), position) == [card("HA")]
    # The HA is also South's only way in from North's HK to the DK (keep_entries): with both
    # judgements off, either card may go.
    careless = NormalPolicy().with_switches(keep_guards=False, keep_entries=False)
    assert set(claimer_options(careless, position)) == {card("DK"), card("HA")}


def test_a_claiming_defender_keeps_his_own_guard_and_partner_chooses() -> None:
    # North (declarer's side) leads the HA, spades trumps; East, void in hearts, holds only
    # winners: the DK (above South's DQ) and the CA (no opponent holds a club). West holds
    # the DA, which East does not see.
    def position(bound: int) -> PlayView:
        held = (mask("H2"), mask("DK", "CA"), mask("DQ", "H3"), mask("DA", "CK"))
        return PlayView(1, held, (card("HA"),), 0, 0, 1, 0, True, bound)

    claimer = for_defenders(NormalPolicy())
    # East claimed: he keeps the DK, his last diamond above the DQ, and throws the CA.
    assert claimer_options(claimer, position(0b0010)) == [card("CA")]
    # West claimed: East is partner, whose discard stays his choice (70D2).
    assert set(claimer_options(claimer, position(0b1000))) == {card("DK"), card("CA")}
    # The guard is judged on the cards the claimer sees: seeing West's DA as well (as
    # declarer sees dummy), the DK would promote nothing and either card could go.
    assert set(claimer_options(claimer, position(0b1010))) == {card("DK"), card("CA")}
    assert set(claimer_options(claimer.with_switches(keep_guards=False), position(0b0010))) == {
        card("DK"),
        card("CA"),
    }


def test_a_discard_keeps_the_last_link_to_partners_winners() -> None:
    # West's CA wins the trick; South, void in clubs, has three losers to throw: the H3, his
    # one heart below North's HA HK (keep_links), and two small diamonds.
    position = view(
        ("HA", "HK"),
        ("H5", "D9"),
        ("H3", "D4", "D2"),
        ("H6", "D8"),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    bottom_off = NormalPolicy().with_switches(discard_from_the_bottom=False)
    assert set(claimer_options(bottom_off, position)) == {card("D4"), card("D2")}
    careless = bottom_off.with_switches(keep_links=False, discard_from_dead_suits=False)
    assert set(claimer_options(careless, position)) == {card("H3"), card("D4"), card("D2")}
    # discard_from_the_bottom: of the diamonds, the lowest only.
    assert set(claimer_options(NormalPolicy(), position)) == {card("D2")}
    # A defender does not see his partner's hand (70D2): the judgement is not his.
    assert card("H3") in claimer_options(for_defenders(NormalPolicy()), position)
    # With a second small heart the H3 is not the last link: either heart may go (from the
    # bottom, the H2: North's two hearts are no more than South's, so the H3 unblocks nothing).
    two_links = view(
        ("HA", "HK"),
        ("H5", "D9"),
        ("H3", "H2", "D4"),
        ("H6", "D8"),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    links_only = NormalPolicy().with_switches(discard_from_dead_suits=False)
    assert claimer_options(links_only, two_links) == [card("H2"), card("D4")]
    no_bottom = links_only.with_switches(discard_from_the_bottom=False)
    assert card("H3") in claimer_options(no_bottom, two_links)
    # discard_from_dead_suits keeps both while the D4 can go.
    assert claimer_options(NormalPolicy(), two_links) == [card("D4")]


def test_a_loser_is_discarded_from_the_bottom_unless_it_unblocks_partner() -> None:
    # West's CA wins; South, void in clubs, throws a diamond: DK D4 D2 are all losers (East
    # holds the DA). The D2 is the bottom; not the DK, which could still win a trick once the
    # DA has gone, nor the D4: North's bare DQ is the short holding, nothing to unblock.
    position = view(
        ("HA", "DQ"),
        ("DA", "D9"),
        ("DK", "D4", "D2"),
        ("H6", "D8"),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    assert claimer_options(NormalPolicy(), position) == [card("D2")]
    free = NormalPolicy().with_switches(
        discard_from_the_bottom=False, discard_from_dead_suits=False
    )
    assert set(claimer_options(free, position)) == {card("DK"), card("D4"), card("D2")}
    # The short hand's higher loser may go below partner's longer holding: South's D9 from
    # D9 2 opposite North's DK Q J unblocks North's suit.
    short = view(
        ("DK", "DQ", "DJ"),
        ("DA", "D7", "H2"),
        ("D9", "D2", "H3"),
        ("D8", "H6", "C4"),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    spread = NormalPolicy().with_switches(discard_from_dead_suits=False)
    assert set(claimer_options(spread, short)) == {card("D9"), card("D2"), card("H3")}
    # discard_from_dead_suits keeps the D9 and the H3, each beaten by one card only (the DA,
    # West's H6): the D2 goes.
    assert claimer_options(NormalPolicy(), short) == [card("D2")]


def test_partners_honour_is_not_overtaken_by_a_card_that_is_no_winner() -> None:
    # North leads the CQ, East plays low; South, third, holds CK C6 C4 with West's CA still to
    # play: the K would take no trick the Q does not (no_overtake_for_nothing).
    position = view(
        ("HA", "H2"),
        ("H5", "D9"),
        ("CK", "C6", "C4"),
        ("CA", "H6", "D8"),
        seat=2,
        trick=("CQ", "C3"),
        leader=0,
    )
    assert set(claimer_options(NormalPolicy(), position)) == {card("C4"), card("C6")}
    free = NormalPolicy().with_switches(no_overtake_for_nothing=False)
    assert set(claimer_options(free, position)) == {card("C4"), card("C6"), card("CK")}


def test_partners_last_card_of_the_suit_is_overtaken_to_reach_the_long_hand() -> None:
    # South leads the DJ, his last diamond; West plays low; North, third, holds DQ T 9 8 with
    # East's DK D4 behind: the DQ overtakes, so that the long suit is not stranded
    # (overtake_to_reach; the NBB Delft poll). Without it, the Q is no winner over partner's
    # J (no_overtake_for_nothing), and any other card is normal.
    position = view(
        ("DQ", "DT", "D9", "D8"),
        ("DK", "D4", "C3", "C4"),
        ("H3", "H2", "C9"),
        ("H6", "C2", "C5"),
        seat=0,
        trick=("DJ", "D5"),
        leader=2,
    )
    assert claimer_options(NormalPolicy(), position) == [card("DQ")]
    free = NormalPolicy().with_switches(overtake_to_reach=False)
    assert set(claimer_options(free, position)) == {card("D8"), card("D9"), card("DT")}
    assert claimer_options(PRESETS["EBU"], position) != [card("DQ")]


EAST_HEARTS = ("HT", "H8", "H7", "H5")
WEST_HA_J_C6_2 = ("HA", "HJ", "C6", "C2")
"""East and West in the keep_entries endings below: the clubs out are West's C6 2."""


def north_leads(
    north: tuple[str, ...], east: tuple[str, ...], south: tuple[str, ...], west: tuple[str, ...]
) -> PlayView:
    """``view`` with North on lead."""
    return view(north, east, south, west, seat=0, leader=0)


def test_the_top_card_is_not_led_to_drop_partners_only_entry() -> None:
    # North, on lead, holds CT 5 opposite South's C9, South's only way in to his DQ 4 (North
    # has no diamond; West's C6 2 are below the nine): the CT would drop the nine and strand
    # the diamonds, so the C5 is led (keep_entries). No spade is out.
    position = north_leads(
        ("HK", "H9", "CT", "C5"),
        EAST_HEARTS,
        ("H6", "DQ", "D4", "C9"),
        WEST_HA_J_C6_2,
    )
    assert claimer_options(NormalPolicy(), position) == [card("C5")]
    careless = NormalPolicy().with_switches(keep_entries=False)
    assert claimer_options(careless, position) == [card("CT")]
    assert claimer_options(PRESETS["EBU"], position) == [card("CT")]
    # With one diamond only, crossing still gains: the C5 takes the C9 and the DQ, two tricks,
    # where the CT takes one and wastes the nine under it (double dummy: the C5 3 tricks, the
    # CT 2). North's stranded CT is the price, and it is the smaller one.
    one = north_leads(
        ("HK", "H9", "CT", "C5"),
        EAST_HEARTS,
        ("H6", "H4", "DQ", "C9"),
        WEST_HA_J_C6_2,
    )
    assert claimer_options(NormalPolicy(), one) == [card("C5")]
    # With the CA T 5, crossing would strand two winners for the nine and the queen: it costs
    # as much as it gains, and the top card is led (double dummy: the CA or CT 3, the C5 2).
    even = north_leads(
        ("H9", "CA", "CT", "C5"),
        EAST_HEARTS,
        ("H6", "H4", "DQ", "C9"),
        WEST_HA_J_C6_2,
    )
    assert claimer_options(NormalPolicy(), even) == [card("CA")]


def test_the_top_trump_is_not_led_to_drop_partners_only_trump_and_entry() -> None:
    # North, on lead, holds SJ 2 opposite South's bare ST, East's S6 the last trump out;
    # South's other cards (DJ T, HJ 8) all win or are ruffed by North, and North holds only
    # clubs besides. The SJ would fall on the trick with the ten and leave North on lead with
    # losers; the S2 draws the six and reaches South (keep_entries). Partner's one trump does
    # not count as another way in: it is the crossing card itself (a World Championship claim).
    position = north_leads(
        ("SJ", "S2", "CJ", "C7", "C6"),
        ("S6", "CK", "C9", "HT", "H5"),
        ("ST", "DJ", "DT", "HJ", "H8"),
        ("CT", "C4", "C3", "C2", "H6"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("S2")]
    careless = NormalPolicy().with_switches(keep_entries=False)
    assert claimer_options(careless, position) == [card("SJ")]
    assert claimer_options(PRESETS["EBU"], position) == [card("SJ")]


def test_the_low_trump_crosses_when_that_takes_every_trick() -> None:
    # South, on lead, holds the D7 and S6 3 opposite North's S8, DJ and master HQ; no
    # defender holds a trump. A trump lead is idle (no_idle_trump_lead) and no other suit
    # reaches North, but the S3 to the S8 takes all: the D7 goes on the HQ and the DJ is
    # ruffed. So it is led rather than the D7, which East's DQ wins (cross_by_ruff).
    position = view(("DJ", "S8", "HQ"), ("DQ", "D2", "C5"), ("D7", "S6", "S3"), ("D9", "CJ", "C8"))
    assert claimer_options(NormalPolicy(), position) == [card("S3")]
    assert claimer_options(PRESETS["ACBL"], position) == [card("S3")]
    careless = NormalPolicy().with_switches(cross_by_ruff=False)
    assert claimer_options(careless, position) == [card("D7")]
    # With a second loser and still one master to throw it on, the crossing does not take
    # everything, and the lead stays free (the lowest loser, lead_low_from_losers).
    two = view(
        ("DJ", "S8", "HQ", "C2"),
        ("DQ", "D2", "C5", "C9"),
        ("D7", "D3", "S6", "S3"),
        ("D9", "CJ", "C8", "CT"),
    )
    assert claimer_options(NormalPolicy(), two) == [card("D3")]
    # Partner's length counts once his masters have drawn the opponents' cards of the suit
    # (together): H K Q J 5 4 against four hearts out are four tricks at least, for South's
    # four losers, and South's trumps take the rest (a World Championship claim).
    long = view(
        ("SQ", "HK", "HQ", "HJ", "H5", "H4", "DK", "CT"),
        ("H7", "H2", "DA", "DQ", "D9", "D8", "D4", "CJ"),
        ("S8", "S7", "S3", "S2", "DT", "D7", "D2", "C2"),
        ("H9", "H8", "DJ", "D6", "D5", "D3", "CQ", "C8"),
    )
    assert claimer_options(NormalPolicy(), long) == [card("S2")]


def test_length_counts_in_what_crossing_to_partners_bare_card_would_strand() -> None:
    # North, on lead, holds CK 9 8 opposite South's bare CQ and South's master HK (North has
    # no heart, no other winner; nobody holds a trump). East's C7 5 and West's bare CJ fall to
    # the CK and the C9, so from the top the clubs take three tricks, the CQ wasted; crossing
    # with the C8 takes the CQ and the HK, two, and strands North's clubs. The CK is led
    # (keep_entries does not cross).
    position = north_leads(
        ("CK", "C9", "C8", "D2"),
        ("C7", "C5", "H8", "DK"),
        ("CQ", "HK", "H4", "H3"),
        ("CJ", "HQ", "HJ", "DT"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("CK")]


def test_an_opponents_bare_card_behind_falls_before_the_overtake_is_judged() -> None:
    # No trumps (spades gone). South leads the DQ, his last diamond, sure to win; North holds
    # DA 9 and East, behind him, the bare DT, which falls on the trick: overtaking with the DA
    # leaves the D9 a master (overtake_to_reach, the opponents' cards counted as the trick
    # leaves them). Counted before East plays, the DT would still guard the suit.
    position = view(
        ("DA", "D9", "H2"),
        ("DT", "C7", "C6"),
        ("C3", "C2"),
        ("H6", "H5"),
        seat=0,
        trick=("DQ", "D7"),
        leader=2,
    )
    assert claimer_options(NormalPolicy(), position) == [card("DA")]
    low = NormalPolicy().with_switches(overtake_to_reach=False)
    assert claimer_options(low, position) == [card("D9")]


def test_partners_sure_card_is_overtaken_when_the_hand_can_cross_back() -> None:
    # No trumps (spades, the view's trumps, are gone). South leads the DT, his last diamond,
    # sure to win (the DJ has gone); North holds DK Q 8 (masters over West's D7) and a club,
    # South the CA K: overtaking costs nothing, since the C3 crosses back to South's clubs.
    def position(north_club: str | None) -> PlayView:
        north = ("DK", "DQ", "D8") + ((north_club,) if north_club else ("H2",))
        return view(
            north,
            ("D9", "C7", "H5", "H6"),
            ("CA", "CK", "H3"),
            ("D7", "C2", "H4"),
            seat=0,
            trick=("DT", "D5"),
            leader=2,
        )

    assert claimer_options(NormalPolicy(), position("C3")) == [card("DQ")]
    # Without a club North cannot cross back: following low keeps South's clubs in reach.
    assert claimer_options(NormalPolicy(), position(None)) == [card("D8")]
    free = NormalPolicy().with_switches(overtake_to_reach=False)
    assert claimer_options(free, position("C3")) == [card("D8")]


def test_partners_last_card_is_overtaken_to_reach_the_hands_side_winner() -> None:
    # No trumps. North leads the DT, his last diamond, sure to win (West's D9 8 are lower);
    # South holds DK 5 and the CK, which North (no club) cannot lead to: the DK overtakes and
    # the CK is cashed. Following low strands it, and North's hearts lose to East's.
    def position(south_third: str) -> PlayView:
        return no_trump_view(
            ("HJ", "H9"),
            ("HQ", "HK"),
            ("DK", "D5", south_third),
            ("D9", "D8", "H6"),
            seat=2,
            trick=("DT", "D3"),
        )

    assert claimer_options(NormalPolicy(), position("CK")) == [card("DK")]
    # With a losing heart instead of the CK there is nothing to reach: the D5.
    assert claimer_options(NormalPolicy(), position("H2")) == [card("D5")]
    free = NormalPolicy().with_switches(overtake_to_reach=False)
    assert claimer_options(free, position("CK")) == [card("D5")]


def test_partners_master_trump_is_not_stranded_when_he_can_ruff_back() -> None:
    # Spades are trumps, the opponents have none. North leads the CQ, sure to win; South holds
    # CK 9 and the D5, a loser North (void in diamonds) ruffs with his master SJ. Overtaking
    # with the CK and cashing the C9 strands nothing: the D5 then gives North the lead. With
    # a heart instead of the D5 (North holds one), North's SJ has no way back and South
    # follows low (a World Championship claim, 4S by North, lost a trick to the HJ led).
    def position(south_loser: str) -> PlayView:
        return view(
            ("HJ", "SJ"),
            ("HQ", "DQ"),
            ("CK", "C9", south_loser),
            ("H8", "H6", "DJ"),
            seat=2,
            trick=("CQ", "D2"),
            leader=0,
        )

    assert claimer_options(NormalPolicy(), position("D5")) == [card("CK")]
    assert claimer_options(NormalPolicy(), position("H2")) == [card("C9")]


def test_no_overtake_of_partners_master_when_he_can_reach_the_hand_later() -> None:
    # Spades are trumps, the opponents have none. North leads his master HQ; South holds
    # HA 7 6 5 and the DA, North three lower diamonds. Following low keeps both the HQ's trick
    # and the HA, which a diamond to the DA reaches later; the overtake would waste a winner
    # (a World Championship claim, 2S by West, lost a trick that way). With North void in
    # diamonds the HA is the way in, and his SQ ruffs a heart back: South overtakes.
    def position(*north: str) -> PlayView:
        return view(
            ("SQ", "CJ", *north),
            ("HT", "H8", "DK", "DQ", "CQ"),
            ("HA", "H7", "H6", "H5", "DA", "CT"),
            ("H3", "DT", "D9", "D4", "CA", "C6"),
            seat=2,
            trick=("HQ", "HJ"),
            leader=0,
        )

    assert claimer_options(NormalPolicy(), position("D7", "D6", "D5")) == [card("H5")]
    assert claimer_options(NormalPolicy(), position("C7", "C5", "C4")) == [card("HA")]


def test_a_suit_of_losers_is_led_from_the_bottom() -> None:
    # South, on lead with no winner, leads a heart towards North's bare HT, East holding
    # HQ H7: the H3, keeping the H8, which beats the 7 once the Q has gone
    # (lead_low_from_losers). Spades are trumps and the opponents have none.
    position = view(
        ("HT", "D4", "C2"),
        ("HQ", "H7", "D9"),
        ("H8", "H3", "S5"),
        ("DK", "D8", "C3"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("H3")]
    free = NormalPolicy().with_switches(lead_low_from_losers=False)
    assert set(claimer_options(free, position)) == {card("H8"), card("H3")}
    # A defender may lead the top of nothing: the judgement is declarer's side's.
    assert set(claimer_options(for_defenders(NormalPolicy()), position)) == {
        card("H8"),
        card("H3"),
    }


def test_an_aware_claimer_ruffs_above_their_trumps() -> None:
    # East leads the C2; South, void in clubs, holds the SA, SK and S8; West, still to play, may
    # hold the ST, the opponents' one trump. Aware of it, South ruffs with the king: the ace
    # then draws the ten, so the high ruff costs nothing.
    unaware = view(
        ("C4", "H2", "D2"),
        ("C3", "H4"),
        ("SA", "SK", "S8"),
        ("ST", "CK", "D3"),
        seat=2,
        trick=("C2",),
        leader=1,
    )
    aware = PlayView(2, unaware.held, unaware.trick, 1, 0, 0, 0, True)
    assert claimer_options(NormalPolicy(), aware) == [card("SK")]
    assert claimer_options(NormalPolicy().with_switches(ruff_above_their_trumps=False), aware) == [
        card("S8")
    ]
    # From SA S8 alone the ace ruff would leave the ten a winner, where the S8, if it stands,
    # lets the ace draw it: ruffing low loses nothing the ace ruff saves, and stays normal.
    bare = view(
        ("C4", "H2", "D2"),
        ("C3", "H4"),
        ("SA", "S8", "H5"),
        ("ST", "CK", "D3"),
        seat=2,
        trick=("C2",),
        leader=1,
        aware=True,
    )
    assert claimer_options(NormalPolicy(), bare) == [card("S8")]
    # ACBL guideline 5 (lowest ruff) and the EBU keep the low ruff; so does 70C for a claimer
    # not aware of the trump.
    assert claimer_options(PRESETS["ACBL"], aware) == [card("S8")]
    assert claimer_options(PRESETS["EBU"], aware) == [card("S8")]
    assert claimer_options(NormalPolicy(), unaware) == [card("S8")]


def test_a_high_ruff_that_sets_up_their_trump_is_not_required() -> None:
    # East leads the HT; dummy (North), void in hearts with the SA SQ S4, ruffs in front of
    # West's SK S9; South holds the ST, East the SJ. After the ace ruff the Q and T fall on
    # one round under West's K and the S4 loses to the 9: no more trump tricks. After the S4
    # ruff, if it stands, the ace draws the J and the 9 together: one more. The high ruff
    # costs a trick, so the low ruff stays normal (a World Championship claim of two of the
    # last three, lost to the forced ace until the count played both hands' trumps to each
    # round).
    ruffing = view(
        ("SA", "SQ", "S4"),
        ("CJ", "SJ"),
        ("D9", "H6", "ST"),
        ("HQ", "SK", "S9"),
        seat=0,
        trick=("HT",),
        leader=1,
        aware=True,
    )
    assert claimer_options(NormalPolicy(), ruffing) == [card("S4")]


def test_an_aware_claimer_ruffs_above_the_trumps_of_those_still_to_play_only() -> None:
    # North leads the C4 and East, holding the HJ, the opponents' one trump, follows with the
    # CT; South, void in clubs with the HA and H9, ruffs next. East has played: his HJ cannot
    # overruff this trick, so South ruffs low and keeps the ace to draw it (a real claim, 4H
    # in a 2012 international record, lost when the HA went on the club).
    ruffing = view(
        ("C9", "SQ"),
        ("HJ", "S5"),
        ("HA", "H9", "S2"),
        ("D9", "D5", "D4"),
        seat=2,
        trick=("C4", "CT"),
        leader=0,
    )
    aware = PlayView(2, ruffing.held, ruffing.trick, 0, 1, 0, 0, True)
    assert claimer_options(NormalPolicy(), aware) == [card("H9")]
    # The same trump with West, still to play, South holding the HK too: the king, the ace
    # left to draw the jack.
    west_holds_it = view(
        ("C9", "SQ"),
        ("D9", "D5"),
        ("HA", "HK", "H9"),
        ("HJ", "S5", "D4"),
        seat=2,
        trick=("C4", "CT"),
        leader=0,
    )
    behind = PlayView(2, west_holds_it.held, west_holds_it.trick, 0, 1, 0, 0, True)
    assert claimer_options(NormalPolicy(), behind) == [card("HK")]
    # Without the king the ace ruff would set the jack up: the H9 stays (overruffed, the ace
    # draws the jack; not overruffed, it takes both tricks).
    bare = view(
        ("C9", "SQ"),
        ("D9", "D5"),
        ("HA", "H9", "S2"),
        ("HJ", "S5", "D4"),
        seat=2,
        trick=("C4", "CT"),
        leader=0,
    )
    only_ace = PlayView(2, bare.held, bare.trick, 0, 1, 0, 0, True)
    assert claimer_options(NormalPolicy(), only_ace) == [card("H9")]


def test_an_aware_claimer_draws_trumps_only_with_a_higher_one() -> None:
    # South, spades trumps, on lead with the S9 and side winners; West holds the SJ. Aware of
    # it, South draws it with the SA: only the trump lead is normal.
    drawing = view(("SA", "C2", "D2"), ("H3", "D3", "C3"), ("S9", "HA", "DA"), ("SJ", "H2", "D4"))
    aware = PlayView(2, drawing.held, (), 2, 0, 0, 0, True)
    assert claimer_options(NormalPolicy(), aware) == [card("S9")]
    # The SJ is their master: a trump lead does not draw it, it gives up the trick it takes,
    # which the claimer may do now or after his winners: his leads are the other judgements'
    # (the winners first). A real claim, 4S in a 2012 international record, conceding the
    # master trump: led at once, it put the defence on lead to force dummy's heart winner and
    # declarer's ruff onto one trick.
    conceding = view(("S2", "C2", "D2"), ("H3", "D3", "C3"), ("S9", "HA", "DA"), ("SJ", "H2", "D4"))
    aware = PlayView(2, conceding.held, (), 2, 0, 0, 0, True)
    assert set(claimer_options(NormalPolicy(), aware)) == {card("HA"), card("DA")}
    # With a lower trump of theirs beside the master (East's S3, below South's S9), a trump
    # lead draws it: aware, South leads trumps first again.
    beside = view(("S2", "C2", "D2"), ("S3", "D3", "C3"), ("S9", "HA", "DA"), ("SJ", "H2", "D4"))
    assert claimer_options(NormalPolicy(), PlayView(2, beside.held, (), 2, 0, 0, 0, True)) == [
        card("S9")
    ]
    # Unaware of the SJ, he may also lead the S9 thinking it good (lead_forgotten_trump).
    unaware = PlayView(2, conceding.held, (), 2, 0, 0, 0, False)
    assert set(claimer_options(NormalPolicy(), unaware)) == {card("S9"), card("HA"), card("DA")}


def test_no_ruff_in_front_of_partners_master_still_to_come() -> None:
    # Spades trumps. East leads the H3; South, void in hearts, plays second; North, last,
    # holds the HK, the master; West, between them, holds a heart. The trick is North's: South
    # discards his loser rather than ruff (a real claim, 4S in a 2012 international record).
    position = view(
        ("HK", "D2"),
        ("H3", "D3", "D4"),
        ("S9", "C2", "D5"),
        ("H4", "D6", "D7"),
        seat=2,
        trick=("H3",),
        leader=1,
    )
    discards = claimer_options(NormalPolicy(), position)
    assert discards and card("S9") not in discards
    # West void in hearts with a trump of his own could ruff the king: South ruffs.
    ruffable = view(
        ("HK", "D2"),
        ("H3", "D3", "D4"),
        ("S9", "C2", "D5"),
        ("S4", "D6", "D7"),
        seat=2,
        trick=("H3",),
        leader=1,
    )
    assert claimer_options(NormalPolicy(), ruffable) == [card("S9")]
    # North's HQ with the HA out is no master: South ruffs.
    beatable = view(
        ("HQ", "D2"),
        ("H3", "D3", "D4"),
        ("S9", "C2", "D5"),
        ("HA", "D6", "D7"),
        seat=2,
        trick=("H3",),
        leader=1,
    )
    assert claimer_options(NormalPolicy(), beatable) == [card("S9")]


def test_no_ruff_of_partners_card_once_the_hand_behind_has_shown_out() -> None:
    # Spades trumps, none out. South leads the H6, West plays the H5 and still holds the HQ;
    # East, last, has shown out of hearts. The trick is South's: North discards rather than
    # ruff (a real claim, 4D in a 2021 national-teams record, lost its third heart so).
    shown_out = 1 << (4 * 1 + 1)  # East (seat 1) void in hearts (suit 1)
    position = view(
        ("S9", "C3"), ("C7", "D2"), ("H7",), ("HQ",), seat=0, trick=("H6", "H5"), voids=shown_out
    )
    assert claimer_options(NormalPolicy(), position) == [card("C3")]
    # East's void not shown: the H6 may yet be beaten, and North ruffs it.
    unknown = view(("S9", "C3"), ("C7", "D2"), ("H7",), ("HQ",), seat=0, trick=("H6", "H5"))
    assert claimer_options(NormalPolicy(), unknown) == [card("S9")]
    # East holds a trump he has not shown out of: North ruffs.
    trump_behind = view(
        ("S9", "C3"), ("S8", "D2"), ("H7",), ("HQ",), seat=0, trick=("H6", "H5"), voids=shown_out
    )
    assert claimer_options(NormalPolicy(), trump_behind) == [card("S9")]


def test_a_hand_with_no_winner_crosses_to_partners_ruff() -> None:
    # South on lead holds no winner; North holds no winner in hearts or clubs but is void in
    # hearts with the SA, above East's S2: South leads the heart for North to ruff.
    position = view(("SA", "C2"), ("S2", "H5"), ("H3", "C4"), ("H6", "C5"))
    assert claimer_options(NormalPolicy(), position) == [card("H3")]
    stranding = NormalPolicy().with_switches(cross_by_ruff=False)
    assert set(claimer_options(stranding, position)) == {card("H3"), card("C4")}
    assert set(claimer_options(for_defenders(NormalPolicy()), position)) == {card("H3"), card("C4")}
    # A crossing to partner's winner in a suit comes first: with North's CA, the club.
    winner = view(("SA", "CA"), ("S2", "H5"), ("H3", "C4"), ("H6", "C5"))
    assert claimer_options(NormalPolicy(), winner) == [card("C4")]


def test_a_claimer_unaware_of_a_higher_trump_may_lead_his_own() -> None:
    # Spades are trumps. South holds the S4, under West's SQ, and the HA HK; unaware of the SQ
    # (the view's claimer is), he thinks the S4 good and may lead it before his heart winners
    # (lead_forgotten_trump; EBU WB 8.70.4). With the switch off, winners_first holds him to
    # the HA.
    position = view(("D2", "D3", "D4"), ("D5", "D6", "D7"), ("S4", "HA", "HK"), ("SQ", "C2", "C3"))
    assert sorted(claimer_options(NormalPolicy(), position)) == sorted([card("S4"), card("HA")])
    winners = NormalPolicy().with_switches(lead_forgotten_trump=False)
    assert claimer_options(winners, position) == [card("HA")]
    # A trump of his above all of theirs is a winner already: nothing changes.
    master = view(("D2", "D3", "D4"), ("D5", "D6", "D7"), ("SK", "HA", "HK"), ("SQ", "C2", "C3"))
    assert claimer_options(NormalPolicy(), master) == claimer_options(winners, master)


def test_a_claimer_unaware_of_a_trump_may_cross_to_partners_side_winner_first() -> None:
    # Spades are trumps. South holds SA SK and the D3, North the DA; West holds the S5,
    # unmentioned. Unaware of it, South thinks North's DA as good as his trumps and may cross
    # to it first (the catalogue's C1: side winners cashed into a ruff); North's clubs let
    # him back by a ruff. With the switch off, winners_first holds him to his trumps.
    position = view(("DA", "C3", "C2"), ("DK", "DQ", "C4"), ("SA", "SK", "D3"), ("S5", "C9", "C8"))
    assert sorted(claimer_options(NormalPolicy(), position)) == sorted([card("SA"), card("D3")])
    winners = NormalPolicy().with_switches(lead_forgotten_trump=False)
    assert claimer_options(winners, position) == [card("SA")]
    # A side winner of his own (the HA) is cashed before crossing: the cross could strand it.
    own_winner = view(
        ("DA", "C3", "C2"), ("DK", "DQ", "C4"), ("SA", "HA", "D3"), ("S5", "C9", "C8")
    )
    assert card("D3") not in claimer_options(NormalPolicy(), own_winner)
    # Aware of the trump (mentioned, or one in each opponent's hand), he draws it or cashes.
    aware = PlayView(
        seat=2,
        held=position.held,
        trick=(),
        leader=2,
        trump=0,
        claimer_side=0,
        voids=0,
        trumps_aware=True,
    )
    assert card("D3") not in claimer_options(NormalPolicy(), aware)


def test_an_entry_that_would_block_partners_run_is_no_way_back() -> None:
    # No trumps. North (the claimer's short hand in clubs) holds D6 D2, winners that South's
    # bare DQ blocks, and CK Q opposite South's CA J T 7. The CK outlasts the CA, but reached
    # by it North strands South's clubs (the Q falls under the A, the K wins the J): no way
    # back, so the diamonds are not taken as blocked and North may cash his clubs first
    # (unblock_blocked_suits no longer forces the D2 to the queen; a BBO club claim).
    blocking_entry = no_trump_view(
        ("S9", "D6", "D2", "CK", "CQ"),
        ("HJ", "C9", "C8", "C5", "C3"),
        ("CA", "CJ", "CT", "C7", "DQ"),
        ("C6", "C2", "H9", "H3", "H2"),
    )
    assert card("CK") in claimer_options(PRESETS["WBF2017"], blocking_entry)
    # C K Q 8 4 opposite C A J T 9 7 keeps the 8 to lead back under the J: a way back, so
    # the diamonds are unblocked first, the D2 to the queen.
    entry = no_trump_view(
        ("D6", "D2", "CK", "CQ", "C8", "C4"),
        ("H2", "H3", "H4", "H5", "H6", "H7"),
        ("DQ", "CA", "CJ", "CT", "C9", "C7"),
        ("S2", "S3", "S4", "S5", "S6", "S7"),
    )
    assert claimer_options(PRESETS["WBF2017"], entry) == [card("D2")]


def test_a_hand_of_winners_keeps_its_only_entry() -> None:
    # The Danish LKU-20 2.1 ending, clubs for spades: South leads the HQ, West drops the D9, and
    # North, void in hearts, holds nothing but winners. The CQ is his only way in from South's
    # C3, with the DJ D4 waiting for it; a diamond keeps it (keep_entries), the lower one
    # (winners_from_the_bottom; either without that judgement).
    position = view(
        ("CQ", "DJ", "D4"),
        ("HJ", "HT", "H9"),
        ("C3", "H7"),
        ("D3", "D2"),
        seat=0,
        trick=("HQ", "D9"),
        leader=2,
    )
    assert claimer_options(NormalPolicy(), position) == [card("D4")]
    either = NormalPolicy().with_switches(winners_from_the_bottom=False)
    assert set(claimer_options(either, position)) == {card("DJ"), card("D4")}
    careless = NormalPolicy().with_switches(keep_entries=False)
    assert set(claimer_options(careless, position)) == {card("CQ"), card("D4")}
    # The EBU and ACBL judge entries by class, and by the worst order: the discard stays normal.
    assert card("CQ") in claimer_options(PRESETS["EBU"], position)
    assert card("CQ") in claimer_options(PRESETS["ACBL"], position)
    # A defender does not see his partner's hand (70D2): the judgement is not his.
    assert card("CQ") in claimer_options(for_defenders(NormalPolicy()), position)
    # With a second club above the C3 the CQ is not the only way in: either may go, the lower
    # one under winners_from_the_bottom.
    two_entries = view(
        ("CQ", "C9", "DJ"),
        ("HJ", "HT", "H9"),
        ("C3", "H7"),
        ("D3", "D2"),
        seat=0,
        trick=("HQ", "D9"),
        leader=2,
    )
    assert card("C9") in claimer_options(NormalPolicy(), two_entries)
    assert card("CQ") in claimer_options(either, two_entries)


def test_a_hand_of_winners_keeps_its_only_way_to_partner() -> None:
    # West's CA is led; South, void in clubs, holds the D2, his one card below North's DA DK,
    # and the HA, with no heart out: both are winners, and the D2 is his only way to North's
    # diamonds (keep_entries).
    position = view(
        ("DA", "DK"),
        ("S4", "S5"),
        ("D2", "HA"),
        ("S6",),
        seat=2,
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    assert claimer_options(NormalPolicy(), position) == [card("HA")]
    careless = NormalPolicy().with_switches(keep_entries=False)
    assert set(claimer_options(careless, position)) == {card("D2"), card("HA")}


def test_a_hand_of_winners_discards_its_lower_winner_of_a_suit() -> None:
    # Board 18 of the online qualifying round, hearts for dummy's spade: South's C9 wins the
    # trick, North holds HT DA DT, all winners, opposite South's DQ 8 with the D9 out. The DA
    # would leave the T and the Q to fall on one trick, the 8 then losing to the 9: North
    # throws the DT (winners_from_the_bottom); the HT would give East's H3 a trick (keep_guards).
    position = view(
        ("HT", "DA", "DT"),
        ("H3", "D6", "D4"),
        ("DQ", "D8"),
        ("D9", "H2"),
        seat=0,
        trick=("C9", "C4"),
        leader=2,
    )
    assert claimer_options(NormalPolicy(), position) == [card("DT")]
    # Without the judgement keep_entries keeps the DT, the one card below South's DQ, and the
    # DA goes: the line on which the two real claims lost a trick.
    careless = NormalPolicy().with_switches(winners_from_the_bottom=False)
    assert claimer_options(careless, position) == [card("DA")]
    # A higher winner may go where partner holds a card of the suit above it and more cards of
    # it (it unblocks); with as many, each round takes one card from each hand and the DK
    # unblocks nothing: the DT goes.
    as_many = view(
        ("HT", "DK", "DT"),
        ("H3", "D6", "D4"),
        ("DA", "D8"),
        ("D9", "H2"),
        seat=0,
        trick=("C9", "C4"),
        leader=2,
    )
    assert claimer_options(NormalPolicy(), as_many) == [card("DT")]
    unblocking = view(
        ("HT", "DK", "DT"),
        ("H3", "D6", "CK"),
        ("DA", "D8", "D5"),
        ("D9", "H2"),
        seat=0,
        trick=("C4",),
        leader=3,
    )
    assert card("DK") in claimer_options(NormalPolicy(), unblocking)


def test_a_lone_master_may_be_ducked_by_a_claimer_who_did_not_keep_count() -> None:
    # The EBU's 2014 ruling turned to North-South's claim: East leads the D7 and South, with
    # DQ DT, the A and K gone and West's DJ out, plays second. The DQ is a winner only by
    # count: under the EBU preset the DT, losing to the J, is normal too, as the TD, the
    # appeals committee and the Laws and Ethics Committee all ruled.
    position = view(
        ("C9", "C6"),
        ("D7", "CJ", "C8"),
        ("DQ", "DT", "C7"),
        ("DJ", "CQ", "CT"),
        seat=2,
        trick=("D7",),
        leader=1,
    )
    assert claimer_options(NormalPolicy(), position) == [card("DQ")]
    ebu = PRESETS["EBU"]
    assert set(claimer_options(ebu, position)) == {card("DQ"), card("DT")}
    assert claimer_options(ebu.with_switches(no_duck_with_lone_master=True), position) == [
        card("DQ")
    ]
    # Two masters, or an ace, are known without counting: the master binds under EBU too.
    ace = view(
        ("C9", "C6"),
        ("D7", "CJ", "C8"),
        ("DA", "DT", "C7"),
        ("DJ", "CQ", "CT"),
        seat=2,
        trick=("D7",),
        leader=1,
    )
    assert claimer_options(ebu, ace) == [card("DA")]


def test_a_lone_winner_is_not_led_into_partners_bare_higher_card() -> None:
    # Board 13 of the online qualifying round, clubs for the diamonds there: South, on lead,
    # holds HK 7 and the CA; North's only heart is the HA, his C4 his way back. Leading the
    # HK wastes it under the ace: South leads the H7 to the ace, keeping the K, and does not
    # cash the CA, North's entry, first (unblock_blocked_suits).
    position = view(
        ("HA", "C4", "D9"),
        ("H8", "C9", "D2"),
        ("HK", "H7", "CA"),
        ("H9", "CQ", "D3"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("H7")]
    # Without the switch the CA goes first (unblock_short_hand_first), the HK next: the line
    # on which two real claims lost the heart trick.
    blocking = NormalPolicy().with_switches(unblock_blocked_suits=False)
    assert claimer_options(blocking, position) == [card("CA")]
    # With a second heart North follows under the K: nothing is blocked, any winner may go.
    two = view(
        ("HA", "H2", "C4"),
        ("H8", "C9", "D2"),
        ("HK", "H7", "CA"),
        ("H9", "CQ", "D3"),
    )
    assert card("HK") in claimer_options(NormalPolicy(), two)


def test_a_crossruff_discard_keeps_the_loser_partner_ruffs() -> None:
    # Spades trumps, none out (an EBL directors' course ending): West leads the HQ, dummy ruffs
    # with the S4, East throws the C6. South, with ST DA DT C7 opposite dummy's S2 D5 C8, throws
    # the C7: the D5 to the DA, the DT ruffed and the C8 ruffed take the rest. Throwing the DT
    # leaves a club in each hand, and one is lost.
    hands = (("S2", "D5", "C8"), ("DJ", "D8", "CJ"), ("ST", "DA", "DT", "C7"), ("D9", "D7", "D4"))
    position = view(*hands, trick=("HQ", "S4", "C6"), leader=3)
    for preset in PRESETS.values():
        assert claimer_options(preset, position) == [card("C7")]
    careless = NormalPolicy().with_switches(
        keep_ruffable_losers=False, discard_from_dead_suits=False
    )
    assert set(claimer_options(careless, position)) == {card("DT"), card("C7")}
    # A defender does not see his partner's hand (70D2): the judgement is not his.
    assert set(claimer_options(for_defenders(NormalPolicy()), position)) == {card("DT"), card("C7")}
    # With a trump out (East's S3 for his D8) partner's ruff is not sure: either loser may go.
    trump_out = view(
        hands[0], ("DJ", "CJ", "S3"), hands[2], hands[3], trick=("HQ", "S4", "C6"), leader=3
    )
    assert set(claimer_options(NormalPolicy(), trump_out)) == {card("DT"), card("C7")}


def test_the_link_to_partners_winners_comes_before_the_ruffable_loser() -> None:
    # Spades trumps, none out; West leads the CA and South, void, discards from H3 D5 D4:
    # the H3 is his one card to reach dummy's HA K (keep_links), the diamonds losers dummy,
    # void in them with the S2, could ruff (keep_ruffable_losers). The link is kept first: a
    # diamond goes, the lower. Without keep_links the ruffable losers are kept and the H3 goes.
    position = view(
        ("S2", "HA", "HK"),
        ("H5", "H4", "D9"),
        ("H3", "D5", "D4"),
        ("DK", "DQ", "DJ"),
        trick=("CA", "C2", "C3"),
        leader=3,
    )
    assert claimer_options(NormalPolicy(), position) == [card("D4")]
    no_links = NormalPolicy().with_switches(keep_links=False)
    assert claimer_options(no_links, position) == [card("H3")]


def test_believed_good_is_the_side_suit_card_one_opponents_card_beats() -> None:
    # North-South claim at spades; West holds the H9 over South's H8 and H7 (one card beats
    # each), and the CK, CQ over South's CJ (two: a miscount, not a card overlooked). North's
    # spade is a trump (70C's business), the diamonds are named by the statement.
    held = (
        mask("S5", "DQ"),
        mask("S6", "D2", "C2"),
        mask("HA", "H8", "H7", "CJ", "D9"),
        mask("H9", "CK", "CQ", "DK"),
    )
    diamonds = 1 << 2
    believed = believed_good(held, 0b0101, 0, 0, diamonds)
    assert believed == mask("H8", "H7")
    # On a defender's claim only his own hand's cards count (he sees only them).
    assert believed_good(held, 0b0001, 0, 0, diamonds) == 0
    # Without the statement naming diamonds, South's D9 (the DK alone above it) and North's
    # DQ count too.
    assert believed_good(held, 0b0101, 0, 0, 0) == mask("H8", "H7", "D9", "DQ")


def test_a_card_thought_good_is_led_among_the_winners_from_the_top() -> None:
    # 3NT-style ending at spades with no trump out: South HA H8 SK opposite North's losers,
    # West's H9 over the H8. winners_first holds South to the HA and the SK; thinking the H8
    # good (lead_believed_winner), he may lead it once the HA has gone, as the top of the suit,
    # not before (top_down), and not at all once the H9 has fallen.
    def position(south: tuple[str, ...], west: tuple[str, ...]) -> PlayView:
        held = (mask("D2", "D3", "D4"), mask("D5", "D6", "D7"), mask(*south), mask(*west))
        return PlayView(2, held, (), 2, None, 0, 0, False, 15, -1, mask("H8"))

    with_ace = position(("HA", "H8", "SK"), ("H9", "CK", "CQ"))
    assert sorted(claimer_options(NormalPolicy(), with_ace)) == [card("SK"), card("HA")]
    no_top_down = NormalPolicy().with_switches(top_down=False)
    assert card("H8") in claimer_options(no_top_down, with_ace)
    after_ace = position(("H8", "SK", "C4"), ("H9", "CK", "CQ"))
    assert sorted(claimer_options(NormalPolicy(), after_ace)) == [card("SK"), card("H8")]
    off = NormalPolicy().with_switches(lead_believed_winner=False)
    assert claimer_options(off, after_ace) == [card("SK")]
    nine_gone = position(("H8", "SK", "C4"), ("CJ", "CK", "CQ"))
    assert sorted(claimer_options(NormalPolicy(), nine_gone)) == [card("SK"), card("H8")]
    # With the H9 gone the H8 is a winner: led as one, not as a card thought good.
    assert sorted(claimer_options(off, nine_gone)) == [card("SK"), card("H8")]


def test_a_loser_goes_from_a_suit_the_side_holds_no_winner_of() -> None:
    # No trumps: North, on lead, runs its D7 (nobody else has diamonds). South holds H K 7 4
    # opposite North's H A T 5, and the C Q 8 with East's CK T and West's CJ out: his H4 and C8
    # are both losers, but the side is cashing hearts (North's HA), so the club goes
    # (discard_from_dead_suits). The H4 thrown, the HK falls under North's HT later and
    # North's H5 is stranded.
    held = (
        mask("HA", "HT", "H5", "D7", "C9"),
        mask("SJ", "HQ", "CK", "CT", "C5"),
        mask("HK", "H7", "H4", "CQ", "C8"),
        mask("H8", "H6", "CJ", "C7", "C2"),
    )
    trick = (card("D7"), card("SJ"))
    every = [card("H4"), card("C8")]

    def south(hands: tuple[int, int, int, int], bound: int = 15) -> PlayView:
        return PlayView(2, hands, trick, 0, None, 0, 0, False, bound)

    assert claimer_options(NormalPolicy(), south(held)) == [card("C8")]
    # Without it: the H4 or the C8 (not the H7: North's three hearts are no more than South's,
    # so throwing it unblocks nothing, discard_from_the_bottom).
    off = NormalPolicy().with_switches(discard_from_dead_suits=False, keep_small_guards=False)
    assert claimer_options(off, south(held)) == every
    # The CQ 8 are a small guard too (only East's CK above the queen, North's C9 below it):
    # with keep_small_guards on, only a heart may go.
    guards = NormalPolicy().with_switches(discard_from_dead_suits=False)
    assert claimer_options(guards, south(held)) == [card("H4")]
    # A side holding a club winner (North's CA, or South's own CQ with East's CK a low club)
    # is cashing clubs too: every loser may go.
    north_ace = (mask("HA", "HT", "H5", "D7", "CA"), held[1], held[2], held[3])
    assert claimer_options(NormalPolicy(), south(north_ace)) == every
    own_queen = (held[0], mask("SJ", "HQ", "C6", "CT", "C5"), held[2], held[3])
    assert claimer_options(NormalPolicy(), south(own_queen)) == every
    # A card only one opponent's card beats is a threat, no idle loser: the C8 with the CK the
    # only club above it (East's CT and West's CJ low clubs instead).
    threat = (
        held[0],
        mask("SJ", "HQ", "CK", "C4", "C5"),
        held[2],
        mask("H8", "H6", "C3", "C7", "C2"),
    )
    no_guards = NormalPolicy().with_switches(keep_small_guards=False)
    assert claimer_options(no_guards, south(threat)) == every
    # And the CQ 8 are its guarded pair: keep_small_guards keeps both, and a heart goes.
    assert claimer_options(NormalPolicy(), south(threat)) == [card("H4")]
    # A defender does not see his partner's hand: the judgement is not his.
    assert card("H4") in claimer_options(for_defenders(NormalPolicy()), south(held))


def test_the_short_hand_unblocks_under_partners_running_suit() -> None:
    # North cashes diamonds from DA K Q 7 2; South follows from DJ T 6 3 and West, still to
    # play, holds D9 8 5, which the A, K and Q exhaust. For the 7 and the 2 to win too, South
    # must keep cards that follow under them: the 3 under the A, then the T under the K and the
    # J under the Q, keeping the 6 for the 7. Following low throughout leaves South the J
    # over the 7, and the 2 stranded (a forum's 3NT claim, cases/claims/published).
    hands = (("DK", "DQ", "D7", "D2"), ("C3", "C4", "C5", "C6"))
    first = view(
        *hands, ("DJ", "DT", "D6", "D3", "H2"), ("D9", "D8", "D5", "H3", "H4"),
        trick=("DA", "C2"), leader=0,
    )  # fmt: skip
    assert claimer_options(NormalPolicy(), first) == [card("D3")]
    second = view(
        ("DQ", "D7", "D2"), ("C4", "C5", "C6"), ("DJ", "DT", "D6", "H2"),
        ("D9", "D8", "H3", "H4"), trick=("DK", "C3"), leader=0,
    )  # fmt: skip
    assert claimer_options(NormalPolicy(), second) == [card("DT")]
    third = view(
        ("D7", "D2"), ("C5", "C6"), ("DJ", "D6", "H2"), ("D9", "H3", "H4"),
        trick=("DQ", "C4"), leader=0,
    )  # fmt: skip
    assert claimer_options(NormalPolicy(), third) == [card("DJ")]
    # Without the judgement South follows low, as a careless player may (EBU, ACBL).
    for preset in (PRESETS["EBU"], PRESETS["ACBL"]):
        assert claimer_options(preset, second) == [card("D6")]


def south_ruffs_the_club(east: tuple[str, ...]) -> PlayView:
    """North's C4 led and East's CT on it; South, void in clubs with the SA ST S8, ruffs in
    front of West's SJ S2, the claimer aware of the trumps out."""
    held = view(("C4", "H2", "H3"), east, ("SA", "ST", "S8"), ("SJ", "S2", "D3")).held
    return PlayView(2, held, (card("C4"), card("CT")), 0, 0, 0, 0, True)


def test_an_aware_claimer_ruffs_low_when_the_high_ruff_costs_a_trump_trick() -> None:
    # With East's S9 out too, the SA wins this trick but leaves the T and 8 under the J and 9
    # (one trick); the S8 overruffed by the J keeps A and T over 9 and 2 (two). Ruffing high
    # costs a trick here, so the low ruff is no irrational play (a real claim, 2D in a World
    # Championship record, lost a trump trick to the forced ace).
    assert claimer_options(NormalPolicy(), south_ruffs_the_club(("CT", "S9", "H4"))) == [card("S8")]
    # Without the S9 the ace costs nothing (T and 8 still beat the 2 once the J has gone).
    assert claimer_options(NormalPolicy(), south_ruffs_the_club(("CT", "H5", "H4"))) == [card("SA")]


def test_the_long_hand_leads_low_to_partners_short_winners_not_its_ace() -> None:
    # No trumps. North holds C A J T 7 4 opposite South's bare C K Q, both above the
    # defenders' clubs: the CA led drops the Q and the CJ then drops the K, which wins and
    # strands the T 7 4 (a BBO club claim of 6NTX). The C4 goes to partner's honours first;
    # he overtakes nothing, and North overtakes his last (overtake_to_reach).
    crash = no_trump_view(
        ("CA", "CJ", "CT", "C7", "C4"),
        ("C9", "C8", "C6", "H9", "H8"),
        ("CK", "CQ", "H7", "H6", "H5"),
        ("C5", "C3", "C2", "H4", "H3"),
    )
    leads = claimer_options(PRESETS["WBF2017"], crash)
    assert card("C4") in leads and card("CA") not in leads
    # Without overtake_to_reach nothing gives the lead back: the crash is not excluded.
    no_overtake = PRESETS["WBF2017"].with_switches(overtake_to_reach=False)
    assert card("CA") in claimer_options(no_overtake, crash)
    # Partner's single card (a bare CK) is not read so: led to, it needs an entry back.
    single = no_trump_view(
        ("CA", "CJ", "CT", "C7", "C4"),
        ("C9", "C8", "C6", "H9", "H8"),
        ("CK", "H2", "H7", "H6", "H5"),
        ("C5", "C3", "C2", "H4", "H3"),
    )
    assert card("CA") in claimer_options(PRESETS["WBF2017"], single)
    # Second to play, over West's C5 with South last holding the bare C K Q: North ducks.
    second = no_trump_view(
        ("CA", "CJ", "CT", "C7", "C4"),
        ("C9", "C8", "C6", "H9", "H8"),
        ("CK", "CQ", "H7", "H6", "H5"),
        ("C3", "C2", "H4", "H3"),
        trick=("C5",),
    )
    assert claimer_options(PRESETS["WBF2017"], second) == [card("C4")]


def test_the_long_hand_leads_low_to_partners_winner_and_low_card() -> None:
    # No trumps. North holds H A K J 9 5 opposite South's H Q 3, East the HT 8 6 4 2: from
    # the top the HA and HK drop the Q and the 9 5 lose (three tricks). The H5 to the queen
    # and the H3 back take four (a World Championship 3NT claim, 10 of 11).
    crash = no_trump_view(
        ("HA", "HK", "HJ", "H9", "H5"),
        ("HT", "H8", "H6", "H4", "H2"),
        ("HQ", "H3", "D2", "D3", "D4"),
        ("H7", "C2", "C3", "C4", "C5"),
    )
    leads = claimer_options(PRESETS["WBF2017"], crash)
    assert card("H5") in leads and card("HA") not in leads
    # Where the hand's cards all win from the top the crash costs nothing and is not read:
    # North's HK J 8 5 over South's H9 7 3, the defenders' H6 4 out.
    free = no_trump_view(
        ("HK", "HJ", "H8", "H5"),
        ("H6", "D3", "D4", "D5"),
        ("H9", "H7", "H3", "D2"),
        ("H4", "C2", "C3", "C4"),
    )
    assert card("HK") in claimer_options(PRESETS["WBF2017"], free)


def test_the_overtake_counts_the_length_it_reaches() -> None:
    # No trumps. South leads the DQ, his last diamond, West following with the D3; North
    # holds DA K 8 7 6 5 against West's lone D9, South the SK, a master North cannot reach.
    # Overtaking with the DK reaches five tricks (the DA, then four by length) and strands
    # one: North overtakes. Counting masters only (the DA), it stranded as many as it reached.
    position = no_trump_view(
        ("DA", "DK", "D8", "D7", "D6", "D5"),
        ("C2", "C3", "C4", "C5", "C6", "C7"),
        ("SK", "H3", "H4", "H5", "H6"),
        ("D9", "HA", "HK", "HQ", "HJ"),
        trick=("DQ", "D3"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("DK")]


def test_partners_lone_trump_kept_as_a_stopper_is_no_way_back() -> None:
    # Spades trumps, the defenders have none. North leads the C8, his last club, sure to
    # win; South holds CA T 5. North's lone S9 could ruff the C5 back, but North is void in
    # diamonds too and East holds the DA Q: the S9 is the stopper, so the overtake would
    # strand it and South follows low (a World Championship 5H claim lost a spade and the DQ
    # after the ruff back). With no diamond winner against him the C5 is a way back: the CT.
    def position(east: tuple[str, ...], west_fifth: str) -> PlayView:
        return view(
            ("S9", "H8", "H7", "H2"),
            east,
            ("CA", "CT", "C5", "HJ", "H9"),
            ("C7", "C6", "C3", west_fifth, "H3"),
            seat=2,
            trick=("C8", "H5"),
            leader=0,
        )

    assert claimer_options(NormalPolicy(), position(("DA", "DQ", "HQ", "HT"), "DJ")) == [card("C5")]
    assert claimer_options(NormalPolicy(), position(("HQ", "HT", "H6", "H4"), "C2")) == [card("CT")]


def test_the_long_hand_leads_low_to_partners_winner_when_its_top_card_would_block() -> None:
    # No trumps. North holds C K 9 8 3 opposite South's C Q 7, East the CJ 6: the CK first,
    # South following with the 7, leaves the CQ to win the next club and the 9 8 stranded (a
    # Spingold vugraph claim of all four). As many cards above South's winner as he has lower
    # cards (one each) make the suit blocked: the C3 goes to the queen, the 7 comes back.
    block = no_trump_view(
        ("CK", "C9", "C8", "C3"),
        ("CJ", "C6", "SK", "SJ"),
        ("CQ", "C7", "D8", "SQ"),
        ("C5", "S7", "S5", "S4"),
    )
    leads = claimer_options(PRESETS["WBF2017"], block)
    assert card("C3") in leads and card("CK") not in leads
    # Where blocking is careless (unblock_blocked_suits off: the EBU and ACBL presets) the
    # CK first stays a normal lead.
    assert card("CK") in claimer_options(PRESETS["EBU"], block)
    # With a second low card of South's to lead back the suit is no more blocked than before:
    # North's one card above the queen against South's two lower cards.
    longer = no_trump_view(
        ("CK", "C9", "C8", "C3"),
        ("CJ", "C6", "SK", "SJ"),
        ("CQ", "C7", "C4", "SQ"),
        ("C5", "S7", "S5", "S4"),
    )
    assert card("CK") in claimer_options(PRESETS["WBF2017"], longer)


def test_a_hand_keeps_the_long_suit_its_own_masters_clear() -> None:
    # No trumps. South cashes the HQ; North, void in hearts, holds C A T 9 8 6 with the CQ
    # alone out, and S A 5 3 against West's spades: his small clubs all win once the CA
    # draws the queen (a World Bridge Olympiad 3NT claim of every trick lost one to the
    # discard of two of them). He throws the S3 (keep_length_winners).
    position = no_trump_view(
        ("CA", "CT", "C9", "C8", "C6", "SA", "S5", "S3"),
        ("DT", "D9", "D5", "D4", "D2", "H7", "SJ", "S9"),
        ("C5", "C4", "C3", "D3", "HJ", "SK", "S6"),
        ("CQ", "H9", "SQ", "ST", "S8", "S7", "S4"),
        trick=("HQ", "H8"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("S3")]
    careless = NormalPolicy().with_switches(keep_length_winners=False)
    assert card("C6") in claimer_options(careless, position)
    # Two clubs out against the one master: the suit must be given up once, and the small
    # clubs are losers like the spades (the C6 may go).
    two_out = no_trump_view(
        ("CA", "CT", "C9", "C8", "C6", "SA", "S5", "S3"),
        ("CJ", "D9", "D5", "D4", "D2", "H7", "SJ", "S9"),
        ("C5", "C4", "C3", "D3", "HJ", "SK", "S6"),
        ("CQ", "H9", "SQ", "ST", "S8", "S7", "S4"),
        trick=("HQ", "H8"),
    )
    assert card("C6") in claimer_options(NormalPolicy(), two_out)


def test_a_longer_hand_counts_partners_masters_for_its_length() -> None:
    # Spades trumps, the last one (the S9) led by South. North holds H A J 6 5 4 2 and the
    # DQ (the DA gone, East's DK out) opposite South's H K Q 9 3; East holds the only hearts
    # out, T 8 7. North's own masters (A, J) are fewer than East's three hearts, but the
    # side's A K Q J draw them all and every heart of North's wins: he throws the DQ, not a
    # heart (a World Championship claim of all seven tricks lost the last to the H2's discard).
    hands = (
        ("DQ", "HA", "HJ", "H6", "H5", "H4", "H2"),
        ("CJ", "CT", "DK", "HT", "H8", "H7", "S8"),
        ("D6", "D5", "HK", "HQ", "H9", "H3"),
        ("DT", "D8", "C9", "C8", "C5", "C4"),
    )
    position = view(*hands, seat=0, trick=("S9", "DJ"), leader=2)
    assert claimer_options(NormalPolicy(), position) == [card("DQ")]
    careless = NormalPolicy().with_switches(keep_length_winners=False)
    assert card("H2") in claimer_options(careless, position)
    # On a defender's claim (the claimer sees only his own hand) partner's masters are
    # not his to count: the H2 may go.
    defender = PlayView(
        seat=0,
        held=tuple(mask(*h) for h in hands),  # type: ignore[arg-type]
        trick=(card("S9"), card("DJ")),
        leader=2,
        trump=0,
        claimer_side=0,
        voids=0,
        trumps_aware=False,
        bound=1,
    )
    assert card("H2") in claimer_options(NormalPolicy(), defender)


def test_a_threat_nothing_can_make_good_is_an_idle_loser() -> None:
    # No trump left. North cashes the SQ, East following with a diamond; South, void in
    # spades, holds the CK (West's CA above it, North void in clubs) and D A J T 4 opposite
    # North's D K 8 3, East holding D Q 9 6 5. West's other cards are spades below North's
    # ST: he guards nothing, no squeeze makes him let the CA go, and the CK can never win.
    # South throws it, keeping the diamonds of the marked finesse (a World Championship claim
    # of all six tricks lost the last to the CK kept and the DT thrown).
    hands = (
        ("DK", "D8", "D3", "ST"),
        ("DQ", "D9", "D6", "D5"),
        ("CK", "DA", "DJ", "DT", "D4"),
        ("CA", "C9", "C5", "C2", "S7"),
    )
    position = no_trump_view(*hands, seat=2, trick=("SQ", "D7"))
    assert claimer_options(NormalPolicy(), position) == [card("CK")]
    careless = NormalPolicy().with_switches(discard_from_dead_suits=False)
    assert card("D4") in claimer_options(careless, position)
    # With the SA in West's hand instead of the S7 he guards spades against North's ST: the
    # CK stays a threat a squeeze could make good, and a diamond may go.
    guarding = no_trump_view(*hands[:3], ("CA", "C9", "C5", "C2", "SA"), seat=2, trick=("SQ", "D7"))
    assert card("D4") in claimer_options(NormalPolicy(), guarding)


def test_a_hand_keeps_the_small_card_guarding_a_card_one_opponent_beats() -> None:
    # No trumps. North leads the H4 and East plays the HT; South, void in hearts, holds ST 6
    # and the D7, and West holds SK 9: the ST wins once the SK has gone, if South still has
    # the S6 to follow under it (a World Championship claim of one trick, accepted at the
    # table, lost that trick to the S6's discard). He throws the D7 (keep_small_guards).
    position = no_trump_view(
        ("H7", "D3"),
        ("DJ", "D9"),
        ("ST", "S6", "D7"),
        ("SK", "S9", "HQ"),
        seat=2,
        trick=("H4", "HT"),
    )
    assert claimer_options(NormalPolicy(), position) == [card("D7")]
    careless = NormalPolicy().with_switches(keep_small_guards=False)
    assert card("S6") in claimer_options(careless, position)
    # Two spades above the ST (West's SK J): the ST is no nearer a trick than the D7, and the
    # S6 guards nothing worth keeping: either goes.
    two_above = no_trump_view(
        ("H7", "D3"),
        ("DJ", "D9"),
        ("ST", "S6", "D7"),
        ("SK", "SJ", "HQ"),
        seat=2,
        trick=("H4", "HT"),
    )
    assert {card("S6"), card("D7")} <= set(claimer_options(NormalPolicy(), two_above))


def test_partners_card_is_sure_when_the_player_behind_has_shown_out() -> None:
    # No trumps. North leads his last club, the C9, and East plays the C2; South holds CK J 8
    # and West, still to play, has shown out of clubs, so the CQ is East's and North's C9 is
    # sure to win (a World Championship claim of every trick lost one to the CK played here).
    # South overtakes with the CJ, to cash the CK over the queen next (overtake_to_reach),
    # not with the CK, which no_duck_with_winner asked for when the trick was not sure.
    def south(voids: int) -> PlayView:
        return PlayView(
            seat=2,
            held=(
                mask("DA", "DT", "D3"),
                mask("CQ", "DK", "D7"),
                mask("CK", "CJ", "C8"),
                mask("DQ", "D8", "SK", "ST"),
            ),
            trick=(card("C9"), card("C2")),
            leader=0,
            trump=None,
            claimer_side=0,
            voids=voids,
            trumps_aware=True,
        )

    west_no_clubs = 1 << (4 * 3 + 3)
    assert claimer_options(NormalPolicy(), south(west_no_clubs)) == [card("CJ")]
    # West not known void: the C9 may yet lose to his queen, and the CK, the master, wins.
    assert claimer_options(NormalPolicy(), south(0)) == [card("CK")]


def test_second_hand_plays_low_under_two_higher_honours_out() -> None:
    # No trumps. West leads the C6; North, second to play, holds CJ 8 7 4 2 with the CK and CA
    # out (a World Championship claim lost two tricks to the CJ played here): the jack can
    # only fall, so he plays low (second_hand_low). With one card above the jack out, or an
    # honour led (a cover), any card stays normal.
    def north(east: tuple[str, ...], west: tuple[str, ...], led: str) -> PlayView:
        return no_trump_view(
            ("CJ", "C8", "C7", "C4", "C2"),
            east,
            ("CQ", "C3", "DK", "HJ", "HT"),
            west,
            seat=0,
            trick=(led,),
        )

    position = north(("CK", "CT", "D5", "H6", "S9"), ("CA", "C9", "C5", "DJ", "D8"), "C6")
    normal = claimer_options(NormalPolicy(), position)
    assert card("CJ") not in normal and card("C2") in normal
    careless = NormalPolicy().with_switches(second_hand_low=False)
    assert card("CJ") in claimer_options(careless, position)
    # The CK already played: the CA alone is above the jack.
    one_above = north(("CT", "C9", "D5", "H6", "S9"), ("CA", "C6", "DJ", "D8", "D7"), "C5")
    assert card("CJ") in claimer_options(NormalPolicy(), one_above)
    honour_led = north(("CK", "C6", "D5", "H6", "S9"), ("CA", "C9", "C5", "DJ", "D8"), "CT")
    assert card("CJ") in claimer_options(NormalPolicy(), honour_led)


def test_the_last_card_kept_is_one_the_leader_to_the_last_trick_can_lead_to() -> None:
    # No trumps, twelfth trick. West leads the HT, North and East discard; South, last to play
    # and out of hearts, holds the DJ and the SA, both masters, and West wins the trick
    # whichever goes. West has shown out of diamonds, so the DJ cannot win the last trick:
    # South throws it and keeps the SA for West's SK (a World Championship claim of one trick
    # lost it to the SA thrown; keep_entries would even keep the DJ for North's D9).
    def south(voids: int, south_cards: tuple[str, str] = ("DJ", "SA")) -> PlayView:
        return PlayView(
            seat=2,
            held=(mask("D9"), mask("DT"), mask(*south_cards), mask("SK")),
            trick=(card("HT"), card("S5"), card("D8")),
            leader=3,
            trump=None,
            claimer_side=0,
            voids=voids,
            trumps_aware=True,
        )

    west_no_diamonds = 1 << (4 * 3 + 2)
    assert claimer_options(NormalPolicy(), south(west_no_diamonds)) == [card("DJ")]
    careless = NormalPolicy().with_switches(keep_live_last_card=False)
    assert card("SA") in claimer_options(careless, south(west_no_diamonds))
    # West not known void in diamonds: which card he holds is not counted out.
    assert claimer_options(NormalPolicy(), south(0)) == claimer_options(careless, south(0))
    assert card("SA") in claimer_options(NormalPolicy(), south(0))
    # East's show-out does not count: West, not East, leads to the last trick.
    east_no_diamonds = 1 << (4 * 1 + 2)
    assert card("SA") in claimer_options(NormalPolicy(), south(east_no_diamonds))
    # A trump is never the dead card: spades trumps, East ruffs West's HT with the SK and
    # leads to the last trick, void in spades; South, with the DJ and the S2, may keep the
    # S2 to ruff East's lead, so the judgement leaves the choice to the others.
    east_ruffs = PlayView(
        seat=2,
        held=(mask("C2"), mask("H9"), mask("DJ", "S2"), mask("H5")),
        trick=(card("HT"), card("C9"), card("SK")),
        leader=3,
        trump=0,
        claimer_side=0,
        voids=1 << (4 * 1 + 0),
        trumps_aware=True,
    )
    assert claimer_options(NormalPolicy(), east_ruffs) == claimer_options(careless, east_ruffs)
    assert card("S2") not in claimer_options(NormalPolicy(), east_ruffs)


def test_a_hand_throws_a_master_only_it_can_lead_to_keep_its_small_guard() -> None:
    # Diamonds trumps. West leads the C8 and North ruffs; South, out of clubs and trumps,
    # holds HK T under East's HA and the SQ, a master of a suit no other player holds: it
    # wins only with South on lead, and the HK, kept guarded, is his only way there. He
    # throws the SQ (a World Championship claim of two tricks lost one to the HT thrown).
    def south(west: tuple[str, ...]) -> PlayView:
        return PlayView(
            seat=2,
            held=(mask("H7", "H4"), mask("HA", "H8"), mask("HK", "HT", "SQ"), mask(*west)),
            trick=(card("C8"), card("DT"), card("H9")),
            leader=3,
            trump=2,
            claimer_side=0,
            voids=0,
            trumps_aware=True,
        )

    position = south(("C6", "H5"))
    assert claimer_options(NormalPolicy(), position) == [card("SQ")]
    careless = NormalPolicy().with_switches(keep_small_guards=False)
    assert card("HT") in claimer_options(careless, position)
    # West holding a spade, the SQ may win on his lead: the master is kept, as before.
    assert card("SQ") not in claimer_options(NormalPolicy(), south(("S2", "H5")))
