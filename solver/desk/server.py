"""The desk's web application (Starlette, Jinja2 templates) and ``ruling serve``.

Safe by default: it listens on 127.0.0.1; another address needs an access password (HTTP basic
auth, compared in constant time); request bodies are limited to ``UPLOAD_LIMIT`` bytes; uploaded
case files go through the command line's safe YAML loader; the page escapes everything a case
holds (Jinja2 autoescape, and ``textContent`` in the script) and loads nothing from outside.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import ipaddress
import json
import math
import secrets
import socket
import threading
import time
import urllib.parse
import webbrowser
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, get_args

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from solver.desk.log import LogError, RulingLog
from solver.desk.worker import FINISHED, Job, RulingPool, check
from solver.errors import CaseFileError, SolverError, cut_message
from solver.records.numbers import whole_number
from solver.records.yamlload import MAX_DIGITS
from solver.version import tool_version

HERE = Path(__file__).parent
UPLOAD_LIMIT = 256 * 1024
"""The largest request body accepted, in bytes (a case file is a few KiB; a PBN file of a
whole session is well under this)."""
LOOPBACK_NAMES = ("localhost",)
BUG_NOTICE = "this is a bug, please report it with the case file (Save)"
NOT_READY_HEADER = "X-Case-Not-Ready"
"""Save writes a case as entered (work in progress is worth keeping); when ``ruling check``
would refuse the file, this header says why (percent-encoded), and the page shows it."""
POLL_SECONDS = 0.02
"""How often a request waiting for a job looks whether it has finished."""
LONGEST_WAIT = 2.0
"""The longest a page's poll of a job is held waiting for it to finish, in seconds."""
MESSAGE_LIMIT = 1000
"""The longest error message the desk sends, in characters: a loader's message quotes what it
refuses, and a request must not be echoed back whole."""
LARGEST_ID = 2**63
"""Past the log's ids (a 64-bit integer column): a larger number is no entry, not a query."""
NAME_LIMIT = 255
"""The longest ``name`` (of a file loaded) or ``source`` (of a case ruled) taken, in characters."""


class ServeError(SolverError):
    """``ruling serve`` cannot start as asked (exit 2)."""


class TooLarge(Exception):
    pass


def is_loopback(host: str) -> bool:
    """True for an address of this machine only (127.0.0.0/8, ::1, localhost).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_exposure(host: str, password: str | None) -> None:
    """Refuse to listen beyond this machine without an access password."""
    if not is_loopback(host) and not password:
        raise ServeError(
            f"--host {host}: the page would be open to the network; give an access password "
            "with --password PW (or listen on 127.0.0.1, the default)"
        )


class _BasicAuth(BaseHTTPMiddleware):
    """Every request needs the access password (any user name) when one is set."""

    def __init__(self, app: Any, password: str) -> None:
        super().__init__(app)
        self._password = password.encode()

    async def dispatch(
        self, request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        header = request.headers.get("authorization", "")
        scheme, _, encoded = header.partition(" ")
        given = b""
        if scheme.lower() == "basic":
            try:
                given = base64.b64decode(encoded, validate=True).partition(b":")[2]
            except (binascii.Error, ValueError):
                given = b""
        if not secrets.compare_digest(given, self._password):
            return Response(
                "the access password is needed",
                status_code=401,
                headers={"WWW-Authenticate": 'Basic realm="ruling desk", charset="UTF-8"'},
            )
        return await call_next(request)


async def _body(request: Request) -> bytes:
    """The request body, refused past ``UPLOAD_LIMIT`` without reading it all."""
    declared = whole_number(request.headers.get("content-length") or "", 18)
    if declared is not None and declared > UPLOAD_LIMIT:
        raise TooLarge(declared)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > UPLOAD_LIMIT:
            raise TooLarge(len(data))
    return bytes(data)


def refusal(message: str, status: int, **extra: Any) -> JSONResponse:
    """The desk's answer refusing a request: ``{"error": message}`` (and ``extra``), the message
    cut at ``MESSAGE_LIMIT`` characters.

    >>> refusal("x" * 2000, 400).body.decode()[-47:]
    'xxx… (the message is cut at 1,000 characters)"}'
    """
    return JSONResponse({"error": bounded(message), **extra}, status_code=status)


def bounded(message: str) -> str:
    """``message`` cut at ``MESSAGE_LIMIT`` characters, saying so."""
    return cut_message(message, MESSAGE_LIMIT)


def _too_large(size: int) -> JSONResponse:
    return JSONResponse(
        {
            "error": f"the upload is {size:,} bytes or more; the limit is "
            f"{UPLOAD_LIMIT // 1024} KiB (a case file or a record of one session is far smaller)"
        },
        status_code=413,
    )


def from_json(value: Any) -> Any:
    """A case dict as the page sends it, with the whole-number keys JSON turned into strings
    made numbers again (``play.tricks``, ``expect.outcomes``): the case format has no key that
    is a string of digits, and "Save" must write what the case file held.

    Only keys of ASCII digits are numbers (``"²"`` and ``"٣"`` are digits to Python), and only
    short ones written plainly (a trick or a count of tricks, not ``"01"``): any other key is
    left for the loader to name.

    >>> from_json({"play": {"tricks": {"1": "W: S2 S3 S4 S5"}}, "by": "NS"})
    {'play': {'tricks': {1: 'W: S2 S3 S4 S5'}}, 'by': 'NS'}
    >>> from_json({"²": 1, "٣": 2, "9" * 5000: 3}) == {"²": 1, "٣": 2, "9" * 5000: 3}
    True
    >>> from_json({"tricks": {"01": "x", "1": "y"}})
    {'tricks': {'01': 'x', 1: 'y'}}
    """
    if isinstance(value, dict):
        return {
            (_number_key(key) if isinstance(key, str) else key): from_json(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [from_json(item) for item in value]
    return value


def _number_key(key: str) -> int | str:
    # "01" stays text: made 1, it would silently replace a trick the page also gave as "1"
    number = whole_number(key)
    return key if number is None or str(number) != key else number


MAX_JSON_DEPTH = 33
"""Lists and objects nested deeper than this in a request are refused: the request's object,
then a case, which the case file's loader takes nested at most ``MAX_DEPTH`` (32) deep."""


class NotJson(ValueError):
    """A value JSON does not have (``NaN``, ``Infinity``, a number past a float's range)."""


def _refuse_constant(name: str) -> float:
    raise NotJson(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise NotJson(f"{text[:40]} is past the largest number taken")
    return number


def _whole(text: str) -> int:
    """A JSON whole number, refused past ``MAX_DIGITS`` digits as a case file's is (Python
    will not read one of thousands)."""
    digits = len(text.removeprefix("-"))
    if digits > MAX_DIGITS:
        raise NotJson(f"a number of {digits} digits (expected at most {MAX_DIGITS})")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it gives a key twice: the later would win in silence, as
    the YAML reader refuses it too."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise NotJson(f"the key {key[:40]!r} is given twice in one object (expected it once)")
        found[key] = value
    return found


def _path(keys: tuple[Any, ...]) -> str:
    """Where a value is in a request, as the loader names fields (``case.play.rows.N``)."""
    shown = ".".join(str(key)[:40] for key in keys)
    return shown or "the request"


def _text_fault(text: str) -> str | None:
    """What makes ``text`` unfit for a case (it could not be kept in the log, or written to a
    case file the command line reads), or None."""
    if "\x00" in text:
        return "holds a NUL character (expected text without NUL characters)"
    for character in text:
        if "\ud800" <= character <= "\udfff":
            return (
                f"holds U+{ord(character):04X}, half of a UTF-16 surrogate pair, which is not "
                "a character (expected text in Unicode characters)"
            )
    return None


def _unfit(data: Any) -> str | None:
    """The first fault in a parsed request, named by where it is: nesting deeper than
    ``MAX_JSON_DEPTH``, or text holding NUL or half a surrogate pair (keys too). Iterative, so
    that it cannot itself run out of stack."""
    pending: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while pending:
        value, keys = pending.pop()
        if len(keys) > MAX_JSON_DEPTH:
            return (
                f"{_path(keys[:MAX_JSON_DEPTH])}: lists or objects nested more than "
                f"{MAX_JSON_DEPTH} levels deep (expected {{case: {{...}}}}, a case's fields "
                "a few levels deep)"
            )
        if isinstance(value, str):
            fault = _text_fault(value)
            if fault is not None:
                return f"{_path(keys)}: {fault}"
        elif isinstance(value, dict):
            for key, item in value.items():
                fault = _text_fault(key)
                if fault is not None:
                    return f"{_path(keys)}: a key {fault}"
                pending.append((item, (*keys, key)))
        elif isinstance(value, list):
            pending.extend((item, (*keys, index)) for index, item in enumerate(value))
    return None


async def _json_body(request: Request) -> dict[str, Any] | JSONResponse:
    try:
        body = await _body(request)
    except TooLarge as error:
        return _too_large(int(error.args[0]))
    except ClientDisconnect:
        # The page went away mid-upload: nobody to answer, and nothing wrong with the server.
        return refusal("the request ended before its body did", 400)
    try:
        data = json.loads(
            body,
            parse_constant=_refuse_constant,
            parse_float=_finite,
            parse_int=_whole,
            object_pairs_hook=_unique_keys,
        )
    except NotJson as error:
        return refusal(f"the request is not JSON: {error}", 400)
    except RecursionError:
        return refusal(
            f"the request: lists or objects nested more than {MAX_JSON_DEPTH} levels deep "
            "(expected {case: {...}}, a case's fields a few levels deep)",
            400,
        )
    except (ValueError, UnicodeDecodeError):
        return refusal("the request is not JSON", 400)
    if not isinstance(data, dict):
        return refusal("the request is not a JSON object", 400)
    fault = _unfit(data)
    if fault is not None:
        return refusal(fault, 400)
    return data


def _name_of(data: dict[str, Any], field: str, default: str) -> str | JSONResponse:
    """A request's ``name`` or ``source`` (text naming a file or where a case came from), or the
    answer refusing it: any other type, or text past ``NAME_LIMIT`` characters."""
    value = data.get(field)
    if value is None or value == "":
        return default
    if not isinstance(value, str) or len(value) > NAME_LIMIT:
        return refusal(
            f"{field}: expected text of at most {NAME_LIMIT} characters (got {_kind_of(value)})",
            400,
        )
    return value


def _kind_of(value: Any) -> str:
    """What a request gave, as a message says it (a field left out is read as null)."""
    if isinstance(value, str):
        return f"text of {len(value):,} characters"
    kinds = {bool: "true or false", int: "a number", float: "a number", list: "a list"}
    return kinds.get(type(value), "null or nothing" if value is None else "an object")


def _unknown_field(data: dict[str, Any], known: tuple[str, ...]) -> JSONResponse | None:
    """The answer refusing a field the request does not take (``"valeus": true`` would
    otherwise leave the values off in silence), or None."""
    unknown = [key for key in data if key not in known]
    if not unknown:
        return None
    expected = ", ".join(known)
    return refusal(f"{unknown[0][:40]}: unknown field (expected one of: {expected})", 400)


def _flag(data: dict[str, Any], field: str) -> bool | JSONResponse:
    """A request's yes-or-no field (false when absent), or the answer refusing another value."""
    value = data.get(field, False)
    if not isinstance(value, bool):
        return refusal(f"{field}: expected true or false (got {_kind_of(value)})", 400)
    return value


def _case_of(data: dict[str, Any]) -> dict[str, Any] | JSONResponse:
    """The case a request carries (``{case: {...}}``), or the answer refusing it."""
    facts = from_json(data.get("case"))
    if not isinstance(facts, dict):
        return refusal("case: expected {case: {...}}, the case's fields", 400)
    return facts


async def _finished(job: Job, wait: float) -> None:
    """Wait up to ``wait`` seconds for ``job`` to finish (without holding a thread)."""
    end = time.monotonic() + wait
    while not job.finished.is_set() and time.monotonic() < end:
        await asyncio.sleep(POLL_SECONDS)


def without_values(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A ruling's JSON for the table: the options of a pending choice without their values
    (``double_dummy``), the mark of the best one (``best``) or the note on them, as ``ruling
    check`` prints them without ``--values`` (Law 10C: the director explains the options, he
    does not advise). The log keeps the whole JSON.

    >>> without_values({"options": [{"option": "accept-lead", "double_dummy": 9, "best": True}],
    ...                 "options_note": None, "status": "decided"})
    {'options': [{'option': 'accept-lead'}], 'status': 'decided'}
    """
    if result is None or "options" not in result:
        return result
    shown = {key: value for key, value in result.items() if key != "options_note"}
    shown["options"] = [
        {key: value for key, value in option.items() if key not in ("double_dummy", "best")}
        for option in result["options"]
    ]
    return shown


def _job_answer(job: Job) -> dict[str, Any]:
    """What the page reads of a job: its state and progress, and once finished the ruling (its
    JSON, the text report, the printable document, the log entry) or the error."""
    answer = job.status()
    outcome = job.outcome
    if answer["state"] not in FINISHED or outcome is None:
        return answer
    if outcome.ok:
        answer.update(
            result=outcome.result if job.values else without_values(outcome.result),
            text=outcome.text,
            document=outcome.document,
            log_id=job.extra.get("log_id"),
            log_error=job.extra.get("log_error"),
        )
    else:
        error = outcome.error or ""
        if outcome.kind == "internal":
            error = f"{error}: {BUG_NOTICE}"
        answer.update(error=bounded(error), kind=outcome.kind)
    return answer


class _Desk:
    """The page and its API: each handler a method, sharing the log and the workers."""

    def __init__(self, log: RulingLog, workers: RulingPool, time_limit: float) -> None:
        self.log = log
        self.workers = workers
        self.time_limit = time_limit
        self.templates = Jinja2Templates(directory=str(HERE / "templates"))

    async def index(self, request: Request) -> Response:
        return self.templates.TemplateResponse(
            request,
            "index.html",
            {
                "version": tool_version(),
                "limit_kib": UPLOAD_LIMIT // 1024,
                "log": self.log.shown,
                "vocabulary": irregularity_vocabulary(),
            },
        )

    async def _submit(self, request: Request) -> Job | JSONResponse:
        """The job ruling on the case a request carries (checked first: a wrong card or field
        is answered at once, with the loader's message), or the answer refusing it."""
        data = await _json_body(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = _unknown_field(data, ("case", "source", "values"))
        if unknown is not None:
            return unknown
        facts = _case_of(data)
        if isinstance(facts, JSONResponse):
            return facts
        source = _name_of(data, "source", "the page")
        if isinstance(source, JSONResponse):
            return source
        values = _flag(data, "values")
        if isinstance(values, JSONResponse):
            return values
        # Reading a case or a record is work: done in a thread, so that one large upload does
        # not keep every other director's page waiting on the event loop.
        message = await run_in_threadpool(check, facts, source)
        if message is not None:
            return refusal(message, 422, kind="input")

        def keep(job: Job) -> None:  # in the job's thread, once it has ended
            outcome = job.outcome
            if outcome is None or not outcome.ok or outcome.result is None:
                return
            try:
                job.extra["log_id"] = self.log.add(facts, outcome.result, source=source)
            except LogError as error:
                job.extra["log_error"] = f"not kept in the ruling log: {error}"

        return self.workers.submit(facts, self.time_limit, on_finish=keep, values=values)

    async def start_job(self, request: Request) -> Response:
        """Start a ruling: the job's id and state at once; the page then polls the job."""
        job = await self._submit(request)
        if isinstance(job, JSONResponse):
            return job
        # A job can end before this answer is made (a case the reader takes but the analysis
        # refuses at once): its outcome goes with it then, as with any poll of a finished job.
        return JSONResponse(_job_answer(job), status_code=202)

    async def job(self, request: Request) -> Response:
        """A job's state and progress; its outcome once finished. ``?wait=S`` (at most
        ``LONGEST_WAIT``) waits that long for it to finish before answering."""
        job = self.workers.job(request.path_params["job_id"])
        if job is None:
            return JSONResponse({"error": "no such ruling job on this server"}, status_code=404)
        given = request.query_params.get("wait", "0")
        try:
            # Written plainly: float() also reads "٣" (an Arabic-Indic three) and "1_0".
            wait = float(given) if given.isascii() and "_" not in given else math.nan
        except ValueError:
            wait = math.nan
        if not 0.0 <= wait < math.inf:  # NaN too
            return refusal(
                f"wait: expected a number of seconds, 0 or more (at most {LONGEST_WAIT:g} are "
                "waited)",
                400,
            )
        await _finished(job, min(wait, LONGEST_WAIT))
        return JSONResponse(_job_answer(job))

    async def stop_job(self, request: Request) -> Response:
        """Stop one job (its worker is ended and replaced; other jobs run on)."""
        job = self.workers.stop(request.path_params["job_id"])
        if job is None:
            return JSONResponse({"error": "no such ruling job on this server"}, status_code=404)
        await _finished(job, LONGEST_WAIT)
        return JSONResponse(_job_answer(job))

    async def rule(self, request: Request) -> Response:
        """Rule and answer with the ruling in one request (for scripts; the page uses jobs)."""
        job = await self._submit(request)
        if isinstance(job, JSONResponse):
            return job
        while not job.finished.is_set():
            await asyncio.sleep(POLL_SECONDS)
        answer = _job_answer(job)
        status = {"failed": 500, "stopped": 409, "timeout": 504}.get(job.state, 200)
        if job.outcome is not None and job.outcome.kind == "input":
            status = 422
        return JSONResponse(answer, status_code=status)

    async def load(self, request: Request) -> Response:
        data = await _json_body(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = _unknown_field(data, ("name", "text"))
        if unknown is not None:
            return unknown
        name, text = _name_of(data, "name", "upload"), data.get("text")
        if isinstance(name, JSONResponse):
            return name
        if not isinstance(text, str):
            return refusal(
                f"text: expected {{name, text}}, the file's text (got {_kind_of(text)})", 400
            )
        try:
            return JSONResponse(await run_in_threadpool(read_upload, name, text))
        except CaseFileError as error:
            return refusal(str(error), 422)

    async def save(self, request: Request) -> Response:
        from solver.records.to_case import case_yaml

        data = await _json_body(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = _unknown_field(data, ("case",))
        if unknown is not None:
            return unknown
        facts = _case_of(data)
        if isinstance(facts, JSONResponse):
            return facts
        text = await run_in_threadpool(case_yaml, facts)
        response = Response(text, media_type="application/yaml; charset=utf-8")
        unready = await run_in_threadpool(_not_ready, text)
        if unready is not None:
            response.headers[NOT_READY_HEADER] = urllib.parse.quote(unready)
        return response

    async def entries(self, request: Request) -> Response:
        listed = [entry.summary() for entry in self.log.entries()]
        return JSONResponse({"log": self.log.shown, "entries": listed})

    async def entry(self, request: Request) -> Response:
        given = request.path_params["entry_id"]
        if not (given.isascii() and given.isdigit()):
            return refusal(
                f"log entry: expected a ruling's number in the log, a whole number from 1 "
                f"(got {given[:40]!r})",
                400,
            )
        values = request.query_params.get("values", "0")
        if values not in ("0", "1"):
            return refusal(f"values: expected 1 or 0 (got {values[:40]!r})", 400)
        # A number too long to read is past the log's last entry, as one just past it is.
        entry_id = whole_number(given, len(str(LARGEST_ID)))
        found = self.log.get(entry_id) if entry_id and entry_id < LARGEST_ID else None
        if found is None:
            return refusal("no such ruling in the log", 404)
        same_board = [] if found.board is None else self.log.board(found.board)
        return JSONResponse(
            {
                **found.summary(),
                "facts": found.facts,
                "facts_text": found.facts_text,
                "ruling": found.ruling if values == "1" else without_values(found.ruling),
                "board_rulings": [e.summary() for e in same_board],
            }
        )


def irregularity_vocabulary() -> dict[str, Any]:
    """What the form offers, from the reader's own tables (so the page's selects are the values
    the case file accepts): the editions of the Laws, the kinds of irregularity entry, how a
    penalty card came to be exposed, its class, a lead out of turn's response, and each
    sub-law's options with what each option names and the sub-law the ruling cites for it
    (``CHOICE_CATALOGUE``).

    >>> vocabulary = irregularity_vocabulary()
    >>> vocabulary["laws"]["50D2"][1]
    {'option': 'forbid-suit', 'names': 'suit', 'cites': '50D2(a)'}
    >>> vocabulary["laws"]["54"][1]["cites"], vocabulary["laws"]["56"][0]["cites"]
    ('54A', '53A')
    """
    from solver.facts.irregularity import CHOICE_CATALOGUE, EXPOSURES
    from solver.laws.law54 import law54_options
    from solver.laws.law55 import law55a_options
    from solver.laws.law56 import law56_options
    from solver.laws.law57 import law57a_options
    from solver.records.casefile import (
        CHOICE_OPTIONS,
        DECLARER_CHOOSES,
        IRREGULARITY_MODELS,
        PENALTY_CLASSES,
        RESPONSES,
        RawCase,
        option_names,
    )

    given = {
        "54": law54_options(0),
        "55A": law55a_options(0),
        "56": law56_options(0),
        "57A": law57a_options(0, -1, 2017),
    }

    def cites(law: str, option: str) -> str:
        found = [o.law for o in given.get(law, []) if o.option == option]
        found += [
            sub for sub, named, _ in CHOICE_CATALOGUE if named == option and sub.startswith(law)
        ]
        return found[0] if found else law

    return {
        "editions": list(get_args(RawCase.model_fields["edition"].annotation)),
        "kinds": list(IRREGULARITY_MODELS),
        "exposures": list(EXPOSURES),
        "classes": list(PENALTY_CLASSES),
        "responses": list(RESPONSES),
        "laws": {
            law: [
                {"option": option, "names": option_names(law, option), "cites": cites(law, option)}
                for option in options
            ]
            for law, options in CHOICE_OPTIONS.items()
        },
        "declarer_chooses": sorted(DECLARER_CHOOSES),
    }


def create_app(
    *,
    log_url: str,
    password: str | None = None,
    time_limit: float = 20.0,
    pool: RulingPool | None = None,
) -> Starlette:
    """The desk as an ASGI application (tests drive it directly or through uvicorn)."""
    log = RulingLog(log_url)
    workers = pool if pool is not None else RulingPool()
    own_pool = pool is None
    desk = _Desk(log, workers, time_limit)
    middleware = [Middleware(_BasicAuth, password=password)] if password else []

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if own_pool:  # a pool given by the caller is the caller's to close
            workers.close()
        log.close()

    return Starlette(
        routes=[
            Route("/", desk.index),
            Route("/api/rule", desk.rule, methods=["POST"]),
            Route("/api/jobs", desk.start_job, methods=["POST"]),
            Route("/api/jobs/{job_id}", desk.job),
            Route("/api/jobs/{job_id}/stop", desk.stop_job, methods=["POST"]),
            Route("/api/load", desk.load, methods=["POST"]),
            Route("/api/save", desk.save, methods=["POST"]),
            Route("/api/log", desk.entries),
            Route("/api/log/{entry_id}", desk.entry),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        ],
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_refusal},
    )


API_ANSWERS = {
    404: "no such address on this server (expected one of the desk's api/ paths: see docs/desk.md)",
    405: "this address is not asked that way (expected GET, or POST for api/rule, api/jobs, "
    "api/jobs/ID/stop, api/load, api/save)",
}


async def _http_refusal(request: Request, error: Exception) -> Response:
    """An address or method the desk has no route for: under ``api/``, the JSON refusal every
    other API answer gives (the page reads its ``error``); elsewhere, Starlette's plain text."""
    assert isinstance(error, HTTPException)
    if not request.url.path.startswith("/api/"):
        return Response(error.detail, status_code=error.status_code, headers=error.headers)
    message = API_ANSWERS.get(error.status_code, error.detail)
    return JSONResponse(
        {"error": bounded(message)}, status_code=error.status_code, headers=error.headers
    )


def read_upload(name: str, text: str) -> dict[str, Any]:
    """A file the page loads: a case (YAML) as its dict, or the boards of a PBN or LIN record,
    each as the case dict ``case_from_record`` makes of it (boards that cannot be a case, such
    as a passed-out board, are listed with the reason)."""
    from solver.records import lin, loads_case, pbn
    from solver.records.casefile import record_format
    from solver.records.spellings import canonical_spellings
    from solver.records.to_case import case_from_record
    from solver.records.yamlload import load_yaml

    kind = record_format(name, text)
    if kind is None:
        loads_case(text, name)  # the command line's checks, with its messages
        # The page's lists hold one spelling of each seat and vulnerability: "e" or "both"
        # would otherwise show, and be ruled, as the list's first value.
        return {"kind": "case", "case": canonical_spellings(load_yaml(text, name))}
    reader = pbn if kind == "PBN" else lin
    errors: list[CaseFileError] = []
    boards: list[dict[str, Any]] = []
    for record in reader.loads(text, name, errors=errors):
        try:
            boards.append({"label": record.label(), "case": case_from_record(record)})
        except CaseFileError as error:
            boards.append({"label": record.label(), "error": error.message})
    if not boards:
        raise errors[0] if errors else CaseFileError(name, "", "no board in this file")
    return {"kind": kind, "boards": boards, "skipped": [str(e) for e in errors]}


def serve(
    *,
    host: str,
    port: int,
    password: str | None,
    log_url: str,
    time_limit: float,
    open_browser: bool,
) -> None:
    """Run the desk until interrupted (``ruling serve``)."""
    import uvicorn

    check_exposure(host, password)
    _check_port_free(host, port)
    try:
        app = create_app(log_url=log_url, password=password, time_limit=time_limit)
    except LogError as error:
        raise ServeError(f"--log {log_url}: {error}") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(f"the director's desk: {url} (ruling log: {log_url}); Ctrl-C stops it", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _check_port_free(host: str, port: int) -> None:
    """Say so before the desk is announced when the port is taken (another desk, most often):
    the web server would otherwise print its own error after the desk's address, and the
    browser would open the desk already there."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
    except OSError as error:
        raise ServeError(f"--host {host}: cannot be used ({error})") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            raise ServeError(
                f"--port {port}: cannot listen on {host} port {port} ({error.strerror}); "
                "expected a free port: another desk may be running there, or choose another "
                "with --port"
            ) from None


def _not_ready(text: str) -> str | None:
    """Why ``ruling check`` would refuse the saved file, or None when it reads it."""
    from solver.records import loads_case

    try:
        loads_case(text, "the saved case")
    except CaseFileError as error:
        return cut_message(str(error), 1000)
    return None
