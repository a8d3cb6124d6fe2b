"""The desk in a real browser: Debian's Chromium, headless, driven by Playwright.

A director enters the bundled example dispute by clicking and typing, rules, saves and loads;
the tests check the ruling shown is the command line's, the saved file holds the case file's
facts, a broken case's message appears beside the form without losing what was entered, and a
case whose text holds HTML stays inert. Screenshots at laptop and phone sizes, and the figures
(time from "Rule" to the ruling shown; clicks and keystrokes to enter the example) are written
to tests/artifacts/ (not committed).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from playwright.sync_api import Browser, Page, Route, sync_playwright

from solver.desk.server import create_app
from solver.desk.worker import RulingPool
from tests.cli_helpers import run
from tests.desk.live import request, served
from tests.records import handviewer_link

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "cases" / "example-mixed-row.yaml"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
FACTS = ("title", "board", "vulnerable", "deal", "contract", "declarer", "play", "statements")
"""The fields a director enters (the case file also holds its notes, source and expectations)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def desk(tmp_path: Path, pool: RulingPool) -> Iterator[str]:
    with served(create_app(log_url=str(tmp_path / "event.sqlite"), pool=pool)) as base:
        yield base


@pytest.fixture
def page(browser: Browser, desk: str) -> Iterator[Page]:
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    opened = context.new_page()
    dialogs: list[str] = []
    opened.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    opened.goto(desk)
    yield opened
    context.close()
    assert dialogs == [], f"the page opened dialogs: {dialogs}"


def example() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


class Director:
    """Enters facts on the page, counting each click and keystroke."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.clicks = 0
        self.keys = 0

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.clicks += 1

    def type(self, selector: str, text: str) -> None:
        self.click(selector)
        self.page.locator(selector).press_sequentially(text)
        self.keys += len(text)

    def press(self, selector: str, key: str) -> None:
        self.page.press(selector, key)
        self.keys += 1

    def fill(self, selector: str, text: str) -> None:
        """Replace what a field holds (select it all, type over it)."""
        self.click(selector)
        self.page.fill(selector, text)
        self.keys += len(text)

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.clicks += 2  # open the list, pick

    def row(self, seat: str, tokens: str) -> None:
        """Click the cards of a row in order, then turn each card not pointed "won"."""
        cards = tokens.split()
        for token in cards:
            self.click(f"#row-{seat} .grid button[data-card='{token[:2]}']")
        for index, token in enumerate(cards):
            turns = {"+": 0, "-": 1}.get(token[2:], 2)
            for _ in range(turns):
                self.click(f"#row-{seat} .row-cards button[data-index='{index}']")


def enter_example(director: Director) -> None:
    data = example()
    director.type("#title", data["title"])
    director.type("#board", str(data["board"]))
    director.type("#deal", data["deal"])
    director.press("#deal", "Tab")
    director.type("#contract", data["contract"])
    # declarer South and vulnerability None are the page's defaults: nothing to do
    rows = data["play"]["rows"]
    for seat in ("N", "E", "W"):
        director.row(seat, rows[seat])
    director.click("#mixed-S")
    director.click("#rest-S")  # South's whole hand; "before-agreement" is the default
    for statement in data["statements"]:
        director.click("#add-tricks")
        selector = "#statements .statement:last-child input[type=number]"
        director.type(selector, str(statement["declarer_tricks"]))


def load_example(page: Page) -> None:
    """The bundled example loaded through the page's file input, its facts on the page."""
    page.set_input_files("#load-file", str(EXAMPLE))
    page.wait_for_function("document.getElementById('title').value.startsWith('Board 1')")


def test_a_pasted_hand_viewer_link_loads_its_board_and_a_wrong_one_is_named(page: Page) -> None:
    page.fill("#load-link", "https://www.bridgebase.com/tools/handviewer.html?myhand=x")
    page.press("#load-link", "Enter")
    page.wait_for_selector("#errors:not([hidden])")
    assert "expected a hand-viewer link holding lin=" in page.inner_text("#errors")
    page.fill("#load-link", handviewer_link())
    page.click("#load-link-go")
    page.wait_for_function("document.getElementById('title').value.startsWith('Board 2')")
    assert page.input_value("#contract") == "1H" and page.is_hidden("#errors")


def command_line_ruling(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert run(["check", str(EXAMPLE), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert isinstance(result, dict)
    return result


def test_example_entered_by_clicking_rules_as_the_command_line_and_saves_the_case(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    director = Director(page)
    enter_example(director)
    entered = (director.clicks, director.keys)
    started = time.monotonic()
    page.click("#rule")
    page.wait_for_selector("#ruling-result", timeout=30_000)
    rule_seconds = time.monotonic() - started
    expected = command_line_ruling(capsys)["ruling"]
    assert page.inner_text("#ruling-result") == expected["result"]
    reasons = page.locator("#ruling-reasons li").all_inner_texts()
    assert reasons == expected["reasons"]
    assert page.inner_text("#ruling-citations") == "Laws cited: " + ", ".join(expected["citations"])
    assert page.locator("#outcomes tbody tr").count() == 2
    assert page.locator("table.history tbody tr").count() == 13
    assert page.is_hidden("#errors")
    page.wait_for_selector("#log tbody tr.log-row")
    assert page.locator("#log tbody tr.log-row").count() == 1

    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert {key: saved.get(key) for key in FACTS} == {key: example()[key] for key in FACTS}

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "desk-1280x800.png"))
    page.screenshot(path=str(ARTIFACTS / "desk-1280x800-full.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(ARTIFACTS / "desk-390x844.png"))
    page.screenshot(path=str(ARTIFACTS / "desk-390x844-full.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a phone"
    figures = {
        "clicks": entered[0],
        "keystrokes": entered[1],
        "rule_to_ruling_seconds": round(rule_seconds, 3),
    }
    (ARTIFACTS / "desk-figures.json").write_text(json.dumps(figures, indent=2), "utf-8")
    print(f"desk figures: {figures}")


def test_a_logged_ruling_opens_with_its_facts(page: Page) -> None:
    load_example(page)
    page.click("#rule")
    page.wait_for_selector("#ruling-result", timeout=30_000)
    page.click("#log tbody tr.log-row")
    page.wait_for_selector("#log-entry h3")
    facts = yaml.safe_load(page.locator("#log-facts").text_content() or "")
    assert {key: facts[key] for key in FACTS} == {key: example()[key] for key in FACTS}
    assert "4S-1" in page.inner_text("#log-entry")
    ids = page.eval_on_selector_all("[id]", "nodes => nodes.map((node) => node.id)")
    assert len(ids) == len(set(ids)), "an id used twice on the page"


def test_a_ruling_leaves_the_page_when_other_facts_come_and_is_marked_when_edited(
    page: Page,
) -> None:
    load_example(page)
    page.click("#rule")
    page.wait_for_selector("#ruling-result", timeout=30_000)
    assert page.is_enabled("#print")
    # A change in the form: the ruling stays, marked, and cannot be printed as if current.
    page.fill("#contract", "3NT")
    page.wait_for_selector("#ruling-stale")
    assert "Rule again" in page.inner_text("#ruling-stale") and page.is_disabled("#print")
    # Other facts altogether (New, a file): the ruling of the old ones leaves the page.
    page.click("#rule")
    page.wait_for_selector("#ruling-status, #errors:not([hidden])", timeout=30_000)
    page.click("#new")
    assert page.is_hidden("#ruling") and page.locator("#ruling > *").count() == 0
    assert page.is_disabled("#print") and page.is_hidden("#job")


def test_a_ruling_still_running_is_not_shown_under_the_facts_loaded_after_it(
    page: Page, tmp_path: Path
) -> None:
    slow = tmp_path / "slow.yaml"
    data = example()
    del data["play"], data["statements"], data["expect"]  # no play: every history, counted
    slow.write_text(yaml.safe_dump(data), encoding="utf-8")
    page.set_input_files("#load-file", str(slow))
    page.wait_for_function("document.getElementById('title').value.startsWith('Board 1')")
    page.click("#rule")
    page.wait_for_selector("#job:not([hidden])")
    page.set_input_files("#load-file", str(EXAMPLE))  # the director moves on to another case
    page.wait_for_function("!document.getElementById('rule').disabled", timeout=60_000)
    page.wait_for_timeout(500)
    assert page.is_hidden("#ruling") and page.locator("#ruling > *").count() == 0


def test_the_log_refresh_button_shows_a_ruling_made_elsewhere_at_once(
    page: Page, desk: str
) -> None:
    before = page.locator("#log tbody tr").count()
    answer = request(f"{desk}api/rule", {"case": example()})
    assert answer.status == 200
    page.click("#log-refresh")
    page.wait_for_function(
        f"document.querySelectorAll('#log tbody tr').length > {before}", timeout=3_000
    )


def test_the_ruling_just_made_is_marked_and_can_be_listed_first(
    page: Page, desk: str, tmp_path: Path
) -> None:
    """The log lists by board (the order of the event's scoring): a ruling made here on a
    later board is marked in the list, and "latest first" puts it at the top."""
    earlier = example() | {"board": 3, "title": "Board 3: made elsewhere"}
    assert request(f"{desk}api/rule", {"case": earlier}).status == 200
    later = tmp_path / "board7.yaml"
    later.write_text(
        yaml.safe_dump(example() | {"board": 7, "title": "Board 7: made here"}), "utf-8"
    )
    page.set_input_files("#load-file", str(later))
    page.wait_for_function("document.getElementById('title').value.startsWith('Board 7')")
    page.click("#rule")
    page.wait_for_selector("#log tbody tr.log-new", timeout=30_000)
    boards = page.locator("#log tbody tr td:first-child")
    assert boards.all_inner_texts() == ["3", "7"]
    assert page.inner_text("#log tbody tr.log-new td:first-child") == "7"
    page.select_option("#log-order", "latest")
    page.wait_for_function(
        "document.querySelector('#log tbody tr td').textContent === '7'", timeout=3_000
    )
    assert boards.all_inner_texts() == ["7", "3"]
    assert page.inner_text("#log tbody tr.log-new td:first-child") == "7"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("claim-amount-on-the-split", '"if spades 2-2": 3'),
        ("nonclaimers-normal-throw-in-not-seen", '"nonclaimers_normal": true'),
        ("agreed-claim-withdrawn-possible-trick", '"agreed": true'),
    ],
)
def test_a_claims_facts_without_a_field_are_shown_under_other_facts(
    page: Page, name: str, shown: str
) -> None:
    # Ruled on as loaded, so the director must see them: an amount by the split, the claim's
    # switches, an agreed claim.
    page.set_input_files("#load-file", str(ROOT / "cases" / "claims" / f"{name}.yaml"))
    page.wait_for_selector("#other-section:not([hidden])")
    assert shown in page.inner_text("#other")


def claim_with_a_new_finesse_step(page: Page) -> int:
    """A stated-finesse claim loaded and a finesse step added to it, its card still blank:
    the number the page gives that step."""
    page.set_input_files("#load-file", str(CLAIMS / "stated-finesse-king-covers.yaml"))
    page.wait_for_selector("#has-claim:checked")
    page.select_option("#step-kind", "finesse")
    page.click("#add-step")
    count: int = page.locator("#steps > *").count()
    return count


def test_a_claim_step_left_blank_is_named_before_anything_is_sent(page: Page) -> None:
    count = claim_with_a_new_finesse_step(page)
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors") == (
        f"the claim's statement, step {count}: the card to finesse is missing"
    )
    assert page.is_hidden("#job")  # no ruling was asked for


@pytest.mark.parametrize(
    ("name", "select", "value"),
    [
        ("impossible-agreed-statement", "who says it", "agreed"),
        ("laws-example-14", "winner", "EW"),
    ],
)
def test_an_agreed_statement_and_a_side_as_winner_are_shown_as_loaded(
    page: Page, name: str, select: str, value: str
) -> None:
    page.set_input_files("#load-file", str(ROOT / "cases" / f"{name}.yaml"))
    page.wait_for_selector("#statements .statement")
    assert page.input_value(f"#statements .statement select[aria-label='{select}']") == value


def test_unticking_the_claim_puts_it_aside_and_ticking_it_brings_it_back(page: Page) -> None:
    page.click("#has-claim")
    page.fill("#claim-tricks", "4")
    page.fill("#claim-said", "the rest are mine")
    page.click("#has-position")
    page.fill("#claim-hands", "N:AK.. .. .. ..")
    page.click("#has-position")  # a slip of the mouse...
    page.click("#has-claim")
    assert page.is_hidden("#claim")
    page.click("#has-claim")  # ...taken back: nothing entered is lost
    assert page.input_value("#claim-tricks") == "4"
    assert page.input_value("#claim-said") == "the rest are mine"
    page.click("#has-position")
    assert page.input_value("#claim-hands") == "N:AK.. .. .. .."


def test_a_row_entered_before_the_deal_is_checked_when_the_deal_comes(page: Page) -> None:
    page.fill("#type-N", "SA+ HQ")  # no deal yet: nothing to check against
    page.press("#type-N", "Enter")
    page.fill("#deal", example()["deal"])  # North holds the HQ, but not the SA (South has it)
    page.press("#deal", "Tab")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors") == (
        "North's row holds SA, but the deal gives it to South: take it out of the row, or "
        "correct the deal"
    )


def test_save_names_the_file_after_a_title_in_any_script(page: Page) -> None:
    load_example(page)
    page.fill("#title", "Ærø — Board 7: «mélange»")
    with page.expect_download() as download:
        page.click("#save")
    assert download.value.suggested_filename == "ærø-board-7-mélange.yaml"
    assert page.is_hidden("#notice")


def test_save_of_an_unfinished_case_downloads_it_and_says_what_is_missing(page: Page) -> None:
    load_example(page)
    page.fill("#contract", "")
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["deal"] == example()["deal"] and not saved.get("contract")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice").startswith(
        "Saved as entered; not ready for a ruling yet: the saved case: contract:"
    )
    assert page.is_hidden("#errors")
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.is_hidden("#notice")


def test_a_statement_left_blank_is_named_by_its_number_on_the_page(page: Page) -> None:
    load_example(page)
    page.click("#add-tricks")
    assert page.inner_text("#statements .statement:last-child .number").strip() == "3."
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors") == (
        "statement 3: the number of tricks declarer's side won is missing"
    )


def test_the_readers_message_about_a_step_uses_the_pages_numbers(page: Page) -> None:
    count = claim_with_a_new_finesse_step(page)
    page.fill("#steps > :last-child input[aria-label='card']", "S1")  # not a card
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors").startswith(f"the page: the claim's statement, step {count}: ")


def test_facts_refused_only_when_ruled_say_so_as_the_pages_and_not_as_a_failure(
    page: Page,
) -> None:
    # The reader accepts the file; the ruling refuses its facts (a Law 52 choice pending with
    # no penalty card): bad input, worded as such, not "failed" as the tool's own failure is.
    case = ROOT / "cases" / "invalid" / "irregularity-52-pending-no-penalty-card.yaml"
    page.set_input_files("#load-file", str(case))
    page.wait_for_function("document.getElementById('title').value !== ''")
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])", timeout=60_000)
    assert page.inner_text("#errors").startswith("the page: ")
    assert page.inner_text("#job-status").startswith("no ruling: the facts cannot be ruled on")


def test_a_broken_case_shows_the_loaders_message_and_keeps_the_form(
    page: Page, tmp_path: Path
) -> None:
    page.fill("#title", "what the director typed")
    broken = tmp_path / "broken.yaml"
    text = EXAMPLE.read_text(encoding="utf-8").replace("contract: 4S", "contract: 8S")
    broken.write_text(text, encoding="utf-8")
    page.set_input_files("#load-file", str(broken))
    page.wait_for_selector("#errors:not([hidden])")
    message = page.inner_text("#errors")
    assert message.startswith("broken.yaml: contract")
    assert page.input_value("#title") == "what the director typed"


def test_a_card_typed_at_the_keyboard_and_a_card_not_held(page: Page) -> None:
    page.fill("#deal", example()["deal"])
    page.press("#deal", "Tab")
    page.fill("#type-W", "c3 H4- SK+ H8?")
    page.press("#type-W", "Enter")
    chips = page.locator("#row-W .row-cards button").all()
    assert [c.get_attribute("data-card") for c in chips] == ["C3", "H4", "SK", "H8"]
    # Signs as in the case file: none (or ?) is a card not pointed, not one pointed "won".
    marks = [page.inner_text(f"#row-W .row-cards button[data-index='{i}'] .mark") for i in range(4)]
    assert marks == ["?", "-", "+", "?"]
    page.fill("#type-N", "H10 SA")
    page.press("#type-N", "Enter")
    assert page.locator("#row-N .row-cards button").get_attribute("data-card") == "HT"
    assert page.inner_text("#errors") == "North's row: SA is not in North's hand"
    assert page.input_value("#type-N") == "SA"


def ruled(page: Page) -> None:
    """Wait for the ruling job to end, and fail with the page's message if it gave none: a
    test waiting for something shown after the ruling then waits only for the page itself."""
    page.wait_for_selector("#ruling-status, #errors:not([hidden])", timeout=60_000)
    assert page.is_hidden("#errors"), page.inner_text("#errors")


def test_the_log_listing_asked_for_at_load_cannot_hide_a_later_ruling(page: Page) -> None:
    """The listing asked for when the page opens may come back after the one asked for when a
    ruling ends: held back here, it comes back last and must not wipe the new row."""
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/log", hold_the_first)
    page.reload()
    page.wait_for_function("document.getElementById('rule') !== null")
    assert len(held) == 1  # the page's first listing, held
    load_example(page)
    page.click("#rule")
    ruled(page)
    page.wait_for_selector("#log tbody tr.log-row")
    # the listing the server gave when the page opened (an empty log) arrives now, last
    held[0].fulfill(content_type="application/json", body=json.dumps({"log": "", "entries": []}))
    page.wait_for_timeout(500)
    assert page.locator("#log tbody tr.log-row").count() == 1


def test_a_case_holding_html_is_shown_inert(page: Page, tmp_path: Path) -> None:
    data = example()
    data["title"] = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text(yaml.safe_dump(data), encoding="utf-8")
    page.set_input_files("#load-file", str(hostile))
    page.wait_for_function("document.getElementById('title').value.startsWith('<img')")
    page.click("#rule")
    ruled(page)
    page.wait_for_selector("#log tbody tr.log-row")
    assert page.locator("#log tbody tr.log-row td").nth(1).inner_text() == data["title"]
    assert page.locator("img").count() == 0
    assert page.locator("body script").count() == 1  # the page's own


def test_a_claim_case_loaded_from_its_file_shows_the_adjudication(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    case = ROOT / "cases" / "claims" / "blocked-suit-king-opposite-aqjt.yaml"
    assert run(["check", str(case), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    page.set_input_files("#load-file", str(case))
    page.wait_for_selector("#other-section:not([hidden])")
    assert page.is_checked("#has-claim") and page.input_value("#claim-tricks") == "4"
    assert page.locator("#steps .step-text").all_inner_texts() == []
    page.click("#rule")
    page.wait_for_selector("#claim-summary", timeout=30_000)
    claim = expected["claim"]
    summary = page.inner_text("#claim-summary")
    assert f"Worst normal line ({claim['policy']} policy): {claim['claimer_tricks']} tricks" in (
        summary
    )
    assert f"double dummy: {claim['double_dummy']}" in summary
    tricks = {play["trick"] for play in claim["worst_normal_line"]}
    assert page.locator("#claim-line tbody tr").count() == len(tricks)
    assert page.locator("#ruling-reasons li").all_inner_texts() == expected["ruling"]["reasons"]
    # Where the ruling turns, and the judgements it does not turn on named in one line.
    turns = page.locator("#claim-turns li").all_inner_texts()
    assert claim["judgements"] and len(turns) == len(claim["judgements"])
    for turn, cost in zip(turns, claim["judgements"], strict=True):
        assert turn.startswith(f"with {cost['switch']} {cost['turned']} (Law {cost['citation']})")
        assert f"declarer {cost['declarer_tricks']} tricks" in turn
    turning = {f"{claim['policy']}:{cost['switch']}" for cost in claim["judgements"]}
    assumptions = expected["ruling"]["assumptions"]
    quiet = [a for a in assumptions if a["name"].startswith(f"{claim['policy']}:")]
    quiet = [a for a in quiet if a["name"] not in turning]
    assert quiet and len(quiet) < len(assumptions)
    assert page.locator("#quiet-assumptions > p.assumption").count() == len(quiet)
    assert page.locator("p.assumption").count() == len(assumptions)
    assert f"{len(quiet)} more judgements" in page.inner_text("#quiet-assumptions summary")


def test_advice_to_raise_the_time_limit_names_the_desks_own(
    browser: Browser, tmp_path: Path
) -> None:
    slow = tmp_path / "slow.yaml"
    data = example()
    del data["play"], data["statements"], data["expect"]  # no play: not settled in 0.5 s
    slow.write_text(yaml.safe_dump(data), encoding="utf-8")
    own = RulingPool(workers=1)
    app = create_app(log_url=str(tmp_path / "event.sqlite"), pool=own, time_limit=0.5)
    try:
        with served(app) as base:
            context = browser.new_context(viewport=LAPTOP)
            page = context.new_page()
            page.goto(base)
            page.set_input_files("#load-file", str(slow))
            page.wait_for_function("document.getElementById('title').value !== ''")
            page.click("#rule")
            page.wait_for_selector("#ruling-reasons", timeout=60_000)
            reasons = " ".join(page.locator("#ruling-reasons li").all_inner_texts())
            context.close()
    finally:
        own.close()
    assert "--time-limit" in reasons and "raise --time-limit" not in reasons
    assert "ruling serve --time-limit S" in reasons


LONG_CASE = ROOT / "cases" / "four-rows-mixed.yaml"
STOPPED = "stopped on request: no ruling was made"


def test_a_long_count_shows_its_progress_and_stop_ends_only_that_pages_job(
    browser: Browser, tmp_path: Path
) -> None:
    own = RulingPool(workers=2)
    app = create_app(log_url=str(tmp_path / "event.sqlite"), pool=own, time_limit=60)
    try:
        with served(app) as base:
            contexts = [browser.new_context(viewport=LAPTOP) for _ in range(2)]
            first, second = (context.new_page() for context in contexts)
            for page in (first, second):
                page.goto(base)
                page.set_input_files("#load-file", str(LONG_CASE))
                page.wait_for_function("document.getElementById('title').value !== ''")
                page.click("#rule")
            first.wait_for_selector("#stop:not([hidden])")
            status = first.locator("#job-status")
            status.filter(has_text="positions searched").wait_for(timeout=30_000)
            assert "counting the consistent histories: " in status.inner_text()
            assert "s of at most 60 s" in status.inner_text()
            assert float(first.eval_on_selector("#job-progress", "bar => bar.value")) > 0
            second.wait_for_selector("#stop:not([hidden])")
            ARTIFACTS.mkdir(exist_ok=True)
            first.screenshot(path=str(ARTIFACTS / "desk-progress-1280x800.png"))

            first.click("#stop")
            first.locator("#job-status", has_text=STOPPED).wait_for(timeout=10_000)
            assert first.is_hidden("#stop") and first.is_hidden("#errors")
            assert first.is_hidden("#ruling") and first.is_enabled("#rule")
            # the other page's count runs on
            shown = second.inner_text("#job-status")
            second.wait_for_function(
                "shown => document.getElementById('job-status').textContent !== shown", arg=shown
            )
            assert second.get_attribute("#job", "data-state") == "running"
            assert second.is_visible("#stop")
            # and the stopped page rules the next case at once, on a new worker
            first.set_input_files("#load-file", str(EXAMPLE))
            first.wait_for_function(
                "title => document.getElementById('title').value === title", arg=example()["title"]
            )
            first.click("#rule")
            first.wait_for_selector("#ruling-result", timeout=30_000)
            assert first.inner_text("#ruling-result") == "4S-1"
            assert first.inner_text("#job-status").startswith("ruled in ")
            assert second.get_attribute("#job", "data-state") == "running"
            second.click("#stop")
            second.locator("#job-status", has_text=STOPPED).wait_for(timeout=10_000)
            for context in contexts:
                context.close()
    finally:
        own.close()


CLAIMS = ROOT / "cases" / "claims"
CLAIM_CASES = (
    "entry-order-stated",
    "blocked-suit-overtake-stated",
    "forgotten-trump-not-mentioned",
    "blocked-suit-king-opposite-aqjt",  # judged by the EBU's rules (claim.policy)
)


def enter_step(director: Director, text: str) -> None:
    """One step of a statement by the step select and its fields."""
    page = director.page
    forms: list[tuple[str, str, list[tuple[str, str]]]] = [
        (r"^draw trumps$", "draw_trumps", []),
        (r"^cash ([SHDC])$", "cash", [("select[aria-label=suit]", "select")]),
        (r"^play (.+) \(all\)$", "play_all", [("input[aria-label=cards]", "type")]),
        (r"^play (.+)$", "play", [("input[aria-label=cards]", "type")]),
        (r"^finesse (\S+)$", "finesse", [("input[aria-label=card]", "type")]),
    ]
    found = [(re.match(p, text), kind, fields) for p, kind, fields in forms]
    match, kind, fields = next((f for f in found if f[0] is not None), (None, "", []))
    assert match is not None, f"no form for the step {text!r} in this test"
    director.select("#step-kind", kind)
    director.click("#add-step")
    last = "#steps .step:last-child "
    for (selector, how), value in zip(fields, match.groups(), strict=True):
        if how == "select":
            director.select(last + selector, value)
        else:
            director.type(last + selector, value)
    assert page.inner_text(last + ".step-text") == text


def enter_claim_case(director: Director, data: dict[str, Any]) -> None:
    director.type("#title", data["title"])
    director.type("#deal", data["deal"])
    director.press("#deal", "Tab")
    director.type("#contract", data["contract"])
    if data["declarer"] != "S":
        director.select("#declarer", data["declarer"])
    claim = data["claim"]
    director.click("#has-claim")
    if claim["by"] != "S":
        director.select("#claim-by", claim["by"])
    director.type("#claim-tricks", str(claim["tricks"]))
    if "said" in claim:
        director.type("#claim-said", claim["said"])
    if "trumps_mentioned" in claim:
        director.select("#claim-trumps", str(claim["trumps_mentioned"]).lower())
    if "policy" in claim:
        director.select("#claim-policy", claim["policy"])
    if "player_class" in claim:
        director.select("#claim-class", claim["player_class"])
    position = claim.get("position")
    if position is not None:
        director.click("#has-position")
        director.type("#claim-hands", position["hands"])
        director.select("#claim-leader", position["leader"])
        director.type("#claim-won-ns", str(position["won"]["NS"]))
        director.type("#claim-won-ew", str(position["won"]["EW"]))
    for step in claim.get("statement", []):
        enter_step(director, step)


ENTERED = ("title", "deal", "contract", "declarer", "claim", "play", "statements")


@pytest.mark.parametrize("name", CLAIM_CASES)
def test_a_claim_entered_by_the_form_rules_as_the_command_line_and_saves_the_case(
    page: Page, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = CLAIMS / f"{name}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(data) - set(ENTERED) <= {"source", "notes", "expect", "published", "vulnerable"}
    director = Director(page)
    enter_claim_case(director, data)
    page.click("#rule")
    page.wait_for_selector("#claim-summary", timeout=30_000)
    assert run(["check", str(path), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    claim = expected["claim"]
    assert page.inner_text("#ruling-result") == expected["ruling"]["result"]
    assert page.locator("#ruling-reasons li").all_inner_texts() == expected["ruling"]["reasons"]
    summary = page.inner_text("#claim-summary")
    upheld = "upheld" if claim["upheld"] else "not upheld"
    assert f"claimed {claim['tricks']} of the tricks left: {upheld}." in summary
    assert f"{claim['claimer_tricks']} tricks for the claimer's side" in summary
    line = page.locator("#claim-line tbody tr").all()
    tricks = sorted({play["trick"] for play in claim["worst_normal_line"]})
    assert [row.locator("td").first.inner_text() for row in line] == [str(t) for t in tricks]
    for row, trick in zip(line, tricks, strict=True):
        plays = [p for p in claim["worst_normal_line"] if p["trick"] == trick]
        cells = row.locator("td").all_inner_texts()
        assert [part.split()[0] for part in cells[1].split(", ")] == [p["seat"] for p in plays]
        assert cells[2] == next((p["winner"] for p in plays if p.get("winner")), "")

    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    facts = {key: data[key] for key in ENTERED if key in data}
    assert saved == {**facts, "vulnerable": data.get("vulnerable", "None")}

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"desk-claim-{name}-1280x800.png"), full_page=True)
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the claim form is {width} px wide on a phone"


def test_the_claimers_class_chosen_on_the_form_is_ruled_and_saved(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under the EBU's rules a club player may leave the DK blocking dummy's diamonds (3NT-3);
    an expert overtakes (3NT=). Chosen on the form, the class reaches the ruling, as
    ``--class`` does on the command line, and the saved case keeps it."""
    path = CLAIMS / "blocked-suit-king-opposite-aqjt.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["claim"]["player_class"] = "expert"
    enter_claim_case(Director(page), data)
    page.click("#rule")
    page.wait_for_selector("#claim-summary", timeout=30_000)
    results = []
    for extra in ([], ["--class", "expert"]):
        assert run(["check", str(path), "--json", *extra]) in (0, 1)
        results.append(json.loads(capsys.readouterr().out)["ruling"]["result"])
    assert results == ["3NT-3", "3NT="]
    assert page.inner_text("#ruling-result") == "3NT="
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert (saved["claim"]["policy"], saved["claim"]["player_class"]) == ("EBU", "expert")


def test_a_card_found_overlooked_is_shown_ruled_on_and_saved(page: Page) -> None:
    """The director's finding that North forgot East's HT (``claim.overlooked``): loaded into
    its field, it turns the ruling from the claim upheld (4C+1) to the forum's 4C-2; cleared,
    the claim stands again and the saved case no longer holds it."""
    page.set_input_files(
        "#load-file",
        str(CLAIMS / "published" / "bbo-clubs-cash-the-trump-king-hearts-not-good.yaml"),
    )
    page.wait_for_selector("#has-claim:checked")
    assert page.input_value("#claim-overlooked") == "HT"
    assert '"overlooked":' not in page.inner_text("#other")  # a field of its own
    page.click("#rule")
    page.wait_for_selector("#claim-summary", timeout=30_000)
    assert page.inner_text("#ruling-result") == "4C-2"
    assert page.inner_text("#claim-overlooked-note").startswith(
        "On your finding that the claimer overlooked HT:"
    )
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["claim"]["overlooked"] == ["HT"]
    page.fill("#claim-overlooked", "")
    page.click("#rule")
    page.wait_for_selector("#ruling-result:text('4C+1')", timeout=30_000)
    assert page.locator("#claim-overlooked-note").count() == 0
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert "overlooked" not in saved["claim"]


def test_a_revoke_allegation_entered_by_the_form(
    page: Page, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = ROOT / "cases" / "revoke-64a1-one-trick.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    (allegation,) = data["statements"]
    without = tmp_path / "without.yaml"
    without.write_text(yaml.safe_dump({**data, "statements": []}), encoding="utf-8")
    page.set_input_files("#load-file", str(without))
    page.wait_for_function("document.getElementById('title').value !== ''")
    director = Director(page)
    director.click("#add-revoke")
    line = "#statements .statement:last-child "
    director.select(line + "select[aria-label='who says it']", allegation["by"])
    director.select(line + "select[aria-label=revoker]", allegation["revoke"]["seat"])
    director.type(
        line + "input[aria-label='revoke trick (optional)']", str(allegation["revoke"]["trick"])
    )
    page.click("#rule")
    page.wait_for_selector("#ruling-result", timeout=30_000)
    assert run(["check", str(path), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    assert page.inner_text("#ruling-result") == expected["ruling"]["result"] == "2H+2"
    assert page.locator("#ruling-reasons li").all_inner_texts() == expected["ruling"]["reasons"]
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["statements"] == data["statements"]
    assert {key: saved[key] for key in FACTS} == {key: data[key] for key in FACTS}


def dealt(page: Page, card: str) -> str | None:
    return page.get_attribute(f"#deal-grid button[data-card='{card}']", "data-holder")


def counts(page: Page) -> list[str]:
    return [page.inner_text(f"#count-{seat}") for seat in "NESW"]


def test_the_deal_card_by_card_on_the_grid_and_at_the_keyboard(page: Page) -> None:
    assert page.locator("#deal-grid button.card").count() == 52
    page.click("#deal-grid button[data-card='SA']")
    page.click("#deal-seats button[data-seat='N']")
    assert dealt(page, "SA") == "N" and counts(page) == ["1", "0", "0", "0"]
    assert page.input_value("#deal") == "N:A... ... ... ..."
    # a card twice is refused, and stays where it was
    page.click("#deal-grid button[data-card='SA']")
    page.click("#deal-seats button[data-seat='E']")
    assert page.inner_text("#errors").startswith("the deal: ♠A is already in North's hand")
    assert dealt(page, "SA") == "N" and counts(page) == ["1", "0", "0", "0"]
    # taken back, it can go elsewhere
    page.click("#deal-grid button[data-card='SA']")
    page.click("#deal-take-back")
    assert dealt(page, "SA") == "" and counts(page) == ["0", "0", "0", "0"]
    assert page.is_hidden("#errors")

    # the whole example deal at the keyboard, a seat then its cards
    deal = example()["deal"]
    hands = deal[2:].split()
    typed = " ".join(
        seat
        + " "
        + " ".join(
            suit + rank
            for suit, ranks in zip("SHDC", hand.split("."), strict=True)
            for rank in ranks
        )
        for seat, hand in zip("NESW", hands, strict=True)
    )
    page.fill("#deal-keys", typed)
    page.press("#deal-keys", "Enter")
    assert page.is_hidden("#errors"), page.inner_text("#errors")
    assert page.input_value("#deal") == deal
    assert counts(page) == ["13", "13", "13", "13"]
    assert page.input_value("#deal-keys") == ""
    # the rows follow the deal: only North's cards are live in his row's grid
    live = page.locator("#row-N .grid button:not([disabled])").count()
    assert live == 13

    page.fill("#deal-keys", "n sk")
    page.press("#deal-keys", "Enter")
    assert page.inner_text("#errors").startswith("the deal: ♠K is already in West's hand")
    assert page.input_value("#deal-keys") == "N sk"
    page.click("#deal-grid button[data-card='C2']")
    page.click("#deal-take-back")
    page.fill("#deal-keys", "N C2")
    page.press("#deal-keys", "Enter")
    assert page.inner_text("#errors") == "the deal: North already holds 13 cards"
    assert counts(page) == ["13", "13", "13", "12"]
    page.fill("#deal-keys", "W C2")
    page.press("#deal-keys", "Enter")
    assert page.input_value("#deal") == deal and page.is_hidden("#errors")
    # typing the PBN string sets the grid
    page.fill("#deal", "")
    page.press("#deal", "Tab")
    assert counts(page) == ["0", "0", "0", "0"]
    page.fill("#deal", deal)
    page.press("#deal", "Tab")
    assert dealt(page, "SK") == "W" and counts(page) == ["13", "13", "13", "13"]


def test_print_shows_the_report_alone_and_opens_the_a4_document(page: Page) -> None:
    assert page.is_disabled("#print")  # nothing to print before a ruling
    page.set_input_files("#load-file", str(EXAMPLE))
    page.wait_for_function(
        "title => document.getElementById('title').value === title", arg=example()["title"]
    )
    page.click("#rule")
    page.wait_for_selector("#ruling-result", timeout=30_000)
    # the page printed as it is: the print stylesheet hides the form, keeps the ruling
    assert page.is_visible("#case-form") and page.is_visible("#log-section")
    page.emulate_media(media="print")
    assert page.is_hidden("#case-form") and page.is_hidden("header")
    assert page.is_hidden("#log-section") and page.is_hidden("#rule")
    assert page.is_visible("#ruling") and page.inner_text("#ruling-result") == "4S-1"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "desk-print-media.png"), full_page=True)
    page.emulate_media(media="screen")
    assert page.is_visible("#case-form")
    # the Print button opens the A4 document (the one ruling check --html writes)
    with page.expect_popup() as popup:
        page.click("#print")
    document = popup.value
    document.wait_for_load_state()
    assert document.title() == example()["title"]
    assert "@page { size: A4" in document.content()
    assert "4S-1" in document.inner_text("body")
    assert document.locator("form, script").count() == 0
    document.close()


def test_a_board_picked_from_a_pbn_record_sets_the_deal(page: Page) -> None:
    from solver.desk.server import read_upload

    record = sorted((ROOT / "data" / "real-records" / "lorserker_ben_Boards_BBO").glob("*.pbn"))[0]
    boards = read_upload(record.name, record.read_text(encoding="utf-8"))["boards"]
    page.set_input_files("#load-file", str(record))
    page.wait_for_selector("#board-pick:not([hidden])")
    options = page.locator("#board-pick option").all_inner_texts()
    assert len(options) == len(boards) > 2
    assert options[0].startswith(boards[0]["label"])
    first = next(b for b in boards if "case" in b)
    assert page.input_value("#deal") == first["case"]["deal"]
    index, board = next((i, b) for i, b in enumerate(boards) if "case" in b and b is not first)
    page.select_option("#board-pick", str(index))
    page.wait_for_function(
        "deal => document.getElementById('deal').value === deal", arg=board["case"]["deal"]
    )
    assert page.input_value("#title") == board["case"].get("title", "")
    assert page.input_value("#contract") == board["case"]["contract"]
    assert [page.inner_text(f"#count-{seat}") for seat in "NESW"] == ["13"] * 4
    # the deal is shown on the grid, each card with its holder
    hands = board["case"]["deal"][2:].split()
    north = {s + r for s, ranks in zip("SHDC", hands[0].split("."), strict=True) for r in ranks}
    shown = page.locator("#deal-grid button[data-holder='N']").evaluate_all(
        "cards => cards.map((card) => card.dataset.card)"
    )
    assert set(shown) == north


IRREGULARITIES = ROOT / "cases" / "irregularities"
IRREGULAR_CASES = (
    "penalty-card-declarers-choice-valued",  # a major penalty card: declarer's 50D2 choice pending
    "ex03-opening-lead-out-of-turn",  # Law 54's three options pending, the rows empty
    "ex12-defender-lead-out-of-turn",  # Law 56 after trick 4
    "ex07-failure-to-play-penalty-card",  # a choice recorded (52B1): the outcome assumes it
    "edition-2017-57a-orders-after-a-premature-play",  # 57A's orders branch the outcomes
    "law45e1-defenders-fifth-card-a-penalty-card",  # a fifth card, then declarer's choice
    "law47e1-lead-out-of-turn-on-a-wrong-word",  # the lead taken back (47E1)
    "law60a1-lead-out-of-turn-played-to",  # played to before rectification (60A1)
)
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def without_irregularities(data: dict[str, Any], tmp_path: Path) -> Path:
    """The case file with its irregularities left out, for the form to enter them (and its
    rows, when they are all empty: the form says that play stopped before trick 1)."""
    play = {key: value for key, value in data["play"].items() if key != "irregularities"}
    if not any(play.get("rows", {}).values()):
        play.pop("rows", None)
    path = tmp_path / "without.yaml"
    path.write_text(yaml.safe_dump({**data, "play": play}, sort_keys=False), encoding="utf-8")
    return path


def enter_choice(
    fact: dict[str, Any],
    choose: Callable[[str, object], None],
    fill: Callable[[str, object], None],
) -> None:
    """A ``choice`` entry's fields: the law, the option, the chooser, the trick, what it names."""
    choose("law", fact["law"])
    choose("option", fact["option"])
    choose("chooser", fact["by"])
    fill("trick", fact["trick"])
    if "suit" in fact:
        choose("suit named", fact["suit"])
    if "suits" in fact:
        fill("suits named", fact["suits"])
    if "card" in fact:
        fill("card named", fact["card"])


def enter_irregularity(director: Director, entry: dict[str, Any]) -> None:
    """One entry of play.irregularities by the irregularity form: its kind, then each field
    by its select, or typed where the form's first value differs."""
    page = director.page
    ((kind, fact),) = entry.items()
    director.select("#irregularity-kind", kind)
    director.click("#add-irregularity")
    line = "#irregularities .irregularity:last-child "

    def choose(label: str, value: object) -> None:
        selector = f"{line}select[aria-label='{label}']"
        if page.input_value(selector) != str(value):
            director.select(selector, str(value))

    def fill(label: str, value: object) -> None:
        selector = f"{line}input[aria-label='{label}']"
        if page.input_value(selector) != str(value):
            director.fill(selector, str(value))

    if kind == "choice":
        enter_choice(fact, choose, fill)
        return
    choose("seat", fact["seat"])
    fill("card", fact["card"])
    fill("trick", fact["trick"])
    if kind == "penalty_card":
        choose("how it was exposed", fact["how"])
        if "class" in fact:
            choose("class", fact["class"])
    if kind == "lead_out_of_turn" and "response" in fact:
        choose("response", fact["response"])
    if fact.get("played_after"):
        choose("played to before rectification", "true")


def choice_text(choice: dict[str, Any]) -> str:
    named = choice.get("suit") or choice.get("suits") or ""
    return (
        f"trick {choice['trick']}: {SEAT_NAMES[choice['by']]} chose {choice['option']}"
        f"{' ' + named if named else ''} (Law {choice['law']})"
    )


def option_text(option: dict[str, Any], values: bool) -> str:
    named = option.get("suit") or option.get("suits") or ""
    text = (
        f"{SEAT_NAMES[option['by']]} may choose {option['option']}{' ' + named if named else ''}"
        f" (Law {option['law']})"
    )
    if values and option["double_dummy"] is not None:
        text += f": declarer's side then takes {option['double_dummy']} tricks double dummy"
        if option.get("best"):
            text += f" (best for {SEAT_NAMES.get(option['by'], option['by'])})"
    return text


def check_irregular_ruling(page: Page, expected: dict[str, Any], values: bool) -> None:
    """The ruling on the page against ``ruling check --json``: each irregularity with its class
    and citation, each outcome group's choices, the pending options (values only if asked)."""
    assert page.locator("#ruling-reasons li").all_inner_texts() == expected["ruling"]["reasons"]
    rows = page.locator("#irregularities-ruled tbody tr").all()
    assert len(rows) == len(expected["irregularities"])
    for row, item in zip(rows, expected["irregularities"], strict=True):
        cells = row.locator("td").all_inner_texts()
        assert row.get_attribute("data-kind") == item["kind"]
        assert cells[0] == str(item["trick"])
        assert item["card"] is None or item["card"] in cells[1]
        assert cells[2] == (item.get("class") or "")
        assert cells[3] == f"Law {item['citation']}"
        assert cells[4] == "agreed"
        if "reason" in item:
            assert item["reason"] in cells[1]
    shown = page.locator("#outcomes tbody td.choices").all_inner_texts()
    assert shown == [
        "; ".join(choice_text(c) for c in o["choices"]) or "none" for o in expected["outcomes"]
    ]
    options = expected.get("options") or []
    listed = page.locator("#options li").all_inner_texts()
    assert listed == [option_text(option, values) for option in options]
    assert ("double dummy" in page.inner_text("#ruling")) == (values and bool(options))


@pytest.mark.parametrize("name", IRREGULAR_CASES)
def test_irregularities_entered_by_the_form_rule_as_the_command_line_and_save_the_case(
    page: Page, capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    enter_rule_and_save(page, capsys, tmp_path, IRREGULARITIES / f"{name}.yaml", name)


def test_a_refused_lead_out_of_turn_and_the_choice_by_declarer(
    page: Page, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Example 12 with declarer's choice recorded: he refused East's lead (Law 56), the HK is
    a major penalty card, and his 50D2 choice about West's lead is pending."""
    data = yaml.safe_load(
        (IRREGULARITIES / "ex12-defender-lead-out-of-turn.yaml").read_text("utf-8")
    )
    data["play"]["irregularities"] = [
        {"lead_out_of_turn": {"seat": "E", "card": "HK", "trick": 5, "response": "refused"}},
        {"choice": {"trick": 5, "by": "S", "law": 56, "option": "refuse-lead"}},
    ]
    path = tmp_path / "ex12-refused.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    enter_rule_and_save(page, capsys, tmp_path, path, "ex12-refused")
    assert page.locator("#options li").first.inner_text() == (
        "South may choose require-suit H (Law 50D2(a))"
    )


def enter_rule_and_save(
    page: Page, capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path, name: str
) -> None:
    """Load the case at ``path`` without its irregularities, enter them by the form, rule and
    compare with ``ruling check --json`` of ``path``; Save gives its facts back."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    page.set_input_files("#load-file", str(without_irregularities(data, tmp_path)))
    page.wait_for_function(
        "title => document.getElementById('title').value === title", arg=data["title"]
    )
    director = Director(page)
    if not any(data["play"]["rows"].values()):
        director.click("#no-play")
    for entry in data["play"]["irregularities"]:
        enter_irregularity(director, entry)
    ARTIFACTS.mkdir(exist_ok=True)
    entered = {"clicks": director.clicks, "keystrokes": director.keys}
    (ARTIFACTS / f"desk-irregular-{name}.json").write_text(json.dumps(entered), "utf-8")
    page.click("#rule")
    ruled(page)
    assert run(["check", str(path), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    check_irregular_ruling(page, expected, values=False)

    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["play"]["irregularities"] == data["play"]["irregularities"]
    assert saved["play"] == data["play"]
    facts = [key for key in FACTS if key != "vulnerable"]
    assert {key: saved.get(key) for key in facts} == {key: data.get(key) for key in facts}

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"desk-irregular-{name}-1280x800.png"), full_page=True)
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the irregularity form is {width} px wide on a phone"


def test_the_options_values_only_when_asked(page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    path = IRREGULARITIES / "penalty-card-declarers-choice-valued.yaml"
    assert run(["check", str(path), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    page.set_input_files("#load-file", str(path))
    page.wait_for_selector("#irregularities .irregularity")
    with page.expect_download() as download:  # loaded, then saved: the same facts
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert saved["play"] == data["play"]
    page.click("#rule")
    ruled(page)
    check_irregular_ruling(page, expected, values=False)
    assert "double dummy" not in (page.text_content("#report-text") or "")
    page.check("#values")
    page.click("#rule")
    page.wait_for_function("document.querySelector('#options li') !== null")
    ruled(page)
    check_irregular_ruling(page, expected, values=True)
    assert "tricks double dummy" in (page.text_content("#report-text") or "")  # the report too


def test_a_penalty_card_not_in_the_hand_shows_the_readers_message_and_loses_nothing(
    page: Page, tmp_path: Path
) -> None:
    path = IRREGULARITIES / "penalty-card-declarers-choice-valued.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    page.set_input_files("#load-file", str(without_irregularities(data, tmp_path)))
    page.wait_for_function(
        "title => document.getElementById('title').value === title", arg=data["title"]
    )
    wrong = {"penalty_card": {"seat": "W", "card": "SQ", "trick": 7, "how": "deliberate"}}
    enter_irregularity(Director(page), wrong)
    page.click("#rule")
    page.wait_for_selector("#errors:not([hidden])")
    assert page.inner_text("#errors") == (
        "the page: irregularity 1, its card: card SQ is not in West's hand (it was dealt to East)"
    )
    assert page.is_hidden("#ruling")
    line = "#irregularities .irregularity:last-child "
    assert page.input_value(line + "input[aria-label='card']") == "SQ"
    assert page.input_value(line + "select[aria-label='seat']") == "W"
    assert page.input_value("#title") == data["title"]
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["play"]["irregularities"] == [wrong]


def test_an_irregularity_as_one_sides_account_is_saved_as_a_statement(
    page: Page, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = IRREGULARITIES / "penalty-card-declarers-choice-valued.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    page.set_input_files("#load-file", str(without_irregularities(data, tmp_path)))
    page.wait_for_function(
        "title => document.getElementById('title').value === title", arg=data["title"]
    )
    page.click("#add-account")
    line = "#statements .statement:last-child "
    page.select_option(line + "select[aria-label='who says it']", "EW")
    assert page.input_value(line + "select[aria-label='seat']") == "W"  # declarer's LHO
    page.fill(line + "input[aria-label='card']", "dk")
    page.select_option(line + "select[aria-label='how it was exposed']", "deliberate")
    with page.expect_download() as download:
        page.click("#save")
    saved = yaml.safe_load(Path(download.value.path()).read_text(encoding="utf-8"))
    fact = {"seat": "W", "card": "DK", "trick": 7, "how": "deliberate"}
    assert saved["statements"] == [{"by": "EW", "irregularity": {"penalty_card": fact}}]
    assert "irregularities" not in saved["play"]
    page.click("#rule")  # weighed on the statements tier, as the command line weighs it
    page.wait_for_selector("#ruling-status", timeout=60_000)
    written = tmp_path / "saved.yaml"
    written.write_text(yaml.safe_dump(saved), encoding="utf-8")
    assert run(["check", str(written), "--json"]) in (0, 1)
    expected = json.loads(capsys.readouterr().out)
    assert page.locator("#ruling-reasons li").all_inner_texts() == expected["ruling"]["reasons"]
    assert expected["irregularities"][0]["by"] == "EW"
    assert page.input_value(line + "input[aria-label='card']") == "dk"


def test_a_time_limit_reads_in_units_a_director_uses(page: Page) -> None:
    shown = page.evaluate("[20, 150, 7200, 1e12].map(limitText)")
    assert shown == ["20 s", "2.5 min", "2 h", "no practical limit"]


def test_the_readers_fields_read_as_the_pages_own(page: Page) -> None:
    """The reader names ``play.irregularities.1.choice.trick`` and ``play.rows.N``; the page
    numbers its irregularity lines from 1 and has a row per player."""
    case = ROOT / "cases" / "irregularities" / "law52-failure-beside-a-premature-card.yaml"
    page.set_input_files("#load-file", str(case))
    page.wait_for_function("document.getElementById('title').value !== ''")
    lines = page.locator("#irregularities .irregularity .number").all_inner_texts()
    assert [line.strip() for line in lines] == [f"{n}." for n in range(1, len(lines) + 1)]
    said = page.evaluate(
        """[
          "the page: play.irregularities.1.choice.trick: S chose accept-play",
          "the page: play.irregularities.0: W played S3",
          "the page: play.rows.N: card S4 is not in North's hand",
          "the page: play.tricks.3: North leads it",
        ].map(formWords)"""
    )
    assert said == [
        "the page: irregularity 2, its trick: S chose accept-play",
        "the page: irregularity 1: W played S3",
        "the page: North's row: card S4 is not in North's hand",
        "the page: agreed trick 3 (under Other facts): North leads it",
    ]
