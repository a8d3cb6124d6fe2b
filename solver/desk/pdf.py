"""The printable report as a PDF (``ruling check CASE --pdf FILE``), printed by Chromium.

The report is already a self-contained HTML document laid out for A4 (``@page { size: A4 }``,
``solver.rulings.report.html_document``); Chromium, run headless with its own
``--print-to-pdf``, prints it as a browser would, so the PDF is the page the Print button
gives. No Python package is needed: only a Chromium (or Google Chrome) binary, found on the
``PATH`` or named by the ``RULING_CHROMIUM`` environment variable. Without one the command
says what to install (exit 2), before any ruling is made.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from solver.errors import SolverError

ENVIRONMENT = "RULING_CHROMIUM"
"""An environment variable naming the Chromium binary to use (else the ``PATH`` is searched)."""
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
"""The names a Chromium binary goes by, looked for on the ``PATH`` in this order."""
TIMEOUT_SECONDS = 120.0
"""The longest Chromium may take to print one report (a few seconds in practice)."""
INSTALL = (
    "install Chromium (Debian and Ubuntu: apt-get install chromium) or Google Chrome, or name "
    f"its binary in the {ENVIRONMENT} environment variable; or write the report with "
    "--html FILE and print it from a browser"
)


class PdfError(SolverError):
    """The PDF cannot be made as asked (exit 2): no converter, or it failed."""


def find_chromium(option: str = "--pdf") -> str:
    """The Chromium binary to print with, or ``PdfError`` saying what to install."""
    named = os.environ.get(ENVIRONMENT, "").strip()
    if named:
        found = shutil.which(named)
        if found is None:
            raise PdfError(
                f"{option}: {ENVIRONMENT}={named} is not an executable program; {INSTALL}"
            )
        return found
    for name in NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    raise PdfError(
        f"{option}: no PDF converter found (looked for {', '.join(NAMES)} on the PATH); {INSTALL}"
    )


def chromium_command(chromium: str, page: Path, target: Path, profile: Path) -> list[str]:
    """Chromium's command line printing ``page`` to ``target``: headless, a fresh profile, no
    network of its own, no header or footer (the report has its own)."""
    command = [
        chromium,
        "--headless",
        "--disable-gpu",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--no-pdf-header-footer",
        f"--print-to-pdf={target}",
        page.as_uri(),
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.insert(1, "--no-sandbox")  # Chromium's sandbox refuses to run as root
    return command


def write_pdf(document: str, path: str, chromium: str, option: str = "--pdf") -> None:
    """Print the HTML ``document`` to the PDF file ``path`` with ``chromium``."""
    with tempfile.TemporaryDirectory(prefix="ruling-pdf-") as folder:
        work = Path(folder)
        page = work / "report.html"
        page.write_text(document, encoding="utf-8")
        printed = work / "report.pdf"
        command = chromium_command(chromium, page, printed, work / "profile")
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
            )
        except subprocess.TimeoutExpired:
            raise PdfError(
                f"{option} {path}: {chromium} did not print the report within {TIMEOUT_SECONDS:g} s"
            ) from None
        except OSError as error:
            raise PdfError(f"{option} {path}: {chromium} cannot be run ({error})") from None
        if not printed.is_file() or not printed.read_bytes().startswith(b"%PDF"):
            said = done.stderr.strip().splitlines()[-3:]
            raise PdfError(
                f"{option} {path}: {chromium} did not print the report (exit {done.returncode}"
                + (f": {' / '.join(said)}" if said else "")
                + f"); {INSTALL}"
            )
        try:
            Path(path).write_bytes(printed.read_bytes())
        except OSError as error:
            raise PdfError(
                f"{option} {path}: cannot be written ({error.strerror or error})"
            ) from None
