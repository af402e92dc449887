"""The coach's evaluation told as sentences, with the player's own move marked.

Candidates whose values agree to the hundredth (the precision shown) share a rank, shown as a
tie (``=2.``), instead of an order the coach cannot justify.

>>> from pegline_core import Game
>>> from pegline_cribbage.actions import Deal
>>> from pegline_core.cards import parse_cards
>>> from pegline_cribbage.coach import Coach
>>> game = Game("two-player", dealer=1)
>>> _ = game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
>>> view = game.view(0)
>>> evaluation = Coach(view.rules).evaluate(view)
>>> lines = describe(evaluation, evaluation.candidates[10].action)
>>> print("\\n".join(lines[i] for i in (0, 1, 12)))  # doctest: +NORMALIZE_WHITESPACE
You laid away 5♣ K♠: the coach ranks it 11th of 15 (a tie); its best is to lay away 2♣ 9♥.
    1.  lay away 2♣ 9♥: expect 12.43 in hand and 4.25 in the opponents' crib,
        -0.51 pegging; 7.68 net.
  =11.  lay away 5♥ K♠: expect 4.57 in hand and 6.66 in the opponents' crib,
        -0.51 pegging; -2.60 net.
>>> lines[11].startswith("  =11.  lay away 5♣ K♠"), lines[11].endswith("<- your move")
(True, True)
"""

from __future__ import annotations

from pegline_core.cards import format_cards
from pegline_cribbage.actions import Discard, Play
from pegline_cribbage.coach import Candidate, Coach, Evaluation

__all__ = ["describe", "ranks"]

YOURS = "  <- your move"


def ranks(evaluation: Evaluation) -> list[tuple[int, bool]]:
    """Each candidate's rank (1 is best) and whether it ties with another."""
    values = [round(c.value, 2) for c in evaluation.candidates]
    out = []
    for value in values:
        rank = 1 + sum(other > value for other in values)
        out.append((rank, values.count(value) > 1))
    return out


def describe(evaluation: Evaluation, chosen: Discard | Play) -> list[str]:
    """A headline saying where ``chosen`` ranks, then one sentence per candidate."""
    ranked = ranks(evaluation)
    mine = next((i for i, c in enumerate(evaluation.candidates) if Coach.same(c.action, chosen)),
                None)  # a discard's cards in any order
    best = _move(evaluation.candidates[0].action)
    verb = "laid away" if isinstance(chosen, Discard) else "played"
    cards = chosen.cards if isinstance(chosen, Discard) else (chosen.card,)
    head = f"You {verb} {format_cards(cards, symbols=True)}: "
    if mine is None:
        head += "the coach did not list that move."
    else:
        rank, tied = ranked[mine]
        of = len(evaluation.candidates)
        if rank == 1:
            head += ("one of the coach's best moves (a tie)." if tied
                     else "the coach's best move.")
        else:
            head += (f"the coach ranks it {_ordinal(rank)} of {of}{' (a tie)' if tied else ''}; "
                     f"its best is to {best}.")
    lines = [head]
    for index, (candidate, (rank, tied)) in enumerate(zip(evaluation.candidates, ranked,
                                                          strict=True)):
        place = f"{'=' if tied else ''}{rank}."
        line = f"  {place:>4}  {_sentence(candidate)}"
        lines.append(line + (YOURS if index == mine else ""))
    return lines


def _move(action: Discard | Play) -> str:
    if isinstance(action, Discard):
        return f"lay away {format_cards(action.cards, symbols=True)}"
    return f"play {action.card.symbol}"


def _sentence(candidate: Candidate) -> str:
    reasons = dict(candidate.reasons)
    action = candidate.action
    if isinstance(action, Discard):
        hand, crib = _number(reasons, "expected hand points"), _number(reasons,
                                                                         "expected crib points")
        total = _number(reasons, "total")
        expect = f"{_move(action)}: expect {hand:.2f} in hand and {crib:.2f} in"
        pegging = reasons.get("expected pegging (you - them)")
        pegs = f", {pegging:+.2f} pegging" if isinstance(pegging, int | float) else ""
        if reasons["crib is"] == "yours":
            return f"{expect} your crib{pegs}; {total:.2f} in all."
        return f"{expect} {reasons['crib is']} crib{pegs}; {total:.2f} net."
    count = int(_number(reasons, "1 legal count"))
    now = int(_number(reasons, "points now"))
    parts = [f"the count goes to {count}"]
    if reasons["2 exact 15 or 31"]:
        parts[0] += f", exactly {count}"
    same = int(_number(reasons, "3 same-rank tail"))
    if same >= 2:
        parts.append({2: "a pair", 3: "three of a kind"}.get(same, f"{same} of a kind"))
    run = int(_number(reasons, "4 run tail"))
    if run:
        parts.append(f"a run of {run}")
    parts.append(f"it scores {now} now" if now else "it scores nothing now")
    risk = _number(reasons, "5 reply risk (expected points)")
    parts.append(f"the reply may score {risk:.2f} on average")
    return f"{_move(action)}: {'; '.join(parts)}."


def _number(reasons: dict[str, object], name: str) -> float:
    value = reasons[name]
    assert isinstance(value, int | float), f"the coach's {name!r} is a number"
    return float(value)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"
