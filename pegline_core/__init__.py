"""Pegline: a cribbage rules engine with variants as data and scoring as plugins."""

from pegline_core.cards import DECK, Card, CardError, format_cards, parse_cards
from pegline_core.plugins import Award, PluginError
from pegline_core.rules import Rule, Score
from pegline_core.scorer import Scorer, ShowScore
from pegline_core.variant import Variant, VariantError, available_variants, load_variant

__all__ = [
    "Card", "CardError", "DECK", "format_cards", "parse_cards",
    "Rule", "Score", "Award", "PluginError",
    "Scorer", "ShowScore",
    "Variant", "VariantError", "load_variant", "available_variants",
]
