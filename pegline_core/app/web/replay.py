"""Replaying a record in the page, step by step: one step per input, with every seat's cards.

A record is read whole (it is for auditing after the game and keeps every card); each step holds
the events one input caused, as readable lines, and the table after it.
"""

from __future__ import annotations

from pegline_core.app import hookspecs
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import Messages, RuleNames
from pegline_core.app.web.protocol import Json
from pegline_core.app.web.tables import entry, result_json, web_table
from pegline_core.errors import RecordError
from pegline_core.messages import Problem, said
from pegline_core.record import GameRecord

__all__ = ["replay_steps"]

_ = Messages("pegline_core.app").gettext


def replay_steps(text: str) -> Json:
    """The steps of the record ``text`` (TOML, or JSON Lines when it starts with ``{``);
    `RecordError` if it cannot be read or replayed under the installed rules."""
    if text.lstrip().startswith("{"):
        record = GameRecord.from_jsonl(text, name="the record")
    else:
        record = GameRecord.from_toml(text, name="the record")
    game = record.new_game()
    web = web_table(game.variant, game.definition)
    printer = app_hooks(game.variant.game, game.definition).call(hookspecs.pegline_printer)(
        variant=game.variant, reveal=None, names=None)
    codec = game.codec
    steps = [{"events": [entry(printer, codec, event, None) for event in game.log],
              "table": web.replay_table(game)}]
    for index, event in record.inputs(game):
        try:
            events = game.apply(event.action)
        except ValueError as exc:
            raise RecordError(Problem(said(exc), f"event {event.seq} (record item {index})")) \
                from None
        steps.append({"events": [entry(printer, codec, e, None) for e in events],
                      "table": web.replay_table(game)})
    return {"game": game.variant.game, "variant": game.variant.name, "seed": record.seed,
            "assist_used": record.assist_used, "over": game.over,
            "sides": [printer.side(side) for side in range(len(game.variant.sides))],
            "result": result_json(game.result, printer), "steps": steps,
            "rules": RuleNames(game.variant).carried()}
