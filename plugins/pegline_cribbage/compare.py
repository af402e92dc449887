"""The coach's evaluation told as sentences, with the player's own move marked.

Candidates whose values agree to the hundredth share a rank, shown as a tie (``=2.``), instead of
an order the coach cannot justify. Where the coach has a win table (`pegline_cribbage.coach`),
each move also says the chance to win it leaves.

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
    Your move leaves 34.0% to win; the best, 53.8%.
    1.  lay away 2♣ 9♥: expect 12.43 in hand and 3.90 in the opponents' crib,
        -1.44 pegging; 7.10 net. 53.8% to win.
  =11.  lay away 5♥ K♠: expect 4.57 in hand and 6.67 in the opponents' crib,
        -1.44 pegging; -3.55 net. 34.0% to win.
>>> lines[11].startswith("  =11.  lay away 5♣ K♠"), lines[11].endswith("<- your move")
(True, True)
"""

from __future__ import annotations

from pegline_core.app.i18n import Messages
from pegline_core.app.problems import say
from pegline_core.cards import format_cards
from pegline_core.events import Action
from pegline_cribbage.actions import Discard, Play, move_cards
from pegline_cribbage.coach import Candidate, Coach, Evaluation

__all__ = ["describe", "told", "ranks", "reason_label", "reason_value", "note"]

_messages = Messages("pegline_cribbage")
_ = _messages.gettext
REASON = "reason"
"""The gettext context of the coach's reasons: their names and their words (tools/catalogs.py
lists them)."""


def reason_label(name: str) -> str:
    """A reason's name (``expected hand points``) in the current language."""
    return _messages.pgettext(REASON, name)


def reason_value(value: object) -> object:
    """A reason's value: a word (``yours``) in the current language, a number as it is."""
    return _messages.pgettext(REASON, value) if isinstance(value, str) else value


def note(text: str) -> str:
    """The coach's note on itself (`Evaluation.note`) in the current language."""
    return say(text)


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
    head, rows = told(evaluation, chosen)
    return [head, *(f"  {place:>4}  {sentence}" for place, sentence in rows)]


def told(evaluation: Evaluation, chosen: Action) -> tuple[str, list[tuple[str, str]]]:
    """`describe`'s headline, and each candidate's place (``=2.``: a tie) and sentence (the
    move ``chosen`` marked), for a screen that wraps them at its own width."""
    ranked = ranks(evaluation)
    mine = next((i for i, c in enumerate(evaluation.candidates) if Coach.same(c.action, chosen)),
                None)  # a discard's cards in any order
    best = _move(evaluation.candidates[0].action)
    cards = move_cards(chosen)
    head = (_("You laid away {cards}: ") if isinstance(chosen, Discard)
            else _("You played {cards}: ")).format(cards=format_cards(cards, symbols=True))
    if mine is None:
        head += _("the coach did not list that move.")
    else:
        rank, tied = ranked[mine]
        of = len(evaluation.candidates)
        if rank == 1:
            head += (_("one of the coach's best moves (a tie).") if tied
                     else _("the coach's best move."))
        else:
            text = (_("the coach ranks it {ordinal} of {of} (a tie); its best is to {best}.")
                    if tied else _("the coach ranks it {ordinal} of {of}; its best is to {best}."))
            # {ordinal} is the English ordinal (11th); a translation may use {rank} (11)
            head += text.format(ordinal=_ordinal(rank), rank=rank, of=of, best=best)
        chance, top = _chance(evaluation.candidates[mine]), _chance(evaluation.candidates[0])
        if chance is not None and top is not None:
            # the space before the sentence is the message's: a language may not space them
            head += _(" Your move leaves {chance} to win; the best, {best}.").format(
                chance=chance, best=top)
    rows = []
    for index, (candidate, (rank, tied)) in enumerate(zip(evaluation.candidates, ranked,
                                                          strict=True)):
        mark = "  " + _("<- your move") if index == mine else ""
        rows.append((f"{'=' if tied else ''}{rank}.", _sentence(candidate) + mark))
    return head, rows


def _move(action: Action) -> str:
    if isinstance(action, Discard):
        return _("lay away {cards}").format(cards=format_cards(action.cards, symbols=True))
    return _("play {card}").format(card=move_cards(action)[0].symbol)


def _chance(candidate: Candidate) -> str | None:
    """The candidate's chance to win as the coach shows it (58.2%), where it has a win table."""
    chance = dict(candidate.reasons).get("win chance (%)")
    return f"{chance:.1f}%" if isinstance(chance, int | float) else None


def _sentence(candidate: Candidate) -> str:
    chance = _chance(candidate)
    told = _told(candidate)
    return told if chance is None else told + _(" {chance} to win.").format(chance=chance)


def _told(candidate: Candidate) -> str:
    reasons = dict(candidate.reasons)
    action = candidate.action
    if isinstance(action, Discard):
        hand, crib = _number(reasons, "expected hand points"), _number(reasons,
                                                                         "expected crib points")
        total = _number(reasons, "total")
        pegging = reasons.get("expected pegging (you - them)")
        pegs = _(", {points} pegging").format(points=f"{pegging:+.2f}") \
            if isinstance(pegging, int | float) else ""
        text = (_("{move}: expect {hand} in hand and {crib} in your crib{pegging}; {total} in "
                  "all.") if reasons["crib is"] == "yours"
                else _("{move}: expect {hand} in hand and {crib} in the opponents' "
                       "crib{pegging}; {total} net."))
        return text.format(move=_move(action), hand=f"{hand:.2f}", crib=f"{crib:.2f}",
                           pegging=pegs, total=f"{total:.2f}")
    count = int(_number(reasons, "1 legal count"))
    now = int(_number(reasons, "points now"))
    parts = [(_("the count goes to {count}, exactly {count}") if reasons["2 exact 15 or 31"]
              else _("the count goes to {count}")).format(count=count)]
    same = int(_number(reasons, "3 same-rank tail"))
    if same >= 2:
        parts.append({2: _("a pair"), 3: _("three of a kind")}.get(
            same, _("{n} of a kind").format(n=same)))
    run = int(_number(reasons, "4 run tail"))
    if run:
        parts.append(_("a run of {n}").format(n=run))
    parts.append(_("it scores {points} now").format(points=now) if now
                 else _("it scores nothing now"))
    risk = _number(reasons, "5 reply risk (expected points)")
    parts.append(_("the reply may score {points} on average").format(points=f"{risk:.2f}"))
    return _("{move}: {reasons}.").format(move=_move(action), reasons=_("; ").join(parts))


def _number(reasons: dict[str, object], name: str) -> float:
    value = reasons[name]
    assert isinstance(value, int | float), f"the coach's {name!r} is a number"
    return float(value)


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                   "th")
    return f"{number}{suffix}"
