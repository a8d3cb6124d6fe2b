"""The duplicate score of Law 77 and the usual result notation ("4S-1", "3NT=", "2HX+1")."""

from __future__ import annotations

from solver.bridge.contract import Contract, Strain


def trick_score(contract: Contract, odd_tricks: int) -> int:
    """Law 77: trick points for the given number of odd tricks, before doubling."""
    if contract.strain in (Strain.CLUBS, Strain.DIAMONDS):
        return 20 * odd_tricks
    if contract.strain in (Strain.HEARTS, Strain.SPADES):
        return 30 * odd_tricks
    return 40 + 30 * (odd_tricks - 1) if odd_tricks > 0 else 0


def duplicate_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """Law 77: the score for the declaring side when it takes ``tricks`` tricks (negative when set).

    >>> score = duplicate_score
    >>> score(Contract.parse("4S"), False, 10), score(Contract.parse("4S"), False, 9)
    (420, -50)
    >>> score(Contract.parse("3NTX"), True, 6), score(Contract.parse("1CXX"), False, 9)
    (-800, 630)
    >>> score(Contract.parse("7NT"), True, 13), score(Contract.parse("4HX"), False, 6)
    (2220, -800)
    """
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, got {tricks}")
    needed = contract.level + 6
    if tricks < needed:
        return -_undertrick_penalty(contract.doubling, vulnerable, needed - tricks)
    multiplier = (1, 2, 4)[contract.doubling]
    contracted = trick_score(contract, contract.level) * multiplier
    score = contracted
    overtricks = tricks - needed
    if contract.doubling == 0:
        score += trick_score(contract, tricks - 6) - trick_score(contract, contract.level)
    else:
        score += overtricks * (100 if not vulnerable else 200) * contract.doubling
    score += (500 if vulnerable else 300) if contracted >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    score += (0, 50, 100)[contract.doubling]
    return score


def _undertrick_penalty(doubling: int, vulnerable: bool, undertricks: int) -> int:
    if doubling == 0:
        return undertricks * (100 if vulnerable else 50)
    total = 0
    for number in range(1, undertricks + 1):
        if vulnerable:
            each = 200 if number == 1 else 300
        else:
            each = 100 if number == 1 else (200 if number <= 3 else 300)
        total += each
    return total * doubling


def result_notation(contract: Contract, tricks: int) -> str:
    """The result as written on a scorecard.

    >>> c = Contract.parse("4S")
    >>> result_notation(c, 9), result_notation(c, 10), result_notation(c, 12)
    ('4S-1', '4S=', '4S+2')
    """
    difference = tricks - (contract.level + 6)
    if difference == 0:
        return f"{contract}="
    return f"{contract}{difference:+d}"
