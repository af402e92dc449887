"""Messages that remember how they were made: a stable code, an English template, its values.

The kernel and the Python API speak English: a message is a `str`, its text the English one a
program has always read. It also carries the `Template` it was formatted from (``code``, the
English ``template``, the gettext ``domain`` that translates it) and its ``params``, so that
whoever shows it (the command line, the web API) puts it into another language without reading
the English back. A parameter may itself be a message (a "did you mean" inside another), which
is translated in turn.

>>> UNKNOWN = Template("example.unknown-bot", "unknown bot {name}")
>>> message = UNKNOWN(name="'x'")
>>> message, message.code, message.params
("unknown bot 'x'", 'example.unknown-bot', {'name': "'x'"})
>>> message.render(lambda domain, text: text.replace("unknown bot", "no bot named"))
"no bot named 'x'"

A variant's problem is a `Problem`: the message, and the place it is about (the file, the key
path), kept apart so that only the message is translated.

>>> Problem(UNKNOWN(name="'x'"), "house.toml", "bots")
"house.toml: bots: unknown bot 'x'"
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

__all__ = ["KERNEL_DOMAIN", "Template", "Message", "Problem", "Translate", "TEMPLATES",
           "code_of", "either", "joined", "listed", "lines", "render", "said"]

KERNEL_DOMAIN = "pegline_core.app"
"""The gettext domain that translates the kernel's messages (its catalog ships with the
command line, which shows them)."""

Translate = Callable[[str, str], str]
"""``translate(domain, english)``: a template in the language to show (gettext's lookup)."""

TEMPLATES: dict[str, Template] = {}
"""Every template defined so far, by code (a code names one template)."""


class Template:
    """One kind of message: its stable ``code``, its English ``text`` (a `str.format` template
    with named fields), and the gettext ``domain`` its translations are in. Calling it with the
    fields' values makes the `Message`.

    tools/catalogs.py extracts ``text`` (a ``Template(...)`` call's second argument) into the
    catalog of ``domain``, so it must be a literal string."""

    __slots__ = ("code", "domain", "text")
    code: str
    text: str
    domain: str

    def __init__(self, code: str, text: str, domain: str = KERNEL_DOMAIN) -> None:
        known = TEMPLATES.get(code)
        if known is not None and (known.text, known.domain) != (text, domain):
            raise ValueError(f"message code {code!r} already names {known.text!r}")
        self.code = code
        self.text = text
        self.domain = domain
        TEMPLATES.setdefault(code, self)

    def __call__(self, **params: object) -> Message:
        return Message(self, params)

    def __repr__(self) -> str:
        return f"Template({self.code!r}, {self.text!r})"


class Message(str):
    """A message's English text, with the ``template`` it was made from and its ``params``."""

    template: Template
    params: dict[str, object]

    def __new__(cls, template: Template, params: Mapping[str, object]) -> Self:
        made = super().__new__(cls, template.text.format_map(params))
        made.template = template
        made.params = dict(params)
        return made

    @property
    def code(self) -> str:
        return self.template.code

    def render(self, translate: Translate) -> str:
        """The message in the language ``translate`` looks templates up in."""
        values = {name: render(value, translate) if isinstance(value, str) else value
                  for name, value in self.params.items()}
        return translate(self.template.domain, self.template.text).format_map(values)

    def __reduce__(self) -> tuple[Any, ...]:  # a worker's exception reaches its parent whole
        return _message, (self.code, self.template.text, self.template.domain, self.params)


def _message(code: str, text: str, domain: str, params: Mapping[str, object]) -> Message:
    known = TEMPLATES.get(code)  # the same template, when this process has defined it
    same = known is not None and (known.text, known.domain) == (text, domain)
    return (known if same and known is not None else Template(code, text, domain))(**params)


class Problem(str):
    """A problem of a variant: ``message``, about ``place`` (the file, the key path; either may
    be left out). Its text is ``file: key.path: message``."""

    message: str
    place: tuple[str, ...]

    def __new__(cls, message: str, *place: str) -> Self:
        where = tuple(part for part in place if part)
        made = super().__new__(cls, ": ".join((*where, message)))
        made.message = message
        made.place = where
        return made

    @property
    def code(self) -> str | None:
        """The message's code (None for a message a plugin wrote as plain text)."""
        return self.message.code if isinstance(self.message, Message) else None

    def render(self, translate: Translate) -> str:
        return ": ".join((*self.place, render(self.message, translate)))

    def __reduce__(self) -> tuple[Any, ...]:
        return Problem, (self.message, *self.place)


def render(text: str, translate: Translate) -> str:
    """``text`` in the language of ``translate`` if it is a `Message` or a `Problem`; any other
    text (a plugin's own words) as it is."""
    return text.render(translate) if isinstance(text, Message | Problem) else text


def code_of(text: str) -> str | None:
    """The code of ``text`` if it is a `Message` (or a `Problem` of one), else None."""
    return text.code if isinstance(text, Message | Problem) else None


def said(exc: BaseException) -> str:
    """What ``exc`` says: the `Message` it was raised with, else its text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Message | Problem) else str(exc)


_EITHER = Template("either", "{either} or {other}")
_JOINED = Template("joined", "{first}; {rest}")
_LISTED = Template("listed", "{first}, {rest}")
_LINES = Template("lines", "{first}\n{rest}")


def either(names: Iterable[str]) -> str:
    """The names offered as alternatives, each quoted (``'a' or 'b'``), as one message.

    >>> either(["greedy", "random"])
    "'greedy' or 'random'"
    """
    said: str = ""
    for name in names:
        said = repr(name) if not said else _EITHER(either=said, other=repr(name))
    return said


def joined(texts: Iterable[str]) -> str:
    """The texts said one after another, separated by semicolons, as one message.

    >>> joined(["a", "b", "c"])
    'a; b; c'
    """
    return _folded(texts, _JOINED)


def listed(texts: Iterable[str]) -> str:
    """The texts as a list, separated by commas, as one message.

    >>> listed(["a", "b", "c"])
    'a, b, c'
    """
    return _folded(texts, _LISTED)


def lines(texts: Iterable[str]) -> str:
    """The texts one a line, as one message (each shown in the user's language)."""
    return _folded(texts, _LINES)


def _folded(texts: Iterable[str], between: Template) -> str:
    """The texts joined by ``between``, pair by pair: each text is formatted into a message
    about log2(n) times (joined one by one, the n-th would be formatted n times: thousands of
    problems took seconds), and a message is nested as deep."""
    said = [text for text in texts if text]
    if not said:
        return ""
    while len(said) > 1:
        said = [between(first=said[i], rest=said[i + 1]) if i + 1 < len(said) else said[i]
                for i in range(0, len(said), 2)]
    return said[0]
