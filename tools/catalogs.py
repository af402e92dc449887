"""Pegline's message catalogs, managed with Babel: extract, update, compile, check, glossary.

    python tools/catalogs.py update     # extract into each package's .pot, merge into its .po
    python tools/catalogs.py compile    # .po -> .mo (the .mo files ship in the wheel)
    python tools/catalogs.py glossary   # write docs/glossary.md from the catalogs
    python tools/catalogs.py check      # exit 1 if any catalog is incomplete, stale or uncompiled

Each package is its own gettext domain (`pegline_core.app.i18n`). Its messages are the strings
its code marks (``_``, ``ngettext``, ``pgettext``, a message ``Template``; the command line's
domain also holds the kernel's templates), plus, for a rule plugin, every rule it
declares: the rule id in the context ``rule`` (the rule's name) and the rule's summary.
"""

from __future__ import annotations

import io
import sys
import tomllib
from collections.abc import Iterable
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from pegline_core.app.clikit import HELP_CONTEXT
from pegline_core.app.i18n import _FOLDER, CLICK_DOMAIN, LANGUAGES, RULE_CONTEXT, VARIANT_CONTEXT
from pegline_core.plugins import describe_plugin, installed_plugins

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ROOT / "plugins"
LOCALES = [_FOLDER[tag] for tag in LANGUAGES if tag != "en"]
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "Template": (2,)}
"""The calls whose strings are messages; a `pegline_core.messages.Template`'s is its second
argument, its English text."""

# Rules a plugin declares only under some configuration (not its default one), by domain.
EXTRA_RULES = {
    "pegline_standard": [("three-for-last", "the first hand's pone pegs three at the start")],
}

# Words the code translates from data, by context: a settlement's outcome, a response, a skunk
# line's name (the variants' [[skunk]] names).
DATA_MESSAGES: dict[str, dict[str | None, list[str]]] = {
    "pegline_cribbage": {
        "outcome": ["accepted", "muggins", "false-muggins", "overcount", "false-overcount"],
        "response": ["accept", "muggins", "overcount"],
        "skunk": ["skunk", "double skunk", "triple skunk", "lurch"],
        "pass": ["no cards", "cannot play"],
        # the coach's reasons (pegline_cribbage.coach): their names, then their words
        "reason": ["expected hand points", "expected crib points", "crib is",
                   "expected pegging (you - them)", "pegging", "total", "1 legal count",
                   "2 exact 15 or 31", "3 same-rank tail", "4 run tail",
                   "5 reply risk (expected points)", "points now",
                   "expected pegging, rest of hand (you - them)", "win chance (%)",
                   "yours", "the opponents'", "simulated",
                   "not simulated: the simulated discards' average", "not simulated: no budget"],
        # the page shows these as they come: a settlement's outcome, the phase
        None: ["accepted", "muggins", "false-muggins", "overcount", "false-overcount",
               "cut", "deal", "discard", "starter", "pegging", "show", "over"],
    },
    # between the descriptions of a variant's file and its overlays (pegline_core.descriptions)
    "pegline_core.app": {"variant": ["; "]},
}


def help_texts(domain: str) -> list[str]:
    """The help texts of every command and group of the command line, and of their options,
    that ``domain`` translates (`help_domain`: the command line's own, or a plugin's)."""
    import click

    from pegline_core.app.cli import main as command_line
    from pegline_core.app.clikit import HELP_WORDS, help_domain

    commands: list[click.Command] = []
    waiting: list[click.Command] = [command_line]
    while waiting:  # the whole tree: pegline, its commands, each group's commands
        command = waiting.pop(0)
        commands.append(command)
        if isinstance(command, click.Group):
            context = click.Context(command)  # the commands installed plugins add, too
            waiting += [command.get_command(context, name)
                        for name in sorted(command.list_commands(context))]
    texts = [thing.help for command in commands if help_domain(command) == domain
             for thing in [command, *command.get_params(click.Context(command))]
             if getattr(thing, "help", None)]
    words = HELP_WORDS if domain == "pegline_core.app" else ()
    return list(dict.fromkeys([*texts, *words]))


STAMP = datetime(2026, 12, 1, tzinfo=UTC)
"""The templates' creation date, fixed so that re-extracting changes no file needlessly."""


def packages() -> dict[str, Path]:
    """Every package that ships a catalog (a ``locale`` folder), by domain."""
    found = {path.parent.name: path.parent for path in sorted(PLUGINS.glob("*/locale"))}
    found["pegline_core.app"] = ROOT / "pegline_core" / "app"  # the command line's own words
    found[CLICK_DOMAIN] = ROOT / "pegline_core" / "app"  # Click's words, beside them
    return found


def locale_dir(domain: str) -> Path:
    return packages()[domain] / "locale"


def template(domain: str) -> Catalog:
    """The catalog's template: the code's marked messages, the data words, the rules."""
    if domain == CLICK_DOMAIN:
        return click_template()
    folder = packages()[domain]
    sources = sorted(folder.rglob("*.py"))
    if domain == "pegline_core.app":  # the kernel's messages are shown, so translated, by the app
        sources = sorted({*sources, *(ROOT / "pegline_core").rglob("*.py")})
    catalog = Catalog(project="Pegline", domain=domain, version="0.1",
                      copyright_holder="the Pegline developers", creation_date=STAMP,
                      msgid_bugs_address="", last_translator="the Pegline developers")
    for path in sources:
        if path.name == "catalogs.py":
            continue
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS):
            catalog.add(message, locations=[(path.relative_to(ROOT).as_posix(), line)],
                        auto_comments=comments, context=context)
    for text in help_texts(domain):
        catalog.add(text, context=HELP_CONTEXT)
    for path in sorted(folder.rglob("*.js")):  # the web page's scripts: _("...") too
        for line, message, comments, context in extract_from_file(
                "javascript", str(path), keywords={"_": None}):
            catalog.add(message, locations=[(path.relative_to(ROOT).as_posix(), line)],
                        auto_comments=comments, context=context)
    for path in sorted(folder.rglob("*.html")):  # the page's data-i18n words
        for line, message in html_messages(path.read_text(encoding="utf-8")):
            catalog.add(message, locations=[(path.relative_to(ROOT).as_posix(), line)])
    if domain == "pegline_core.app":  # the shipped variants' descriptions
        for path in sorted((ROOT / "variants").glob("*.toml")):
            description = tomllib.loads(path.read_text(encoding="utf-8")).get("description")
            if isinstance(description, str) and description:
                catalog.add(description, context=VARIANT_CONTEXT,
                            locations=[(path.relative_to(ROOT).as_posix(), 1)])
    for context, words in DATA_MESSAGES.get(domain, {}).items():
        for word in words:
            catalog.add(word, context=context)
    for rule_id, summary in declared_rules(domain):
        catalog.add(rule_id, context=RULE_CONTEXT, auto_comments=[summary])
        catalog.add(summary, auto_comments=[f"summary of the rule {rule_id}"])
    return catalog


def click_template() -> Catalog:
    """The messages Click itself marks for gettext (its usage errors, its prompts), extracted
    from the installed Click."""
    import click

    catalog = Catalog(project="Pegline", domain=CLICK_DOMAIN, version="0.1",
                      copyright_holder="the Pegline developers", creation_date=STAMP,
                      msgid_bugs_address="", last_translator="the Pegline developers")
    for path in sorted(Path(click.__file__).parent.glob("*.py")):
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS):
            catalog.add(message, locations=[(f"click/{path.name}", line)],
                        auto_comments=comments, context=context)
    return catalog


def wanted(domain: str) -> Catalog:
    """The template a domain's catalogs must match: the code's, except Click's, which is the
    committed ``click.pot`` (a newer Click adds messages that stay English until the next
    `update`, instead of failing `check`)."""
    if domain != CLICK_DOMAIN:
        return template(domain)
    with (locale_dir(domain) / f"{domain}.pot").open("rb") as file:
        return read_po(file, domain=domain)


class _Marked(HTMLParser):
    """The words an HTML page marks for translation: data-i18n, -i18n-title, -i18n-placeholder."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("data-i18n") and value:
                self.found.append((self.getpos()[0], value))


def html_messages(text: str) -> list[tuple[int, str]]:
    parser = _Marked()
    parser.feed(text)
    return parser.found


def declared_rules(domain: str) -> list[tuple[str, str]]:
    """Every rule the domain's plugins declare (default configuration): (id, summary)."""
    rules = []
    for name, entry in installed_plugins().items():
        if entry.value.split(":")[0].split(".")[0] == domain:
            rules += [(rule.id, rule.summary) for rule in describe_plugin(name)[1]]
    return rules + EXTRA_RULES.get(domain, [])


def po_path(domain: str, locale: str) -> Path:
    return locale_dir(domain) / locale / "LC_MESSAGES" / f"{domain}.po"


def read(domain: str, locale: str) -> Catalog:
    path = po_path(domain, locale)
    if not path.exists():
        return Catalog(locale=locale, domain=domain, project="Pegline")
    with path.open("rb") as file:
        return read_po(file, locale=locale, domain=domain)


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, ignore_obsolete=True,
             sort_output=True)
    path.write_bytes(buffer.getvalue())


def update() -> None:
    """Extract every domain's template and merge it into each language's catalog."""
    for domain in packages():
        pot = template(domain)
        _write_po(pot, locale_dir(domain) / f"{domain}.pot")
        for locale in LOCALES:
            catalog = read(domain, locale)
            catalog.update(pot, no_fuzzy_matching=True)
            catalog.obsolete.clear()  # a message the code no longer has is dropped
            _write_po(catalog, po_path(domain, locale))


def compiled(domain: str, locale: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read(domain, locale), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for domain in packages():
        for locale in LOCALES:
            po_path(domain, locale).with_suffix(".mo").write_bytes(compiled(domain, locale))


def problems() -> list[str]:
    """What keeps the catalogs from being complete: each as a line, none when all is well."""
    out = []
    for domain in packages():
        wanted_ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
                      for m in wanted(domain) if m.id}
        for locale in LOCALES:
            catalog = read(domain, locale)
            have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m
                    for m in catalog if m.id}
            where = f"{domain} {locale}"
            out += [f"{where}: missing {key}"
                    for key in sorted(wanted_ids - set(have), key=str)]
            out += [f"{where}: stale {key}" for key in sorted(set(have) - wanted_ids, key=str)]
            for key, message in have.items():
                strings = message.string if isinstance(message.string, tuple) else (
                    message.string,)
                if message.fuzzy or not all(strings):
                    out.append(f"{where}: untranslated {key}")
            mo = po_path(domain, locale).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(domain, locale):
                out.append(f"{where}: {mo.name} is not compiled from the .po")
    return out


def glossary_rows() -> Iterable[tuple[str, str, str, str, str]]:
    """(rule id, plugin package, English summary, Japanese name, Chinese name) per rule."""
    names = {locale: {} for locale in LOCALES}
    for domain in packages():
        for locale in LOCALES:
            catalog = read(domain, locale)
            names[locale].update({m.id: m.string for m in catalog
                                  if m.context == RULE_CONTEXT})
        for rule_id, summary in declared_rules(domain):
            yield rule_id, domain, summary, names["ja"][rule_id], names["zh_Hans"][rule_id]


def glossary() -> str:
    lines = [
        "# Glossary: rule names in English, Japanese and Chinese",
        "",
        "Every rule id declared by the plugins that ship a message catalog (the scoring rules",
        "of cribbage and of Clabber), with its name in each language Pegline speaks. In English",
        "a rule's name is its id. This page is generated from the catalogs",
        "(`python tools/catalogs.py glossary`); a test keeps it in step with them.",
        "See [i18n.md](i18n.md) for choosing a language and translating a plugin.",
        "",
        "| rule id | plugin | 日本語 | 中文 | what it scores |",
        "| --- | --- | --- | --- | --- |",
    ]
    for rule_id, domain, summary, ja, zh in glossary_rows():
        lines.append(f"| `{rule_id}` | {domain} | {ja} | {zh} | {summary} |")
    return "\n".join(lines) + "\n"


GLOSSARY = ROOT / "docs" / "glossary.md"


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "glossary":
        GLOSSARY.write_text(glossary(), encoding="utf-8")
    elif command == "check":
        found = problems()
        if GLOSSARY.read_text(encoding="utf-8") != glossary():
            found.append("docs/glossary.md is not generated from the catalogs")
        print("\n".join(found) or "catalogs complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
