"""data/real-records/SOURCES.md lists every record kept, with the checksum of the copy."""

from __future__ import annotations

import hashlib
import re

from . import REAL_RECORDS

ROW = re.compile(r"^\| `([^`]+)` \| [^|]+ \| [^|]+ \| `[0-9a-f]+` \| [^|]+ \| `([0-9a-f]{16})` \|$")


def test_every_record_file_is_listed_with_the_checksum_of_its_copy() -> None:
    text = (REAL_RECORDS / "SOURCES.md").read_text(encoding="utf-8")
    listed = dict(match.groups() for line in text.splitlines() if (match := ROW.match(line)))
    kept = {
        str(path.relative_to(REAL_RECORDS))
        for path in REAL_RECORDS.rglob("*")
        if path.suffix in (".pbn", ".lin")
    }
    assert kept == set(listed)
    for name, prefix in listed.items():
        digest = hashlib.sha256((REAL_RECORDS / name).read_bytes()).hexdigest()
        assert digest.startswith(prefix), name
