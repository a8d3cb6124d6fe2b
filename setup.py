"""Build step: compile the claim search's hot modules with mypyc, or leave them pure Python.

The adjudication of a claim (``solver/engines/claims/``) searches hundreds of thousands of
positions for a trick-1 claim; compiled with mypyc (the compiler that ships with mypy, from the
same annotated source, checked by ``mypy --strict``) it runs about nine times faster. Everything
else stays interpreted. Without a C compiler, or with ``BRIDGE_SOLVER_PURE_PYTHON=1`` set, the
same modules install as plain Python: same results, slower. ``solver/native.py`` lists the
modules and refuses a compiled copy of a source that has changed since (each compiled module is
written with the fingerprint of its source).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).resolve().parent / "solver"))
from native import (  # beside the import guard
    COMPILED_SOURCES,
    fingerprint,
    fingerprint_file,
    orphan_builds,
)


class OptionalBuildExt(build_ext):
    """A failed C build (no compiler, no Python headers) leaves the pure-Python modules."""

    def run(self) -> None:
        for _, binary in orphan_builds(Path.cwd()):  # a module an older build compiled
            binary.unlink()
            fingerprint_file(binary).unlink(missing_ok=True)
        try:
            super().run()
            self.record_sources()
        except Exception as error:  # any failure of the C toolchain
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            print(
                f"warning: compiling the claim search failed ({error}); it runs as pure "
                "Python, slower, with the same results",
                file=sys.stderr,
            )

    def record_sources(self) -> None:
        """Beside each compiled module, the fingerprint of the source it was compiled from."""
        for extension in self.extensions:
            source = Path(extension.name.replace(".", "/") + ".py")
            if str(source) in COMPILED_SOURCES:
                binary = Path(self.get_ext_fullpath(extension.name))
                fingerprint_file(binary).write_text(fingerprint(source) + "\n", encoding="utf-8")


def native_modules() -> list[object]:
    if os.environ.get("BRIDGE_SOLVER_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc not found; the claim search runs as pure Python", file=sys.stderr)
        return []
    # The linter checks every module with mypy --strict; here mypy only reads what the compiled
    # modules import (the build environment lacks the typed dependencies).
    options = ["--follow-imports=silent", "--ignore-missing-imports"]
    return list(
        mypycify(options + list(COMPILED_SOURCES), opt_level="3", group_name="solver_native")
    )


setup(ext_modules=native_modules(), cmdclass={"build_ext": OptionalBuildExt})
