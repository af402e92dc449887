"""The kernel's messages a user meets, shown in the user's language.

The kernel and the Python API speak English (their contract: an exception's text is part of
what a program sees), and a variant's problems read ``file: key.path: message``. These are the
templates of those messages, translated in the command line's catalog (``pegline_core.app``);
`explain` turns such a message into the current language where it is shown (the command line,
the web API's answers). The file and the key path stay as they are; only the message part is
translated. A message no template matches is shown as it is.

>>> from pegline_core.app.i18n import use_language
>>> with use_language("ja"):
...     print(explain("house.toml: scoring.targt: unknown key"))
house.toml: scoring.targt: 不明なキー
>>> explain("house.toml: scoring.targt: unknown key")
'house.toml: scoring.targt: unknown key'
"""

from __future__ import annotations

from pegline_core.app.i18n import N_, Formatted, Messages, current_language, explain_known

__all__ = ["PROBLEMS", "explain"]

PROBLEMS = (
    # a value of the wrong kind (pegline_core.strict)
    N_("expected {what}, got {value}"),
    N_("expected one of {choices}, got {value}"),
    N_("an integer"), N_("a boolean"), N_("a string"), N_("a number"), N_("an array"),
    N_("a table"),
    N_("the boolean {value}"), N_("the integer {value}"), N_("the float {value}"),
    N_("the string {value}"), N_("the array {value}"), N_("the table {value}"),
    N_("required key is missing"),
    N_("unknown key"),
    N_("unknown key (did you mean {names}?)"),
    # the variant files (pegline_core.variant, pegline_core.variant_files)
    N_("expected a game's name, got {value}"),
    N_("set by loading, never by a file"),
    N_("{key} names no key of the variant"),
    N_("expected a table of rules, got {value}"),
    N_("{name} is not a variant name (lower-case letters, digits, '-' and '_'; never a path)"),
    N_("unknown variant {name} ({close}known: {known})"),
    N_("did you mean {names}? "),
    N_("no such variant file"),
    N_("{path}: no such variant file"),
    N_("cycle {cycle}"),
    N_("a saved game's record, not a variant file"),
    N_("{path} links to {target}, outside the variant search path: a variant found by name "
       "must be inside it (copy the file there)"),
    N_("nested more than {n} levels deep"),
    N_("a number of more than {n} digits"),
    N_("a lone surrogate (half of a character) in a string"),
    N_("expected an array of variant names, e.g. {example}; got {value}"),
    N_("expected an array of variant names, got {value}"),
    N_("mixes edits ('+name', '-name') with names; write only edits to change the inherited "
       "list, or only names to replace it"),
    N_("{edit} removes nothing: the list is {names} ({close}or drop the edit)"),
    N_("{names} would replace the inherited {before} and drop {dropped}; to add, write "
       "[{plus}]; to drop, say so: [{minus}]"),
    N_("must be from 2 to 8, got {n}"),
    N_("{key} must split seats 0..{last} ({players}) with each seat once, got {teams}"),
    N_("needs at least two teams"),
    N_("a plugin is named twice"),
    N_("{key} configures plugin {plugin}, which the variant does not use ({plugins})"),
    # the rules (pegline_core.ruleset, pegline_core.plugins)
    N_("(plugin {plugin}) {message}"),
    N_("must not be negative, got {value}"),
    N_("must be at least {n}, got {value}"),
    N_("must be below {target}, got {value}"),
    N_("set {one} (a score) or {other} (points short of the target), not both"),
    N_("no rule can score a point ({keys}), so a game could never end"),
    N_("plugin {plugin} declares rule {rule}, already declared by {earlier}"),
    N_("plugin {plugin} declares rule {rule} twice"),
    N_("no plugin of this variant declares rule {rule}"),
    N_("no plugin of this variant declares rule {rule} (did you mean {names}?)"),
    N_("unknown plugin {name} (installed: {names})"),
    N_("unknown plugin {name} ({close}installed: {names})"),
    N_("plugin {name} takes no configuration"),
    # house rules written as data (pegline_house.checks, and the kinds a key may take)
    N_("an integer or a table"), N_("an integer or an array"),
    N_("must be one of {choices}, got {value}; did you mean {names}?"),
    N_("must be lower-case words joined by '-', got {value}"),
    N_("another rule of the variant has the id {id}"),
    N_("applies only when = 'show' or 'after-show'"),
    N_("applies only when = 'play'"),
    N_("give points (for each claim) or per_card (for each card it claims), one of them"),
    N_("give points or per_card, not both"),
    N_("unknown language {tag} ({close}Pegline speaks: {tags})"),
    N_("must not be empty"),
    N_("does not apply when = {when} (it reads: {keys})"),
    N_("does not apply with nobs (its card is a jack)"),
    N_("unknown rank {rank} ({close}ranks: {ranks})"),
    N_("must be true (leave it out to ask nothing)"),
    N_("a show rule claims by one of same_rank, run, flush or nobs, not {keys}"),
    N_("can never match: at most 4 cards share a rank, got {value}"),
    N_("can never match: no rank is named"),
    N_("can never match: a run has at most 13 cards, got {value}"),
    N_("can never match: a suit has 13 cards, got {value}"),
    N_("can never match: the count is from 1 to pegging.limit ({limit}), got {value}"),
    N_("can never match: no count is named"),
    N_("can never match: a show never totals below 0, got {value}"),
    N_("can never match with same_rank: a run's ranks all differ"),
    N_("can never match with same_rank: cards of one rank differ in suit"),
    N_("can never match: {n} cards of one rank among {ranks} count more than pegging.limit "
       "({limit})"),
    # the game's settings (the cribbage and Clabber plugins check them)
    N_("must be at least 1, got {value}"),
    N_("must be from 1 to {most}, got {value}"),
    N_("must be between 1 and {target}, got {value}"),
    N_("must be at least scoring.win_game_points ({n}), got {value}"),
    N_("two skunk lines share a 'below' value"),
    N_("each player must keep a card: {discard} must be below {cards}"),
    N_("the crib would be empty: {crib}"),
    N_("a deal of {n} cards with the starter ({deal}) is more than the {deck} of the deck"),
    N_("a hand of {n} cards ({hand}) is more than the {most} the show can count"),
    N_("a crib of {n} cards ({crib}) is more than the {most} the show can count"),
    N_("the game is for {n} players, got {players}"),
    N_("partners sit opposite: teams must be {teams}"),
    N_("must be one of {choices}, got {value}"),
    # a show counter that disagrees with its plugin's show hooks (pegline_cribbage.plugin_checks)
    N_("plugin {plugin}: its pegline_show_counter counts {counted} for the hand {cards} and "
       "starter {starter}, but its pegline_score_show scores {scored}"),
    N_("plugin {plugin}: its pegline_show_counter counts {counted} for the crib {cards} and "
       "starter {starter}, but its pegline_score_show scores {scored}"),
    # cards (pegline_core.cards)
    N_("{text}: a card is a rank followed by a suit, like '5H'"),
    N_("{text}: unknown suit {suit}"),
    N_("{text}: unknown rank {rank}"),
    N_("{card} is given twice"),
    # a hook a game does not implement (pegline_core.game_hooks, pegline_core.game_hookspecs)
    N_("game {game} does not implement {hook}: {consequence}"),
    N_("it has no coach to compare with"),
    N_("it has no encoding for learning agents"),
    N_("it cannot say what a seat may see of its events"),
    N_("it cannot read the rules digest of an older record"),
    N_("it cannot read the events of an older record"),
    # actions the rules refuse (the games' machines, pegline_core.game)
    N_("the game is over"),
    N_("{action} is not allowed in the {phase} phase"),
    N_("no seat {seat} at a table of {players}"),
    N_("it is seat {turn}'s turn, not seat {seat}'s"),
    N_("it is seat {turn}'s turn to play, not seat {seat}'s"),
    N_("seat {seat} does not hold {cards}"),
    N_("seat {seat} has already laid away to the crib"),
    N_("lay away exactly {n} different card(s), got {cards}"),
    N_("{card} would make the count {count}, over {limit}"),
    N_("seat {seat} cannot say go while holding a playable card ({cards}; count {count})"),
    N_("seat {seat} has no committed decision to compare yet"),
    N_("this variant counts hands automatically"),
    N_("a declaration is a whole number from 0 to {cap}, not {points}"),
    N_("a response is one of {responses}, not {response}"),
    N_("muggins claims a whole number of points from 1 to {cap}, not {points}"),
    N_("there is no action to undo"),
    N_("not an action: {action}"),
    N_("not an action of Clabber: {action}"),
    # a player that fails in its turn (pegline_core.errors.PlayerError)
    N_("seat {seat}'s player {player} raised {error}"),
    N_("seat {seat}'s player {player} answered {action}, which the rules refuse: {reason}"),
    # a record that does not verify (pegline_core.record.Difference)
    N_("event {seq} ({type}): {difference}"),
    N_("event {seq}: {difference}"),
    N_("{key}: the record has {found}, the replay {expected}"),
    N_("the record has {found}, the replay {expected}"),
    N_("no event"),
    N_("a {type} event"),
    N_("nothing"),
    # bot specs (pegline_core.app.bot_specs)
    N_("unknown bot {name}; {close}choose from {bots}, or name a class of your own as "
       "module.path:Name"),
    N_("name the bots as a list of specs, not {specs}; choose from {bots}, or "
       "module.path:Name"),
    N_("bot {spec}: write a bot of your own as module.path:Name"),
    N_("bot {spec}: cannot import {module}: {error}"),
    N_("bot {spec}: {module} has no {name}"),
    N_("bot {spec} is {kind}, not a player class or factory"),
    N_("bot {spec}: the class {name} has no choose(view, legal) method"),
    N_("bot {spec} made {kind}, which has no choose(view, legal) method"),
    N_("bot {spec} must take a seed or nothing, not {signature}"),
    N_("bot {spec} is defined in the script being run, which a cluster's workers cannot "
       "import: move it into a module the workers can import, and name it as "
       "module.path:Name"),
    N_("bot {spec} is defined inside a function: move it into a module the workers can "
       "import, and name it as module.path:Name"),
    N_("bot {spec} cannot be found again by its name {name}: give the workers a class or "
       "factory defined at the top level of a module"),
    N_("a round robin needs two or more different bots"),
)
"""Every kernel message the command line and the web API translate, as an English template."""

_problems = Formatted("pegline_core.app", PROBLEMS)
_messages = Messages("pegline_core.app")
_OR = N_("' or '")
"""How a did-you-mean joins the names it offers (`pegline_core.variant_files` joins them in
English)."""


def explain(text: str) -> str:
    """A message (one problem a line) in the current language: each line whole if a template
    matches it, else its message part after the ``file:`` and ``key.path:`` it starts with."""
    if current_language() == "en":
        return text
    return "\n".join(_line(line) for line in text.split("\n"))


def _line(line: str) -> str:
    said = _said(line)
    return said if said == line else said.replace(_OR, _messages.gettext(_OR))


def _said(line: str) -> str:
    said = explain_known(line)
    if said != line:
        return said
    parts = line.split(": ")
    for cut in (1, 2, 3):
        if len(parts) <= cut:
            break
        rest = ": ".join(parts[cut:])
        said = explain_known(rest)
        if said != rest:
            return ": ".join(parts[:cut]) + ": " + said
    return line
