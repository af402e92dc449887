"""A resolved variant's rules in words, in the current language (``pegline variants explain``):
so that an author reads back what a file says, every rule of every plugin included.

Each plugin's rules are listed in rule order (the game first, then the variant's plugins), each by
its name, what it scores and its points. The game words the settings that change scoring
through its ``pegline_scoring_words`` hook, and the rules its vocabulary of house rules wrote
as data through its ``pegline_rule_words`` hook (words by rule id), where it has them; any
other rule is said by its declared summary, translated where the plugin's catalog has it.

>>> from pegline_core import load_variant
>>> lines = variant_words(load_variant("stink-hole"))
>>> lines[0]
'stink-hole: The standard game with the stink hole one short of the target'
>>> for line in lines:
...     if "heels" in line:
...         print(line)
    his-heels: switched off (disable)
    stinkhole-heels: his heels, unless the late-game rule forbids it: 2 points
"""

from __future__ import annotations

from pegline_core.app import hookspecs
from pegline_core.app.game_hooks import app_hooks
from pegline_core.app.i18n import (
    Messages,
    plugin_domain,
    rule_name,
    rule_summary,
    variant_description,
)
from pegline_core.rules import Rule
from pegline_core.ruleset import Ruleset
from pegline_core.variant import Variant

__all__ = ["variant_words"]

_messages = Messages("pegline_core.app")
_ = _messages.gettext


def variant_words(variant: Variant) -> list[str]:
    """The lines ``pegline variants explain`` prints for a loaded variant."""
    ruleset = Ruleset(variant)
    described = variant_description(variant)
    lines = [_("{name}: {description}").format(name=variant.name, description=described)
             if described else variant.name]
    hooks = app_hooks(variant.game, ruleset.game)
    settings = hooks.get(hookspecs.pegline_scoring_words)
    said = settings(variant=variant) if settings is not None else []
    if said:
        lines.append(_("Settings that change scoring:"))
        lines += [f"  {line}" for line in said]
    lines.append(_("Rules, in the order they score:"))
    worded = hooks.get(hookspecs.pegline_rule_words)
    words = worded(ruleset=ruleset) if worded is not None else {}
    by_owner: dict[str, list[Rule]] = {name: [] for name in variant.plugins}
    for rule_id in sorted(ruleset.rules, key=ruleset.order.__getitem__):
        owner, rule = ruleset.rules[rule_id]
        by_owner.setdefault(owner, []).append(rule)
    for owner in sorted(by_owner, key=list(ruleset.plugins).index):
        rules = by_owner[owner]
        lines.append(f"  {owner}" if rules else "  " + _("{plugin}: no rules").format(plugin=owner))
        lines += [f"    {_rule_line(owner, rule, rule.id in ruleset.disabled, words.get(rule.id))}"
                  for rule in rules]
    return lines


def _rule_line(owner: str, rule: Rule, disabled: bool, words: str | None) -> str:
    """One rule in words: its name (and id, where the name differs), what it scores (``words``,
    else its summary), its points; or that ``disable`` switched it off."""
    domain = plugin_domain(owner)
    name = rule_name(rule.id, domain, rule.names)
    named = rule.id if name == rule.id else _("{name} ({id})").format(name=name, id=rule.id)
    if disabled:
        return _("{rule}: switched off (disable)").format(rule=named)
    words = words or rule_summary(rule.summary, domain)
    if rule.points is None:
        return _("{rule}: {words}").format(rule=named, words=words)
    points = _messages.ngettext("{n} point", "{n} points", rule.points).format(n=rule.points)
    return _("{rule}: {words}: {points}").format(rule=named, words=words, points=points)
