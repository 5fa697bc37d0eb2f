"""Compiled modules (greatwar/compiled.py): a build is used only while it matches its source, and
the sources play exactly the games the builds play."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import subprocess
import sys
import types
from importlib.machinery import ExtensionFileLoader, SourceFileLoader
from pathlib import Path
from typing import Any

import pytest

from greatwar.ai.registry import make_player
from greatwar.compiled import (
    PURE,
    SUFFIX,
    CompiledFinder,
    declarations_of,
    digest,
    read_manifest,
)
from greatwar.core.play import play
from greatwar.core.registry import load_game
from greatwar.tools import compile as compile_tool
from greatwar.tools.compile import module_name, sources

# One scripted FBSM game and one of the miniatures, as a digest of their histories: the
# same in this process (compiled when built) and in a process that imports only sources.
GAMES_DIGEST = """
import copy
import hashlib
from greatwar.ai.registry import make_player
from greatwar.core.play import play
from greatwar.core.registry import load_game
from greatwar.compiled import compiled_modules
found = hashlib.sha256()
for game_id in ("fbsm", "trenches"):
    game = load_game(game_id)
    seats = {side: make_player("heuristic", game_id, side, 3) for side in game.sides}
    found.update(" ".join(map(str, play(game, seats, 3).history())).encode())
print(found.hexdigest(), len(compiled_modules()))
"""


def games_digest() -> str:
    found = hashlib.sha256()
    for game_id in ("fbsm", "trenches"):
        game = load_game(game_id)
        seats = {side: make_player("heuristic", game_id, side, 3) for side in game.sides}
        found.update(" ".join(map(str, play(game, seats, 3).history())).encode())
    return found.hexdigest()


def package(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A package named greatwar with one module and a (fake) build of it."""
    root = tmp_path / "greatwar"
    (root / "games").mkdir(parents=True)
    source = root / "games" / "rules.py"
    source.write_text("RULE = '9.1'\n")
    built = source.with_name("rules" + SUFFIX)
    built.write_bytes(b"not loaded by these tests")
    return root, source, built


def test_a_build_that_matches_its_source_is_used(tmp_path: Path) -> None:
    root, source, built = package(tmp_path)
    finder = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=False)
    spec = finder.find_spec("greatwar.games.rules", None)
    assert spec is not None and isinstance(spec.loader, ExtensionFileLoader)
    assert spec.origin == str(built)
    assert finder.loaded == ["greatwar.games.rules"]


def test_a_source_edited_since_its_build_is_imported_from_source(tmp_path: Path) -> None:
    root, source, _ = package(tmp_path)
    finder = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=False)
    source.write_text("RULE = '9.2'\n")
    spec = finder.find_spec("greatwar.games.rules", None)
    assert spec is not None and isinstance(spec.loader, SourceFileLoader)
    assert spec.origin == str(source)
    assert finder.loaded == []


def test_declarations_edited_since_the_build_send_the_module_back_to_its_source(
    tmp_path: Path,
) -> None:
    """A module's Cython declarations (``rules.pxd`` beside ``rules.py``) are part of what its
    build was compiled from: a build made before they changed is not used."""
    root, source, _ = package(tmp_path)
    source.with_suffix(".pxd").write_text("cdef int RULES\n")
    finder = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=False)
    built = finder.find_spec("greatwar.games.rules", None)
    assert built is not None and isinstance(built.loader, ExtensionFileLoader)
    source.with_suffix(".pxd").write_text("cdef long RULES\n")
    spec = finder.find_spec("greatwar.games.rules", None)
    assert spec is not None and spec.origin == str(source)


def test_declarations_cimported_from_another_module_are_part_of_the_build(
    tmp_path: Path,
) -> None:
    """Declarations may cimport another greatwar module's (``from greatwar.games.index cimport
    Index``): the build read them, so it is stale once they change, as once its own change.
    Cython's own declarations (``libc``) are not the package's and are not read."""
    root, source, _ = package(tmp_path)
    index = root / "games" / "index.pxd"
    index.write_text("cdef class Index:\n    cdef list order\n")
    source.with_suffix(".pxd").write_text(
        "from libc.stdint cimport int64_t\nfrom greatwar.games.index cimport Index\n"
    )
    assert declarations_of(source) == [source.with_suffix(".pxd"), index]
    finder = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=False)
    built = finder.find_spec("greatwar.games.rules", None)
    assert built is not None and isinstance(built.loader, ExtensionFileLoader)
    index.write_text("cdef class Index:\n    cdef tuple order\n")
    spec = finder.find_spec("greatwar.games.rules", None)
    assert spec is not None and spec.origin == str(source)


def test_a_build_that_cimports_a_module_follows_that_module_s_source(tmp_path: Path) -> None:
    """A build that cimports another greatwar module calls that module compiled: once the
    module's source changes (and it is imported from its source), the build is not used
    either, so an edit never meets a build compiled against the module as it was."""
    root, source, _ = package(tmp_path)
    index = root / "games" / "index.pxd"
    index.write_text("cdef class Index:\n    cdef list order\n")
    index.with_suffix(".py").write_text("class Index:\n    pass\n")
    source.with_suffix(".pxd").write_text("from greatwar.games.index cimport Index\n")
    finder = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=False)
    built = finder.find_spec("greatwar.games.rules", None)
    assert built is not None and isinstance(built.loader, ExtensionFileLoader)
    index.with_suffix(".py").write_text("class Index:\n    order: list[int] = []\n")
    spec = finder.find_spec("greatwar.games.rules", None)
    assert spec is not None and spec.origin == str(source)


def test_the_generator_runs_compiled_with_its_declarations() -> None:
    """greatwar/core/rng.pxd holds the generator's state in 64-bit machine integers; the
    compiled generator gives the reference outputs (tests/core/test_rng.py) all the same."""
    from greatwar.core import rng

    if "greatwar.core.rng" not in read_manifest() or PURE in os.environ:
        pytest.skip("the generator is not compiled here")
    assert rng.__file__.endswith(SUFFIX)
    assert rng.Rng(42, stream=54).next32() == 0xA15C02B7


def test_the_fbsm_picture_s_stacks_and_units_are_compiled_extension_types() -> None:
    """greatwar/games/fbsm/players/picture.pxd makes the picture's Unit and Stack extension
    types (made in half the time of slotted classes); they compare, copy and pickle as the
    plain classes do."""
    from greatwar.games.fbsm.players import picture

    if "greatwar.games.fbsm.players.picture" not in read_manifest() or PURE in os.environ:
        pytest.skip("the picture is not compiled here")
    assert picture.__file__.endswith(SUFFIX)
    # an extension type's declared fields are get-set descriptors, __slots__ members are not
    assert isinstance(picture.Unit.hex, types.GetSetDescriptorType)
    assert isinstance(picture.Stack.units, types.GetSetDescriptorType)
    unit = picture.Unit("U01", 5, "infantry", 3, 4, 4, False)
    stack = picture.Stack(5, "us", 1, "infantry", 3, 4, [unit])
    assert pickle.loads(pickle.dumps(stack)) == stack == copy.deepcopy(stack)
    assert stack != picture.Stack(5, "us", 1, "infantry", 3, 4, [])


def test_pure_mode_and_unlisted_modules_use_the_source(tmp_path: Path) -> None:
    root, source, _ = package(tmp_path)
    pure = CompiledFinder(root, {"greatwar.games.rules": digest(source)}, pure=True)
    unlisted = CompiledFinder(root, {}, pure=False)
    for finder in (pure, unlisted):
        spec = finder.find_spec("greatwar.games.rules", None)
        assert spec is not None and isinstance(spec.loader, SourceFileLoader)


def test_packages_and_other_top_level_names_are_left_to_the_usual_finders(tmp_path: Path) -> None:
    root, _, _ = package(tmp_path)
    finder = CompiledFinder(root, {}, pure=False)
    assert finder.find_spec("greatwar.games", None) is None  # a package: no games.py
    assert finder.find_spec("greatwarx.games.rules", None) is None
    assert finder.find_spec("greatwar", None) is None


def test_an_unreadable_manifest_compiles_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "compiled.json"
    for text in ("{not json", '{"modules": []}', "[]"):
        bad.write_text(text)
        assert read_manifest(bad) == {}
    bad.write_text(json.dumps({"modules": {"greatwar.core.state": "ab"}}))
    assert read_manifest(bad) == {"greatwar.core.state": "ab"}
    assert read_manifest(tmp_path / "missing.json") == {}


def test_the_compiled_set_leaves_out_packages_and_pydantic_models() -> None:
    names = {module_name(source) for source in sources()}
    assert "greatwar.core.state" in names and "greatwar.games.fbsm.rules" in names
    assert "greatwar.core.record" not in names  # pydantic reads its methods as functions
    assert not any(name.endswith("__init__") for name in names)
    assert not any(name.startswith(("greatwar.server", "greatwar.web")) for name in names)


def test_sources_play_the_games_the_builds_play() -> None:
    env = dict(os.environ, **{PURE: "1"})
    result = subprocess.run(
        [sys.executable, "-c", GAMES_DIGEST], env=env, capture_output=True, text=True, check=True
    )
    pure_digest, loaded = result.stdout.split()
    assert loaded == "0"  # nothing compiled was imported
    assert pure_digest == games_digest()


def test_a_module_cython_rejects_keeps_no_other_module_pure(monkeypatch: Any) -> None:
    todo = sources()[:3]
    bad = todo[1]
    calls = []

    def compile_modules(batch: list[Path], jobs: int) -> dict[str, str]:
        calls.append(len(batch))
        if bad in batch:
            raise RuntimeError("Cython rejects it")
        return {module_name(source): "digest" for source in batch}

    monkeypatch.setattr(compile_tool, "compile_modules", compile_modules)
    fresh, failed = compile_tool.compile_all(todo, 2)
    assert set(fresh) == {module_name(todo[0]), module_name(todo[2])}
    assert failed == [f"{module_name(bad)} (RuntimeError: Cython rejects it)"]
    assert calls == [3, 1, 1, 1]  # together, then each alone


def test_without_a_compiler_many_modules_are_not_retried_one_by_one(monkeypatch: Any) -> None:
    calls = []

    def compile_modules(batch: list[Path], jobs: int) -> dict[str, str]:
        calls.append(len(batch))
        raise OSError("no C compiler")

    monkeypatch.setattr(compile_tool, "compile_modules", compile_modules)
    fresh, failed = compile_tool.compile_all(sources(), 2)
    assert fresh == {} and calls == [len(sources())]
    assert failed == [f"{len(sources())} modules (OSError: no C compiler)"]


def test_other_compiler_settings_compile_every_module_again(
    monkeypatch: Any, tmp_path: Path
) -> None:
    """The manifest keeps the C flags and Cython directives its modules were built with; with
    other settings (or none recorded: an older build) every module counts as stale."""
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(compile_tool, "MANIFEST", manifest)
    assert compile_tool.built_with() is None  # nothing built
    manifest.write_text('{"python": "3.11.7", "modules": {}}')
    assert compile_tool.built_with() is None  # built before the settings were kept
    compile_tool.write_manifest({"greatwar.core.rng": "digest"})
    assert compile_tool.built_with() == compile_tool.BUILD
    assert "-O2" in compile_tool.BUILD and "language_level" in compile_tool.BUILD
