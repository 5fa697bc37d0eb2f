"""Compiled modules: greatwar's hot modules compiled by Cython, used only while they match their
source.

``python -m greatwar.tools.compile`` (run by ``make test``, ``make run`` and ``make bench``)
compiles the modules it lists, as they are (plain Python: Cython compiles it unchanged), into
extension modules beside their sources, and records each source's digest in
``greatwar/compiled.json``. On import, a listed module is taken compiled only while its source
still has the recorded digest: a module edited since is imported from its source until the next
compile, so a stale build can never play other rules than the source says. With
``GREATWAR_PURE=1`` every module is imported from its source. The source is the reference:
compiled or not, every game plays the same (the corpus and golden tests run in both modes).

This module is imported first by ``greatwar/__init__.py``, before any module it may redirect.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "compiled.json"
SUFFIX = EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so": this interpreter's own
PURE = "GREATWAR_PURE"  # set (to anything but "" or "0"): import every module from its source
# A cimport in Cython declarations: ``from greatwar.core.rng cimport Rng``, ``cimport greatwar.x``
CIMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+cimport|cimport[ \t]+([\w.]+))", re.M)


def digest(source: Path) -> str:
    """The digest a compiled module is checked against: its source's bytes, and those of the
    Cython declarations it is compiled with: the ones beside it (``rng.pxd`` for ``rng.py``)
    and, through their cimports, those of other greatwar modules (a build that read another
    module's declarations is stale once they change), with those modules' sources: a build
    that cimports a module calls it compiled, so it is taken only while that module is too
    (an edited module imported from its source takes the builds that cimport it along)."""
    found = hashlib.sha256(source.read_bytes())
    own = source.with_suffix(".pxd")
    for declarations in declarations_of(source):
        found.update(b"\0" + declarations.read_bytes())
        module = declarations.with_suffix(".py")
        if declarations != own and module.is_file():
            found.update(b"\0" + module.read_bytes())
    return found.hexdigest()


def declarations_of(source: Path) -> list[Path]:
    """The ``.pxd`` files a module is compiled with: its own, then those its declarations
    cimport from the same package, and theirs, each once."""
    found: list[Path] = []
    waiting = [source.with_suffix(".pxd")]
    while waiting:
        declarations = waiting.pop(0)
        if declarations in found or not declarations.is_file():
            continue
        found.append(declarations)
        for match in CIMPORT.finditer(declarations.read_text()):
            cimported = _declarations_named(declarations, match.group(1) or match.group(2))
            if cimported is not None:
                waiting.append(cimported)
    return found


def _declarations_named(near: Path, module: str) -> Path | None:
    """Where the declarations of ``module`` (a dotted name) lie when it is in the package that
    holds ``near``; None for Cython's own (``libc.stdint``) and other packages'."""
    top, *rest = module.split(".")
    for folder in near.parents:
        if folder.name == top:
            return folder.joinpath(*rest).with_suffix(".pxd") if rest else None
    return None


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Module name -> digest of the source it was compiled from; {} when nothing was compiled
    (or the manifest cannot be read: then every module comes from its source)."""
    try:
        data = json.loads(path.read_text())
        modules = data["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(modules, dict):
        return {}
    return {str(name): str(value) for name, value in modules.items()}


def pure_requested() -> bool:
    return os.environ.get(PURE, "") not in ("", "0")


class CompiledFinder(MetaPathFinder):
    """Finds greatwar's modules: the compiled build of a module whose source has the digest it
    was compiled from, else the source (never a stale build)."""

    def __init__(self, root: Path, manifest: dict[str, str], pure: bool) -> None:
        self.root = root
        self.manifest = manifest
        self.pure = pure
        self.loaded: list[str] = []  # the modules taken compiled, in import order

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        prefix, _, rest = fullname.partition(".")
        if prefix != self.root.name or not rest:
            return None
        parts = rest.split(".")
        source = self.root.joinpath(*parts[:-1], parts[-1] + ".py")
        if not source.is_file():
            return None  # a package (its __init__ is never compiled): the usual finders
        built = source.with_name(parts[-1] + SUFFIX)
        if self.use_compiled(fullname, source, built):
            self.loaded.append(fullname)
            loader = ExtensionFileLoader(fullname, str(built))
            return spec_from_file_location(fullname, built, loader=loader)
        return spec_from_file_location(fullname, source)

    def use_compiled(self, fullname: str, source: Path, built: Path) -> bool:
        """Whether ``fullname`` is imported from its compiled build."""
        recorded = self.manifest.get(fullname)
        if self.pure or recorded is None or not built.is_file():
            return False
        return recorded == digest(source)


def install() -> CompiledFinder:
    """Put the finder first on ``sys.meta_path`` (once per process)."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    finder = CompiledFinder(PACKAGE, read_manifest(), pure_requested())
    sys.meta_path.insert(0, finder)
    return finder


def compiled_modules() -> list[str]:
    """The greatwar modules this process imported compiled."""
    return list(FINDER.loaded)


FINDER = install()
