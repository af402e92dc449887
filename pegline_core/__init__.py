"""Pegline: a rules engine for card games. Games and scoring rules are plugins; variants are data.

>>> from pegline_core import Game
>>> game = Game("two-player")
>>> game.variant.game, game.phase, game.to_act
('cribbage', 'cut', 'chance')
"""

# ruff: noqa: E402 - the build's finder goes in before any compiled module loads
from pegline_core import build

build.install()  # with PEGLINE_PURE_PYTHON=1 the compiled modules load from their source

from pegline_core.cards import DECK, Card, deck_of, format_cards, parse_cards
from pegline_core.coaching import Candidate, Comparison, Evaluation, Evaluator
from pegline_core.definition import GameDefinition, Machine, PlainMachine, View
from pegline_core.encoding import Encoding
from pegline_core.errors import (
    CardError,
    IllegalActionError,
    PeglineError,
    PlayerError,
    PluginError,
    RecordError,
    VariantError,
)
from pegline_core.event_log import EventLog, StepEvents
from pegline_core.events import (
    Action,
    AskCoach,
    Event,
    EventCodec,
    GameEnded,
    Input,
    Scored,
    SideResult,
)
from pegline_core.game import Game
from pegline_core.game_hooks import MissingHook
from pegline_core.game_hookspecs import game_hookimpl
from pegline_core.hookspecs import hookimpl, hookspec, native, native_step
from pegline_core.index_player import IndexPlayer
from pegline_core.messages import Message, Problem, Template
from pegline_core.phases import Phase
from pegline_core.players import Player, RandomBot, play_game
from pegline_core.plugins import game_definition
from pegline_core.record import GameRecord
from pegline_core.rules import Award, Rule, Score
from pegline_core.ruleset import Ruleset
from pegline_core.turns import CHANCE, OVER, Chance, Over, Seats, ToAct
from pegline_core.variant import Variant, available_variants, load_variant

__all__ = [
    "Game", "GameDefinition", "Machine", "PlainMachine", "game_hookimpl", "Encoding",
    "game_definition", "Player", "IndexPlayer",
    "RandomBot", "play_game", "Action", "View", "Phase", "ToAct", "CHANCE", "Chance", "Seats",
    "OVER", "Over",
    "Card", "DECK", "deck_of", "format_cards", "parse_cards",
    "Candidate", "Comparison", "Evaluation", "Evaluator",
    "Event", "EventLog", "StepEvents", "Input", "Scored", "GameEnded", "SideResult", "AskCoach",
    "EventCodec",
    "Rule", "Score", "Award", "Ruleset", "hookimpl", "hookspec", "native", "native_step",
    "Variant", "load_variant", "available_variants", "GameRecord",
    "PeglineError", "CardError", "VariantError", "PluginError", "IllegalActionError",
    "PlayerError", "RecordError", "Message", "Problem", "Template", "MissingHook",
]
