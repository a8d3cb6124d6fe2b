"""The desk's web application, driven in-process: rule, load, save, the log, and its guards."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from solver.desk.log import RulingLog
from solver.desk.server import UPLOAD_LIMIT, ServeError, check_exposure, create_app
from solver.desk.worker import RulingPool
from solver.records import case_from_dict
from solver.records.to_case import case_yaml
from solver.records.yamlload import load_yaml
from tests.cli_helpers import run
from tests.desk.live import Answer, free_port, request, served
from tests.records import handviewer_link

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "cases" / "example-mixed-row.yaml"
PBN = ROOT / "data" / "real-records" / "lorserker_ben_Boards_BBO"


def example() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def as_sent(data: dict[str, Any]) -> Any:
    """``data`` as JSON carries it (the keys of a mapping become strings)."""
    return json.loads(json.dumps(data))


def command_line_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert run(["check", str(path), "--json"]) in (0, 1)
    result = json.loads(capsys.readouterr().out)
    assert isinstance(result, dict)
    return result


class Client:
    def __init__(self, base: str, password: str | None = None) -> None:
        self.base = base
        self.password = password

    def get(self, path: str, password: str | None = None) -> Answer:
        return request(self.base + path.lstrip("/"), password=password or self.password)

    def post(self, path: str, json: Any = None, raw: bytes | None = None) -> Answer:
        return request(self.base + path.lstrip("/"), json, raw=raw, password=self.password)


@pytest.fixture
def client(tmp_path: Path, pool: RulingPool) -> Iterator[Client]:
    with served(create_app(log_url=str(tmp_path / "event.sqlite"), pool=pool)) as base:
        yield Client(base)


def test_the_page_and_its_files_are_served_and_load_nothing_from_outside(
    client: Client,
) -> None:
    page = client.get("/")
    assert page.status == 200
    assert "The director&#39;s desk" in page.text or "The director's desk" in page.text
    for name in ("static/desk.js", "static/desk.css"):
        served = client.get("/" + name)
        assert served.status == 200
        assert "http://" not in served.text and "https://" not in served.text
    assert "http://" not in page.text and "https://" not in page.text


def test_rule_gives_the_command_lines_ruling_and_keeps_it_in_the_log(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = client.post("/api/rule", json={"case": example()})
    assert answer.status == 200, answer.text
    shown = answer.json()
    expected = command_line_json(EXAMPLE, capsys)
    assert shown["result"]["ruling"] == expected["ruling"]
    assert shown["result"]["outcomes"] == expected["outcomes"]
    assert "4S-1" in shown["text"] and shown["document"].startswith("<!DOCTYPE html>")
    log = client.get("/api/log").json()["entries"]
    assert [(e["id"], e["board"], e["result"]) for e in log] == [(shown["log_id"], 1, "4S-1")]
    entry = client.get(f"/api/log/{shown['log_id']}").json()
    assert entry["facts_text"] == case_yaml(example())
    assert entry["ruling"]["ruling"] == expected["ruling"]


def test_a_wrong_case_gets_the_loaders_message(client: Client) -> None:
    broken = example()
    broken["play"]["rows"]["N"] = broken["play"]["rows"]["N"].replace("CK-", "SA-")
    answer = client.post("/api/rule", json={"case": broken})
    assert answer.status == 422
    message = answer.json()["error"]
    assert message.startswith("the page: play.rows.N")
    assert "SA" in message
    assert client.get("/api/log").json()["entries"] == []


def test_an_upload_past_the_limit_is_refused_with_a_clear_message(client: Client) -> None:
    text = "title: x\nnotes: " + "y" * UPLOAD_LIMIT
    answer = client.post("/api/load", json={"name": "big.yaml", "text": text})
    assert answer.status == 413
    streamed = client.post("/api/rule", raw=b"{" + b" " * (UPLOAD_LIMIT + 10) + b"}")
    assert streamed.status == 413
    assert answer.json()["error"].endswith(
        "the limit is 256 KiB (a case file or a record of one session is far smaller)"
    )


def test_load_reads_a_case_a_broken_case_and_a_pbn_record(client: Client) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    loaded = client.post("/api/load", json={"name": "example.yaml", "text": text}).json()
    assert loaded == {"kind": "case", "case": as_sent(example())}
    broken = text.replace("contract: 4S", "contract: 8S")
    answer = client.post("/api/load", json={"name": "broken.yaml", "text": broken})
    assert answer.status == 422
    assert answer.json()["error"].startswith("broken.yaml: contract")
    record = sorted(PBN.glob("*.pbn"))[0]
    boards = client.post(
        "/api/load", json={"name": record.name, "text": record.read_text(encoding="utf-8")}
    ).json()
    assert boards["kind"] == "PBN" and len(boards["boards"]) > 1
    first = next(b for b in boards["boards"] if "case" in b)
    assert first["case"]["deal"].startswith("N:")


def test_load_reads_a_pasted_hand_viewer_link_as_its_board(client: Client) -> None:
    loaded = client.post("/api/load", json={"name": "BBO link", "text": handviewer_link()})
    assert loaded.status == 200
    boards = loaded.json()["boards"]
    assert loaded.json()["kind"] == "LIN" and [b["label"] for b in boards] == ["board 2 (Open)"]
    assert boards[0]["case"]["contract"] == "1H" and boards[0]["case"]["board"] == 2


PENDING = ROOT / "cases" / "irregularities" / "penalty-card-declarers-choice-valued.yaml"


def test_the_options_values_reach_the_page_only_when_asked(
    client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    """Law 10C: without ``values`` the options come without their double-dummy totals, in the
    JSON and in both reports; with it, as ``ruling check --json --values`` gives them. The log
    keeps the whole JSON, and gives the values of a logged ruling only when asked."""
    case = yaml.safe_load(PENDING.read_text(encoding="utf-8"))
    expected = command_line_json(PENDING, capsys)
    assert [option["double_dummy"] for option in expected["options"]] == [9, 10, 9]
    plain = client.post("/api/rule", json={"case": case})
    assert plain.status == 200, plain.text
    shown = plain.json()
    assert shown["result"]["options"] == [
        {key: value for key, value in option.items() if key not in ("double_dummy", "best")}
        for option in expected["options"]
    ]
    assert [option.get("best", False) for option in expected["options"]] == [False, True, False]
    assert "double dummy" not in shown["text"] and "double dummy" not in shown["document"]
    assert "S may choose forbid-suit D (Law 50D2(a))" in shown["text"]
    valued = client.post("/api/rule", json={"case": case, "values": True}).json()
    assert valued["result"]["options"] == expected["options"]
    assert "declarer's side then takes 10 tricks double dummy" in valued["text"]
    assert "double dummy" in valued["document"]
    logged = client.get(f"/api/log/{shown['log_id']}").json()["ruling"]
    assert "double_dummy" not in logged["options"][0]
    logged = client.get(f"/api/log/{shown['log_id']}?values=1").json()["ruling"]
    assert logged["options"] == expected["options"]


def test_a_job_ended_before_its_first_answer_is_answered_with_its_outcome(
    tmp_path: Path, pool: RulingPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A case the reader takes but the analysis refuses at once (an irregularity as one side's
    account together with a revoke allegation) can end before ``POST api/jobs`` answers: the
    answer then carries the error, or the ruling, and never a finished state alone. Here every
    job ends before the answer."""
    submit = pool.submit

    def ended_first(*args: Any, **kwargs: Any) -> Any:
        job = submit(*args, **kwargs)
        job.finished.wait(60)
        return job

    monkeypatch.setattr(pool, "submit", ended_first)
    owned = yaml.safe_load(
        (
            ROOT / "cases" / "irregularities" / "dispute-penalty-card-told-by-one-side.yaml"
        ).read_text("utf-8")
    )
    owned["statements"].append({"by": "NS", "revoke": {"seat": "E", "trick": 3}})
    with served(create_app(log_url=str(tmp_path / "e.sqlite"), pool=pool)) as base:
        refused = request(base + "api/jobs", {"case": owned})
        ruled = request(base + "api/jobs", {"case": example()})
    assert refused.status == 202, refused.text
    assert refused.json()["state"] == "failed"
    assert "together with an irregularity given as one side's account" in refused.json()["error"]
    assert ruled.json()["state"] == "done"
    assert ruled.json()["result"]["ruling"]["result"] == "4S-1"


def test_the_page_carries_the_readers_irregularity_vocabulary(client: Client) -> None:
    from solver.desk.server import irregularity_vocabulary
    from solver.records.casefile import CHOICE_OPTIONS

    page = client.get("/").text
    marker = '<script type="application/json" id="vocabulary">'
    start = page.index(marker) + len(marker)
    sent = json.loads(page[start : page.index("</script>", start)])
    assert sent == irregularity_vocabulary()
    assert {law: [o["option"] for o in options] for law, options in sent["laws"].items()} == {
        law: list(options) for law, options in CHOICE_OPTIONS.items()
    }
    assert sent["kinds"] == [
        "penalty_card",
        "lead_out_of_turn",
        "premature",
        "played_at_rho_turn",
        "declarer_played_early",
        "dummy_designation",
        "failure_to_play",
        "fifth_card",
        "choice",
    ]
    assert sent["editions"][0] == 2017 and 1997 in sent["editions"]


def test_save_writes_the_command_lines_yaml(client: Client) -> None:
    saved = client.post("/api/save", json={"case": example()})
    assert saved.status == 200
    assert saved.text == case_yaml(example())
    assert yaml.safe_load(saved.text) == example()
    assert "x-case-not-ready" not in {name.lower() for name in saved.headers}


def test_save_keeps_a_half_entered_case_and_says_why_it_cannot_be_ruled_yet(
    client: Client,
) -> None:
    unfinished = {key: value for key, value in example().items() if key != "contract"}
    saved = client.post("/api/save", json={"case": unfinished})
    assert saved.status == 200
    assert yaml.safe_load(saved.text) == unfinished
    why = {name.lower(): value for name, value in saved.headers.items()}["x-case-not-ready"]
    assert urllib.parse.unquote(why).startswith("the saved case: contract:")


def test_a_password_is_asked_for_every_request(tmp_path: Path, pool: RulingPool) -> None:
    app = create_app(log_url=str(tmp_path / "e.sqlite"), password="s3cret", pool=pool)
    with served(app) as base:
        client = Client(base)
        assert client.get("/").status == 401
        assert client.get("/static/desk.js").status == 401
        assert client.get("/", password="nope").status == 401
        assert client.get("/", password="s3cret").status == 200
        assert client.get("/api/log", password="s3cret").json()["entries"] == []


def test_listening_beyond_this_machine_needs_a_password(
    capsys: pytest.CaptureFixture[str],
) -> None:
    check_exposure("127.0.0.1", None)
    check_exposure("::1", None)
    check_exposure("0.0.0.0", "pw")
    with pytest.raises(ServeError):
        check_exposure("192.168.1.5", None)
    assert run(["serve", "--host", "0.0.0.0", "--no-browser"]) == 2
    assert capsys.readouterr().err == (
        "error: --host 0.0.0.0: the page would be open to the network; give an access "
        "password with --password PW (or listen on 127.0.0.1, the default)\n"
    )


def test_a_ruling_past_its_time_limit_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.desk.worker as worker

    monkeypatch.setattr(worker, "GRACE_SECONDS", 0.0)
    own = RulingPool()
    try:
        outcome = own.rule(example(), 0.001)
        assert not outcome.ok and outcome.kind == "timeout"
        assert outcome.error is not None and "time limit of 0.001 s" in outcome.error
        again = own.rule(example(), 20.0)
        assert again.ok and again.result is not None
        assert again.result["ruling"]["result"] == "4S-1"
    finally:
        own.close()


def test_ruling_serve_starts_the_desk_on_loopback(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "event.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "solver", "serve", "--port", str(port), "--no-browser"]
    server = subprocess.Popen(
        [*command, "--log", str(log)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line == (
            f"the director's desk: http://127.0.0.1:{port}/ (ruling log: {log}); Ctrl-C stops it\n"
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                answer = request(f"http://127.0.0.1:{port}/api/log")
                break
            except OSError:
                assert time.monotonic() < deadline, "ruling serve did not answer"
                time.sleep(0.1)
        assert answer.status == 200 and answer.json()["entries"] == []
        ruled = request(f"http://127.0.0.1:{port}/api/rule", {"case": example()})
        assert ruled.status == 200, ruled.text
        assert ruled.json()["result"]["ruling"]["result"] == "4S-1"
        assert [e.result for e in RulingLog(str(log)).entries()] == ["4S-1"]
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_ruling_serve_with_a_log_it_cannot_open_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "event.sqlite"
    assert run(["serve", "--no-browser", "--log", str(target)]) == 2
    assert capsys.readouterr().err.startswith(f"error: --log {target}: cannot be opened (")


def test_ruling_serve_on_a_port_in_use_says_so_before_announcing_the_desk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(["serve", "--no-browser", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no address announced for a desk that never starts
    assert err.startswith(f"error: --port {port}: cannot listen on 127.0.0.1 port {port} (")
    assert "another desk may be running there, or choose another with --port" in err


def test_a_loaded_case_comes_back_in_the_spellings_the_page_lists(client: Client) -> None:
    # The reader takes "e", "both" and "ns"; the page's lists hold "E", "All" and "NS", and a
    # value not in a list would be shown, and ruled, as the list's first one.
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace("declarer: S", "declarer: s").replace(
        "vulnerable: None", "vulnerable: both"
    )
    text = text.replace("- by: NS", "- by: ns").replace("    N: CK-", "    n: CK-")
    loaded = client.post("/api/load", json={"name": "lower.yaml", "text": text}).json()["case"]
    assert loaded["declarer"] == "S" and loaded["vulnerable"] == "All"
    assert loaded["statements"][0]["by"] == "NS"
    assert "N" in loaded["play"]["rows"] and "n" not in loaded["play"]["rows"]
    written = load_yaml(text, "x")
    del written["expect"], loaded["expect"]  # JSON turns its mapping's numbers into text
    assert case_from_dict(loaded, "x") == case_from_dict(written, "x")


def test_the_page_never_shows_the_log_databases_password(postgres: str, pool: RulingPool) -> None:
    from tests.desk.postgres import USER, new_database

    database = new_database(postgres).replace(f"//{USER}@", f"//{USER}:s3cret@")
    with served(create_app(log_url=database, pool=pool)) as base:
        page = request(base)
        listed = request(base + "api/log")
    assert page.status == 200 and listed.status == 200
    assert f"{USER}:***@" in listed.json()["log"] and f"{USER}:***@" in page.text
    assert "s3cret" not in page.text + listed.text


def poll(base: str, job: str, until: Any, seconds: float = 30) -> dict[str, Any]:
    """Poll a job until ``until(answer)`` holds: the answer that made it hold."""
    deadline = time.monotonic() + seconds
    while True:
        answer = request(f"{base}api/jobs/{job}?wait=0.5")
        assert answer.status == 200, answer.text
        data: dict[str, Any] = answer.json()
        if until(data):
            return data
        assert time.monotonic() < deadline, f"the job never got there: {data}"


LONG_CASE = ROOT / "cases" / "four-rows-mixed.yaml"
PHASES = ("deciding the outcomes", "counting the consistent histories")


def test_a_job_reports_its_progress_and_is_stopped_alone(tmp_path: Path) -> None:
    long_case = yaml.safe_load(LONG_CASE.read_text("utf-8"))
    own = RulingPool(workers=2)
    try:
        app = create_app(log_url=str(tmp_path / "e.sqlite"), pool=own, time_limit=60)
        with served(app) as base:
            first = request(base + "api/jobs", {"case": long_case})
            second = request(base + "api/jobs", {"case": long_case})
            assert first.status == second.status == 202
            one, two = first.json()["job"], second.json()["job"]
            assert one != two
            running = poll(base, one, lambda d: d["phase"] in PHASES)
            assert running["time_limit"] == 60 and running["state"] == "running"
            assert "result" not in running
            poll(base, two, lambda d: d["state"] == "running")
            started = time.monotonic()
            stopped = request(f"{base}api/jobs/{one}/stop", {}).json()
            assert time.monotonic() - started < 5
            assert stopped["state"] == "stopped"
            assert stopped["error"] == "stopped on request: no ruling was made"
            # the other job runs on, its clock still going
            before = request(f"{base}api/jobs/{two}").json()
            time.sleep(1.0)
            after = request(f"{base}api/jobs/{two}").json()
            assert before["state"] == after["state"] == "running"
            assert after["elapsed"] > before["elapsed"] + 0.5
            # a new worker took the stopped one's place: the next case is ruled at once
            again = request(base + "api/rule", {"case": example()})
            assert again.status == 200 and again.json()["result"]["ruling"]["result"] == "4S-1"
            assert request(f"{base}api/jobs/{two}").json()["state"] == "running"
            assert request(f"{base}api/jobs/{two}/stop", {}).json()["state"] == "stopped"
            assert request(f"{base}api/jobs/nonesuch").status == 404
            assert request(f"{base}api/jobs/nonesuch/stop", {}).status == 404
            logged = request(base + "api/log").json()["entries"]
            assert [e["result"] for e in logged] == ["4S-1"]
    finally:
        own.close()


def test_a_job_queued_behind_a_busy_worker_can_be_stopped_before_it_starts(
    tmp_path: Path,
) -> None:
    long_case = yaml.safe_load(LONG_CASE.read_text("utf-8"))
    own = RulingPool(workers=1)
    try:
        app = create_app(log_url=str(tmp_path / "e.sqlite"), pool=own, time_limit=60)
        with served(app) as base:
            busy = request(base + "api/jobs", {"case": long_case}).json()["job"]
            poll(base, busy, lambda d: d["state"] == "running")
            waiting = request(base + "api/jobs", {"case": example()}).json()
            assert waiting["state"] == "queued" and waiting["elapsed"] == 0
            stopped = request(f"{base}api/jobs/{waiting['job']}/stop", {}).json()
            assert stopped["state"] == "stopped"
            assert request(f"{base}api/jobs/{busy}").json()["state"] == "running"
            request(f"{base}api/jobs/{busy}/stop", {})
            done = poll(
                base,
                request(base + "api/jobs", {"case": example()}).json()["job"],
                lambda d: d["state"] == "done",
            )
            assert done["result"]["ruling"]["result"] == "4S-1" and done["log_id"] == 1
            assert done["document"].startswith("<!DOCTYPE html>")
    finally:
        own.close()


def test_a_wrong_case_is_refused_before_any_job_starts(client: Client) -> None:
    broken = example()
    broken["contract"] = "8S"
    answer = client.post("/api/jobs", json={"case": broken})
    assert answer.status == 422 and answer.json()["error"].startswith("the page: contract")


def test_the_claim_form_offers_every_preset_and_class(client: Client) -> None:
    """The form's "Judged by" and "Claimer's class" lists are those the loader accepts: a
    preset or class added to the tool and not to the page would be out of a director's reach."""
    import re

    from solver.facts.claim import PLAYER_CLASSES
    from solver.facts.policy import PRESETS

    page = client.get("/").text

    def offered(select: str) -> list[str]:
        body = page[page.index(f'<select id="{select}">') :]
        body = body[: body.index("</select>")]
        return [value for value in re.findall(r'<option value="([^"]*)"', body) if value]

    assert offered("claim-policy") == list(PRESETS)
    assert offered("claim-class") == list(PLAYER_CLASSES)
