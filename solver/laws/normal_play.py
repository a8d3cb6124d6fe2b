"""What counts as "normal" play by the claimer's side (Law 70 footnote; 70C, 70E), as a policy.

Law 70's footnote: "normal" includes play that would be careless or inferior for the class of
player involved, but not irrational play. The Laws do not list plays; this module names each
judgement, with its source, and lets a preset or a switch change it. The adjudication engine
asks ``claimer_options`` for the plays it must consider for the claimer's side; the other side
may play any legal card (docs/claims.md: doubtful points go against the claimer).

Judgements (each a switch of ``NormalPolicy``):

- ``top_down`` (Law 70E2; EBU WB 8.70.5; ACBL guideline 1; the 754 worked example): a hand leading a
  suit whose top card is a winner leads that card when the hand holds two or more winners of
  the suit: nobody leads the 5 from AK5 opposite 42 with the J doubleton out. A lone winner
  binds under ``honour_master_binds`` when it is an honour (ten or higher), under
  ``spot_master_binds`` when it is a spot card.
- ``honour_master_binds`` (70E2; ACBL guideline 1; on in ``WBF2017`` and ``ACBL``, off in
  ``EBU``): a lone winner that is an honour binds top-down: from J6 with the 9 out (the A K Q
  T gone) the J is led first. Turned off, such an honour still binds when it is an ace, an
  honour of trumps, or an honour of a suit with solidity at the claim (``claim_solidity``):
  one in which the claimer's side then held two or more winners, in either hand, the K of AK5
  opposite 42 once the A has gone, or the Q of Q63 once partner's A has (the suit is one the
  claimer began cashing from the top, and EBU WB 8.70.5 has him go on from the top,
  "especially with solidity"). Only a side suit's K, Q, J or T in a suit where his side held
  one winner at most at the claim is free: from J6 with the 9 out any card is a normal
  lead, as an EBU club TD ruled, the forum's directors agreeing, the 6 first careless but
  normal for a claimer who thought no heart was out (White Book 8.70.5; the claims
  catalogue's B2, a holding without solidity). Aces bind because nobody leads low from an ace
  he thinks good (a respondent in the same thread); trump honours because a TD called a low
  trump before the J of J32, the T out, more than careless (the catalogue's C2; the corpus's
  ``ebu-club-j32-trumps-against-the-ten``). With solidity read in one hand only and no
  exception for aces, three of the real claims accepted at the table (a lone ace, a Q or J
  left alone in a suit the side held solid) would not stand under the EBU preset (14 of 42
  upheld, against 17 so). The holding at the claim is fixed for
  the whole search: the claim search computes the mask once
  (``solver/engines/claims/keys.py``) and passes it in each ``PlayView``.
- ``spot_master_binds`` (ACBL guideline 1, "normally from the top"; off in the ``EBU``
  preset): a lone spot-card winner binds top-down too. Without it, from 754 opposite a void
  with the 6 out, leading the 4 first can be merely careless (EBU WB 8.70.5, the White Book's
  example), so any card of the suit is a normal lead. The WBF has no guidance of its own here
  (70E2 leaves it to the regulating authority); its preset takes the ACBL's reading.
- ``winners_first`` (EBU WB 8.70.5: a claimer who thinks all his cards good plays them in any
  order): a hand on lead that holds a winner leads a winner; the tricks he concedes come after
  his winners. Without a winner in the hand on lead, any lead is normal (crossing to partner),
  unless ``cross_to_partners_winners`` narrows it.
- ``cross_to_partners_winners`` (Danish LKU-20 2.1: a line that strands partner's winners when
  a connecting lead exists is irrational; the same "known losers before known winners" reading
  of Law 70 as ``winners_first``): a hand on lead with no winner, whose partner holds a winner
  in a suit the hand can lead, leads one of those suits: it crosses to the winners instead of
  giving up the lead with them stranded. Any card of those suits is normal (low or high), and
  the crossing card may still be ruffed or overtaken. With no such suit, any lead is normal.
  Declarer's side only: a defender does not see his partner's hand (``for_defenders``).
- ``follow_low_to_partner`` (normal play): following to a trick partner is sure to win (his card
  is a winner, or the player is last, or every opponent still to play has shown out of the
  suit led and of trumps: ``_shown_out_behind``, as for a ruff), a player plays his lowest
  card of the suit: overtaking a winner only to put the lead in the wrong hand is worse than
  careless. A suit the claimer did not say how to unblock stays blocked. The shown-out case
  is 70E1's card whose place is known: South, with CK J 8 over East's marked CQ, overtakes
  North's sure C9 with the CJ (``overtake_to_reach``) or follows low, and does not spend the
  CK, which ``no_duck_with_winner`` asks for only on a trick not yet sure.
- ``no_duck_with_winner`` (normal play, docs/claims.md): a player who can win a trick with a
  winner of the suit led, when the trick is not already sure to be his side's, does so, with
  his lowest such winner; ``win_when_sure`` is applied before it.
- ``no_duck_with_lone_master`` (70E1; off in the ``EBU`` preset): ``no_duck_with_winner``
  binds with every master. Off, it binds only with masters a claimer knows without counting
  the fallen cards: trumps, and those that bind top-down (``masters_bind``). With a lone
  side-suit master that is not an ace nor an honour of a suit solid at the claim, any card
  is normal. The EBU's TD, appeals committee and Laws and Ethics Committee all ruled in 2014
  that West, with DQ T over South's low diamond lead, the A and K gone and the J out, might
  put in the DT.
- ``no_master_discard`` (normal play, docs/claims.md): a player does not discard a winner
  while he holds a card that is not one (outside trumps).
- ``win_when_sure`` (normal play; 70E1): a player who is last to play to a trick the opponents
  are winning, and can win it, wins it with his cheapest winning card (the Q from AQ over a
  small card, the K still with the player who led: not the A); the same when every opponent
  still to play is known to be void in the suit led and in trumps, or in it with neither
  opponent holding a trump (70E1: the finesse against a
  card whose place is known, the defender behind having shown out, is credited; on a
  defender's claim, dummy, whose cards everyone sees, is known void in a suit it holds none
  of: West's SQ second hand over South's ST, dummy void behind him, wins). Applied
  before ``no_duck_with_winner``, which would make him win with his lowest *master*. Not when
  partner, still to play, must overtake that cheapest winner (every card he holds of the suit
  led beats it): the trick is then partner's whatever he plays. And second to play, the
  opponent between known void in the suit led and in trumps, with partner last holding a card
  above the one led and a lower one to lead back to the hand's master, the hand follows low:
  the trick is partner's, and the finesse against the card marked in front is credited
  (``_finesse_marked_behind``: North's C7 from CA 7 on West's C8, dummy's CJ 6 behind East,
  who has shown out).
- ``ruff_low`` (ACBL guideline 5): a ruff is made with the lowest trump that wins the trick; a
  player with nothing but trumps, partner sure to win the trick, plays his lowest trump.
- ``ruff_when_able`` (normal play): void, with a trump that wins the trick, the player ruffs
  unless partner is sure to win it (as for ``follow_low_to_partner``: the player is last, or
  partner's card is a master; or, second to play, partner plays last with a master of the
  suit led that the opponent between cannot ruff: the catalogue's C4(c), declarer in front of
  dummy's master HK), and then he discards and does not ruff. A card of partner's
  that is only winning so far (an opponent holds a higher card of its suit, and one is still
  to play) is ruffed like the opponents' (Law 70 footnote: throwing a card on it for the
  opponent behind to win the trick is irrational, not careless). With the switch off, he may
  ruff or discard on any card but partner's sure winner.
- ``no_idle_trump_lead`` (ACBL guideline 4; on in every preset: the EBU's "any order" was
  applied by its senior directors to the hearts and a crossing trump, not to cashing idle
  trumps first): with neither opponent holding a trump, a hand on lead that has
  a side-suit card does not lead a trump. The guideline says the claimer is not forced to play
  trumps to his cost; in a minimum over normal lines that is the same as leaving the trump
  leads out (a trump lead that costs nothing cannot lower the minimum over the side-suit
  leads, and one that costs is not normal). Not for a hand the claimer takes for all winners,
  one of them wrongly (``_all_good_to_him``: a card he is found to think good,
  ``Claim.overlooked`` under ``lead_believed_winner``, and besides it only trumps, masters and
  such cards): he cashes them in any order (EBU WB 8.70.4), an idle trump among them, and
  nothing in his mind makes that lead cost.
- ``follow_low_when_lost`` (normal play): following suit to a trick the opponents are sure
  to win (their card wins so far, and partner, if still to play, can neither beat it in its
  suit nor ruff it), a player plays his lowest card of the suit: throwing a card that would
  win a later trick under a trick already lost is irrational, not careless.
- ``third_hand_contests`` (normal play, "third hand high"): third to play, with an opponent's
  card or partner's spot card winning so far, a player who can beat it plays a card that
  does, an honour if he holds one that does: ducking from K J T 2 to let the fourth hand win
  with a small card is not careless play. Partner's honour winning so far is left alone
  (overtaking it is not assumed).
- ``second_hand_low`` (normal play, "second hand low"): second to play to a spot card, a
  player holding a lower card of the suit does not play an honour that two or more of the
  opponents' cards beat (``_second_hand_honour``): it can only fall to one of them, and the
  cards it guarded with it. Dummy, with CJ 8 7 4 2, plays low on West's C6 with the CK and CA
  out, not the CJ, which East's CK takes before the CA drops the CQ. Read on a World
  Championship claim accepted at the table. An honour led is another matter: covering it is
  a careless reflex, not an irrational one, and stays normal.
- ``unblock_short_hand_first`` (Danish LKU-20 2.1, as ``cross_to_partners_winners``): a hand
  leading its winners does not lead one that partner must overtake (his cards of the suit are
  all higher) while it holds a winner partner can follow under: the short hand's winners
  first, not a lead that strands the hand's other winners.
- ``cash_before_crossing`` (Danish LKU-20 2.1, as ``unblock_short_hand_first``): a hand leading
  its winners does not lead its last card of a suit in which partner holds a higher winner
  while it holds another winner to cash. That card crosses: partner overtakes it and the
  hand's other winners are stranded, or he follows low and his own are: East, with the C9 and
  a lone HJ opposite West's HA Q, cashes the club before the heart. Declarer's side only
  (``for_defenders``); off in the ``EBU`` and ``ACBL`` presets, which judge entry problems
  by class or by the worst order, and set by the claimer's class where it is given.
- ``keep_guards`` (the catalogue's D1 and D2, where the need is evident): a hand holding
  nothing but winners, which ``no_master_discard`` lets discard any of them, does not discard
  the side's last card above the opponents' highest of a suit (that card would become their
  winner) while it holds a winner whose discard promotes nothing: throwing the ace that guards
  the suit the opponents are about to lead, and keeping a winner of a suit they cannot win, is
  not careless play. With every discard promoting something, any of them is normal. On a
  defender's claim it binds the claimer's own discards only, judged on the cards he sees (his
  own hand, not partner's): the catalogue's D1 excludes throwing a winner whose need is
  evident at that moment, as when dummy, on lead with its last trump, still holds a card of
  the suit the defender guards (the ACBL's 2008 ruling: North keeps the DQ over dummy's D7
  and throws his idle S2). His partner's discards stay his partner's choice (70D2; the
  catalogue's W16: partner may throw either of two winners).
- ``keep_links`` (Law 70 footnote; Danish LKU-20 2.1, as ``cross_to_partners_winners``): a
  hand discarding a loser does not discard its last card of a suit, not itself a winner, below
  partner's lowest winner of that suit (the one card left to lead to those winners, or to play
  under them) while it holds another loser to throw: from A3 opposite KQ42, or AQ7 opposite
  KJ6, the small card is the link, and throwing it with an idle loser in hand strands or
  blocks partner's winners. Only where partner holds as many cards of the suit as the hand
  or more: from D K Q 8 3 opposite a bare DT partner's winner falls under the hand's and the
  D3 links to nothing, while the club below partner's CA K does (board 20 of the online
  qualifying round in the records). The EBU judges entry problems by class and by what the
  claimer has shown; this is narrower than an order of cashing: the one card the hand needs, thrown
  when a card it does not need could go. Declarer's side only: a defender does not see his
  partner's hand (``for_defenders``).
- ``keep_entries`` (the catalogue's D1, "no entry discard", and A3; Danish LKU-20 2.1, where
  an order that loses contact between the hands is contrary to reason; off in the ``EBU``
  preset, which judges entries by class and shown awareness, and in ``ACBL``, whose worst
  order keeps them): a hand holding nothing but winners, which ``no_master_discard`` lets
  discard any of them, does not discard the only card by which its side passes between the
  hands while another discard keeps it. That card is either the hand's only way in (a winner
  of a suit in which partner holds a lower card, the hand holding winners of another suit
  that wait for it: North's SQ with the DJ 4, South's S3 opposite) or its only way out (its
  one card of a suit below partner's winners there, partner's winners waiting for it). With
  every discard such a card, any of them is normal. The judgement is narrower than a cashing
  order: only the one card the hands need, thrown when a card they do not need could go; a
  miscounted discard between two cards both of which keep contact stays normal. The same
  holds for a lead: a hand does not lead its top card of a suit in which partner's one card,
  below it and above the opponents' cards, is partner's only way in to winners of a suit the
  hand cannot lead (it is void there), while the hand holds a lower card to lead to it and
  partner's winners outnumber what crossing may cost (the hand's other winners of the suit,
  unless partner has a way back), partner holding no trump (his trumps cross by ruffing): the
  lower card goes instead, once the hand's winners of other suits are cashed. North, with
  CT 5 opposite South's C9 and DQ 4, West holding C6 2, leads the C5, not the CT that drops
  the nine. Declarer's
  side only: a defender does not see his partner's hand, and may throw either of two winners
  (``for_defenders``). Among discards on a trick partner is sure to win it comes before
  ``keep_guards``: a guard kept at the cost of the only way in strands the winners beside it,
  while with that way kept the lead never passes to the opponents who would cash what the
  guard's discard promotes (dummy, with CA, HT and SK opposite West's S6 and a diamond to
  come, keeps the SK and throws the HT or the CA: ``entry-kept-before-a-guard``). On the
  opponents' trick the guard comes first: they are on lead to cash what it guards.
- ``winners_from_the_bottom`` (as ``discard_from_the_bottom``, for winners): a hand holding
  nothing but winners, which ``no_master_discard`` lets discard any of them, throws its lowest
  card of the suit it discards from, or a higher one only where that unblocks partner's suit
  (``discard_from_the_bottom``'s exception). Dummy, with S T and D A T opposite declarer's D Q 8,
  the D 9 out, throws the D T or the S T, not the D A: without it the T and the Q fall on one
  trick when declarer cashes the Q, and the 8 loses to the 9 (two real claims on board 18 of
  the online qualifying round in the records lose a trick only that way). The ace and the
  ten are both winners; keeping the ten is not careless but a blunder. Declarer's side only
  (``for_defenders``: the exception reads partner's cards).
- ``keep_ruffable_losers`` (Law 70 footnote; an EBL directors' course, 2016): with neither
  opponent holding a trump, a hand discarding a loser, which holds a loser that partner can ruff
  (partner holding a trump and fewer cards of its suit than the hand) and one he cannot, throws
  one he cannot. South, with H T, D A T and C 7 opposite dummy's H 2, D 5 and C 8, discarding on
  dummy's ruff, throws the C 7: the D 5 to the A, the D T ruffed and the C 8 ruffed take every
  trick, while with the D T gone both hands keep a club and one is lost. The course held that
  declarer could not fail to make the rest. Declarer's side only (``for_defenders``: it reads
  partner's cards).
- ``ruff_above_their_trumps`` (70C: a claimer aware of an outstanding trump plays as one who
  knows it is there; the 70 footnote, careless against irrational): a player who ruffs while an
  opponent is still to play to the trick, the claimer being aware of the opponents' trumps
  (``aware_of_trumps``), ruffs with a trump above every trump held by the opponents still to
  play when he has one (one who has played to the trick cannot overruff it):
  ruffing with the 8 from A K 9 8 in front of the hand with the ten, when the ruff with the ace
  costs nothing, is not careless play. When it costs a trump trick (``_high_ruff_costs_nothing``:
  the side's trumps counted against theirs after each ruff, the low one overruffed, or the low
  one standing and the trumps then drawn), the low ruff stays normal: from D A T 8 in front of
  D J 2, with the D9 out, the ace leaves two losers; from H K 8 7 6 5 3 against a lone HQ and
  a lone HJ, the K ruff leaves the Q a winner, where after the H3 the K draws both. Off in
  the ``EBU`` and ``ACBL`` presets: ACBL guideline 5 presumes the lowest ruff, and EBU
  directors have called ruffing low careless rather than irrational.
- ``cross_by_ruff`` (as ``cross_to_partners_winners``): a hand on lead with no winner, which
  cannot cross to a winner of partner's in a suit it holds, leads a suit partner can ruff (he
  is void in it and holds a trump above every trump of the opponents) when it holds one:
  crossing to partner by a ruff is the connecting lead. With no trump out and no suit
  reaching partner, it leads its lowest trump to partner's higher one when that takes every
  trick left (``_trump_crossing``: its other cards, all losers, go on partner's winners of
  suits it is void in, masters and length, and it keeps a trump for each of partner's other
  side cards), where ``no_idle_trump_lead`` had kept its trumps back. Declarer's side only
  (``for_defenders``).
- ``unblock_blocked_suits`` (the catalogue's A3, "using up the long hand's entries before
  unblocking a blocked suit"; Danish LKU-20 2.1, as ``cross_to_partners_winners``; off in the
  ``EBU`` preset, where entry problems are judged by the claimer's class and shown awareness,
  and in ``ACBL``, whose worst order for the claimer keeps them): a suit is *blocked* for a
  hand holding two or more winners of it (or one, partner holding a single card of the suit:
  HK 7 opposite a bare HA, where the K led falls under the ace) when partner holds fewer
  cards of it, his highest
  above all of the hand's, and has a way back once his high card has won (a lower card of the
  suit, or an entry: a card of another suit below a winner of the hand's there). KQ42
  opposite A3, or QJ943 opposite AK with a club entry. The unblocking order plays the short
  hand's high cards first. (1) On lead, a hand holding such a blocking winner itself (fewer
  cards than partner, its highest above all of his) cashes it first; otherwise it leads its
  lowest card of a blocked suit (an exception to ``top_down``: partner's higher card is the
  top of the suit), and does not first lead a winner of another suit in which partner holds a
  lower card (its entry, kept for the way back); winners partner cannot reach may still come
  first. (2) Second to play, partner last holding a master above all of the hand's cards of
  the suit led and fewer of them, at no trump or in trumps, the hand ducks (its lowest card)
  and lets partner's high card win rather than win the trick and leave it stranded (KQ42
  opposite A3, a low card led: the 2, not the Q). (3) Winning a trick with a master, or
  following to partner's sure winner, while partner holds at least as many cards of the suit,
  all of which would win once the trick in progress is over, a hand plays so that each card
  it keeps can follow under a different one of partner's (J T 6 3 under A K Q 7 2: the T and
  J go under the K and Q, the 6 is kept for the 7); when it cannot, it keeps a card below
  partner's highest (from K Q 8, with partner's J T 9 6 5: the Q, not the 8). Leading the
  long hand's top card into a blocking ace, or spending its entries first, is worse than
  careless for a claimer who counted the suit's tricks. The mirror is read as blocked too
  (``crashes``): partner's fewer cards, two or more and all winners, lie below the hand's top
  card, which led would crash one of them, and the hand holds a lower card to lead to them;
  with ``overtake_to_reach`` on, the hand overtakes partner's last and keeps the lead, so it
  leads low first (W's CA J T 7 4 opposite E's bare CK Q: the C4 to the Q, five club tricks;
  the CA first, then the CJ, crashes both honours and strands the rest, a BBO club claim of
  6NTX); second to play, with partner last holding such cards above the card led, it ducks
  (East's H9, not the HA, over North's HJ with dummy's bare HK Q behind). So are partner's
  winners with a lower card to lead back, when the hand holds more cards above them than he
  has lower cards and its own do not all win from the top (N's HA K J 9 5 opposite S's HQ 3,
  East holding five: the H5 to the Q and the H3 back). A single card of partner's is not
  read so (led to, it needs an entry back, and the crash may cost less). Declarer's side
  only: a defender does not see his partner's hand (``for_defenders``).
- ``overtake_to_reach`` (Law 70 footnote; the NBB Delft district's ruling on a poll of four
  strong players, all of whom overtook; Danish LKU-20 2.1, an order that cuts the hands apart
  is contrary to reason): following to partner's card that wins the trick so far, when it was
  his last card of the suit led, a hand holding a card above it and another card of the suit
  overtakes with its lowest card above it (the DQ from DQ T 9 8 7 over partner's lone DJ), so
  that the lead stays with the hand that holds the rest of the suit. Following low there
  strands those cards, which a claimer who counted on them does not do. Where partner's card
  is sure to win it takes the place of ``follow_low_to_partner``'s low card, unless partner
  still holds winners of other suits that the hand could not cross back to, at least as many
  as the masters the overtake reaches (``_strands``); where it is
  only winning so far, and an opponent still to play holds a higher card with another beside
  it (he may duck), it narrows the cards the other judgements leave to the lowest above it.
  Against a lone higher card behind, overtaking would only spend a card. The cards the hand
  keeps are judged against the opponents' cards as they will be once the trick is over (each
  opponent still to play following low): from N's DA 9 over S's DQ, East's bare DT behind
  falls, and the D9 it reaches is a master. In trumps, once the opponents hold none after the
  trick, the hand's trumps are not what the overtake reaches (each takes its trick wherever
  the lead is): only its side-suit masters that partner could not pass the lead to count
  (``_cut_off_side_masters``), so West does not overtake dummy's sure C9 with the CJ and
  strand dummy's master spade; while they keep a trump, the lead in the hand draws it. In a
  side suit those masters count beside the suit's own (S's DK over N's last diamond, the DT,
  to cash his CK, N holding no club), and partner's trumps are not stranded while the
  opponents hold none and the hand keeps a loser of a suit he is void in, which he ruffs
  (``_ruffed_back``; not his one trump where it stops an opponents' winner of another suit
  he is void in). Nor does the hand overtake partner's sure card with a master while partner
  holds only lower cards of a side suit in which the hand holds a master: that suit reaches
  the hand later, and the overtake would only put two winners on one trick
  (``_entry_elsewhere``; E's HA under W's master HQ, W holding diamonds to E's DA).
  Declarer's side only: a defender does not see his partner's hand (``for_defenders``).
- ``no_overtake_for_nothing`` (Law 70 footnote): third to play, partner's honour winning
  so far (``third_hand_contests`` leaves it alone), a player who holds a card below it does
  not overtake it with a card that is not a master: the K on partner's Q with the A still
  out takes no trick the Q would not, and spends the K (the A, sure to win, stays normal).
  Among the real claims accepted at the table this line alone kept several from standing.
- ``discard_from_the_bottom`` (Law 70 footnote): a hand discarding a loser throws its lowest
  card of the suit, not a higher one that could still win a trick once the opponents' higher
  cards have gone (the CK from CK 6 4 with the CA out), unless partner holds a card of the
  suit above it and more cards of the suit (throwing it unblocks partner's suit; the long
  hand's D8 from D K Q 8 3 opposite D A T is not thrown: it wins once the opponents' J has
  gone). With as many cards each nothing is blocked, every round taking one from each hand:
  E's DJ from D A J 4 3 opposite W's D K 9 8 5 would go for nothing, and wins once the Q
  drops. Which suit is thrown stays free.
- ``lead_low_from_losers`` (Law 70 footnote): a hand leading a suit in which it holds no
  winner leads its lowest card of it and keeps the higher ones, which may win once the
  opponents' honours have gone (the H3, not the H8, from H8 3 towards partner's bare HT with
  the HQ 7 out: the 8 then beats the 7). Leading a higher loser gives away a trick for nothing,
  the lead counterpart of ``discard_from_the_bottom``. Not for a trump the claimer thinks good
  (``lead_forgotten_trump``: he may lead any). Declarer's side only: a defender leading from a
  suit of losers may lead its top card to tell partner something (``for_defenders``).
- ``aware_of_split_trumps`` (70C2, "at the time of his claim"): a claimer who did not mention
  trumps is taken as aware of them when both opponents hold one at the claim: nobody has
  shown out, so he cannot think them drawn (``aware_of_trumps``). Trumps in one hand only are
  the forgotten trump of 70C.
- ``aware_after_trump_round`` (70C2; EBU White Book 8.70.4): a claimer who did not mention
  trumps is taken as aware of them when the last trick before the claim was a round of trumps
  his side led, every player following with a trump: one who has just cashed a round with all
  following has not forgotten them (``Claim.trump_round_before``, read from the play).
- ``draw_trumps_when_aware`` (70C, EBU WB 8.70.4): when the claimer mentioned trumps (or is
  otherwise aware of them) and an opponent still holds one, the claimer's side leads trumps
  before anything else, if a trump lead draws something: the side holds a trump above one of
  theirs, or each opponent holds one (the two fall on one trick). When all their trumps are in
  one hand and above all of the side's, a trump lead draws nothing and only gives up the trick
  it takes, which the claimer may do first or after his winners, so his leads are the other
  judgements'. When he did not mention an outstanding trump he is treated as at all likely
  unaware of it, and may lead side-suit winners first (the trump may then score, 70C).
- ``lead_forgotten_trump`` (70C; EBU WB 8.70.4, "any order" for a claimer unaware of a missing
  trump; the Welsh BU directors' 2018 opinion, all three tricks to the defence when declarer
  might have led his low trump into the master first; a Dutch club arbiter's 2017 example, the
  SK led into the forgotten SA): a narrowing of ``winners_first``. A claimer of every trick
  left, taken as unaware of the opponents' trumps (``aware_of_trumps``), thinks all his cards
  good, his trumps too (EBU: "a player who thinks all his cards are good might play them in any
  order"), so when an opponent holds a trump above all of his, leading a trump is among the
  leads he thinks winners: a hand on lead that ``winners_first`` holds to its winners may also
  lead a trump, any one of them. A claimer who concedes a trick may have counted the opponents'
  trump in it: for him the switch does not apply (``ClaimProblem.from_claim``). Without it, his
  low trump counts as a loser he concedes only after his winners, and the forgotten master trump
  can only ruff. Nothing changes for a claimer aware of the trumps (he draws them or cashes his
  winners), nor when one of his trumps is above all of theirs (the suit is then a winners' suit
  already). The same belief makes partner's side winners as good to him as his own (the
  catalogue's C1: side winners cashed into a ruff): a hand whose only winners are its trumps
  may cross with a low card to partner's winner of a side suit before drawing the forgotten
  trump, as long as partner can give it the lead back (``_forgotten_trump_crossings``; a
  French teaching answer: the HK, then the H5 to North's HA, West ruffing). A hand with a side
  winner of its own cashes it first: crossing could strand it. The crossing reads partner's
  hand, so it needs ``cross_to_partners_winners`` too (not a defender's, ``for_defenders``).
- ``discard_from_dead_suits`` (70): a hand discarding a loser throws one of a suit in which its
  side holds no winner (no card above all the opponents' cards of it), while it holds one,
  rather than a loser of a suit its side holds a winner of: those small cards are the side's
  length and links in the suit it is cashing. South throws his C8, the CK and more out, not
  his H4 from H K 7 4 opposite North's H A T 5, which leaves the HK to fall under North's HT
  and North's H5 stranded. A card only one opponent's card beats is no idle loser: it may
  yet win once that card goes (dummy's SK against West's SA, beside dummy's HA 2 against his
  HK Q: which of the SK and the H2 to keep is the squeeze a claimer who did not state one is
  not credited with), unless nothing can make it win (``_dead_threat``): its side holds no
  other card of the suit to force the card above out, and the opponent holding that card
  holds nothing above any of the side's cards in another suit, so no squeeze makes him let it
  go (South's CK under West's CA, North void in clubs and West's other cards spades below
  North's SQ T: the CK goes, not a diamond of the marked finesse). Read in real claims of a
  World Championship record accepted at the table, where only that discard lost a trick; it
  only narrows the discards the other judgements leave. It reads partner's hand, so it is not
  a defender's (``for_defenders``).
- ``keep_length_winners`` (70, the principle that what the claimer evidently believed fixes
  his normal plays): a hand discarding a loser keeps the cards of a suit its own masters
  clear, as many masters as the opponents hold cards of the suit, so that each of them wins
  cashed from the top without the lead lost, while it holds another loser (``_length_winner``):
  North keeps C T 9 8 6 under his CA, the CQ alone out, and throws his small spades. A hand
  holding a master and more cards of the suit than partner counts partner's masters too (N's
  H A J 6 5 4 2 opposite S's H K Q 9 3, the T 8 7 out: six heart tricks, the dead DQ thrown
  first); declarer's side only, as a defender does not see partner's hand. The opponents'
  cards are counted all together, never their split, as a claimer counts a long suit, and
  the suit must be so at the claim (``claim_length``): one cleared only by an opponent's
  discard after it is a squeeze a claimer who stated none need not have watched. Read on an
  expert 3NT claim of every trick in a vugraph record, where North threw two such clubs, and
  (partner's masters) on 15 claims of a World Championship record accepted at the table;
  it narrows the losers ``keep_links`` and ``keep_ruffable_losers`` leave, before
  ``discard_from_dead_suits``.
- ``keep_small_guards`` (70; the catalogue's D2, where the claimer evidently counts the card
  the guard protects): a hand discarding a loser keeps its only two cards of a suit, the
  higher of which one opponent's card alone beats and no card of partner's tops, while it
  holds another loser to throw (``_small_guard``): West keeps S T 6, North's SK the only
  spade above the ST and East void, and throws his idle D7; kept, the S6 follows under the
  SK and the ST wins, and either card thrown leaves the other to fall. Read on a claim of
  one trick in a World Championship record accepted at the table, where only the S6's
  discard lost it. A tie-break among the losers the judgements before it leave, after
  ``discard_from_dead_suits`` (placed before it, it undid that judgement's choices, a small
  card of the suit being cashed thrown instead); on a defender's claim it binds his own
  discards only, as ``keep_guards`` does, judged on the cards of his side he sees. With the
  pair his only losers, no trump, and every master he holds of a suit no other player holds,
  he throws such a master rather than break the pair (``_masters_only_it_leads``): it wins
  only with him on lead, and the guarded card is his way there (South's SQ thrown, HK T kept
  under East's HA).
- ``keep_live_last_card`` (70E1, the claimer credited with the show-outs he saw): last to
  play to the twelfth trick, void in the suit led, with two cards left and an opponent
  winning it whichever goes, the hand throws a card of a suit the opponent then on lead to
  the last trick has shown out of (not a trump) and keeps the other (``_dead_last_card``):
  South, with DJ and SA, throws the DJ on West's winning HT, West void in diamonds. The kept
  card cannot do worse, and the thrown one cannot win. Read on World Championship claims
  accepted at the table whose worst line kept the dead card; the leader's last card is not
  counted out from the cards gone (a claimer may not have counted them).
- ``lead_believed_winner`` (70, the principle that what the claimer evidently believed fixes his
  normal plays; posters on the Laws forum of Bridge Base Online, 2010, on an ACBL regional
  claim of "the rest" with the H8 below West's H9: the HA then the H8 is normal, one down; EBU
  WB 8.70.4, cards thought good in any order): the side-suit counterpart of
  ``lead_forgotten_trump``. A claimer of every trick left whose claim is more than best play
  gives (double dummy) has overlooked a card. In a suit other than trumps that his statement
  does not name, each of his cards that one opponent's card alone beats is taken as a card he
  thinks good (``believed_good``): a hand on lead may lead it among its winners, before or
  after them, as long as that opponent's card is out (from the top of its suit under
  ``top_down``). Not in a suit an opponent showed out of before the claim: the claimer is
  credited with the show-out (70E1), so with the count of the suit. Not for a claim that
  concedes a trick, or one within best play: nothing then shows a false belief, unless the
  case records the card found overlooked (``Claim.overlooked``, ``overlooked_belief``: then his
  cards that only overlooked cards beat, whatever the claim). Not for a
  trump (70C is the trump's law: ``lead_forgotten_trump``), nor for a card two or more
  opponents' cards beat (a miscount of the suit, not a card overlooked).
- ``nonclaimers_normal`` (Law 70, which is silent on the non-claimers' plays; off in every
  preset): the side that did not claim is held to normal play too, its plays judged as the
  claimer's are, by the same preset (``for_nonclaimers``). Off, as practice has it, they may
  play any legal card, every doubt going against the claimer (70A). On, a line the
  non-claimers would find only by a play that is not normal for them does not count against
  the claimer: at an EBU National Pairs final a TD gave a defender his claim of the last two
  tricks because the throw-in that beat it (dummy's heart exit, North then leading into
  dummy's diamonds) was one declarer had not seen (the claims catalogue's F2).
- ``keep_counted_cards`` (70, the principle that what the claimer evidently believed fixes his
  normal plays; the EBU's 6NT claim of "six diamonds, five spades and two clubs"): a claimer
  who counts his tricks per suit (``count`` steps) discards last the cards his counts need
  (``counted_cards``, ``PlayView.counted``): one who counted five spades does not throw his SA
  and SK while he holds a small club he counted for nothing, even once that club has become
  good. It only chooses among the discards the judgements above admit, so it never costs the
  claimer a trick. Read when the problem is made (``ClaimProblem.counted``), not in the play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from solver.bridge.masks import (
    SUIT_MASKS,
    beats,
    cards_above,
    cards_in,
    hand_of,
    highest_card,
    lowest_card,
    popcount,
    winner_so_far,
)
from solver.facts.policy import PRESETS as PRESETS  # re-exported: the presets by name
from solver.facts.policy import NormalPolicy as NormalPolicy  # re-exported: the switches


def aware_of_trumps(
    policy: NormalPolicy,
    mentioned: bool,
    held: tuple[int, int, int, int],
    claimer_side: int,
    trump: int | None,
    trump_round: bool = False,
) -> bool:
    """Is the claimer taken as aware of the opponents' trumps (70C2: "at all likely unaware")?

    When he mentioned them, yes. Under ``aware_after_trump_round``, when the last trick before
    the claim was a round of trumps his side led, all following (``trump_round``,
    ``Claim.trump_round_before``): the EBU White Book 8.70.4 holds that a claimer who has just
    cashed a round with all following has not forgotten the trumps. Otherwise, under
    ``aware_of_split_trumps``, when both opponents hold a trump at the claim: 70C2 asks about
    his awareness at the time of the claim, and with trumps in both hands no one has shown
    out, so he cannot believe them all drawn; he draws them (``draw_trumps_when_aware``) and
    70C does not arise. Trumps left in one hand only (the other opponent showed out earlier)
    are the forgotten trump of 70C: a claimer may well have missed them.
    """
    if mentioned:
        return True
    if trump is not None and trump_round and policy.aware_after_trump_round:
        return True
    if trump is None or not policy.aware_of_split_trumps:
        return False
    mask = SUIT_MASKS[trump]
    return bool(hand_of(held, 1 - claimer_side) & mask and hand_of(held, 3 - claimer_side) & mask)


def for_defenders(policy: NormalPolicy) -> NormalPolicy:
    """The policy for a defender's claim: a defender does not see his partner's hand, so the
    judgements that read it are not his to make: crossing to partner's winners
    (``cross_to_partners_winners``), the short hand's winners first
    (``unblock_short_hand_first``), which small card links to partner's winners
    (``keep_links``), which winner is the only entry between the hands (``keep_entries``),
    crossing by partner's ruff (``cross_by_ruff``), unblocking a suit blocked by partner's
    cards (``unblock_blocked_suits``) and overtaking partner's last card of a suit
    (``overtake_to_reach``), leading low from a suit of losers (``lead_low_from_losers``:
    a defender's top card of nothing tells partner something), which of a suit's winners
    partner's cards make the one to keep (``winners_from_the_bottom``) and which loser
    partner can ruff (``keep_ruffable_losers``), which winners to cash before crossing to
    partner's (``cash_before_crossing``), which suits are dead to the side
    (``discard_from_dead_suits``); which card partner plays
    stays a choice among normal plays (70D2). ``keep_guards``, ``keep_small_guards`` and
    ``keep_live_last_card`` stay: they apply to the claiming defender's own discards
    (``PlayView.bound``), and never to his partner's."""
    return replace(
        policy,
        cross_to_partners_winners=False,
        unblock_short_hand_first=False,
        keep_links=False,
        keep_entries=False,
        cross_by_ruff=False,
        unblock_blocked_suits=False,
        overtake_to_reach=False,
        lead_low_from_losers=False,
        winners_from_the_bottom=False,
        keep_ruffable_losers=False,
        cash_before_crossing=False,
        discard_from_dead_suits=False,
    )


CLAIMER_ONLY: Final = (
    "lead_forgotten_trump",
    "lead_believed_winner",
    "keep_counted_cards",
    "repeat_stated_finesse",
    "nonclaimers_normal",
)
"""The switches that judge what the claimer said or overlooked (his statement, the trump or
the card he forgot), or the non-claimers themselves: none of them applies to the non-claimers'
plays (``for_nonclaimers``)."""


def for_nonclaimers(policy: NormalPolicy, defenders: bool) -> NormalPolicy:
    """The policy the non-claimers' plays are held to under ``nonclaimers_normal``: the
    claimer's preset and switches, less those that judge a claimer (``CLAIMER_ONLY``: they made
    no statement and overlooked nothing the claim shows), and, when the non-claimers are the
    defenders (``defenders``: a declarer's claim), less the judgements that read partner's hand
    (``for_defenders``), as a defender does not see it. Declarer's side, the non-claimers of a
    defender's claim, keep them: declarer sees dummy."""
    others = policy.with_switches(**dict.fromkeys(CLAIMER_ONLY, False))
    return for_defenders(others) if defenders else others


class PlayView:
    """What a player of the claimer's side sees when it is his turn (integers as in engines).

    A plain class, not a dataclass, and read-only by convention: the claim search builds one
    per claimer's-side play, and compiled (``solver/native.py``) a dataclass's generated
    ``__init__`` still runs as Python, at many times the cost of this one."""

    def __init__(
        self,
        seat: int,
        held: tuple[int, int, int, int],
        trick: tuple[int, ...],
        leader: int,
        trump: int | None,
        claimer_side: int,
        voids: int,
        trumps_aware: bool,
        bound: int = 15,
        solid: int = -1,
        believed: int = 0,
        counted: int = 0,
        length: int = -1,
        found: int = 0,
    ) -> None:
        self.seat = seat
        self.held = held
        self.trick = trick
        self.leader = leader
        self.trump = trump
        self.claimer_side = claimer_side
        self.voids = voids
        """Bit 4*seat+suit: that player is known to be void in that suit."""
        self.trumps_aware = trumps_aware
        self.bound = bound
        """Bit per seat whose cards the claimer sees and plays: both hands of declarer's side;
        on a defender's claim, his own only (``keep_guards``)."""
        self.solid = claim_solidity(held, claimer_side, trump) if solid < 0 else solid
        """The claimer's side's honours that bind as lone winners under ``honour_master_binds``
        off (``claim_solidity``: solidity at the claim, aces, trump honours), a bit mask: fixed
        for the whole search, so the search passes the claim's; -1 (the
        default) takes the cards held here, for a view at the claim itself."""
        self.believed = believed
        """The claimer's side's cards he is taken as thinking good though an opponent's card
        beats them (``believed_good``, ``lead_believed_winner``), a bit mask fixed at the claim."""
        self.counted = counted
        """The claimer's side's cards his counts of tricks per suit need (``counted_cards``: a
        ``count`` step of his statement), a bit mask fixed at the claim: none without counts."""
        self.length = claim_length(held, claimer_side, bound) if length < 0 else length
        """The claimer's side's cards of suits their masters cleared at the claim
        (``claim_length``, ``keep_length_winners``), a bit mask fixed for the whole search, as
        ``solid`` is; -1 (the default) takes the cards held here."""
        self.found = found
        """Of ``believed``, the cards a finding of fact gives (``Claim.overlooked``): the
        belief known, not guessed, on which a hand is taken for all winners in his mind
        (``_all_good_to_him``)."""

    def with_held(self, held: tuple[int, int, int, int]) -> PlayView:
        """The same view with other cards held (a play considered from another hand)."""
        return PlayView(
            self.seat,
            held,
            self.trick,
            self.leader,
            self.trump,
            self.claimer_side,
            self.voids,
            self.trumps_aware,
            self.bound,
            self.solid,
            self.believed,
            self.counted,
            self.length,
            self.found,
        )


def believed_good(
    held: tuple[int, int, int, int],
    seats: int,
    claimer_side: int,
    trump: int | None,
    named_suits: int,
) -> int:
    """The cards a claimer who claimed more than best play gives is taken as thinking good
    (``lead_believed_winner``), a bit mask: of the hands in ``seats`` (a bit per seat: those
    whose cards he sees), each card of a suit other than trumps, and not in ``named_suits`` (a
    bit per suit his statement names), that exactly one opponent's card beats."""
    theirs = hand_of(held, 1 - claimer_side) | hand_of(held, 3 - claimer_side)
    believed = 0
    for seat in range(4):
        if not seats >> seat & 1:
            continue
        for suit in range(4):
            if suit == trump or named_suits >> suit & 1:
                continue
            for card in cards_in(hand_of(held, seat) & SUIT_MASKS[suit]):
                if popcount(theirs & cards_above(card)) == 1:
                    believed |= 1 << card
    return believed


def overlooked_belief(
    held: tuple[int, int, int, int], seats: int, claimer_side: int, overlooked: int
) -> int:
    """The cards a claimer found to have overlooked the opponents' cards ``overlooked`` (a bit
    mask; a finding of fact, ``Claim.overlooked``) thinks good (``lead_believed_winner``), a
    bit mask: of the hands in ``seats``, each card that an overlooked card beats and no other
    card of the opponents' does. Found by the director, the belief needs no claim above best
    play to show it, as ``believed_good``'s does."""
    theirs = hand_of(held, 1 - claimer_side) | hand_of(held, 3 - claimer_side)
    seen = theirs & ~overlooked
    believed = 0
    for seat in range(4):
        if not seats >> seat & 1:
            continue
        for card in cards_in(hand_of(held, seat)):
            above = cards_above(card)
            if overlooked & above and not seen & above:
                believed |= 1 << card
    return believed


def claim_solidity(held: tuple[int, int, int, int], claimer_side: int, trump: int | None) -> int:
    """The honours of the claimer's side that bind top-down as lone winners even under
    ``honour_master_binds`` off, judged on ``held`` (the cards at the claim), as a bit mask:
    every honour of a suit in which his side then held two or more winners (cards above every
    card of the suit the opponents hold, in either hand): a suit with solidity, which the
    claimer cashes from the top, so that the K of AK5 opposite 42 goes before the 5 once the A
    has gone, and the Q of Q63 once partner's A has; every ace (nobody leads low from an ace he
    thinks good, as a respondent to the EBU's J6 ruling held); and every honour of trumps (a low
    trump before the J of J32 with the T out was called more than careless by an EBU TD, the
    claims catalogue's C2). The J of J6 in a side suit, the 9 out, is none of these."""
    theirs = hand_of(held, 1 - claimer_side) | hand_of(held, 3 - claimer_side)
    ours = hand_of(held, claimer_side) | hand_of(held, claimer_side + 2)
    solid = 0
    for suit in range(4):
        honours = ours & HONOUR_MASKS[suit]
        masters = masters_in(ours, theirs, suit)
        if masters & (masters - 1) or suit == trump:
            solid |= honours
        solid |= ours & ACE_MASKS[suit]
    return solid


def claim_length(held: tuple[int, int, int, int], claimer_side: int, seen: int = 15) -> int:
    """The cards of the claimer's side, judged on ``held`` (the cards at the claim), that
    ``keep_length_winners`` keeps, as a bit mask: every card of a hand's suit in which the
    hand holds a master and as many masters as the opponents hold cards of the suit, so that
    each card of it wins cashed from the top (North's C A T 9 8 6, the CQ alone out), or, the
    hand the longer, as many masters between the two hands (``_cleared_by_masters``). Fixed at
    the claim: a suit cleared only by the opponents' discards after it (West letting a heart
    go under a squeeze) is one a claimer who stated no squeeze need not have watched.
    Partner's masters count only where the claimer sees and plays both hands (``seen``, a bit
    per seat: declarer's side), as a defender does not see his partner's."""
    theirs = hand_of(held, 1 - claimer_side) | hand_of(held, 3 - claimer_side)
    length = 0
    for seat in (claimer_side, claimer_side + 2):
        hand = hand_of(held, seat)
        partner = _partner_if_seen(held, seen, seat)
        for suit in range(4):
            if _cleared_by_masters(hand, partner, theirs, suit):
                length |= hand & SUIT_MASKS[suit]
    return length


def _partner_if_seen(held: tuple[int, int, int, int], seen: int, seat: int) -> int:
    """``seat``'s partner's hand where the claimer sees and plays both (``seen``, a bit per
    seat: declarer's side), else 0: the hand a judgement may read beside ``seat``'s."""
    if (seen >> seat) & 1 and (seen >> (seat ^ 2)) & 1:
        return hand_of(held, seat ^ 2)
    return 0


def _cleared_by_masters(hand: int, partner: int, theirs: int, suit: int) -> bool:
    """Does ``hand`` hold a master of ``suit``, and either as many masters of its own as
    ``theirs`` holds cards of it, or more cards of it than partner with the side's masters
    together that many (N's H A J 6 5 4 2 opposite S's H K Q 9 3, the T 8 7 out), so that
    every card of the hand's there wins a trick once the opponents' cards have gone?
    ``partner`` is 0 where his hand is not read."""
    masters = masters_in(hand, theirs, suit)
    if not masters:
        return False
    out = popcount(theirs & SUIT_MASKS[suit])
    if popcount(masters) >= out:
        return True
    if _partner_as_long(hand, partner, suit):
        return False
    return popcount(masters_in(hand | partner, theirs, suit)) >= out


def is_master(view: PlayView, card: int) -> bool:
    """No opponent of the claimer's side still holds a higher card of that suit."""
    higher = cards_above(card)
    for seat in range(4):
        if seat % 2 != view.claimer_side and hand_of(view.held, seat) & higher:
            return False
    return True


def current_winner(view: PlayView) -> tuple[int, int] | None:
    """(seat, card) winning the trick in progress so far, or None before the lead."""
    if not view.trick:
        return None
    return winner_so_far(view.leader, view.trick, view.trump)


def legal(view: PlayView) -> list[int]:
    hand = hand_of(view.held, view.seat)
    if view.trick:
        suit = view.trick[0] // 13
        if hand & SUIT_MASKS[suit]:
            hand &= SUIT_MASKS[suit]
    return cards_in(hand)


def claimer_options(policy: NormalPolicy, view: PlayView) -> list[int]:
    """The normal plays of a claimer's-side player with nothing stated for this play."""
    if not view.trick:
        return _leads(policy, view)
    cards = legal(view)
    led = view.trick[0] // 13
    winning = current_winner(view)
    assert winning is not None
    partner_winning = winning[0] % 2 == view.claimer_side
    if cards[0] // 13 == led:
        return _follows(policy, view, cards, winning[1], partner_winning)
    if (
        policy.keep_live_last_card
        and len(cards) == 2
        and len(view.trick) == 3
        and not partner_winning
        and (view.bound >> view.seat) & 1
    ):
        dead = _dead_last_card(view, cards, winning)
        if dead >= 0:
            return [dead]
    return _void_plays(policy, view, cards, winning[1], partner_winning)


def _dead_last_card(view: PlayView, cards: list[int], winning: tuple[int, int]) -> int:
    """Last to play to the twelfth trick, void in the suit led, with two cards left and an
    opponent winning the trick whichever goes (``keep_live_last_card``): the one card of a
    suit that opponent, on lead to the last trick, has shown out of (not a trump: he cannot
    lead it, so it cannot win), which the hand throws to keep the other; -1 when there is no
    such single card. South, with DJ and SA, West winning with the HT and void in diamonds,
    throws the DJ. Keeping it can never do better, so the judgements that choose among
    discards (an entry kept, a winner thrown from the bottom) do not apply: there is no trick
    after the last. Shown-outs are what the claimer saw (70E1); which card the leader holds is
    not counted out from the cards gone."""
    seat, best = winning
    if beats(cards[0], best, view.trump) or beats(cards[1], best, view.trump):
        return -1  # a ruff wins the trick: the last lead is his side's
    dead = [
        card
        for card in cards
        if card // 13 != view.trump and (view.voids >> (4 * seat + card // 13)) & 1
    ]
    return dead[0] if len(dead) == 1 else -1


def _lead_suits(policy: NormalPolicy, view: PlayView, hand: int, theirs: int) -> list[int]:
    """The suits the hand on lead may lead from, before winners and crossings are weighed:
    trumps only for a claimer aware of theirs whose side can draw one
    (``draw_trumps_when_aware``), else any suit it holds, an idle trump left out
    (``no_idle_trump_lead``)."""
    trump = view.trump
    if (
        policy.draw_trumps_when_aware
        and view.trumps_aware
        and trump is not None
        and hand & SUIT_MASKS[trump]
        and theirs & SUIT_MASKS[trump]
        and _can_draw(view, SUIT_MASKS[trump], theirs)
    ):
        return [trump]
    suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
    if (
        policy.no_idle_trump_lead
        and trump is not None
        and not theirs & SUIT_MASKS[trump]
        and any(s != trump for s in suits)
        and not _all_good_to_him(policy, view, hand, theirs)
    ):
        suits = [s for s in suits if s != trump]
    return suits


def _all_good_to_him(policy: NormalPolicy, view: PlayView, hand: int, theirs: int) -> bool:
    """Does the claimer take every card of the hand for a winner, one of them wrongly: does it
    hold a card he is found to think good (``lead_believed_winner`` on a card found overlooked,
    ``PlayView.found``) that an opponent's card still beats, and besides it only trumps,
    masters and other such cards? Then he cashes them in any order (EBU WB 8.70.4), an idle
    trump among them, which ``no_idle_trump_lead`` does not keep back: North, with C9 and
    H9 6 5 below East's overlooked HT, may cash the C9 before his hearts (posters on the Laws
    forum of Bridge Base Online: "he may cash both his trumps and then lead a heart"). Not on
    the cards a claim above best play has him guessed to think good (``believed_good``): that
    guess takes every card a single opponent's card beats, more than he overlooked (the USBF
    director gave 5D-1, not two down, where the guess covers dummy's whole hand)."""
    believed = hand & view.found
    if not policy.lead_believed_winner or not believed:
        return False
    if not any(theirs & cards_above(card) for card in cards_in(believed)):
        return False
    for suit in range(4):
        if suit != view.trump and hand & SUIT_MASKS[suit] & ~believed & ~masters_in(
            hand, theirs, suit
        ):
            return False
    return True


def _can_draw(view: PlayView, trumps: int, theirs: int) -> bool:
    """Does a trump lead draw something (``draw_trumps_when_aware``)? It does when the
    claimer's side holds a trump (of the mask ``trumps``) above one of the opponents'
    (``theirs``; partner's cards count when the claimer sees them, ``bound``): the SJ against
    their SQ and S6 draws the six. It does when each opponent holds a trump: their two fall
    on one trick, the SQ and SJ together under a low one. Not when all their trumps are in one
    hand and above all of the side's: against a lone SQ a trump lead only gives up the trick the
    queen takes, which the claimer may do now or after his winners."""
    ours = _side_seen(view)
    their_trumps = theirs & trumps
    lowest = their_trumps & -their_trumps
    if (ours & trumps).bit_length() > lowest.bit_length():
        return True
    side = view.claimer_side
    return bool(hand_of(view.held, 1 - side) & trumps and hand_of(view.held, 3 - side) & trumps)


def _believed_trump(
    policy: NormalPolicy, view: PlayView, suits: list[int], masters: list[int], theirs: int
) -> list[int]:
    """The trump suit, when the claimer, unaware of a higher trump an opponent holds, thinks
    his own trumps good (``lead_forgotten_trump``); else nothing."""
    trump = view.trump
    if (
        policy.lead_forgotten_trump
        and trump is not None
        and not view.trumps_aware
        and trump in suits
        and not masters[trump]
        and theirs & SUIT_MASKS[trump]
    ):
        return [trump]
    return []


def _forgotten_trump_crossings(
    policy: NormalPolicy, view: PlayView, hand: int, theirs: int, suits: list[int]
) -> list[int]:
    """For a claimer unaware of the opponents' trump (``lead_forgotten_trump``), who thinks
    partner's side-suit winners as good as his own: the low card to each of them, which a hand
    ``winners_first`` holds to its winners may lead among them, as it would cash them with no
    trump out (the HK, then the H5 to partner's HA, West ruffing; the catalogue's C1, "cashing
    side winners into a ruff"). Only for a hand whose winners are its trumps, and while it
    keeps a way back to them (``_way_back``): a hand with side winners of its own cashes them
    first, and a crossing that strands them is no order of cashing (a real claim, board 14 of
    a World Championship record, went two down when South crossed to North's spades holding
    the DK that blocked North's diamonds)."""
    trump = view.trump
    if (
        not policy.winners_first
        or not policy.lead_forgotten_trump
        or not policy.cross_to_partners_winners  # off for a defender: he sees not partner's hand
        or trump is None
        or view.trumps_aware
        or not theirs & SUIT_MASKS[trump]
    ):
        return []
    if not masters_in(hand, theirs, trump) or any(
        masters_in(hand, theirs, suit) for suit in range(4) if suit != trump
    ):
        return []  # no winner to hold it to, or side winners of its own to cash first
    partner = hand_of(view.held, view.seat ^ 2)
    crossings: list[int] = []
    for suit in suits:
        if suit == trump or not masters_in(partner, theirs, suit):
            continue
        cards = cards_in(hand & SUIT_MASKS[suit])
        for card in cards[:1] if policy.lead_low_from_losers else cards:
            if _way_back(hand & ~(1 << card), partner, theirs, trump):
                crossings.append(card)
    return crossings


def _way_back(hand: int, partner: int, theirs: int, trump: int) -> bool:
    """Can partner, on lead, give the lead back to the hand's winners (``hand`` after its
    lead)? Yes when the hand holds none; when partner holds a card below the hand's lowest
    winner of a suit; or when he holds a card of a suit the hand is void in and the hand a
    master trump to ruff it with."""
    masters = [masters_in(hand, theirs, suit) for suit in range(4)]
    if not any(masters):
        return True
    for suit, ours in enumerate(masters):
        if ours and partner & SUIT_MASKS[suit] & ((ours & -ours) - 1):
            return True
    if masters[trump]:
        return any(partner & SUIT_MASKS[s] and not hand & SUIT_MASKS[s] for s in range(4))
    return False


def _leads(policy: NormalPolicy, view: PlayView) -> list[int]:
    hand = hand_of(view.held, view.seat)
    theirs = _opponents_cards(view)
    suits = _lead_suits(policy, view, hand, theirs)
    out = _leads_by_rules(policy, view, hand, theirs, suits)
    out += [
        c for c in _forgotten_trump_crossings(policy, view, hand, theirs, suits) if c not in out
    ]
    if policy.lead_believed_winner and hand & view.believed:
        # The cards he thinks good, while the card he overlooked is out: at any time he leads a
        # suit he may lead, each as a winner, so from the top under ``top_down`` (the HA, then
        # the H8 he thinks good) (``lead_believed_winner``).
        for card in cards_in(hand & view.believed):
            if (
                card // 13 in suits
                and theirs & cards_above(card)
                and not (policy.top_down and hand & cards_above(card))
                and card not in out
            ):
                out.append(card)
    return out


def _leads_by_rules(
    policy: NormalPolicy, view: PlayView, hand: int, theirs: int, suits: list[int]
) -> list[int]:
    """The leads the policy's other judgements admit, of the suits the hand may lead
    (``_lead_suits``)."""
    masters = [masters_in(hand, theirs, s) for s in range(4)]
    winner_suits = [s for s in suits if masters[s]]  # the suits whose top card is a winner
    believed = _believed_trump(policy, view, suits, masters, theirs)
    if policy.winners_first and winner_suits:
        suits = winner_suits + believed
    elif not winner_suits:
        crossing = _crossing_suits(policy, view, suits, theirs)
        if not crossing and policy.cross_by_ruff:
            low = _trump_crossing(view, hand, theirs)
            if low >= 0:
                return [low]
        suits = crossing + [s for s in believed if s not in crossing] if crossing else suits
    out: list[int] = []
    for suit in suits:
        cards = cards_in(hand & SUIT_MASKS[suit])
        binds = masters_bind(
            masters[suit], suit, policy.honour_master_binds, policy.spot_master_binds, view.solid
        )
        if policy.top_down and binds:
            out.append(cards[-1])
        elif policy.lead_low_from_losers and not masters[suit] and suit not in believed:
            out.append(cards[0])
        else:
            out.extend(cards)
    partner = hand_of(view.held, view.seat ^ 2)
    if policy.unblock_blocked_suits and policy.winners_first and winner_suits:
        # The hand's own blocking winners first (the short hand's high cards), then a low card
        # to partner's; meanwhile no winner partner can reach the hand by (its entries).
        blocking = [card for card in out if blocks(hand, partner, card // 13)]
        if blocking:
            return blocking
        overtakes = policy.overtake_to_reach
        blocked = [
            s for s in winner_suits if _blocked(hand, partner, theirs, s, view.trump, overtakes)
        ]
        if blocked:
            unblocking = [cards_in(hand & SUIT_MASKS[s])[0] for s in blocked]
            others = [
                card
                for card in out
                if card // 13 not in blocked
                and not _reaches(partner, hand, card // 13)
                and not (policy.unblock_short_hand_first and _partner_must_overtake(partner, card))
            ]
            return unblocking + others
    if policy.winners_first and winner_suits:
        opponents = (hand_of(view.held, view.seat ^ 1), hand_of(view.held, view.seat ^ 3))
        return _own_winners_first(policy, hand, partner, opponents, out, view.trump)
    return out


def _own_winners_first(
    policy: NormalPolicy,
    hand: int,
    partner: int,
    opponents: tuple[int, int],
    leads: list[int],
    trump: int | None,
) -> list[int]:
    """Of a hand's winning ``leads``, those that keep the hands connected: not one partner must
    overtake while another remains (``unblock_short_hand_first``), nor the hand's last card of
    a suit partner holds a higher winner of (``cash_before_crossing``)."""
    if policy.unblock_short_hand_first:
        kept = [card for card in leads if not _partner_must_overtake(partner, card)]
        leads = kept or leads
    theirs = opponents[0] | opponents[1]
    if policy.cash_before_crossing:
        kept = [card for card in leads if not _crosses(hand, partner, theirs, card)]
        leads = kept or leads
    if policy.keep_entries:
        crossing: list[int] = []
        for card in leads:
            low = _sparing_entry(hand, partner, opponents, card, trump)
            if low != card and low not in crossing:
                crossing.append(low)
        if crossing:
            # The winners of other suits go first, then the low card to partner's entry.
            suits = {low // 13 for low in crossing}
            leads = [card for card in leads if card // 13 not in suits] or crossing
    return leads


def _sparing_entry(
    hand: int, partner: int, opponents: tuple[int, int], card: int, trump: int | None
) -> int:
    """The lead in place of the winner ``card`` (``keep_entries``): the hand's lowest card of
    its suit when ``card`` would drop partner's one card there, his only way in to winners of
    a suit the hand is void in, and crossing takes more tricks than it costs; else ``card``.
    Led, ``card`` and the hand's next cards take the tricks the suit gives from the top
    (``_tricks_from_the_top``: length counts once the opponents' cards are gone) and waste
    partner's card, which falls under it, with his winners elsewhere stranded; the low card
    takes partner's card and those winners, and strands the hand's cards of the suit unless
    partner has a way back to the hand. So the low card is led when partner's card and his
    stranded winners outnumber what the suit gives from the top (S's SA J opposite N's bare SK
    and a master C9, West holding SQ 8: the SJ, for the K and the 9, not the SA, for the A
    alone; but W's CK 9 8 opposite E's bare CQ and a master HK, with the C7 5 and the CJ out in
    the two hands: the CK, for three club tricks, not the C8, for the Q and the K of hearts).
    Not in a side suit when partner holds a trump: his trumps are no stranded winners, and a
    lead he ruffs is another way in. In trumps his one trump is the crossing card itself, and
    once it falls he has no ruff left (N's CJ 2 opposite S's bare CT, clubs trumps, E's C6 out,
    S's other cards all winners: the C2, not the CJ that crashes the ten and leaves N on lead
    with losers)."""
    suit = card // 13
    if trump is not None and trump != suit and partner & SUIT_MASKS[trump]:
        return card
    mask = SUIT_MASKS[suit]
    his = partner & mask
    lower = hand & mask & (his - 1)
    if his == 0 or his & (his - 1) or his > 1 << card or not lower:
        return card
    theirs = opponents[0] | opponents[1]
    if not masters_in(partner, theirs, suit):
        return card  # his card is no way in: an opponent's card beats it
    stranded = 0
    way_back = False
    for other in range(4):
        if other == suit:
            continue
        his_masters = masters_in(partner, theirs, other)
        ours = hand & SUIT_MASKS[other]
        if his_masters and _reaches(hand, partner, other):
            return card  # another way in: the hand leads this suit to his top winner
        if his_masters and not ours:
            stranded += popcount(his_masters)
        masters = masters_in(hand, theirs, other)
        if masters and partner & SUIT_MASKS[other] & ((masters & -masters) - 1):
            way_back = True
    low = (lower & -lower).bit_length() - 1
    first, second = (cards & mask for cards in opponents)
    cost = 0 if way_back else _tricks_from_the_top(hand & mask, first, second)
    # Crossing: partner's card and his stranded winners; cashing: the suit from the top.
    return low if 1 + stranded > cost else card


def _tricks_from_the_top(ours: int, first: int, second: int) -> int:
    """The tricks a hand takes leading its cards of one suit (``ours``) from the top until it
    first loses one, each opponent (``first``, ``second``: his cards of the suit) following
    with his lowest card and keeping his higher ones: its i-th card wins when it is above the
    top card of each opponent still holding the suit after i - 1 rounds (from CK 9 8 against
    C7 5 and a bare CJ, three; from SA J against SQ 8, one)."""
    count = 0
    held = (popcount(first), popcount(second))
    tops = (first.bit_length() - 1, second.bit_length() - 1)
    while ours:
        top = ours.bit_length() - 1
        if any(held[i] > count and tops[i] > top for i in (0, 1)):
            break
        count += 1
        ours &= ~(1 << top)
    return count


def _blocked(
    hand: int, partner: int, theirs: int, suit: int, trump: int | None, overtakes: bool = False
) -> bool:
    """Is the suit blocked for ``hand`` (``unblock_blocked_suits``): the hand holds two or more
    winners of it (or one, partner holding a single card of the suit), partner fewer cards of
    it, his highest above all of the hand's, and after his high card wins he has a way back
    to the hand: a lower card of the suit, or a card of another suit below a winner of the
    hand's there (an entry) that survives his higher cards of that suit, which he would cash
    first (``_entry_survives``: E's bare CK opposite W's CA J T 7 falls under the ace, and is
    no way back to E's diamonds) and does not block his own run of that suit
    (``_entry_blocks``), unless it is a trump, which he may reach by a ruff? Or the mirror
    (``crashes``): partner's fewer cards all winners below the hand's top card, which led would
    crash one of them, and the hand holding a lower card to lead to them: two or more of his,
    which give the lead back as the hand overtakes his last (``overtakes``:
    ``overtake_to_reach`` on): W's CA J T 7 4 opposite E's bare CK Q, the C4 to the Q, the K
    overtaken by the A, five club tricks, not two; or his winners and a lower card, which he
    leads back (S's HA K J 9 5 opposite N's HQ 3: the H5 to the Q, four heart tricks, not
    three). A single card of his is not read so: led to, it would need an entry back, and the
    crash may cost less (a World Championship claim kept dummy's entry for its clubs by
    throwing the DT under the DQ)."""
    mask = SUIT_MASKS[suit]
    ours = hand & mask
    his = partner & mask
    if crashes(hand, partner, theirs, suit):
        # Partner's shorter holding lies below the hand's top card, which would crash his
        # winners: they take the lead, and give it back when the hand overtakes his last
        # (``overtake_to_reach``) or by his lower card.
        return overtakes
    if his == 0 or popcount(his) >= popcount(ours) or his.bit_length() <= ours.bit_length():
        return False
    if popcount(masters_in(hand, theirs, suit)) < 2 and his & (his - 1):
        # One winner stranded at most: not worth an entry kept back; unless partner's one
        # card must overtake it, when leading the winner wastes it for sure (S's HK 7
        # opposite N's bare HA: the 7 goes to the ace, the K kept).
        return False
    if his & ((1 << (ours.bit_length() - 1)) - 1):
        return True
    for other in range(4):
        if (
            other != suit
            and masters_in(hand, theirs, other)
            and _reaches(partner, hand, other)
            and (
                other == trump
                or (
                    _entry_survives(hand, partner, other)
                    and not _entry_blocks(hand, partner, theirs, other)
                )
            )
        ):
            return True
    return False


def _entry_survives(hand: int, partner: int, suit: int) -> bool:
    """Does the hand's highest card of ``suit`` outlast partner's higher cards of it: does it
    hold as many lower cards to follow under them? (S's CK Q 8 4 opposite N's CA J T 9 6 5:
    the 4 goes under the ace and the king stays an entry; E's bare CK under W's CA does not.)"""
    ours = hand & SUIT_MASKS[suit]
    top = ours.bit_length() - 1
    return popcount(ours) - 1 >= popcount(partner & cards_above(top))


def _entry_blocks(hand: int, partner: int, theirs: int, suit: int) -> bool:
    """Would the hand's entry in ``suit`` block partner's own run of it: once the hand has
    followed under partner's higher cards with its lowest ones, are its cards left all above
    his, fewer, and is one of his a winner (above the opponents' cards of the suit)? Then
    reaching the hand by it strands partner's winners, and the hand cannot give the lead back
    in the suit (E's CK Q opposite W's CA J T 7 4, the opponents' 9 and below: the Q falls
    under the A and the K, led to, wins W's J and strands the T; S's CK Q 8 4 opposite N's
    CA J T 9 6 5 keeps the 8 to lead back under the J, and is a way back; so is E's CK T
    opposite W's CA J 9 4 with N's CQ out: W's J 9 4 win nothing to strand)."""
    ours = hand & SUIT_MASKS[suit]
    his = partner & SUIT_MASKS[suit]
    above = popcount(his & cards_above(ours.bit_length() - 1))
    for _ in range(above):
        ours &= ours - 1  # the lowest card follows under one of his higher ones
        his &= ~(1 << (his.bit_length() - 1))
    lowest = (ours & -ours).bit_length() - 1
    return (
        ours != 0
        and popcount(his) > popcount(ours)
        and his.bit_length() - 1 < lowest
        and masters_in(his, theirs, suit) != 0
    )


def blocks(hand: int, partner: int, suit: int) -> bool:
    """Does the hand block partner's suit: it holds fewer cards of it than partner, its
    highest above all of his?"""
    mask = SUIT_MASKS[suit]
    ours = hand & mask
    his = partner & mask
    return his != 0 and popcount(ours) < popcount(his) and ours.bit_length() > his.bit_length()


def crashes(hand: int, partner: int, theirs: int, suit: int, returns: bool = True) -> bool:
    """Would the hand's top cards of ``suit``, led, crash winners of partner's that could give
    the lead back: he holds fewer cards of the suit than the hand, all below the hand's top
    card, and either two or more, all of them above the opponents' (``theirs``), or, with
    ``returns``, winners and a lower card to lead back, the hand holding as many cards above
    his winners as he has lower cards, or more (S's HA K J 9 5 opposite N's HQ 3: the HA and
    HK drop the Q; N's CK 9 8 3 opposite S's CQ 7, the CJ out: the CK first, the 7 under it,
    leaves the Q to win the next round and the 9 8 stranded, a block rather than a crash)?
    The hand must hold a card below his winners to lead to them instead (W's CA J T 7 4
    opposite E's bare CK Q, where the CA drops the Q and the CJ the K). The mirror of
    ``blocks``: the short hand's winners go first either way. Not partner's one card (S's DK 6
    opposite N's bare DQ): led to, it would need an entry back, and crashing it may cost
    less."""
    mask = SUIT_MASKS[suit]
    ours = hand & mask
    his = partner & mask
    if not his or popcount(his) >= popcount(ours) or his.bit_length() >= ours.bit_length():
        return False
    masters = masters_in(partner, theirs, suit)
    lowest = masters & -masters
    if not masters or not ours & (lowest - 1):
        return False
    if masters == his:
        return popcount(his) >= 2
    if not returns or popcount(ours & ~((lowest << 1) - 1)) < popcount(his & ~masters):
        return False
    # The crash costs a trick only if the hand's cards, cashed from the top, do not all win
    # (N's HK J 8 5 over S's H9 7 3, the opponents' H6 4 out: all four win).
    return _winning_cards(ours, theirs, suit) < popcount(ours)


def _winning_cards(cards: int, theirs: int, suit: int) -> int:
    """How many of ``cards`` (one hand's, of ``suit``) win when cashed from the top: its
    masters over ``theirs``, then those left once the opponents' cards of the suit are out
    (DA 8 7 6 5 against a lone D9: all five), the losers between counted out, where
    ``_tricks_from_the_top`` stops at the first. The opponents' cards are counted together,
    so a split between them is not read (conservative: fewer length winners)."""
    length = popcount(cards & SUIT_MASKS[suit])
    mine = popcount(masters_in(cards, theirs, suit))
    return mine + max(0, length - max(popcount(theirs & SUIT_MASKS[suit]), mine))


def _reaches(partner: int, hand: int, suit: int) -> bool:
    """Can partner lead the suit to the hand's highest card of it: does he hold a lower card
    (the hand's winner there is its entry)?"""
    mask = SUIT_MASKS[suit]
    return partner & mask & ((1 << ((hand & mask).bit_length() - 1)) - 1) != 0


def _crossing_suits(
    policy: NormalPolicy, view: PlayView, suits: list[int], theirs: int
) -> list[int]:
    """For a hand on lead with no winner: the suits it may lead that reach partner, those in
    which he holds a winner (``cross_to_partners_winners``), else those he ruffs with a trump
    above the opponents' (``cross_by_ruff``); empty when there are none (any lead is normal)."""
    partner = hand_of(view.held, view.seat ^ 2)
    trump = view.trump
    if policy.cross_to_partners_winners:
        crossing = [s for s in suits if masters_in(partner, theirs, s)]
        if crossing:
            return crossing
    if policy.cross_by_ruff and trump is not None and masters_in(partner, theirs, trump):
        return [s for s in suits if s != trump and not partner & SUIT_MASKS[s]]
    return []


def _trump_crossing(view: PlayView, hand: int, theirs: int) -> int:
    """The hand's lowest trump, led to partner's higher one, when that takes every trick left
    (``cross_by_ruff``), else -1: the opponents hold no trump (so ``no_idle_trump_lead`` kept
    the hand's back) and no suit reaches partner, the hand's other cards are all losers and no
    more than partner's winners of suits the hand is void in (``_winning_cards``: masters,
    and length once they have drawn the opponents' cards, counted together), which they are
    thrown on, and the hand keeps a trump for each of partner's other side cards, which it
    ruffs. So South, with H6 3 and the D7 opposite North's H8, SQ and DJ, no trump out, leads
    the H3 (the D7 goes on the SQ, the DJ is ruffed) rather than the D7, which gives a trick
    away; and with S8 7 3 2 and four losers opposite the SQ and H K Q J 5 4, four hearts out,
    the S2 (three masters and a length card take the four losers)."""
    trump = view.trump
    if trump is None or theirs & SUIT_MASKS[trump]:
        return -1
    partner = hand_of(view.held, view.seat ^ 2)
    ours = hand & SUIT_MASKS[trump]
    his = partner & SUIT_MASKS[trump]
    side = hand & ~SUIT_MASKS[trump]
    low = lowest_card(ours)
    if not ours or not side or highest_card(his) <= low:
        return -1
    winners = sum(
        _winning_cards(partner, theirs, s)
        for s in range(4)
        if s != trump and not hand & SUIT_MASKS[s]
    )
    others = popcount(partner & ~SUIT_MASKS[trump]) - winners
    if winners < popcount(side) or others > popcount(ours) - 1:
        return -1
    return low


def _crosses(hand: int, partner: int, theirs: int, card: int) -> bool:
    """Is ``card`` the hand's last card of its suit, partner holding a winner of the suit above
    it (``cash_before_crossing``)? Led, it hands partner the lead if he overtakes, and strands
    his winners of the suit if he does not: the hand's winners elsewhere then wait or are lost."""
    suit = card // 13
    if hand & SUIT_MASKS[suit] != 1 << card:
        return False
    return masters_in(partner, theirs, suit) & cards_above(card) != 0


def _partner_must_overtake(partner: int, card: int) -> bool:
    """Does partner hold cards of the card's suit, all of them higher (the lead hands him the
    trick whatever he plays, with the lead)?"""
    suit = partner & SUIT_MASKS[card // 13]
    return suit != 0 and suit & ((1 << card) - 1) == 0


HONOURS: Final = 8
"""Rank index (0 for the 2) from which a card is an honour: the ten, jack, queen, king, ace."""
HONOUR_MASKS: Final = tuple(0x1F00 << (13 * suit) for suit in range(4))
"""Each suit's honours (the ten to the ace), as a bit mask."""
ACE_MASKS: Final = tuple(0x1000 << (13 * suit) for suit in range(4))
"""Each suit's ace, as a bit mask."""


def masters_bind(
    masters: int, suit: int, honours: bool = True, spots: bool = False, solid: int = 0
) -> bool:
    """Must a hand lead its top card of this suit (``top_down``)? ``masters``: its cards of the
    suit above every card of it the opponents hold (a bit mask).

    When the hand holds two or more winners of the suit (touching, since no opponent's card
    lies between them): nobody leads the 5 from AK5 (the 754 worked example; EBU WB 8.70.5:
    "top-down, especially with solidity"). A lone winner binds when it is an honour and either
    ``honours`` (``honour_master_binds``) or it had solidity at the claim (in ``solid``,
    ``claim_solidity``: the K of AK5, the A gone), or when it is a spot card and ``spots``
    (``spot_master_binds``); otherwise every card of the suit is a normal lead: from 754 with
    the 6 out, or J6 with the 9 out, the low card first can be merely careless (EBU WB 8.70.5,
    holdings without solidity). The claim search's bounds ask the same of a hand's masters with
    ``spots`` off (``solver/engines/claims/bounds.py``), which can only admit more leads.
    """
    if not masters:
        return False
    if popcount(masters) >= 2:
        return True
    if masters.bit_length() - 1 - 13 * suit >= HONOURS:
        return honours or bool(masters & solid)
    return spots


def _side_seen(view: PlayView) -> int:
    """The cards of the player's side that the claimer sees (a bit mask): the player's own, and
    partner's when the claimer sees them (``view.bound``: not a defender's partner's)."""
    ours = hand_of(view.held, view.seat)
    if (view.bound >> (view.seat ^ 2)) & 1:
        ours |= hand_of(view.held, view.seat ^ 2)
    return ours


def _opponents_cards(view: PlayView) -> int:
    """The cards the claimer's side's opponents hold (a bit mask)."""
    one, other = _opponents_of(view)
    return hand_of(view.held, one) | hand_of(view.held, other)


def masters_in(hand: int, theirs: int, suit: int) -> int:
    """The cards of ``hand`` in ``suit`` above every card of that suit in ``theirs`` (bit masks)."""
    mask = SUIT_MASKS[suit]
    return hand & mask & ~((1 << (theirs & mask).bit_length()) - 1)


def _sure_position(view: PlayView) -> bool:
    """Last to play, or every opponent still to play known void in the suit led and trumps
    (``voids``: shown out, or dummy's suits it held none of at a defender's claim; trumps also
    when neither opponent holds one, as ``_shown_out_behind`` reads them: every trump gone,
    West's show-out in diamonds marks the finesse of the DJ)."""
    led = view.trick[0] // 13
    return all(_known_void(view, seat, led) for seat in _opponents_to_play(view))


def _known_void(view: PlayView, seat: int, led: int) -> bool:
    """Is ``seat`` known void in the suit ``led`` (``voids``) and unable to ruff it: known
    void in trumps too, or neither opponent holding one?"""
    if not (view.voids >> (4 * seat + led)) & 1:
        return False
    trump = view.trump
    return (
        trump is None
        or (view.voids >> (4 * seat + trump)) & 1 != 0
        or not _opponents_cards(view) & SUIT_MASKS[trump]
    )


def _opponents_to_play(view: PlayView) -> list[int]:
    """The seats of the claimer's side's opponents still to play to the trick, in order."""
    seats = [(view.leader + offset) % 4 for offset in range(len(view.trick) + 1, 4)]
    return [seat for seat in seats if seat % 2 != view.claimer_side]


def _overtaken_by_partner(view: PlayView, card: int) -> bool:
    """Second to play, is ``card`` beaten by whatever partner, still to play, follows with? Then
    it is not the card that wins the trick, and ``win_when_sure`` does not bind: the trick is
    partner's whatever he plays (the C5 from CJ 5 under partner's lone C9)."""
    return len(view.trick) == 1 and _partner_must_overtake(hand_of(view.held, view.seat ^ 2), card)


def _partner_sure(view: PlayView, best: int, partner_winning: bool) -> bool:
    """Is the trick sure to be partner's: his card, ``best``, wins it so far and either the
    player is last to play, or it is a master (no opponent still holds a higher card of its
    suit), or every opponent still to play has shown out (``_shown_out_behind``)? A card
    merely winning *so far* is not sure: the opponent still to play may beat it."""
    return partner_winning and (
        len(view.trick) == 3 or is_master(view, best) or _shown_out_behind(view)
    )


def partner_sure_to_win(view: PlayView) -> bool:
    """Is the trick in progress sure to be the player's partner's, as the player sees it
    (``_partner_takes_it``)? A stated ruff is not made on it (``statements._ruff_follow``)."""
    winning = current_winner(view)
    if winning is None:
        return False
    partner_winning = winning[0] % 2 == view.claimer_side
    return _partner_takes_it(view, winning[1], partner_winning)


def partner_wins_as_the_cards_lie(view: PlayView) -> bool:
    """Is partner's card, winning the trick so far, sure to win as the cards lie: no opponent
    still to play holds a higher card of the suit led or, void in it, a trump? A stated
    crossruff ruffs a master an opponent behind can ruff (the catalogue's C4(a)), not one
    nobody can beat (C4(c)): ``statements._ruff_follow``."""
    winning = current_winner(view)
    if winning is None or winning[0] % 2 != view.claimer_side:
        return False
    led = SUIT_MASKS[view.trick[0] // 13]
    trumps = 0 if view.trump is None else SUIT_MASKS[view.trump]
    for seat in _opponents_to_play(view):
        hand = hand_of(view.held, seat)
        if hand & cards_above(winning[1]) or (not hand & led and hand & trumps):
            return False
    return True


def _partner_takes_it(view: PlayView, best: int, partner_winning: bool) -> bool:
    """Is the trick sure to be partner's, so that ruffing it wastes a trump: his card, ``best``,
    is sure (``_partner_sure``, the opponents still to play shown out included), or he is
    still to play, last, with a master (``_partner_master_to_come``)?"""
    return _partner_sure(view, best, partner_winning) or _partner_master_to_come(view)


def _shown_out_behind(view: PlayView) -> bool:
    """Can no opponent still to play take the trick: each has shown out of the suit led
    (``voids``) and either has shown out of trumps or neither opponent holds one (a claimer
    believes the trumps gone when they are)? Then partner's card, winning so far, is sure
    though an opponent who has played holds a higher one: ruffing it wastes a trump (the H6
    ruffed with West's HQ already played under it and East void; the catalogue's C4(c)), and
    following, the hand need not spend a master on it (``follow_low_to_partner``)."""
    led = view.trick[0] // 13
    trump = view.trump
    theirs = _opponents_cards(view)
    # The suits each opponent still to play must have shown out of: the suit led, and trumps
    # while either opponent holds one.
    needed = 1 << led
    if trump is not None and theirs & SUIT_MASKS[trump]:
        needed |= 1 << trump
    return all((view.voids >> (4 * seat)) & needed == needed for seat in _opponents_to_play(view))


def _partner_master_to_come(view: PlayView) -> bool:
    """Second to play, is the trick sure to be partner's though he has not played: he plays
    last, holds a master of the suit led (seen by the claimer: ``bound``), and the opponent
    between cannot ruff it (he holds the suit led, or no trump)? Then the player, void, need
    not ruff: declarer ruffing a heart in front of dummy's master HK wastes the trump, as
    ruffing partner's sure winner does (the catalogue's C4(c)), and lets the defence's next
    lead force the HK and the ruff onto one trick."""
    if len(view.trick) != 1 or view.trump is None:
        return False
    partner = view.seat ^ 2
    if not (view.bound >> partner) & 1:
        return False
    led = view.trick[0] // 13
    his = hand_of(view.held, partner) & SUIT_MASKS[led]
    top = his.bit_length() - 1
    if not his or top < view.trick[0] or not is_master(view, top):
        return False  # his top card must beat the card led too, which is no longer held
    between = hand_of(view.held, (view.seat + 1) % 4)
    return bool(between & SUIT_MASKS[led] or not between & SUIT_MASKS[view.trump])


def _opponents_sure(view: PlayView, best: int, partner_winning: bool) -> bool:
    """Is the trick sure to be the opponents': their card, ``best``, wins it so far, and the
    player's partner, if still to play, can neither beat it in its suit nor ruff it (he holds a
    card of the suit led, or no trump)? Declarer sees dummy; a defender's partner's hand is
    taken as the claimer shows it (his claim faces his cards)."""
    if partner_winning:
        return False
    if len(view.trick) >= 2:  # partner has played: the player is third or last
        return True
    partner = hand_of(view.held, view.seat ^ 2)
    led = view.trick[0] // 13
    suit = best // 13
    if partner & cards_above(best):
        return False
    trump = view.trump
    can_ruff = (
        trump is not None
        and suit != trump
        and not partner & SUIT_MASKS[led]
        and partner & SUIT_MASKS[trump]
    )
    return not can_ruff


def _follows(
    policy: NormalPolicy, view: PlayView, cards: list[int], best: int, partner_winning: bool
) -> list[int]:
    """The normal cards of a hand following suit: those of the rules below, narrowed, when
    partner's card wins the trick so far, by ``overtake_to_reach`` and
    ``no_overtake_for_nothing`` (each keeps a subset of the cards the rules give)."""
    options = _follows_by_rules(policy, view, cards, best, partner_winning)
    if not partner_winning or len(options) < 2:
        return options
    if policy.overtake_to_reach and _reaching(view, cards, best) >= 0 and _may_hold_up(view, best):
        over = [c for c in options if c > best]
        if over:
            return over[:1]
    if policy.no_overtake_for_nothing and len(view.trick) == 2 and best % 13 >= HONOURS:
        kept = [c for c in options if not beats(c, best, view.trump) or is_master(view, c)]
        if kept:
            return kept
    return options


def _follows_by_rules(
    policy: NormalPolicy, view: PlayView, cards: list[int], best: int, partner_winning: bool
) -> list[int]:
    if _partner_sure(view, best, partner_winning):
        over = _reaching(view, cards, best) if policy.overtake_to_reach else -1
        if over >= 0 and not _strands(view, best, over):
            return [over]
        if policy.follow_low_to_partner and policy.unblock_blocked_suits:
            return [_unblocking(view, cards)]
        return cards[:1] if policy.follow_low_to_partner else cards
    winners = [c for c in cards if beats(c, best, view.trump)]
    overtakes = policy.overtake_to_reach
    if policy.unblock_blocked_suits and winners and _partner_blocks(view, cards, overtakes):
        return cards[:1]  # duck: partner's high card wins, and the suit is unblocked
    if policy.follow_low_when_lost and not winners and _opponents_sure(view, best, partner_winning):
        return cards[:1]
    # win_when_sure first: a player sure of the trick wins it with his cheapest winning card
    # (the CQ from CA Q in fourth seat, the leader still holding the CK), not with his lowest
    # master (70E1: a card whose place is known is played against, so the finesse against it
    # is credited).
    if not partner_winning and policy.win_when_sure and _finesse_marked_behind(view, cards, best):
        return cards[:1]
    if (
        not partner_winning
        and policy.win_when_sure
        and winners
        and _sure_position(view)
        and not _overtaken_by_partner(view, winners[0])
    ):
        return winners[:1]
    if policy.no_duck_with_winner:
        masters = [c for c in winners if is_master(view, c)]
        if masters and (
            policy.no_duck_with_lone_master or _known_masters(policy, view, masters[0] // 13)
        ):
            return [_unblocking(view, masters)] if policy.unblock_blocked_suits else masters[:1]
    if (
        policy.third_hand_contests
        and winners
        and len(view.trick) == 2
        and not (partner_winning and best % 13 >= HONOURS)
    ):
        honours = [c for c in winners if c % 13 >= HONOURS]
        return honours or winners
    if policy.second_hand_low and len(view.trick) == 1 and view.trick[0] % 13 < HONOURS:
        return [c for c in cards if c == cards[0] or not _second_hand_honour(view, c)]
    return cards


def _finesse_marked_behind(view: PlayView, cards: list[int], best: int) -> bool:
    """Second to play, may the hand follow low because partner, last, is sure to win the trick
    (``win_when_sure``, 70E1: the finesse against a card whose place is known is credited)?
    The opponent between has shown out of the suit led and of trumps (or neither opponent
    holds one), partner holds a card of the suit above the card led, and, beside it, a lower
    card to lead back to the hand's master of the suit, which stays one, and the leader holds a
    card between partner's winner and that master (the one the master, kept, captures). North,
    with CA 7, dummy's CJ 6 behind East, who has shown out, plays the C7 on West's C8: the CJ
    wins, the C6 goes back to the ace over West's king. Not on a defender's claim, whose
    partner's hand he does not see."""
    if len(view.trick) != 1 or not (view.bound >> (view.seat ^ 2)) & 1:
        return False
    led = view.trick[0] // 13
    if best // 13 != led or len(cards) < 2:
        return False
    if not _known_void(view, (view.seat + 1) % 4, led):
        return False
    partner = hand_of(view.held, view.seat ^ 2) & SUIT_MASKS[led]
    over = partner & cards_above(best)
    if not over:
        return False
    winner = (over & -over).bit_length() - 1  # his cheapest card that wins
    theirs = _opponents_cards(view) & ~(1 << view.trick[0])
    masters = masters_in(hand_of(view.held, view.seat), theirs, led)
    lowest_master = (masters & -masters).bit_length() - 1
    if lowest_master <= cards[0]:
        return False  # no master, or the low card would be the master itself
    # The finesse position: the leader holds a card above partner's winner and below the
    # hand's master, which the master, kept, captures later (the CK in front of CA, over CJ).
    marked = hand_of(view.held, view.leader) & cards_above(winner) & ((1 << lowest_master) - 1)
    back = partner & ~(1 << winner) & ((1 << lowest_master) - 1)
    return marked != 0 and back != 0


def _second_hand_honour(view: PlayView, card: int) -> bool:
    """Is ``card`` an honour that two or more of the opponents' cards beat
    (``second_hand_low``), which, played second to a spot card, can only fall?"""
    return card % 13 >= HONOURS and popcount(_opponents_cards(view) & cards_above(card)) >= 2


def _known_masters(policy: NormalPolicy, view: PlayView, suit: int) -> bool:
    """Does the hand know its masters of ``suit`` (the suit led) for winners without counting
    the fallen cards? When they are trumps, or bind top-down (``masters_bind``: two or more of
    them, an ace, an honour of a suit solid at the claim, or a lone honour or spot card under
    the switches that bind it). A lone queen whose ace and king have fallen is a winner only
    to a claimer who kept count (``no_duck_with_lone_master`` off)."""
    if suit == view.trump:
        return True
    held = hand_of(view.held, view.seat)
    theirs = _opponents_cards(view)
    return masters_bind(
        masters_in(held, theirs, suit),
        suit,
        policy.honour_master_binds,
        policy.spot_master_binds,
        view.solid,
    )


def _reaching(view: PlayView, cards: list[int], best: int) -> int:
    """The card with which the hand overtakes partner's card, or -1 (``overtake_to_reach``):
    partner's card, winning the trick so far, is his last of the suit led, and the hand holds
    a card above it and, beside its lowest such card (the one returned), cards of the suit
    worth reaching: a master, or more cards than the opponents hold of the suit, so that
    length wins (the DQ from DQ T 9 8 7 over partner's lone DJ, the K out). ``cards``: the
    hand's cards of the suit led, lowest first."""
    led = view.trick[0] // 13
    if len(cards) < 2 or best // 13 != led or hand_of(view.held, view.seat ^ 2) & SUIT_MASKS[led]:
        return -1
    over = next((c for c in cards if c > best), -1)
    if over < 0:
        return -1
    theirs = _left_after_trick(view, led)
    if led == view.trump and not theirs:
        return over if _cut_off_side_masters(view, over) else -1
    rest = hand_of(view.held, view.seat) & SUIT_MASKS[led] & ~(1 << over)
    if masters_in(rest, theirs, led) or popcount(rest) > popcount(theirs):
        return over
    if led != view.trump and _cut_off_side_masters(view, over):
        return over
    return -1


def _cut_off_side_masters(view: PlayView, over: int) -> int:
    """How many of the hand's masters of side suits (neither trumps nor the suit led) partner,
    left on lead, could not pass the lead to; ``over`` is the card the hand would overtake
    with. In trumps, once the opponents have none left after the trick, the overtake reaches
    those and never the hand's trumps, each of which takes its trick wherever the lead is
    (West's CJ over dummy's sure C9, his C7 6 masters anyway, stranded dummy's spade); while
    they keep one, the lead in the hand is what draws it, and the overtake is read as in any
    suit. In a side suit they count beside the suit's own cards (S's DK over N's last
    diamond, the DT, to cash his CK, North holding no club). None when partner holds a suit
    the hand is void in and the hand keeps a trump (it ruffs that suit to get in), and none of
    a suit in which partner holds a lower card."""
    trump = view.trump
    led = view.trick[0] // 13
    hand = hand_of(view.held, view.seat)
    partner = hand_of(view.held, view.seat ^ 2)
    if trump is not None and hand & SUIT_MASKS[trump] & ~(1 << over):
        for suit in range(4):
            if suit != trump and partner & SUIT_MASKS[suit] and not hand & SUIT_MASKS[suit]:
                return 0
    theirs = _opponents_cards(view)
    cut_off = 0
    for suit in range(4):
        masters = masters_in(hand, theirs, suit) if suit not in (trump, led) else 0
        if masters and not _reaches(partner, hand, suit):
            cut_off += popcount(masters)
    return cut_off


def _left_after_trick(view: PlayView, suit: int) -> int:
    """The opponents' cards of ``suit`` (the suit led) once the trick is over: each opponent
    still to play follows with his lowest card of it, keeping his higher ones. A lone card of
    theirs behind the hand falls on this trick and guards nothing after it (East's bare DT
    under North's DA, the D9 then a master)."""
    left = _opponents_cards(view) & SUIT_MASKS[suit]
    for seat in _opponents_to_play(view):
        follows = hand_of(view.held, seat) & SUIT_MASKS[suit]
        left &= ~(follows & -follows)
    return left


def _may_hold_up(view: PlayView, best: int) -> bool:
    """Does an opponent still to play hold a card of the suit led above partner's ``best`` and
    another card of it, so that he may duck and leave partner's card to win? That duck is
    what strands the long hand; against a lone higher card overtaking only spends a card."""
    mask = SUIT_MASKS[best // 13]
    for seat in _opponents_to_play(view):
        theirs = hand_of(view.held, seat) & mask
        if theirs & cards_above(best) and popcount(theirs) >= 2:
            return True
    return False


def _strands(view: PlayView, best: int, over: int) -> bool:
    """Would overtaking partner's card ``best``, sure to win the trick, with ``over`` strand
    more of his winners than it reaches? Partner's masters of other suits are stranded when
    the hand has no way back to them (no suit in which he holds a master and the hand a lower
    card to lead to it); the overtake reaches the hand's cards left in the suit led that win
    from the top, masters and then length (W's DK over E's DQ, his DA 8 7 6 5 against North's
    lone D9: five, more than E's SK it strands), and its side masters partner cannot reach.
    Then following low keeps partner's winners, and ``overtake_to_reach`` does not bind where his
    card is sure. With a way back the overtake costs nothing (N's DQ over S's DT from DK Q 8,
    S holding the CA K and N a club); without one it pays when it reaches more winners than
    it strands (N's DK Q 8 against S's lone CK, East's last diamond, the D9, falling on the
    trick). Nor are partner's trumps stranded while the opponents hold none and the hand
    keeps a loser of a side suit he is void in: led, it is ruffed (S's CK over N's CQ, the
    C9 then cashed and the D5 ruffed by N's master SJ; S's DK over N's DT, the CK cashed and
    the D5 ruffed)."""
    led = best // 13
    partner = hand_of(view.held, view.seat ^ 2) & ~SUIT_MASKS[led]
    hand = hand_of(view.held, view.seat)
    kept = hand & ~(1 << over)  # the hand's cards once it has overtaken
    theirs = _opponents_cards(view)
    if is_master(view, over) and _entry_elsewhere(partner, kept, theirs, led, view.trump):
        return True  # partner can reach the hand later: the overtake only wastes a winner
    if _ruffed_back(view.trump, kept, partner, theirs):
        return False
    stranded = 0
    for suit in range(4):
        masters = masters_in(partner, theirs, suit)
        if not masters:
            continue
        if _reaches(hand, partner, suit):
            return False  # a way back: the hand leads this suit to partner's master
        stranded += popcount(masters)
    left = _left_after_trick(view, led)
    if led == view.trump and not left:
        return stranded >= _cut_off_side_masters(view, over)
    reached = _winning_cards(kept, left, led)
    if led != view.trump:
        reached += _cut_off_side_masters(view, over)
    return stranded >= reached


def _entry_elsewhere(partner: int, hand: int, theirs: int, led: int, trump: int | None) -> bool:
    """Can partner, once his card has won, give the hand the lead in a side suit: does the
    hand hold a master of a suit other than ``led`` and trumps in which partner holds only
    lower cards? Then following low keeps both partner's trick and the hand's master it
    would overtake with (E's HA under W's master HQ, W holding a diamond to E's DA: a World
    Championship claim lost the HQ's trick to the overtake). Not in trumps, which
    ``no_idle_trump_lead`` may keep him from leading, nor in a suit where partner holds a
    higher card, which cashed from the top would crash the hand's (W's DK J 8 opposite E's
    bare DQ)."""
    for suit in range(4):
        if suit in (led, trump) or not masters_in(hand, theirs, suit):
            continue
        top = (hand & SUIT_MASKS[suit]).bit_length() - 1
        if _reaches(partner, hand, suit) and not partner & cards_above(top):
            return True
    return False


def _ruffed_back(trump: int | None, hand: int, partner: int, theirs: int) -> bool:
    """Can the hand give partner the lead with a ruff: the opponents hold no trump, partner
    holds one, and the hand (less the card it overtakes with) a card that is no winner of a
    side suit partner is void in (the suit led among them: partner has played his last)? Not
    with his one trump while the opponents hold a winner of another suit he is void in: it
    is his stopper there (N's lone H9 against East's DA Q; ruffing the C5 with it, a World
    Championship claim lost a spade and the DQ)."""
    if trump is None or theirs & SUIT_MASKS[trump] or not partner & SUIT_MASKS[trump]:
        return False
    voids = [s for s in range(4) if s != trump and not partner & SUIT_MASKS[s]]
    for suit in voids:
        if not hand & SUIT_MASKS[suit] & ~masters_in(hand, theirs, suit):
            continue
        if popcount(partner & SUIT_MASKS[trump]) > 1 or not any(
            masters_in(theirs, hand, other) for other in voids if other != suit
        ):
            return True
    return False


def _unblocking(view: PlayView, options: list[int]) -> int:
    """Of ``options`` (cards of one suit, lowest first), the card a hand plays under
    ``unblock_blocked_suits`` while partner holds at least as many of the suit, every one of
    which would win: the lowest that leaves each card the hand keeps able to follow under a
    different one of partner's, led from the top (J T 6 3 opposite partner's K Q 7 2 once the
    A has gone: the 3, then the T under the K and the J under the Q, keeping the 6 for the 7);
    failing that, the lowest that keeps a card below partner's highest (from K Q 8, partner's
    J T 9 6 left: the Q, not the 8). Otherwise the lowest."""
    suit = options[0] // 13
    mask = SUIT_MASKS[suit]
    his = hand_of(view.held, view.seat ^ 2) & mask
    ours = hand_of(view.held, view.seat) & mask
    if his == 0 or popcount(his) < popcount(ours) or not _runs(view, his, suit):
        return options[0]
    for card in options:
        if _follows_under(ours & ~(1 << card), his):
            return card
    top = his.bit_length() - 1
    for card in options:
        rest = ours & ~(1 << card)
        if rest == 0 or (rest & -rest).bit_length() - 1 < top:
            return card
    return options[0]


def _follows_under(ours: int, his: int) -> bool:
    """Can each of ``ours`` be played under a different one of ``his`` (one suit's cards of
    two partners), his led from the top: the i-th highest of ours below his i-th highest?"""
    mine = cards_in(ours)
    theirs = cards_in(his)
    return len(mine) <= len(theirs) and all(
        card < theirs[-rank] for rank, card in enumerate(reversed(mine), 1)
    )


def _runs(view: PlayView, cards: int, suit: int) -> bool:
    """Would each of ``cards`` (one hand's, of ``suit``) win a round when led from the top,
    after the trick in progress: the i-th highest above every opponent's card of the suit, or
    the opponents out of it by then (they hold fewer than i cards of it once each opponent
    still to play to this trick has followed to it, when it is of the suit)?"""
    theirs = _opponents_cards(view) & SUIT_MASKS[suit]
    count = popcount(theirs) - _to_follow(view, suit)
    top = theirs.bit_length()
    for rank, card in enumerate(reversed(cards_in(cards)), 1):
        if card < top and rank <= count:
            return False
    return True


def _to_follow(view: PlayView, suit: int) -> int:
    """How many opponents of the hand to play, still to play to the trick in progress, hold a
    card of ``suit`` when it is the suit led: each will spend one on this trick."""
    led = view.trick[0] // 13 if view.trick else suit
    if led != suit:
        return 0
    count = 0
    for step in range(1, 4 - len(view.trick)):
        seat = (view.seat + step) % 4
        if seat % 2 != view.seat % 2 and hand_of(view.held, seat) & SUIT_MASKS[suit]:
            count += 1
    return count


def _partner_blocks(view: PlayView, cards: list[int], overtakes: bool = False) -> bool:
    """Second to play, should the hand duck so that partner, last, wins with his blocking card
    (``unblock_blocked_suits``): partner holds fewer cards of the suit led than the hand, his
    highest a master above all of the hand's, and no ruff can beat it (no trumps, or trumps
    led)? Or, with ``overtakes`` (``overtake_to_reach``), the mirror (``crashes``): his two or
    more cards, all masters above the card led, lie below the hand's top card, which would
    crash one of them (E's HA over N's HJ, dummy last with a bare HK Q: the H9, dummy's queen
    wins, and the K is overtaken later). ``cards``: the hand's cards of the suit led, lowest
    first."""
    if len(view.trick) != 1:
        return False
    led = view.trick[0] // 13
    if view.trump is not None and view.trump != led:
        return False
    partner = hand_of(view.held, view.seat ^ 2)
    his = partner & SUIT_MASKS[led]
    if (
        overtakes
        and his & -his > 1 << view.trick[0]
        and crashes(
            hand_of(view.held, view.seat), partner, _opponents_cards(view), led, returns=False
        )
    ):
        return True
    if his == 0 or popcount(his) >= len(cards):
        return False
    top = his.bit_length() - 1
    return top > cards[-1] and is_master(view, top)


def _void_plays(
    policy: NormalPolicy, view: PlayView, cards: list[int], best: int, partner_winning: bool
) -> list[int]:
    trump = view.trump
    trumps = [c for c in cards if trump is not None and c // 13 == trump]
    discards = [c for c in cards if trump is None or c // 13 != trump]
    winning_trumps = [c for c in trumps if beats(c, best, trump)]
    # As in ``_follows``, partner's card counts as winning only when it is sure to win: one the
    # opponent still to play may beat (not a master) is ruffed like the opponents' card under
    # ``ruff_when_able``; without it, ruffing and discarding are both normal plays.
    sure = _partner_takes_it(view, best, partner_winning)
    if (
        policy.ruff_above_their_trumps
        and not sure
        and len(winning_trumps) > 1
        and view.trumps_aware
        and len(view.trick) < 3
        and trump is not None
    ):
        # An opponent is still to play: ruff above every trump of those still to play when he
        # can. Those of an opponent who has played to the trick cannot overruff it: ruffing
        # above them wastes the high trump (the HA thrown on a club East already followed to).
        theirs = 0
        for seat in _opponents_to_play(view):
            theirs |= hand_of(view.held, seat)
        theirs &= SUIT_MASKS[trump]
        above = [c for c in winning_trumps if (1 << c) > theirs]
        if theirs and above and _high_ruff_costs_nothing(view, above[0], winning_trumps[0], theirs):
            winning_trumps = above
    if not sure and winning_trumps and policy.ruff_when_able:
        return winning_trumps[:1] if policy.ruff_low else winning_trumps
    options = _spare_counted(view, _normal_discards(policy, view, discards)) if discards else []
    if not discards and sure and policy.ruff_low:
        return trumps[:1]  # only trumps left and partner sure to win: the lowest one
    if not sure and not policy.ruff_when_able:
        options += winning_trumps[:1] if policy.ruff_low else winning_trumps
    return options or cards


def _high_ruff_costs_nothing(view: PlayView, high: int, low: int, overruffers: int) -> bool:
    """Does ruffing with ``high`` (above the trumps ``overruffers`` of the opponents still to
    play) take as many trump tricks as ruffing with ``low`` and being overruffed by the cheapest
    of theirs above it (``ruff_above_their_trumps``), and as many as the low ruff that stands,
    the trumps then drawn? The first count pools each side's trumps (``_trump_tricks``): from
    D A T 8 against D J 2 behind and the D9, the DA leaves the T and 8 under the J and 9 (one
    trick in all), the D8 overruffed keeps A and T over 9 2 (two), so the low ruff is normal.
    The second draws trumps round by round, a card from each hand holding one
    (``_trumps_drawn``): from S A 8 against a lone ST the ace ruff sets the ten up, where the
    S8 that stands lets the ace draw it, so the low ruff is normal too; from S A K 8 the king
    goes, the ace drawing the ten."""
    assert view.trump is not None
    over = overruffers & cards_above(low)
    if not over:
        return True
    suit = SUIT_MASKS[view.trump]
    mine = hand_of(view.held, view.seat) & suit
    partners = hand_of(view.held, view.seat ^ 2) & suit
    one, other = (hand_of(view.held, seat) & suit for seat in _opponents_of(view))
    ours, theirs = mine | partners, one | other
    high_ruff = 1 + _trump_tricks(ours & ~(1 << high), theirs)
    low_ruff = _trump_tricks(ours & ~(1 << low), theirs & ~(1 << lowest_card(over)))
    if high_ruff < low_ruff:
        return False
    # Nor may the high ruff cost a trick against the low ruff that stands, the ruffer then
    # drawing trumps: from H K 8 7 6 5 3, ruffing with the K leaves East's lone HQ a winner,
    # where the H3 and then the K draw it and West's lone HJ together.
    return _trumps_drawn(mine & ~(1 << high), partners, one, other) >= _trumps_drawn(
        mine & ~(1 << low), partners, one, other
    )


def _opponents_of(view: PlayView) -> tuple[int, int]:
    """The seats of the claimer's side's opponents."""
    return (1 - view.claimer_side, 3 - view.claimer_side)


def _trumps_drawn(mine: int, partners: int, one: int, other: int) -> int:
    """The rounds the trumps of the claimer's side (``mine`` and ``partners``, one hand each)
    win when drawn from the top: each round the side's highest trump is led or played, its
    other hand following with its lowest while it holds one, and each opponent (``one``,
    ``other``) follows while he holds a trump: the cheapest of their cards above the side's
    wins the round, the other opponent playing his lowest; otherwise both play their lowest.
    Unlike ``_trump_tricks`` it sees two of theirs fall on one round (a lone Q and a lone J
    under the K), and two of the side's too (dummy's SQ and declarer's ST on one round)."""
    won = 0
    while mine or partners:
        if partners.bit_length() > mine.bit_length():  # the roles are symmetric: swap them
            mine, partners = partners, mine
        card = mine.bit_length() - 1
        mine &= ~(1 << card)
        partners &= partners - 1
        above = (one | other) & cards_above(card)
        if above:
            winner = lowest_card(above)
            if (other >> winner) & 1:  # ``one`` is the opponent who wins the round
                one, other = other, one
            one &= ~(1 << winner)
        else:
            won += 1
            one &= one - 1
        other &= other - 1
    return won


def _trump_tricks(ours: int, theirs: int) -> int:
    """The tricks the cards ``ours`` take against ``theirs``, one suit, each side's cards pooled
    and one card a side to a trick: ours less the most of them that distinct cards of theirs
    beat (matched greedily, each of ours from the lowest up by the lowest card of theirs above
    it). A rough count of trump tricks, which ignores who holds which card."""
    beaten = 0
    left = theirs
    for card in cards_in(ours):
        above = left & cards_above(card)
        if above:
            left &= ~(1 << lowest_card(above))
            beaten += 1
    return popcount(ours) - beaten


def _spare_counted(view: PlayView, discards: list[int]) -> list[int]:
    """Of the normal ``discards``, those outside the claimer's counts (``view.counted``) while
    there are any: a claimer who counted five spade tricks does not throw the spades his count
    needs while he holds a card he counted for nothing (P1: his beliefs fix his plays). Only
    narrows what the other judgements leave."""
    if not view.counted:
        return discards
    spare = [c for c in discards if not (view.counted >> c) & 1]
    return spare or discards


def counted_cards(
    held: tuple[int, int, int, int], seats: int, counts: Sequence[tuple[int, int]]
) -> int:
    """The cards a claimer's counts of tricks per suit need, a bit mask: for each (suit, n) in
    ``counts`` (a ``count`` step: n tricks counted in the suit), the n highest cards of the suit
    in each hand of ``seats`` (a bit per seat: those he sees and plays). Each round of the suit
    takes a card from each hand, so n tricks need up to n cards of each; the highest, as those
    are the ones he counted as winners."""
    counted = 0
    for seat in range(4):
        if not seats >> seat & 1:
            continue
        for suit, n in counts:
            cards = cards_in(hand_of(held, seat) & SUIT_MASKS[suit])
            for card in cards[max(0, len(cards) - n) :]:
                counted |= 1 << card
    return counted


def _normal_discards(policy: NormalPolicy, view: PlayView, discards: list[int]) -> list[int]:
    if not policy.no_master_discard:
        return discards
    losers = [c for c in discards if not is_master(view, c)]
    if losers:
        if policy.keep_small_guards and (view.bound >> view.seat) & 1:
            idle = _masters_only_it_leads(view, discards, losers)
            if idle:
                return idle
        return _loser_discards(policy, view, losers)
    # The entry before the guard, while the side keeps the lead: a guard kept at the cost of
    # the only way between the hands strands the winners it was to guard (dummy's SK thrown,
    # with CA HT beside it, because its CA and HT were the last cards above the opponents').
    # On the opponents' trick the guard comes first: they are on lead to cash what its
    # discard would promote.
    if policy.keep_guards and (view.bound >> view.seat) & 1:
        safe = [c for c in discards if not _promotes(view, c)]
        if safe and not (
            policy.keep_entries
            and partner_sure_to_win(view)
            and all(_only_entry(view, c) for c in safe)
        ):
            discards = safe
    if policy.winners_from_the_bottom:
        discards = _from_the_bottom(view, discards)
    if policy.keep_entries:
        kept = [c for c in discards if not _only_entry(view, c)]
        if kept:
            return kept
    return discards


def _loser_discards(policy: NormalPolicy, view: PlayView, losers: list[int]) -> list[int]:
    """Of a player's ``losers``, those he may discard: not his link to partner's winners while
    another goes (``keep_links``), then not one partner can still ruff while another goes
    (``keep_ruffable_losers``), not a card of a long suit his masters clear
    (``keep_length_winners``), one of a dead suit (``discard_from_dead_suits``), not one of a
    small guard and the card it guards (``keep_small_guards``), and the lowest of a suit
    (``discard_from_the_bottom``). The link is kept first: each judgement only narrows what
    the one before left, so turning one on never admits a discard it did not (a ruffable loser
    kept at the cost of the link would strand partner's winners)."""
    if policy.keep_links:
        idle = [c for c in losers if not _last_link(view, c)]
        if idle:
            losers = idle
    if policy.keep_ruffable_losers:
        unruffable = [c for c in losers if not _ruffable(view, c)]
        if unruffable:
            losers = unruffable
    if policy.keep_length_winners:
        idle = [c for c in losers if not _length_winner(view, c)]
        if idle:
            losers = idle
    if policy.discard_from_dead_suits:
        idle = _idle_losers(view, losers)
        if idle:
            losers = idle
    if policy.keep_small_guards and (view.bound >> view.seat) & 1:
        spare = [c for c in losers if not _small_guard(view, c)]
        if spare:
            losers = spare
    if policy.discard_from_the_bottom:
        return _from_the_bottom(view, losers)
    return losers


def _masters_only_it_leads(view: PlayView, discards: list[int], losers: list[int]) -> list[int]:
    """The masters a hand may throw to keep its small guard (``keep_small_guards``): when its
    only losers are a guard pair (``_small_guard``), it holds no trump, and every master it
    holds is of a suit no other player holds, those masters win only when the hand is on
    lead, and the guarded card is its only way to the lead: breaking the pair loses the
    guarded card and the masters with it. North, with the C4 (no club elsewhere) and DK 6
    under East's DA, throws the C4, not the D6. Empty when that is not so."""
    if len(losers) != 2 or not (_small_guard(view, losers[0]) and _small_guard(view, losers[1])):
        return []
    hand = hand_of(view.held, view.seat)
    if view.trump is not None and hand & SUIT_MASKS[view.trump]:
        return []
    others = (view.held[0] | view.held[1] | view.held[2] | view.held[3]) & ~hand
    masters = [c for c in discards if c not in losers]
    if not masters or any(others & SUIT_MASKS[c // 13] for c in masters):
        return []
    return masters


def _length_winner(view: PlayView, card: int) -> bool:
    """Is ``card``, not a master, one of a suit that its hand's own masters cleared at the
    claim (``claim_length``) and still clear, as many of them as the opponents hold cards of
    it, so that every card of the hand's there wins cashed from the top without the lead lost
    (``keep_length_winners``): North's C6 from C A T 9 8 6, the CQ alone out?"""
    return (view.length >> card) & 1 != 0 and _cleared_by_masters(
        hand_of(view.held, view.seat),
        _partner_if_seen(view.held, view.bound, view.seat),
        _opponents_cards(view),
        card // 13,
    )


def _small_guard(view: PlayView, card: int) -> bool:
    """Is ``card`` one of the hand's only two cards of its suit, the higher of which one
    opponent's card alone beats and no card of partner's (as the claimer sees his side's)
    tops (``keep_small_guards``): West's ST or S6, North's SK the only spade above the ST,
    East void? Kept, the small card follows under the SK and the ST wins; thrown, either
    card leaves the other to fall. With partner's higher cards the suit's tricks are his, and
    the small card guards nothing."""
    mask = SUIT_MASKS[card // 13]
    suit = hand_of(view.held, view.seat) & mask
    if popcount(suit) != 2:
        return False
    above = cards_above(suit.bit_length() - 1)
    if _side_seen(view) & above:
        return False
    return popcount(_opponents_cards(view) & above) == 1


def _idle_losers(view: PlayView, losers: list[int]) -> list[int]:
    """Of ``losers``, those of a suit in which the player's side (as far as the claimer sees
    it: ``view.bound``) holds no winner, less a lone threat: a card only one opponent's card
    beats, which may yet win once that card goes (``discard_from_dead_suits``), unless nothing
    can make it go (``_dead_threat``)."""
    side = _side_seen(view)
    theirs = _opponents_cards(view)
    return [
        card
        for card in losers
        if not masters_in(side, theirs, card // 13)
        and (popcount(theirs & cards_above(card)) > 1 or _dead_threat(view, side, card))
    ]


def _dead_threat(view: PlayView, side: int, card: int) -> bool:
    """Is ``card``, which one opponent's card alone beats, a threat that can never work: the
    side holds no other card of its suit (no lead can force that card out), and the opponent
    holding it holds no card above any of the side's in another suit (nothing to guard, so
    nothing squeezes him: he keeps it to the end)? South's CK under West's CA, North void in
    clubs and West's other cards spades below North's SQ T."""
    suit = card // 13
    if side & SUIT_MASKS[suit] & ~(1 << card):
        return False
    above = cards_above(card)
    for seat in _opponents_of(view):
        hand = hand_of(view.held, seat)
        if not hand & above:
            continue
        for other in range(4):
            if other == suit:
                continue
            ours = side & SUIT_MASKS[other]
            if ours and (hand & SUIT_MASKS[other]).bit_length() > (ours & -ours).bit_length():
                return False
        return True
    return False


def _from_the_bottom(view: PlayView, losers: list[int]) -> list[int]:
    """Of ``losers`` (lowest first), those a hand discards under ``discard_from_the_bottom``:
    in each suit its lowest, and a higher one only where partner holds a card of the suit above
    it and more cards of the suit than the hand (a discard that unblocks partner's suit, the
    short hand's card going; with as many, each round takes one card from each hand, nothing
    is blocked, and the higher card goes for nothing: E's DJ from D A J 4 3 opposite W's
    D K 9 8 5, the Q to drop doubleton). The long hand's higher card is not thrown: North's D8
    from D K Q 8 3 opposite South's D A T would win once the opponents' J has gone."""
    hand = hand_of(view.held, view.seat)
    partner = hand_of(view.held, view.seat ^ 2)
    out: list[int] = []
    seen = 0
    for card in losers:
        suit = card // 13
        if not (seen >> suit) & 1 or (
            partner & cards_above(card) and not _partner_as_long(partner, hand, suit)
        ):
            out.append(card)
        seen |= 1 << suit
    return out


def _ruffable(view: PlayView, card: int) -> bool:
    """Can partner still ruff ``card``'s suit (``keep_ruffable_losers``): neither opponent holds
    a trump, partner holds one, and fewer cards of the suit than the hand, so that the hand's
    cards of it outlast his?"""
    trump = view.trump
    suit = card // 13
    if trump is None or suit == trump:
        return False
    partner = hand_of(view.held, view.seat ^ 2)
    if not partner & SUIT_MASKS[trump] or _opponents_cards(view) & SUIT_MASKS[trump]:
        return False
    return not _partner_as_long(hand_of(view.held, view.seat), partner, suit)


def _only_entry(view: PlayView, card: int) -> bool:
    """Is ``card``, from a hand of winners, the only card by which the side passes between the
    hands (``keep_entries``)? Either its only way in: a winner of a suit in which partner holds
    a lower card, the hand holding a winner of another suit; or its only way out: its one card
    below partner's winners of a suit."""
    theirs = _opponents_cards(view)
    hand = hand_of(view.held, view.seat)
    partner = hand_of(view.held, view.seat ^ 2)
    ways_in = 0
    ways_out = 0
    for suit in range(4):
        mask = SUIT_MASKS[suit]
        ours = hand & mask
        if not ours:
            continue
        his = partner & mask
        masters = masters_in(hand, theirs, suit)
        if masters and his:
            # Each of the hand's winners above partner's lowest card of the suit is a way in.
            ways_in |= masters & ~((1 << (his & -his).bit_length()) - 1)
        his_masters = masters_in(partner, theirs, suit)
        if his_masters:
            ways_out |= ours & ((his_masters & -his_masters) - 1)
    bit = 1 << card
    if ways_in == bit and hand & ~bit & ~SUIT_MASKS[card // 13]:
        return True
    return ways_out == bit


def _partner_as_long(hand: int, partner: int, suit: int) -> bool:
    """Does partner hold as many cards of ``suit`` as the hand, or more? Only then does a
    higher card thrown unblock his suit, or a low card link to his winners: opposite a
    shorter holding the hand's own cards run and his fall under them."""
    mask = SUIT_MASKS[suit]
    return popcount(partner & mask) >= popcount(hand & mask)


def _last_link(view: PlayView, card: int) -> bool:
    """Is ``card`` the hand's last card of its suit, not itself a winner, below partner's
    lowest winner of the suit (the one card left to lead to partner's winners there, or to
    play under them), partner holding as many cards of the suit as the hand or more? When
    the hand is the longer, partner's winners fall under its own and need no link: North's
    D3 from D K Q 8 3 opposite South's bare DT is no link, his C9 below South's CA K is."""
    suit = card // 13
    mask = SUIT_MASKS[suit]
    theirs = _opponents_cards(view)
    partner = hand_of(view.held, view.seat ^ 2)
    winners = masters_in(partner, theirs, suit)
    if not winners:
        return False
    hand = hand_of(view.held, view.seat)
    if not _partner_as_long(hand, partner, suit):
        return False
    below = hand & mask & ((winners & -winners) - 1) & ~masters_in(hand, theirs, suit)
    return below == 1 << card


def _promotes(view: PlayView, card: int) -> bool:
    """Would discarding ``card`` make an opponent's card of its suit a master, as the claimer
    sees it: the last card above the opponents' highest of the suit going, among the cards he
    sees (his side's; on a defender's claim his own, partner's being unseen)?"""
    mask = SUIT_MASKS[card // 13]
    ours = _side_seen(view) & mask
    theirs = _opponents_cards(view) & mask
    return theirs != 0 and (ours & ~(1 << card)).bit_length() < theirs.bit_length()
