"""YAML reading that refuses what a director would not mean: duplicate keys, syntax slips."""

from __future__ import annotations

from typing import Any

import yaml

from solver.errors import CaseFileError


class _UniqueKeyLoader(yaml.SafeLoader):
    """A safe loader that reports a key given twice instead of silently keeping the last."""


def _construct_mapping(
    loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False
) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} is given twice", key_node.start_mark
            )
        seen.add(key)
    return dict(loader.construct_mapping(node, deep=deep))


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


def load_yaml(text: str, source: str) -> Any:
    """Parse YAML text; errors name the file, line and column."""
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "invalid YAML"
        raise CaseFileError(source, where, f"not valid YAML: {problem}") from None
    except yaml.YAMLError as error:
        raise CaseFileError(source, "", f"not valid YAML: {error}") from None
