"""YAML reading that refuses what a director would not mean: duplicate keys, syntax slips.

A case file is read as plain YAML: text, whole numbers, yes/no values and null, in lists and
mappings a few levels deep. The rest of YAML 1.1 is refused or read as text, never guessed at
(docs/case-format.md, "Error messages"):

- a number with a leading zero (``010``, which YAML 1.1 reads as octal 8) is refused, and so
  is a whole number of more than ``MAX_DIGITS`` digits (Python will not read one of thousands);
- sexagesimal (``1:30``, YAML 1.1's 90), hexadecimal, binary and underscored numbers, and
  dates, are text (as in YAML 1.2), so that where a number is expected they are refused;
- anchors and aliases (``&name``, ``*name``) are refused: a case never needs them, and a few
  of them can expand into gigabytes;
- explicit tags (``!!int 010``, ``!!binary``, ``!name``) are refused: they would bring back
  every reading the rules above take away (``!!int 010`` is octal 8 again);
- nesting deeper than ``MAX_DEPTH`` is refused (instead of a recursion error);
- a mapping key that is a list or a mapping is refused;
- text holding NUL or half of a UTF-16 surrogate pair (written as an escape, ``"\\ud800"``)
  is refused: neither is a character that can be printed, written to a file or sent.

``shown`` is how every message quotes a value read from a file: cut to ``MAX_SHOWN``
characters, a date as it was written, a yes/no value as such.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import yaml

from solver.errors import CaseFileError

MAX_DEPTH = 32
"""Lists and mappings nested deeper than this are refused. A case file's deepest value
(``play.irregularities.N.choice.suits``, ``claim.tricks``' conditions) is five levels down."""

MAX_DIGITS = 30
"""The most digits of a whole number in a case file. The largest a case needs is a board
number; Python refuses to read a number of more than 4,300 digits, and a message quoting one
would be unreadable."""

MAX_SHOWN = 80
"""The most characters of a value read from a file that a message quotes."""

_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_REFUSED_NUMBER = "tag:solver,case:leading-zero"
_DROPPED = {
    _INT,
    _FLOAT,
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:merge",
    "tag:yaml.org,2002:value",
}
"""The YAML 1.1 resolvers replaced (numbers) or dropped (dates, ``<<`` and ``=``: text)."""


class _Refused(yaml.MarkedYAMLError):
    """Valid YAML that a case file does not take; ``problem`` says what and what instead."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """A safe loader that reports a key given twice instead of silently keeping the last, and
    refuses what the module docstring lists."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        mark: Any = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                None,
                None,
                f"an alias (*{event.anchor}) repeats a value named elsewhere; case files take "
                "no anchors or aliases (expected each value written out)",
                mark,
            )
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise _Refused(
                None,
                None,
                f"an explicit tag ({_short_tag(tag)}) says how to read a value; case files take "
                "no tags (expected the value written plainly, in quotes for text)",
                mark,
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Refused(
                None,
                None,
                f"an anchor (&{anchor}) names a value to repeat; case files take no anchors "
                "or aliases (expected each value written out)",
                mark,
            )
        nested = isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent)
        self._depth += nested
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(
                    None,
                    None,
                    f"lists or mappings nested more than {MAX_DEPTH} levels deep (expected the "
                    "fields of a case, a few levels deep)",
                    mark,
                )
            node: yaml.Node | None = super().compose_node(parent, index)
            return node
        finally:
            self._depth -= nested


def _short_tag(tag: str) -> str:
    """A tag as it is written: ``!!int`` for YAML's own, as given for any other."""
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org") else tag


_UniqueKeyLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_UniqueKeyLoader.add_implicit_resolver(
    _INT, re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
_UniqueKeyLoader.add_implicit_resolver(_REFUSED_NUMBER, re.compile(r"^[-+]?0[0-9_]+$"), list("-+0"))
_UniqueKeyLoader.add_implicit_resolver(
    _FLOAT,
    re.compile(
        r"""^(?:[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?
        |[-+]?\.[0-9]+(?:[eE][-+]?[0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
        re.X,
    ),
    list("-+0123456789."),
)


def _construct_mapping(
    loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False
) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            kind = "list" if isinstance(key_node, yaml.SequenceNode) else "mapping"
            raise _Refused(
                None,
                None,
                f"a {kind} as a mapping key (expected a field name, a seat or a number)",
                key_node.start_mark,
            )
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {shown(key)} is given twice", key_node.start_mark
            )
        seen.add(key)
    return dict(loader.construct_mapping(node, deep=deep))


def _refuse_too_long(node: yaml.ScalarNode) -> None:
    """Refuse a whole number of more than ``MAX_DIGITS`` digits before ``int`` is asked."""
    digits = len(str(node.value).lstrip("+-").replace("_", ""))
    if digits > MAX_DIGITS:
        raise _Refused(
            None,
            None,
            f"a whole number of {digits} digits; expected one of at most {MAX_DIGITS} digits",
            node.start_mark,
        )


def _refuse_leading_zero(loader: _UniqueKeyLoader, node: yaml.ScalarNode) -> Any:
    _refuse_too_long(node)
    text = str(node.value)
    digits = text.lstrip("+-").replace("_", "")
    sign = "-" if text.startswith("-") else ""
    decimal = f"{sign}{int(digits)}"
    octal = ""
    if "_" not in text and re.fullmatch(r"0[0-7]+", digits) and int(digits, 8) != int(digits):
        octal = f", which YAML 1.1 reads as the octal number {sign}{int(digits, 8)}"
    raise _Refused(
        None,
        None,
        f"the number {text} is written with a leading zero{octal}; expected a number "
        f"without leading zeros, like {decimal} (or quotes, for text)",
        node.start_mark,
    )


def _text(loader: _UniqueKeyLoader, node: yaml.ScalarNode) -> str:
    text: str = loader.construct_yaml_str(node)
    bad = next((char for char in text if char == "\0" or "\ud800" <= char <= "\udfff"), None)
    if bad is not None:
        if bad == "\0":
            problem = "text holding NUL (\\0), which no file or page can show (expected text)"
        else:
            problem = (
                f"text holding \\u{ord(bad):04x}, half of a UTF-16 surrogate pair, which is no "
                "character (expected the character itself, or its \\U escape of eight digits)"
            )
        raise _Refused(None, None, problem, node.start_mark)
    return text


def _whole_number(loader: _UniqueKeyLoader, node: yaml.ScalarNode) -> Any:
    _refuse_too_long(node)
    return loader.construct_yaml_int(node)


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)
_UniqueKeyLoader.add_constructor(_REFUSED_NUMBER, _refuse_leading_zero)
_UniqueKeyLoader.add_constructor(_INT, _whole_number)
_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:str", _text)


def load_yaml(text: str, source: str) -> Any:
    """Parse YAML text; errors name the file, line and column."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)
    except _Refused as error:
        raise CaseFileError(source, _where(error), str(error.problem)) from None
    except yaml.MarkedYAMLError as error:
        problem = error.problem or error.context or "invalid YAML"
        raise CaseFileError(source, _where(error), f"not valid YAML: {problem}") from None
    except yaml.YAMLError as error:
        raise CaseFileError(source, "", f"not valid YAML: {error}") from None


def _where(error: yaml.MarkedYAMLError) -> str:
    mark = error.problem_mark or error.context_mark
    return f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""


def shown(value: Any) -> str:
    """A value read from a case file as a message quotes it, at most about ``MAX_SHOWN``
    characters, then an ellipsis: text in quotes, a date as written, a yes/no value as
    ``true`` or ``false``, a list or mapping in YAML's flow style (bounded however large).

    >>> shown("CK+-"), shown(7), shown(True), shown(datetime.date(2024, 1, 1)), shown(None)
    ("'CK+-'", '7', 'true', '2024-01-01', 'null')
    >>> shown(["a", [1, False]]), shown({"seat": "E", "trick": None})
    ("['a', [1, false]]", "{'seat': 'E', 'trick': null}")
    >>> shown("x" * 200) == "'" + "x" * 80 + "…'"
    True
    >>> len(shown([["x" * 50] * 50] * 50)) <= 90
    True
    """
    text = _flow(value, MAX_SHOWN)
    return text if len(text) <= MAX_SHOWN + 8 else text[:MAX_SHOWN] + "…"


def quoting(message: str, value: Any) -> str:
    """``message`` (a parser's, which quotes what it was given, or a part of it, in full as
    Python's ``repr``) with every quoted part of ``value`` longer than ``MAX_SHOWN`` cut as
    ``shown`` cuts it.

    >>> quoting("bad card 'SX' (expected ...)", "SX")
    "bad card 'SX' (expected ...)"
    >>> quoting(f"bad hand {'x' * 500!r} in deal", "N:" + "x" * 500 + " ...") == (
    ...     "bad hand '" + "x" * 80 + "…' in deal"
    ... )
    True
    """
    if not isinstance(value, str):
        return message

    def cut(match: re.Match[str]) -> str:
        quoted = match.group(0)
        inside = quoted[1:-1]
        if len(inside) <= MAX_SHOWN or inside not in value:
            return quoted
        return quoted[0] + inside[:MAX_SHOWN] + "…" + quoted[-1]

    return _QUOTED.sub(cut, message)


_QUOTED = re.compile(r"'[^'\\\n]*'|\"[^\"\\\n]*\"")
"""A part of a message quoted as ``repr`` quotes text without escapes."""


def _flow(value: Any, room: int) -> str:
    """``shown``'s text of ``value``, stopping once ``room`` characters are written."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        return repr(value if len(value) <= room else value[:room] + "…")
    if isinstance(value, dict | list):
        pairs = value.items() if isinstance(value, dict) else ((None, item) for item in value)
        out = "{" if isinstance(value, dict) else "["
        for number, (key, item) in enumerate(pairs):
            if len(out) >= room:
                out += "…"
                break
            out += ", " if number else ""
            if isinstance(value, dict):
                out += _flow(key, room - len(out)) + ": "
            out += _flow(item, room - len(out))
        return out + ("}" if isinstance(value, dict) else "]")
    text = repr(value)
    return text if len(text) <= room else text[:room] + "…"
