"""Which language to speak, and the translations of a package's messages in it.

Every package that speaks to players (a game, a rule plugin, the app) ships gettext catalogs in
its own ``locale`` folder, with its import name as the gettext domain:
``<package>/locale/<lang>/LC_MESSAGES/<package>.mo``. `Messages` finds them by that domain, in
the language chosen for this context (`use_language`), and falls back to the English source
text for a message or a language it does not have. A rule plugin names its rules in the same
catalog: the message ``<rule id>`` in the context ``rule`` is the rule's name (`rule_name`),
and its summary is translated like any message (`rule_summary`).

>>> with use_language("ja"):
...     Messages("pegline_standard").pgettext("rule", "his-nobs")
'ノブズ'
>>> rule_name("his-nobs", "pegline_standard")  # English: the rule id is its name
'his-nobs'
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from pegline_core.errors import PeglineError

if TYPE_CHECKING:
    from pegline_core.rules import Rule
    from pegline_core.variant import Variant

__all__ = ["LANGUAGES", "LanguageError", "Messages", "choose_language", "current_language",
           "use_language", "set_language", "N_", "catalog_messages", "rule_name", "rule_summary",
           "rule_name_among", "RuleNames", "plugin_domain", "RULE_CONTEXT", "RecordedEnglish",
           "VARIANT_CONTEXT", "variant_description", "CLICK_DOMAIN", "click_speaks"]

LANGUAGES = {"en": "English", "ja": "日本語", "zh-Hans": "简体中文"}
"""The languages Pegline speaks, by their BCP 47 tag, each named in itself."""

RULE_CONTEXT = "rule"
"""The gettext context of a rule's name: the message id is the rule id."""

VARIANT_CONTEXT = "variant"
"""The gettext context of a shipped variant's description (in the command line's catalog)."""

CLICK_DOMAIN = "click"
"""The gettext domain of Click's own messages (its usage errors, its prompts), whose catalogs
the command line ships beside its own (`click_speaks`)."""

_FOLDER = {"en": "en", "ja": "ja", "zh-Hans": "zh_Hans"}  # tag -> the catalog's folder name
_language: ContextVar[str] = ContextVar("pegline_language", default="en")


class LanguageError(PeglineError):
    """A language Pegline does not speak was asked for by name."""


def _from_locale(value: str) -> str | None:
    """The supported tag for a POSIX locale or a language tag (``ja_JP.UTF-8``, ``zh-CN``)."""
    name = value.split(".")[0].split("@")[0].replace("_", "-").lower()
    parts = name.split("-")
    if parts[0] == "ja":
        return "ja"
    if parts[0] == "zh":  # Simplified unless the tag says Traditional (or a place that uses it)
        rest = set(parts[1:])
        return None if rest & {"hant", "tw", "hk", "mo"} else "zh-Hans"
    if parts[0] == "en":
        return "en"
    return None


def choose_language(asked: str | None = None,
                    environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``asked`` (``--lang``), else the environment, else English.

    The environment is read as gettext reads it: ``LANGUAGE`` (a colon-separated list), then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the first supported language wins.

    >>> choose_language("zh-Hans"), choose_language(None, {"LANG": "ja_JP.UTF-8"})
    ('zh-Hans', 'ja')
    >>> choose_language(None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "ja_JP.UTF-8"})
    'en'
    >>> choose_language("fr")
    Traceback (most recent call last):
    pegline_core.app.i18n.LanguageError: no language 'fr': choose one of en, ja, zh-Hans
    """
    if asked is not None:
        found = _from_locale(asked) if asked not in LANGUAGES else asked
        if found is None:
            raise LanguageError(f"no language {asked!r}: choose one of {', '.join(LANGUAGES)}")
        return found
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if not value:
            continue
        if key != "LANGUAGE":  # the first locale variable set decides, like setlocale
            return _from_locale(value) or "en"
        for item in value.split(":"):
            if item and (found := _from_locale(item)):
                return found
    return "en"


def current_language() -> str:
    return _language.get()


def set_language(tag: str) -> None:
    """Speak ``tag`` from now on in this context (the CLI calls it once, from ``--lang``)."""
    _language.set(choose_language(tag))


@contextmanager
def use_language(tag: str) -> Iterator[None]:
    """Speak ``tag`` inside the block (a web request, a test), then go back."""
    token = _language.set(choose_language(tag))
    try:
        yield
    finally:
        _language.reset(token)


@contextmanager
def click_speaks(tag: str) -> Iterator[None]:
    """Click's own messages in ``tag`` inside the block (a run of the command line).

    Click marks them for gettext and looks them up in the standard library's global domain, in
    the language of the environment (``LANGUAGE``): the block binds that domain to our catalog
    of Click's messages and sets ``LANGUAGE``, then puts both back."""
    domain, language = gettext.textdomain(), os.environ.get("LANGUAGE")
    gettext.bindtextdomain(CLICK_DOMAIN, str(resources.files("pegline_core.app") / "locale"))
    gettext.textdomain(CLICK_DOMAIN)
    os.environ["LANGUAGE"] = _FOLDER[choose_language(tag)]
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = language


@cache
def _translations(domain: str, tag: str) -> gettext.NullTranslations:
    if tag == "en":
        return gettext.NullTranslations()
    try:
        folder = Path(str(resources.files(domain) / "locale"))
    except (ModuleNotFoundError, TypeError):
        return gettext.NullTranslations()
    return gettext.translation(domain, folder, languages=[_FOLDER[tag]], fallback=True)


class Messages:
    """The messages of one package (its gettext domain), in the current language."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def _catalog(self) -> gettext.NullTranslations:
        return _translations(self.domain, _language.get())

    def gettext(self, message: str) -> str:
        return self._catalog().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` (Japanese and Chinese have one form, English two)."""
        return self._catalog().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog().pgettext(context, message)


def catalog_messages(domain: str, tag: str) -> dict[str, str]:
    """Every plain message (no context, no plural) of ``domain`` translated into ``tag``, by
    its English text: what a web page needs to translate its own words."""
    catalog = _translations(domain, choose_language(tag))
    found = getattr(catalog, "_catalog", {})  # GNUTranslations' table; NullTranslations has none
    return {key: value for key, value in found.items()
            if isinstance(key, str) and key and "\x04" not in key}


def N_(message: str) -> str:
    """Mark a message for the catalogs where it is defined; translate it where it is shown."""
    return message


def rule_name(rule_id: str, domain: str | None,
              names: Iterable[tuple[str, str]] = ()) -> str:
    """A rule's name in the current language: the name its declaration carries (`Rule.names`:
    the current language's, else the English one), else its plugin's translation, else the id
    itself.

    >>> names = (("en", "pegging pair, 3"), ("ja", "ペギングのペア3点"))
    >>> with use_language("ja"):
    ...     rule_name("house-peg-pair", None, names)
    'ペギングのペア3点'
    >>> with use_language("zh-Hans"):
    ...     rule_name("house-peg-pair", None, names)
    'pegging pair, 3'
    """
    carried = dict(names)
    if carried:
        return carried.get(_language.get()) or carried.get("en") or rule_id
    if domain is None:
        return rule_id
    return Messages(domain).pgettext(RULE_CONTEXT, rule_id)


def rule_name_among(rule_id: str, plugins: Iterable[str]) -> str:
    """A rule's name where only the plugins that may have declared it are known (the first of
    them with a translation names it); the id itself otherwise."""
    for plugin in plugins:
        name = rule_name(rule_id, plugin_domain(plugin))
        if name != rule_id:
            return name
    return rule_id


class RuleNames:
    """The names of a variant's rules in the current language, for every screen that names one
    (a game's lines, a show's breakdown, the tables): the names a rule's declaration carries (a
    house rule written as data names itself in the file) first, else the catalog of the plugin
    that declared it (or the one given), else the variant's plugins' in turn, else the id.

    ``rules`` (rule id to its plugin and `Rule`, as `Ruleset.rules`) is looked up on first use
    from the variant's shared ruleset where not given (a variant whose plugins cannot be built
    here is named by the catalogs alone).

    >>> from pegline_core.variant import load_variant
    >>> with use_language("ja"):
    ...     RuleNames(load_variant("two-player"))("his-nobs")
    'ノブズ'
    """

    def __init__(self, variant: Variant,
                 rules: Mapping[str, tuple[str, Rule]] | None = None) -> None:
        self.variant = variant
        self._rules = rules

    def __call__(self, rule_id: str, plugin: str | None = None) -> str:
        found = self._declared().get(rule_id)
        if found is not None:
            owner, rule = found
            return rule_name(rule_id, plugin_domain(plugin or owner), rule.names)
        if plugin is not None:
            return rule_name(rule_id, plugin_domain(plugin))
        return rule_name_among(rule_id, self.variant.plugins)

    def carried(self) -> dict[str, str]:
        """Each rule whose declaration carries its names (a house rule written as data), by its
        name in the current language: what a page that names rules from the installed plugins'
        catalogs needs besides."""
        return {rule_id: rule_name(rule_id, None, rule.names)
                for rule_id, (_owner, rule) in self._declared().items() if rule.names}

    def _declared(self) -> Mapping[str, tuple[str, Rule]]:
        if self._rules is None:
            from pegline_core.shared_rulesets import shared_ruleset

            try:
                self._rules = dict(shared_ruleset(self.variant).rules)
            except PeglineError:
                self._rules = {}
        return self._rules


def variant_description(variant: Variant) -> str:
    """A variant's description as resolved, overlays included, in the current language: the
    shipped variants' are translated, any other is shown as its file says it. A variant rebuilt
    from a record's rules has only the resolved text: its parts are found again among what the
    variant files on the search path write."""
    import attrs

    from pegline_core.descriptions import JOIN, fill

    translate = partial(Messages("pegline_core.app").pgettext, VARIANT_CONTEXT)
    if variant.descriptions or not variant.description:
        return variant.describe(translate)
    values = variant.to_toml_dict()
    written = {fill(text, values): text for text in _written_descriptions()}
    whole = written.get(variant.description)
    parts = (whole,) if whole is not None else tuple(
        written.get(part, part) for part in variant.description.split(JOIN))
    return attrs.evolve(variant, descriptions=parts).describe(translate)


def _written_descriptions() -> list[str]:
    """The descriptions the variant files on the search path write, keys in braces and all."""
    from pegline_core.variant_files import available_variants

    return [text for path in available_variants().values() if path is not None
            for text in [_description_of(path, path.stat().st_mtime_ns)] if text]


@cache
def _description_of(path: Path, changed: int) -> str | None:
    """The ``description`` a variant file writes (read once for each time it was changed)."""
    from pegline_core.files import parse_toml, read_text

    try:
        text = parse_toml(read_text(path, PeglineError), str(path), PeglineError).get(
            "description")
    except PeglineError:
        return None
    return text if isinstance(text, str) else None


def rule_summary(summary: str, domain: str | None) -> str:
    """A rule's summary in the current language (the English text where none is shipped)."""
    return summary if domain is None else Messages(domain).gettext(summary)


@cache
def plugin_domain(plugin: str) -> str | None:
    """The gettext domain of an installed plugin: the import package its class lives in."""
    from pegline_core.plugins import plugin_class

    try:
        return plugin_class(plugin).__module__.split(".")[0]
    except PeglineError:
        return None


def _field(values: Mapping[str, str], match: re.Match[str]) -> str:
    return values.get(match.group(1), match.group(0))


_FIELD = re.compile(r"\{(\w*)(?:![rsa])?(?::[^{}]*)?\}")


class RecordedEnglish:
    """Translates English text already formatted from one of ``templates`` (format strings
    marked with `N_` and translated in ``domain``'s catalog): words a record written before
    messages carried their templates (`pegline_core.messages`) keeps in English, shown in the
    current language. Only old records need it: a message made now is shown by its template.

    The text is matched against each template, the most specific first; the values of its
    fields are carried into the translation, each one translated too if it is itself formatted
    from a template. Text no template matches is returned as it is.

    >>> reasons = RecordedEnglish("pegline_core.app", [N_("unknown bot {name}")])
    >>> reasons.translate("unknown bot 'x'"), reasons.translate("something else")
    ("unknown bot 'x'", 'something else')
    """

    def __init__(self, domain: str, templates: Iterable[str]) -> None:
        self.messages = Messages(domain)
        found = []
        for template in dict.fromkeys(templates):
            pattern, literal, named = "", 0, set()
            for text, field, _spec, _conversion in string.Formatter().parse(template):
                pattern += re.escape(text)
                literal += len(text)
                if field is not None:
                    pattern += f"(?P<{field}>.*?)" if field and field not in named else ".*?"
                    named.add(field)
            found.append((literal, template, re.compile(pattern, re.DOTALL)))
        found.sort(key=lambda item: -item[0])
        self.templates = [(template, pattern) for _literal, template, pattern in found]

    def translate(self, text: str, depth: int = 0) -> str:
        if current_language() == "en" or depth > 3:
            return text
        for template, pattern in self.templates:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            translated = self.messages.gettext(template)
            values = {name: self.translate(value, depth + 1)
                      for name, value in match.groupdict().items()}
            return _FIELD.sub(partial(_field, values), translated)
        return text
