"""The terminal's parts: the board, the input grammar, the table and the coach's sentences."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from pegline_core import Game, load_variant, parse_cards, play_game
from pegline_core.app.cli import main
from pegline_core.cards import Card
from pegline_core.events import AskCoach
from pegline_core.players import PlayerLeft
from pegline_cribbage.actions import CutStarter, Deal, Declare, Discard, Go, Play, Respond
from pegline_cribbage.answers import (
    AnswerError,
    read_cards,
    read_count,
    read_response,
    read_word,
)
from pegline_cribbage.board import BACK, FRONT, HOLE, Pegs, draw_board
from pegline_cribbage.bots import GreedyBot
from pegline_cribbage.coach import Coach
from pegline_cribbage.compare import describe, ranks
from pegline_cribbage.table import Table, numbered_hand
from pegline_cribbage.terminal import HumanPlayer

# -- the board ---------------------------------------------------------------------------------


def _holes(line: str) -> str:
    """The street's holes of a board line (the 35 characters after the start cell)."""
    return line[line.index("  ", line.index("  ", 8) + 1):][:60].split("    ")[0]


@pytest.mark.parametrize(("target", "streets"), [(121, 4), (61, 2)])
def test_the_board_has_a_hole_for_every_point_and_a_game_hole(target, streets):
    lines = [line.plain for line in draw_board([("you", Pegs(0, 0)), ("seat 1", Pegs(0, 0))],
                                               target)]
    assert len(lines) == 1 + 2 * streets  # a heading, then each street's line for each side
    assert "start  1" in lines[0] and "30  game score" in lines[0]
    holes = sum(line.count(HOLE) for line in lines[1:])
    assert holes == 2 * target  # target - 1 holes and the game hole, for each side
    last = f"{target - 30}-{target - 1}"
    assert lines[-2].lstrip().startswith(last) and lines[-2].rstrip().endswith(HOLE)
    assert lines[1].count(BACK + FRONT) == 1, "both pegs stand in the start holes"


def test_the_pegs_stand_in_their_holes():
    lines = [line.plain for line in draw_board([("you", Pegs(37, 30)), ("seat 1", Pegs(5, 0))],
                                               121)]
    you_1, seat_1, you_2, seat_2 = lines[1:5]
    assert seat_1.count(FRONT) == 1 and seat_1.count(BACK) == 1  # back peg at the start
    assert seat_1.index(BACK) < seat_1.index("·")  # the start holes come first
    dots = seat_1[seat_1.index("·"):]
    assert dots.startswith("····" + FRONT)  # hole 5
    street_1 = you_1[you_1.index("·"):].split("   ")[0]
    assert street_1.replace(" ", "") == HOLE * 29 + BACK  # the back peg in hole 30
    street_2 = you_2[you_2.index("·"):].split("   ")[0]
    assert street_2.replace(" ", "") == HOLE * 6 + FRONT + HOLE * 23  # the front one in 37
    assert FRONT not in seat_2 and BACK not in seat_2
    assert you_1.rstrip().endswith("37") and seat_1.rstrip().endswith("5")


def test_a_won_game_puts_the_front_peg_in_the_game_hole():
    lines = [line.plain for line in draw_board([("you", Pegs(63, 58)), ("seat 1", Pegs(40, 35))],
                                               61)]
    assert lines[3].rstrip().endswith(FRONT), "the winner's front peg is in the game hole"
    assert lines[4].rstrip().endswith(HOLE)
    assert lines[3].count(BACK) == 1 and lines[3].rstrip()[:-1].count(FRONT) == 0


def test_pegs_move_front_to_back():
    assert Pegs(0, 0).moved(2) == Pegs(2, 0)
    assert Pegs(2, 0).moved(9) == Pegs(9, 2)


# -- the input grammar -------------------------------------------------------------------------

HAND = parse_cards("3H 5C 10S KD")


def test_numbers_are_card_numbers_and_cards_need_a_suit():
    assert read_cards("1", HAND) == (HAND[0],)
    assert read_cards("4, 2", HAND) == (HAND[3], HAND[1])
    assert read_cards("10s", HAND) == read_cards("TS", HAND) == read_cards("10♠", HAND) == \
        (HAND[2],)
    assert read_cards("kd 3", HAND) == (HAND[3], HAND[2])


@pytest.mark.parametrize(("text", "message"), [
    ("10", "there is no card number 10 (your cards are 1 to 4); to choose 10♠, type 3 or 10S"),
    ("5", "there is no card number 5 (your cards are 1 to 4); to choose 5♣, type 2 or 5C"),
    ("9", "there is no card number 9 (your cards are 1 to 4); a card named by its rank needs "
          "its suit too, e.g. 10S or TS"),
    ("0", "there is no card number 0 (your cards are 1 to 4)"),
    ("2 2", "5♣ is chosen twice"),
    ("5C 2", "5♣ is chosen twice"),
    ("AS", "you do not hold A♠"),
    ("helo", "'helo' is neither a card (such as 5H, 10S, QD) nor a word (type help)"),
    ("go 1", "'go' is a word: type it alone"),
    ("", "type a card's number or its name (e.g. 5H), or help"),
])
def test_what_cannot_be_read_is_refused_with_the_reason(text, message):
    with pytest.raises(AnswerError) as refused:
        read_cards(text, HAND)
    assert str(refused.value) == message


def test_words_stand_alone_in_any_case():
    for word in ("help", "go", "quit", "compare", "score"):
        assert read_word(f"  {word.upper()} ") == word
    assert read_word("go 1") is None and read_word("5H") is None and read_word("10") is None


def test_counts_and_responses():
    assert read_count(" 12 ", 29) == 12 and read_count("0", 29) == 0
    for text, message in [("abc", "'abc' is not a number: type the points you count, from 0 "
                                  "to 29"),
                          ("", "nothing is not a number: type the points you count, from 0 to 29"),
                          ("-1", "'-1' is not a number: type the points you count, from 0 to 29"),
                          ("30", "30 is more than any count can be here: 29 at most")]:
        with pytest.raises(AnswerError, match="^" + message.replace("(", r"\(")
                           .replace(")", r"\)") + "$"):
            read_count(text, 29)
    assert read_response("", 29) == ("accept", 0) == read_response("Accept", 29)
    assert read_response("overcount", 29) == ("overcount", 0)
    assert read_response("muggins 4", 29) == ("muggins", 4)
    for text in ("muggins", "muggins 0", "muggins 30", "muggins x"):
        with pytest.raises(AnswerError, match="muggins N, with N from 1 to 29"):
            read_response(text, 29)
    with pytest.raises(AnswerError, match="answer accept"):
        read_response("yes", 29)


# -- the table ---------------------------------------------------------------------------------


def _render(table: Table, view) -> str:
    console = Console(width=80, color_system=None)
    with console.capture() as capture:
        console.print(table.render(view))
    return capture.get()


def _pegging_game():
    game, table = Game("two-player-61", dealer=1), Table()
    moves = [Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]),
             Discard(0, parse_cards("2C 9H")), Discard(1, parse_cards("AS 2S")),
             CutStarter(Card.parse("5D")), Play(0, Card.parse("KS")), Play(1, Card.parse("4S"))]
    for move in moves:
        for event in game.apply(move):
            table.observe(event)
    return game, table


def test_the_table_shows_the_count_the_series_and_the_hand_numbered_once():
    game, table = _pegging_game()
    screen = _render(table, game.view(0))
    assert "Seat 1 deals; the crib is seat 1's.  Game to 61.  Starter 5♦." in screen
    assert "Count 14 (limit 31): K♠ you  4♠ seat 1" in screen
    # sorted, the played king keeps its number; every card left fits under 31
    assert "Your hand:  1 5♣*  2 5♥*  3 J♦*   played: K♠   (* playable now)" in screen
    assert numbered_hand(game.view(0)) == parse_cards("5C 5H JD KS")
    for event in game.apply(Play(0, Card.parse("JD"))):  # 24: a five still fits, nothing else
        table.observe(event)
    for event in game.apply(Play(1, Card.parse("7S"))):  # 31 for two
        table.observe(event)
    screen = _render(table, game.view(0))
    assert "Count 0 (limit 31): a new series." in screen
    assert "Your hand:  1 5♣*  2 5♥*   played: J♦ K♠   (* playable now)" in screen
    seat_1 = next(line for line in screen.splitlines() if "seat 1 " in line and HOLE in line)
    assert f"{BACK}    {HOLE}{FRONT}{HOLE}" in seat_1  # the back peg at the start, the front in 2
    assert seat_1.rstrip(" │").endswith(" 2")


def _stuck_game(plays):
    """Seat 0 keeps K♥ Q♣ 9♦ 3♣, seat 1 10♠ A♠ 2♠ 6♠ (seat 1 deals); then ``plays``."""
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("KH QC 9D 3C 8S 2H"), parse_cards("TS AS 2S 6S 4S 7S")]))
    game.apply(Discard(0, parse_cards("8S 2H")))
    game.apply(Discard(1, parse_cards("4S 7S")))
    game.apply(CutStarter(Card.parse("5D")))
    for seat, card in plays:
        game.apply(Play(seat, Card.parse(card)))
    return game


PARTLY = [(0, "QC"), (1, "6S"), (0, "KH"), (1, "AS")]
"""Count 27: of seat 0's 9♦ and 3♣ only the three fits."""
STUCK = [(0, "KH"), (1, "TS"), (0, "3C"), (1, "AS")]
"""Count 24: neither 9♦ nor Q♣ fits, and seat 1 can still play its 2♠: seat 0 says go."""


def test_only_the_cards_that_fit_are_marked():
    game = _stuck_game(PARTLY)
    assert game.legal_actions(0) == [Play(0, Card.parse("3C"))]
    screen = _render(Table(), game.view(0))
    assert "Count 27 (limit 31): Q♣ you  6♠ seat 1  K♥ you  A♠ seat 1" in screen
    assert "Your hand:  1 3♣*  2 9♦   played: Q♣ K♥   (* playable now)" in screen
    game = _stuck_game(STUCK)
    screen = _render(Table(), game.view(0))
    assert "Your hand:  2 9♦  3 Q♣   played: 3♣ K♥ " in screen  # numbers stay: 1 was the 3♣
    assert "*" not in screen


def test_partner_games_name_the_partner_and_whose_crib_it_is():
    game = Game("partner", dealer=2)
    game.apply(Deal([parse_cards(h) for h in ("AH 2H 3H 4H 5H", "AC 2C 3C 4C 5C",
                                              "AD 2D 3D 4D 5D", "AS 2S 3S 4S 5S")]))
    screen = _render(Table(), game.view(0))
    assert "Your partner deals; the crib is your partner's.  Your partner: seat 2." in screen
    assert "you & seat 2" in screen and "seats 1 & 3" in screen
    screen = _render(Table(), game.view(1))
    assert "the crib is seat 2's." in screen and "Your partner: seat 3." in screen


def test_lowball_and_three_players():
    game = Game(load_variant("two-player", overlays=("lowball",)), dealer=0)
    game.apply(game.chance_action(random.Random(1)))
    assert "You deal; the crib is yours.  Game to 121 (the first there loses)." in \
        _render(Table(), game.view(0))
    game = Game("three-player", dealer=1)
    game.apply(game.chance_action(random.Random(1)))
    screen = _render(Table(), game.view(2))
    assert "Seat 1 deals; the crib is seat 1's.  Game to 61." in screen
    board = [line.strip("│ ") for line in screen.splitlines() if HOLE in line]
    names = [re.sub(r"^\d+-\d+\s+", "", line).split("  ")[0] for line in board]
    assert names == ["you", "seat 0", "seat 1"] * 2, "two streets of one track per player"


def test_the_last_show_keeps_every_rule_and_a_play_moves_the_pegs_once():
    game, table = _pegging_game()
    for seat, card in [(0, "JD"), (1, "7S"), (0, "5C"), (1, "3S"), (0, "5H"), (1, "6S")]:
        for event in game.apply(Play(seat, Card.parse(card))):
            table.observe(event)
    assert game.phase == "deal", "hand 1 is over"
    lines = table.last_show(0, game.variant.sides)
    assert lines[0] == "the show of hand 1 (starter 5♦):"
    heads = [line for line in lines[1:] if not line.startswith("    ")]
    assert heads == ["  your hand 5♥ 5♣ J♦ K♠: 21 points", "  seat 1's hand 3♠ 4♠ 6♠ 7♠: 13 points",
                     "  seat 1's crib 2♣ 9♥ A♠ 2♠: 4 points"]  # the pone first, the crib last
    assert "    show-run           3♠ 4♠ 5♦ 6♠ 7♠          5" in lines
    assert "    his-nobs           J♦ 5♦                   1" in lines
    total = sum(int(line.split()[-1]) for line in lines if line.startswith("    "))
    assert total == 21 + 13 + 4, "the breakdown adds up to the counts"
    assert game.scores == (21, 20)
    # each count is pegged in one move: the back peg stands where the front one was before it
    assert table.pegs == {0: Pegs(21, 0), 1: Pegs(20, 16)}


def test_a_multi_rule_play_is_pegged_in_one_move():
    table = Table()
    from pegline_core.events import Scored

    table.observe(Scored(0, 1, "pegging", 0, 0, 2, "peg-fifteen", "standard", (), 2))
    table.observe(Scored(1, 1, "pegging", 0, 0, 2, "peg-pair", "standard", (), 4))
    assert table.pegs[0] == Pegs(4, 0)
    table.observe(Scored(2, 1, "pegging", 1, 1, 1, "go", "standard", (), 1))
    table.observe(Scored(3, 1, "pegging", 0, 0, 1, "last-card", "standard", (), 5))
    assert table.pegs == {0: Pegs(5, 4), 1: Pegs(1, 0)}


# -- the player --------------------------------------------------------------------------------


def _player(answers):
    console = Console(width=80, color_system=None, record=True)
    feed = iter(answers)

    def read():
        answer = next(feed)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return HumanPlayer(console=console, read=read), console


def test_go_only_when_true_and_a_card_over_the_limit_is_refused():
    game = _stuck_game(PARTLY)
    player, console = _player(["go", "2", "1"])
    assert player.choose(game.view(0), game.legal_actions(0)) == Play(0, Card.parse("3C"))
    text = console.export_text()
    assert "not allowed: you can play 3♣: say go only when no card you hold fits under 31" in text
    assert "not allowed: 9♦ would make the count 36, over 31\n" in text
    game = _stuck_game(STUCK)
    assert game.legal_actions(0) == [Go(0)]
    player, console = _player(["2", "4", "go"])
    assert player.choose(game.view(0), game.legal_actions(0)) == Go(0)
    text = console.export_text()
    assert "no card you hold fits under 31 at count 24: type go:" in text
    assert "not allowed: 9♦ would make the count 33, over 31: say go" in text
    assert "not allowed: K♥ is played already" in text


def test_leaving_raises_player_left_with_nothing_applied():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("KH QC JD KS 2C 9H"), parse_cards("TS 2S 3S 4S 6S 7S")]))
    for answer, how in [("quit", "quit"), (EOFError(), "end of input"),
                        (KeyboardInterrupt(), "interrupted")]:
        player, _console = _player([answer])
        with pytest.raises(PlayerLeft) as left:
            player.choose(game.view(0), game.legal_actions(0))
        assert left.value.how == how
    assert game.phase == "discard" and not game.machine.discarded[0]


def test_compare_asks_the_game_marks_the_move_and_shows_the_disclaimer_once():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    view = game.view(0)
    player, console = _player(["compare", "4 6", "compare", "compare", "1", EOFError()])
    with pytest.raises(PlayerLeft):  # the answers run out at the second pegging turn
        play_game("two-player", [player, GreedyBot()], seed=1, game=game)
    inputs = game.inputs()
    move = next(a for a in inputs if isinstance(a, Discard) and a.seat == 0)
    assert set(move.cards) == set(parse_cards("9H KS"))  # sorted: 2♣ 5♣ 5♥ 9♥ J♦ K♠
    asked = [a for a in inputs if isinstance(a, AskCoach)]
    assert len(asked) == 2, "the refused compare changed nothing; each answered one is logged"
    assert game.machine.assisted == frozenset({0})
    assert Play(0, Card.parse("2C")) in inputs  # "1" after the compares: its first card
    text = console.export_text()
    assert "nothing to compare yet: commit a move first" in text
    assert text.count("The coach: A searching evaluator") == 1, "the disclaimer is shown once"
    lines = describe(Coach(view.rules).evaluate(view), move)  # the coach on the view it had
    assert lines[0].startswith("You laid away K♠ 9♥: the coach ranks it ")
    assert " ".join(text.split()).count(lines[0]) == 2  # wrapped between words on the screen
    assert text.count("<- your move") == 2
    # three decisions (the discard, two pegging turns), five answers: one table each
    assert text.count("hand 1") == 3, "the table is drawn once per decision, not per answer"
    marked = [line for line in lines if line.endswith("<- your move")]
    assert marked == [MARKED]


MARKED = ("    2.  lay away K♠ 9♥: expect 8.78 in hand and 3.27 in the opponents' crib, -1.44 "
          "pegging; 4.07 net. 47.9% to win.  <- your move")


def test_ties_share_a_rank():
    game = Game("two-player", dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    view = game.view(0)
    evaluation = Coach(view.rules).evaluate(view)
    ranked = ranks(evaluation)
    values = [round(c.value, 2) for c in evaluation.candidates]
    for (rank, tied), value in zip(ranked, values, strict=True):
        assert rank == 1 + sum(v > value for v in values)
        assert tied == (values.count(value) > 1)
    assert any(tied for _rank, tied in ranked), "5♣ and 5♥ are alike here: their discards tie"
    lines = describe(evaluation, evaluation.candidates[0].action)
    assert any(line.lstrip().startswith("=") for line in lines)


def test_muggins_prompts_read_counts_and_answers_clearly():
    game = Game(load_variant("two-player", overlays=("muggins",)), dealer=1)
    game.apply(Deal([parse_cards("5H 5C JD KS 2C 9H"), parse_cards("AS 2S 3S 4S 6S 7S")]))
    game.apply(Discard(0, parse_cards("2C 9H")))
    game.apply(Discard(1, parse_cards("AS 2S")))
    game.apply(CutStarter(Card.parse("5D")))
    while game.phase == "pegging":
        seat = game.to_act[0]
        game.apply(game.legal_actions(seat)[0])
    assert isinstance(game.legal_actions(0)[0], Declare)
    player, console = _player(["abc", "99", "score", "14"])
    assert player.choose(game.view(0), game.legal_actions(0)) == Declare(0, 14)
    text = console.export_text()
    assert "not allowed: 'abc' is not a number: type the points you count, from 0 to 29" in text
    assert "not allowed: 99 is more than any count can be here: 29 at most" in text
    assert "is not a valid integer" not in text
    game.apply(Declare(0, 14))
    game.apply(Respond(1, "accept"))
    game.apply(Declare(1, 5))
    player, console = _player(["muggins", "muggins 2"])
    assert player.choose(game.view(0), game.legal_actions(0)) == Respond(0, "muggins", 2)
    assert "muggins N, with N from 1 to 29" in console.export_text()


def test_human_json_keeps_stdout_to_json_and_piped_input_ending_saves(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["play", "--human", "--json", "--seed", "4"],
                                input="1 2\n")
    assert result.exit_code == 1
    assert all(line.startswith('{"seq"') for line in result.stdout.splitlines())
    assert "Aborted" not in result.output
    assert "end of input: the game is saved in pegline-two-player-4.toml" in result.stderr
    assert "to go on: pegline play --human --resume pegline-two-player-4.toml --json" in \
        result.stderr
    assert (tmp_path / "pegline-two-player-4.toml").exists()
