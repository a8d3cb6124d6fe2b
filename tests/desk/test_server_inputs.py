"""The desk's answers to bad requests: a 4xx with a JSON message naming what is wrong and what
was expected, never a 500, and never the request echoed back whole."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import yaml

from solver.desk.server import MESSAGE_LIMIT, create_app
from solver.desk.worker import RulingPool
from solver.records.yamlload import MAX_SHOWN
from tests.desk.live import Answer, request, served

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "cases" / "example-mixed-row.yaml"
POSTS = ("api/rule", "api/jobs", "api/load", "api/save")


def example() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory, pool: RulingPool) -> Iterator[str]:
    log = tmp_path_factory.mktemp("log") / "event.sqlite"
    with served(create_app(log_url=str(log), pool=pool)) as url:
        yield url


def refused(answer: Answer, status: int = 400) -> str:
    """The message of a refusal (the status and the JSON checked)."""
    assert answer.status == status, answer.text
    assert answer.headers["content-type"] == "application/json"
    message = answer.json()["error"]
    assert isinstance(message, str)
    return message


@pytest.mark.parametrize("path", POSTS)
def test_a_request_nested_too_deep_is_refused_not_a_recursion_error(base: str, path: str) -> None:
    # past the JSON parser's stack, and within it but past what a case can hold
    for depth in (100_000, 900):
        body = b'{"case": {"notes": ' + b"[" * depth + b"]" * depth + b"}}"
        message = refused(request(base + path, raw=body))
        assert "nested more than 33 levels deep" in message, message
        assert "expected {case: {...}}" in message


@pytest.mark.parametrize("path", POSTS)
def test_nan_and_infinity_are_not_json(base: str, path: str) -> None:
    for value in ("NaN", "Infinity", "-Infinity", "1e400"):
        body = json.dumps({"case": example()}).replace('"board": 1', f'"board": {value}')
        message = refused(request(base + path, raw=body.encode()))
        assert message.startswith("the request is not JSON: "), message


@pytest.mark.parametrize("path", POSTS)
def test_a_number_of_thousands_of_digits_is_refused_by_its_length(base: str, path: str) -> None:
    # Python refuses to read a number of more than 4,300 digits; 31 are past any case's need.
    for value, digits in (("9" * 5000, 5000), ("-" + "9" * 31, 31)):
        body = json.dumps({"case": example()}).replace('"board": 1', f'"board": {value}')
        message = refused(request(base + path, raw=body.encode()))
        assert (
            message == f"the request is not JSON: a number of {digits} digits (expected at most 30)"
        )


@pytest.mark.parametrize("path", POSTS)
def test_text_with_nul_or_half_a_surrogate_pair_is_refused_by_where_it_is(
    base: str, path: str
) -> None:
    case = example()
    case["title"] = "Board 1\ud800"
    body = json.dumps({"case": case, "name": "x.yaml", "text": "title: \ud800"}).encode()
    message = refused(request(base + path, raw=body))
    assert "U+D800, half of a UTF-16 surrogate pair" in message
    assert message.split(":")[0] in ("case.title", "text")
    case["title"] = "Board\x001"
    body = json.dumps({"case": case, "name": "x.yaml", "text": "title: a\x00"}).encode()
    message = refused(request(base + path, raw=body))
    assert "holds a NUL character (expected text without NUL characters)" in message


def test_a_file_name_with_half_a_surrogate_pair_is_refused(base: str) -> None:
    body = json.dumps({"name": "a\udc00.yaml", "text": "title: x"}).encode()
    assert refused(request(base + "api/load", raw=body)).startswith("name: holds U+DC00, half of")


def test_a_key_that_is_not_a_short_number_is_left_for_the_loader_to_name(base: str) -> None:
    for key in ("9" * 5000, "²"):
        case = example()
        case["play"]["tricks"] = {key: "W: S2 S3 S4 S5"}
        saved = request(base + "api/save", {"case": case})
        assert saved.status == 200, saved.text
        message = refused(request(base + "api/jobs", {"case": case}), 422)
        assert message.startswith("the page: play.tricks"), message
        assert len(message) <= MESSAGE_LIMIT + 60


def test_name_and_source_must_be_short_text(base: str) -> None:
    for field, path, body in (
        ("source", "api/jobs", {"case": example()}),
        ("name", "api/load", {"text": "title: x"}),
    ):
        for value, got in ((["a"], "a list"), (5, "a number"), ("s" * 100_000, "text of 100,000")):
            answer = request(base + path, {**body, field: value})
            message = refused(answer)
            assert message.startswith(f"{field}: expected text of at most 255 characters (got ")
            assert got in message and len(answer.text) < 200


def test_values_must_be_true_or_false(base: str) -> None:
    message = refused(request(base + "api/jobs", {"case": example(), "values": "yes"}))
    assert message == "values: expected true or false (got text of 3 characters)"
    message = refused(request(base + "api/log/1?values=yes"))
    assert message == "values: expected 1 or 0 (got 'yes')"


def test_a_load_without_text_names_the_field(base: str) -> None:
    message = refused(request(base + "api/load", {"name": "a.yaml", "text": 5}))
    assert message == "text: expected {name, text}, the file's text (got a number)"


def test_the_loaders_messages_are_cut_not_echoed_whole(base: str) -> None:
    big = "Z" * 200_000
    answer = request(base + "api/jobs", {"case": {**example(), big: 1}})
    message = refused(answer, 422)
    assert message.endswith(f"… (the message is cut at {MESSAGE_LIMIT:,} characters)")
    assert len(answer.text) < MESSAGE_LIMIT + 200
    # The record readers quote a value as a case file's messages do, cut at MAX_SHOWN.
    for name, text in (("a.pbn", big), ("a.lin", "md|" + big + "|")):
        message = refused(request(base + "api/load", {"name": name, "text": text}), 422)
        assert "Z" * MAX_SHOWN + "…" in message and "Z" * (MAX_SHOWN + 1) not in message


def test_a_log_entry_that_is_not_a_number_or_out_of_range(base: str) -> None:
    for given in ("abc", "-1", "1.5", "٣"):
        message = refused(request(base + f"api/log/{quote(given)}"))
        assert message.startswith("log entry: expected a ruling's number in the log, a whole")
    for given in ("0", "9223372036854775808", "9" * 40, "9" * 5000):
        assert refused(request(base + f"api/log/{given}"), 404) == "no such ruling in the log"


def test_wait_must_be_a_number_of_seconds_zero_or_more(base: str) -> None:
    job = request(base + "api/jobs", {"case": example()}).json()["job"]
    for wait in ("nan", "inf", "-1", "-inf", "abc", "", quote("٣"), "1_0"):
        message = refused(request(f"{base}api/jobs/{job}?wait={wait}"))
        assert message == "wait: expected a number of seconds, 0 or more (at most 2 are waited)"
    for wait in ("0", "0.5", "1e9"):
        assert request(f"{base}api/jobs/{job}?wait={wait}").status == 200


def test_a_job_id_that_is_no_job_and_a_job_stopped_twice(base: str) -> None:
    for job in ("nonesuch", "1", "%00", "x" * 5000, "%E2%80%AE"):
        assert refused(request(f"{base}api/jobs/{job}"), 404) == (
            "no such ruling job on this server"
        )
        assert refused(request(f"{base}api/jobs/{job}/stop", {}), 404) == (
            "no such ruling job on this server"
        )
    job = request(base + "api/jobs", {"case": example()}).json()["job"]
    first = request(f"{base}api/jobs/{job}/stop", {})
    second = request(f"{base}api/jobs/{job}/stop", {})
    assert first.status == second.status == 200
    assert first.json()["state"] == second.json()["state"]
    assert first.json()["state"] in ("stopped", "done")


@pytest.mark.parametrize("path", POSTS)
def test_a_body_that_is_not_a_json_object(base: str, path: str) -> None:
    for body in (b"nope", b" ", b"[1]", b"null", b"5", b'{"a": "\xff"}'):
        assert refused(request(base + path, raw=body)).startswith("the request is not ")


def test_an_api_address_or_method_without_a_route_is_answered_in_json(base: str) -> None:
    message = refused(request(base + "api/nonesuch"), 404)
    assert message.startswith("no such address on this server (expected one of the desk's api/")
    message = refused(request(base + "api/rule"), 405)
    assert message.startswith("this address is not asked that way (expected GET, or POST for")
    page = request(base + "static/nonesuch.js")
    assert page.status == 404 and page.text == "Not Found"


@pytest.mark.parametrize("path", POSTS)
def test_a_key_given_twice_in_a_request_is_refused(base: str, path: str) -> None:
    # the later would win in silence: the YAML reader refuses a key given twice, and so does this
    body = '{"case": {"contract": "7NT", "contract": "4S"}, "name": "a.yaml", "text": "x"}'
    message = refused(request(base + path, raw=body.encode()))
    assert message == (
        "the request is not JSON: the key 'contract' is given twice in one object (expected it "
        "once)"
    )


def test_a_field_a_request_does_not_take_is_refused_naming_what_it_takes(base: str) -> None:
    message = refused(request(base + "api/jobs", {"case": example(), "valeus": True}))
    assert message == "valeus: unknown field (expected one of: case, source, values)"
    message = refused(request(base + "api/load", {"name": "a.yaml", "text": "x", "case": 1}))
    assert message == "case: unknown field (expected one of: name, text)"
    message = refused(request(base + "api/save", {"case": example(), "source": "x"}))
    assert message == "source: unknown field (expected one of: case)"


def test_a_field_left_out_or_null_is_said_to_be_null(base: str) -> None:
    for body in ({"name": "a.yaml"}, {"name": "a.yaml", "text": None}):
        message = refused(request(base + "api/load", body))
        assert message == "text: expected {name, text}, the file's text (got null or nothing)"


def test_a_yaml_escape_that_is_no_character_is_refused_not_a_server_error(base: str) -> None:
    # "\ud800" read from the YAML could not be sent back: the answer was a 500.
    text = EXAMPLE.read_text(encoding="utf-8").replace("title: ", 'title: "\\ud800" #', 1)
    message = refused(request(base + "api/load", {"name": "a.yaml", "text": text}), 422)
    assert "half of a UTF-16 surrogate pair, which is no character" in message
