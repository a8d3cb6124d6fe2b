"""The switches of "normal" play in a claim (Law 70) and the presets that set them, as data.

A case file names a preset (``claim.policy``) and may turn switches on or off
(``claim.switches``); a ruling names the presets as jurisdictions. This module says which
names exist and what each switch means in the report; ``solver.laws.normal_play`` (which
re-exports both) documents each judgement and applies it to the play.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, replace


@dataclass(frozen=True, slots=True)
class NormalPolicy:
    """A named set of judgements about normal play (each switch is described in
    ``solver.laws.normal_play``)."""

    name: str = "WBF2017"
    top_down: bool = True
    winners_first: bool = True
    follow_low_to_partner: bool = True
    no_duck_with_winner: bool = True
    no_duck_with_lone_master: bool = True
    no_master_discard: bool = True
    win_when_sure: bool = True
    ruff_low: bool = True
    ruff_when_able: bool = True
    draw_trumps_when_aware: bool = True
    no_idle_trump_lead: bool = True
    cross_to_partners_winners: bool = True
    spot_master_binds: bool = True
    honour_master_binds: bool = True
    follow_low_when_lost: bool = True
    aware_of_split_trumps: bool = True
    aware_after_trump_round: bool = True
    unblock_short_hand_first: bool = True
    third_hand_contests: bool = True
    second_hand_low: bool = True
    keep_guards: bool = True
    keep_links: bool = True
    keep_entries: bool = True
    ruff_above_their_trumps: bool = True
    cross_by_ruff: bool = True
    lead_forgotten_trump: bool = True
    unblock_blocked_suits: bool = True
    overtake_to_reach: bool = True
    no_overtake_for_nothing: bool = True
    discard_from_the_bottom: bool = True
    lead_low_from_losers: bool = True
    winners_from_the_bottom: bool = True
    keep_ruffable_losers: bool = True
    repeat_stated_finesse: bool = True
    cash_before_crossing: bool = True
    lead_believed_winner: bool = True
    discard_from_dead_suits: bool = True
    keep_length_winners: bool = True
    keep_small_guards: bool = True
    keep_live_last_card: bool = True
    keep_counted_cards: bool = True
    nonclaimers_normal: bool = False
    """Off in every preset: the Laws say nothing of the non-claimers' plays, and practice gives
    them any legal card (70A). The only switch read for the side that did not claim."""

    def __reduce__(self) -> tuple[type[NormalPolicy], tuple[str | bool, ...]]:
        """Pickled as its fields in order, so that a policy can be sent to a worker process
        (``solver.rulings.turns``): compiled, the frozen class cannot restore itself by
        setting its fields one by one, as pickle otherwise does."""
        return (NormalPolicy, astuple(self))

    @property
    def wins_with_every_master(self) -> bool:
        """Does a claimer's-side player who can win a trick with a master always do so
        (``no_duck_with_winner`` and ``no_duck_with_lone_master``)? What the claim search's
        bounds may rely on."""
        return self.no_duck_with_winner and self.no_duck_with_lone_master

    def with_switches(self, **switches: bool) -> NormalPolicy:
        """This policy with the named judgements turned on (True) or off (False); a name that
        is not a judgement (``name`` included: it names the preset) is a ValueError."""
        unknown = [name for name in switches if name not in SWITCH_NAMES]
        if unknown:
            raise ValueError(
                f"unknown policy switch {unknown[0]!r} (expected one of: {', '.join(SWITCH_NAMES)})"
            )
        return replace(self, **switches)  # type: ignore[arg-type]

    def assumptions(self, every: bool = False) -> list[tuple[str, str, str]]:
        """(switch, citation, text) for every judgement in force (``every``: every judgement,
        in force or not), for the report."""
        texts = {
            "top_down": (
                "70E2",
                "a suit holding two or more winners, or headed by a lone winner that binds "
                "(honour_master_binds, spot_master_binds), is cashed from the top unless the "
                "statement says otherwise",
            ),
            "winners_first": ("70", "the claimer leads his winners before conceding his losers"),
            "follow_low_to_partner": (
                "70",
                "a player follows low to a trick his partner is sure to win (no overtaking)",
            ),
            "no_duck_with_winner": ("70", "nobody ducks a trick he can win with a winner"),
            "no_duck_with_lone_master": (
                "70E1",
                "nor with a lone master he knows for a winner only by counting the fallen cards "
                "(off: a lone master that does not bind top-down, not an ace, an honour of trumps "
                "or solid at the claim, may be ducked by a claimer who did not keep count, as the "
                "EBU ruled in 2014: the DT from DQ T, the A and K gone)",
            ),
            "no_master_discard": ("70", "no player discards a winner while holding a loser"),
            "win_when_sure": (
                "70E1",
                "a player sure to win a trick the opponents are winning wins it with his cheapest "
                "winning card",
            ),
            "ruff_low": ("70", "ruffs are made as low as possible (ACBL guideline 5)"),
            "ruff_when_able": (
                "70",
                "a void player ruffs a trick his partner is not sure to win, never partner's sure "
                "winner",
            ),
            "cross_to_partners_winners": (
                "70",
                "a hand on lead with no winner crosses to partner's winners when it can, rather "
                "than give up the lead with them stranded (Danish LKU-20 2.1)",
            ),
            "spot_master_binds": (
                "70E2",
                "a suit whose top card is a winner is led from the top, even when that winner is "
                "a lone spot card (ACBL guideline 1)",
            ),
            "honour_master_binds": (
                "70E2",
                "a suit whose only winner is an honour, with a lower card beside it, is led from "
                "the top (off: only an ace, an honour of trumps, or one that was one of two or "
                "more winners of the suit in its hand at the claim, as the K of AK5 once the A "
                "has gone; from a side suit without such solidity the low card first is "
                "careless, as an EBU TD ruled from J6 with the 9 out, White Book 8.70.5)",
            ),
            "follow_low_when_lost": (
                "70",
                "a player following suit to a trick the opponents are sure to win plays his "
                "lowest card of the suit, not a card that could win a later trick",
            ),
            "aware_of_split_trumps": (
                "70C",
                "a claimer is not taken as unaware of the opponents' trumps when both opponents "
                "hold one at the claim",
            ),
            "aware_after_trump_round": (
                "70C",
                "a claimer is not taken as unaware of the opponents' trumps when the last trick "
                "before the claim was a round of trumps his side led, every player following "
                "with a trump (EBU White Book 8.70.4: he has not forgotten them)",
            ),
            "unblock_short_hand_first": (
                "70",
                "a hand leading its winners does not lead one that partner must overtake while "
                "it holds one partner can follow under (the short hand's winners first)",
            ),
            "third_hand_contests": (
                "70",
                "third to play, with partner's spot card or an opponent's card winning the trick "
                "so far, a player who can beat it plays a card that does, an honour if he can "
                "(third hand high)",
            ),
            "second_hand_low": (
                "70",
                "second to play to a spot card, a player holding a lower card does not play an "
                "honour that two or more of the opponents' cards beat: not dummy's CJ from "
                "CJ 8 7 4 2 on West's C6, the CK and CA out (second hand low)",
            ),
            "keep_guards": (
                "70",
                "a hand of nothing but winners does not discard the side's last card above the "
                "opponents' highest of a suit while it holds a winner whose discard promotes "
                "nothing (on a defender's claim: the claimer's own hand, judged on his own cards)",
            ),
            "keep_links": (
                "70",
                "a hand discarding a loser keeps its last card of a suit below partner's winners "
                "of that suit (its link to them), partner holding as many cards of it or more, "
                "while it holds another loser to throw",
            ),
            "keep_entries": (
                "70",
                "a hand of nothing but winners does not discard the only card by which its side "
                "can pass between the hands (partner's way in to its winners, or its own way to "
                "partner's) while it holds a winner whose discard keeps that way (Danish LKU-20 "
                "2.1)",
            ),
            "ruff_above_their_trumps": (
                "70C",
                "a claimer aware of the opponents' trumps, ruffing with an opponent still to "
                "play, ruffs above their trumps when he can",
            ),
            "cross_by_ruff": (
                "70",
                "a hand on lead with no winner and no suit crossing to partner's winners leads a "
                "suit partner ruffs with a master trump, when it holds one; with no trump out, "
                "its lowest trump to partner's higher one when that takes every trick left",
            ),
            "unblock_blocked_suits": (
                "70",
                "a suit blocked by partner's shorter holding with a higher card is unblocked: the "
                "short hand's high cards first, the long hand leading low to them (its entries "
                "kept) or ducking to let them win, the short hand winning or following with a "
                "high card rather than keep only cards above the long hand's; and the long "
                "hand does not lead, or play second, its top card to crash partner's shorter "
                "winners below it (Danish LKU-20 2.1)",
            ),
            "overtake_to_reach": (
                "70",
                "a hand following to partner's last card of a suit, which wins the trick so far, "
                "overtakes it with its lowest card above it when it holds another card of the "
                "suit, rather than strand its own (a poll of strong players, NBB Delft)",
            ),
            "no_overtake_for_nothing": (
                "70",
                "third to play, with partner's honour winning so far, a player does not overtake "
                "it with a card that is not a winner while he holds a card below it",
            ),
            "discard_from_the_bottom": (
                "70",
                "a player discarding a loser throws his lowest card of its suit, not a higher one "
                "that could still win a trick, unless partner holds a higher card of the suit "
                "and more cards of it (an unblocking discard from the short hand)",
            ),
            "winners_from_the_bottom": (
                "70",
                "a hand of nothing but winners discards its lowest card of a suit, or a higher "
                "one only where it unblocks partner's suit, as for losers: not the DA from DA T "
                "opposite DQ 8, leaving the T and the Q to fall together",
            ),
            "keep_ruffable_losers": (
                "70",
                "with the opponents out of trumps, a hand discarding a loser keeps one that "
                "partner can still ruff (partner holding a trump and fewer cards of its suit) "
                "while it holds a loser partner cannot ruff: on a crossruff the club that both "
                "hands hold goes, not the diamond that dummy ruffs (an EBL directors' course)",
            ),
            "repeat_stated_finesse": (
                "70E1",
                "a stated finesse that wins may be taken again at once: the suit led again, the "
                "player third to play may finesse against the same cards rather than play his "
                "master; a trick in another suit ends it (posters on a stated club finesse at "
                "6NT)",
            ),
            "cash_before_crossing": (
                "70",
                "a hand leading its winners cashes those of suits partner cannot take over "
                "before its last card of a suit in which partner holds a higher winner (the "
                "card that hands him the lead or strands his winners): E's C9 before his lone HJ "
                "opposite W's HA Q (Danish LKU-20 2.1)",
            ),
            "lead_low_from_losers": (
                "70",
                "a hand leading a suit in which it holds no winner leads its lowest card of it, "
                "keeping the higher ones, which may win once the opponents' honours have gone",
            ),
            "no_idle_trump_lead": (
                "70",
                "with both opponents void in trumps, the claimer is not made to lead a trump "
                "(ACBL guideline 4)",
            ),
            "draw_trumps_when_aware": (
                "70C",
                "a claimer aware of an outstanding trump draws it first when a trump lead draws "
                "something (not a lead into the master trumps of one opponent alone, which "
                "only gives up their trick); one who did not mention it may cash side winners "
                "before it is drawn",
            ),
            "lead_forgotten_trump": (
                "70C",
                "a claimer of every remaining trick, unaware of an outstanding higher trump, "
                "may lead his own trump into it before his winners, as a card he thinks good "
                "(EBU WB 8.70.4)",
            ),
            "discard_from_dead_suits": (
                "70",
                "a hand discarding a loser throws one of a suit its side holds no winner of "
                "(not a card only one opponent's card beats, which may yet win) while it holds "
                "one, rather than a card of a suit its side is cashing: South's C8 (the CK out), "
                "not the H4 from H K 7 4 opposite North's H A T 5",
            ),
            "keep_length_winners": (
                "70",
                "a hand discarding a loser keeps the cards of a suit that its own higher cards "
                "cleared at the claim, drawing every card of it the opponents hold (North's "
                "C T 9 8 6 under his CA, the CQ the only club out), or, in a hand longer than "
                "partner's, its own and partner's together (declarer's side: H A J 6 5 4 2 "
                "opposite K Q 9 3, the T 8 7 out), while it holds another loser to throw",
            ),
            "keep_small_guards": (
                "70",
                "a hand discarding a loser keeps its only two cards of a suit whose higher card "
                "only one opponent's card beats, and no card of partner's tops, while it holds "
                "another loser to throw, or a master of a suit no other player holds (which wins "
                "only with him on lead): West keeps S T 6, North's SK the only spade above the "
                "ST, and throws his idle D7",
            ),
            "keep_live_last_card": (
                "70E1",
                "at the twelfth trick, discarding last to a trick an opponent wins, a hand keeps "
                "the card that can still win the last trick, not one of a suit that opponent, "
                "then on lead, has shown out of: South keeps the SA and throws the DJ when West, "
                "void in diamonds, wins the trick",
            ),
            "lead_believed_winner": (
                "70",
                "a claimer of every remaining trick who claims more than best play gives, and "
                "said nothing of a side suit, is taken as thinking good each of his cards of it "
                "that only one opponent's card beats (the card he overlooked), and may lead it "
                "among his winners: the H8 led, the H9 out (a Laws forum on an ACBL ruling; EBU "
                "WB 8.70.4, cards thought good in any order)",
            ),
            "keep_counted_cards": (
                "70",
                "a claimer who counts his tricks suit by suit discards last, in each hand, as many "
                "of a counted suit's highest cards as the tricks he counted in it, while another "
                "discard is normal: counting five spades and two clubs, he throws his small clubs "
                "and keeps the SA and SK, even once the small clubs have become good",
            ),
            "nonclaimers_normal": (
                "70",
                "the non-claimers' plays are held to the same judgements of normal play as the "
                "claimer's, as an EBU TD ruled in a National Pairs final (a throw-in declarer "
                "had not seen); off, they may play any legal card, as practice and 70A have it",
            ),
        }
        return [(k, *texts[k]) for k in texts if every or getattr(self, k)]


SWITCH_NAMES: tuple[str, ...] = tuple(
    name for name in NormalPolicy.__dataclass_fields__ if name != "name"
)
"""The judgements a case file, ``--switch`` or an audit may turn on or off, in the order of the
policy's fields."""


def parse_switch(item: str) -> tuple[str, bool]:
    """A judgement turned on or off as the command line writes it (``--switch NAME=on`` or
    ``NAME=off``, for ``ruling check`` and ``ruling audit`` alike): its name and setting, or a
    ValueError saying what was expected (the caller names the option)."""
    name, _, value = item.partition("=")
    if value not in ("on", "off"):
        raise ValueError("expected NAME=on or NAME=off")
    NormalPolicy().with_switches(**{name: True})  # the name checked once, with its message
    return name, value == "on"


PRESETS: dict[str, NormalPolicy] = {
    # The WBF has no guidance of its own on the order of a claimer's cards (70E2 leaves it to
    # the regulating authority): its preset takes "from the top" for every suit led (ACBL
    # guideline 1, the default most often proposed) and the ACBL's guideline 4 on idle trumps.
    "WBF2017": NormalPolicy(),
    # EBU White Book 8.70.4-5: a lone spot-card winner led under a lower outstanding spot (754
    # opposite a void, the 6 out) can be merely careless, so it stays a normal line there.
    # Its "a claimer who thinks all his cards good plays them in any order" is not read as
    # cashing trumps no opponent holds first: two of its senior directors, applying it to a
    # claim of good trumps and hearts, pictured the hearts and a crossing trump from dummy,
    # never the idle trumps (no_idle_trump_lead stays on).
    # Ruffing low in front of a possible overruff is careless there (ruff_above_their_trumps off).
    # Entry problems are judged there by the claimer's class and shown awareness: blocking a
    # suit, throwing the only entry from a hand of winners, or crossing to partner before
    # cashing the hand's own winners, stays a normal line by default (unblock_blocked_suits,
    # keep_entries, overtake_to_reach and cash_before_crossing off).
    # A lone honour winner with a lower card out between is led under only in a side suit, when
    # it is not an ace and had no solidity at the claim (White Book 8.70.5, "top-down,
    # especially with solidity"): J6 with the 9 out, as an EBU TD ruled, but not the K of AK5
    # opposite 42 once the A has gone, the White Book's own example, nor the J of J32 in
    # trumps (honour_master_binds off: the search reads the holding at the claim).
    # The same count is not assumed when following: with DQ T over a low lead, the A and K
    # gone, the DT (losing to the J) was a normal play for a claimer who had not kept count,
    # as the TD, the appeals committee and the Laws and Ethics Committee ruled in 2014
    # (no_duck_with_lone_master off).
    "EBU": NormalPolicy(
        name="EBU",
        spot_master_binds=False,
        honour_master_binds=False,
        ruff_above_their_trumps=False,
        unblock_blocked_suits=False,
        keep_entries=False,
        overtake_to_reach=False,
        cash_before_crossing=False,
        no_duck_with_lone_master=False,
    ),
    # ACBL Laws Commission guidelines (2019): worst suit order, ruffs low, no credit for a
    # trump safety play; a claimer is not forced to play trumps when both opponents are void.
    # Guideline 2 denies the claimer only the drawing of trumps he was likely unaware of: one
    # taken as aware of them (he mentioned them, or both opponents hold one) draws them, and
    # guideline 1's worst order is that of the non-trump suits (draw_trumps_when_aware on).
    # Guideline 5, ruffs presumed low: ruff_above_their_trumps off.
    # Guideline 1 (the worst order for the claimer) keeps a blocking order normal:
    # unblock_blocked_suits, overtake_to_reach and cash_before_crossing off, and so the
    # discard of the only entry: keep_entries off.
    "ACBL": NormalPolicy(
        name="ACBL",
        ruff_above_their_trumps=False,
        unblock_blocked_suits=False,
        keep_entries=False,
        overtake_to_reach=False,
        cash_before_crossing=False,
    ),
}
