"""``python -m greatwar.tools.compile``: compile greatwar's hot modules with Cython.

The rules, the players and the search are plain Python; Cython compiles them unchanged into
extension modules beside their sources, which run the same code without the interpreter's
dispatch (``make bench`` prints the gain). Only modules whose source changed since their last
compile are compiled again, so a second run costs a second. Without Cython or a C compiler
nothing is compiled and greatwar runs as pure Python, which is always correct: a module is
taken compiled only while its source is the one it was compiled from (greatwar/compiled.py).
A module may have Cython declarations beside it, read only by the compiler: ``core/rng.pxd``
holds the generator's state in 64-bit machine integers (a draw 3× faster), and
``games/fbsm/players/picture.pxd`` makes the FBSM picture's units and stacks extension types
(made in half the time); the declarations, and those they cimport from other greatwar modules,
are part of the digest a build is checked against.

    python -m greatwar.tools.compile           # compile what changed
    python -m greatwar.tools.compile --clean   # remove every compiled module
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from greatwar.compiled import MANIFEST, PACKAGE, SUFFIX, digest, read_manifest

# The hot path: the engine, the hex and table geometry, the search, every game's rules and
# players. Left out: package __init__ files (the finder imports packages from source), the
# server, the browser view, the command line, studies and research adapters, which wait on
# people, the network or numpy rather than on the interpreter, and pydantic's models, which
# read their class bodies as Python functions only.
COMPILED = (
    "core/*.py",
    "hexes/*.py",
    "ai/*.py",
    "games/*/*.py",
    "games/*/players/*.py",
)
LEFT_OUT = ("core/record.py",)

# The C compiler's: -O2 inlines the interpreter's small reference-count and type-check
# functions, which -O1 leaves as calls (FBSM's random play 4 % and its search 2 % faster, for
# a compile of 135 s instead of 100 on two cores). No debugging symbols; GCC's array-bounds
# warning misreads the interpreter's own headers at -O2.
C_FLAGS = ["-O2", "-g0", "-Wno-array-bounds"]
RETRY_ALONE = 8  # modules that failed together are tried one by one up to this many

# Cython's settings: the code is compiled as Python means it. Annotations stay annotations
# (``x: float = 0`` stays an int when 0 is one, as in Python), so a compiled module computes
# exactly what its source does.
DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions keep their names, signatures and docstrings
    "annotation_typing": False,
    "embedsignature": True,
}


# What a build was made with, kept in the manifest: other settings compile every module again.
BUILD = json.dumps({"c_flags": C_FLAGS, "directives": DIRECTIVES}, sort_keys=True)


def built_with() -> str | None:
    """The settings the modules in the manifest were compiled with (None: unknown)."""
    try:
        found = json.loads(MANIFEST.read_text()).get("build")
    except (OSError, ValueError, AttributeError):
        return None
    return found if isinstance(found, str) else None


def module_name(source: Path) -> str:
    relative = source.relative_to(PACKAGE.parent).with_suffix("")
    return ".".join(relative.parts)


def sources() -> list[Path]:
    """Every module to compile, in name order."""
    found = {path for pattern in COMPILED for path in PACKAGE.glob(pattern)}
    found -= {PACKAGE / name for name in LEFT_OUT}
    return sorted(path for path in found if path.name != "__init__.py")


def built(source: Path) -> Path:
    return source.with_name(source.stem + SUFFIX)


def stale(manifest: dict[str, str]) -> list[Path]:
    """The modules whose build is missing or older than their source."""
    return [
        source
        for source in sources()
        if not built(source).is_file() or manifest.get(module_name(source)) != digest(source)
    ]


def write_manifest(modules: dict[str, str]) -> None:
    text = json.dumps(
        {"python": sys.version.split()[0], "build": BUILD, "modules": modules}, indent=1
    )
    MANIFEST.write_text(text + "\n")


def compile_modules(todo: list[Path], jobs: int) -> dict[str, str]:
    """Compile ``todo``; the digests of the sources compiled (read before compiling, so a
    source edited meanwhile is found stale next time)."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    digests = {module_name(source): digest(source) for source in todo}
    extensions = [
        Extension(
            module_name(source),
            [str(source.relative_to(PACKAGE.parent))],
            extra_compile_args=C_FLAGS,
        )
        for source in todo
    ]
    with tempfile.TemporaryDirectory(prefix="greatwar-compile-") as scratch:
        previous = Path.cwd()
        os.chdir(PACKAGE.parent)  # module names follow the paths Cython is given
        try:
            modules = cythonize(  # type: ignore[no-untyped-call]
                extensions,
                compiler_directives=DIRECTIVES,
                build_dir=str(Path(scratch) / "c"),
                nthreads=jobs,
                quiet=True,
            )
            distribution = Distribution({"ext_modules": modules, "script_name": "compile"})
            command = distribution.get_command_obj("build_ext")
            command.inplace = True
            command.build_temp = str(Path(scratch) / "o")
            command.parallel = jobs
            command.ensure_finalized()
            command.run()
        finally:
            os.chdir(previous)
    return digests


def clean() -> int:
    removed = 0
    for source in sources():
        if built(source).is_file():
            built(source).unlink()
            removed += 1
    MANIFEST.unlink(missing_ok=True)
    print(f"removed {removed} compiled modules; greatwar runs as pure Python")
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clean", action="store_true", help="remove every compiled module")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel jobs")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        return 0
    manifest = read_manifest() if built_with() == BUILD else {}  # other settings: all again
    todo = stale(manifest)
    names = {module_name(source) for source in sources()}
    kept = {name: value for name, value in manifest.items() if name in names}
    if not todo:
        print(f"compiled modules up to date ({len(kept)})")
        return 0
    print(f"compiling {len(todo)} of {len(names)} modules with Cython ...", flush=True)
    started = time.perf_counter()
    for source in todo:
        # a process that loaded the old build keeps it (it maps a file no longer named); the
        # module runs from source until its new build is recorded
        built(source).unlink(missing_ok=True)
        kept.pop(module_name(source), None)
    write_manifest(kept)
    fresh, failed = compile_all(todo, max(1, args.jobs))
    write_manifest({**kept, **fresh})
    if failed:
        print(
            f"not compiled: {', '.join(failed)}; {len(todo) - len(fresh)} modules run as pure "
            "Python, which plays the same games",
            file=sys.stderr,
        )
    if fresh:
        print(f"compiled {len(fresh)} modules in {time.perf_counter() - started:.0f} s")
    return 0


def compile_all(todo: list[Path], jobs: int) -> tuple[dict[str, str], list[str]]:
    """Compile ``todo``: the digests compiled, and what failed (and why). When a few modules
    fail together (an edit Cython rejects), each is tried alone, so one keeps no other pure;
    when many do (no Cython, no C compiler), once is enough."""
    try:
        return compile_modules(todo, jobs), []
    except Exception as error:  # no Cython, no compiler, a module Cython rejects
        if len(todo) > RETRY_ALONE:
            return {}, [f"{len(todo)} modules ({type(error).__name__}: {error})"]
    fresh: dict[str, str] = {}
    failed = []
    for source in todo:
        try:
            fresh.update(compile_modules([source], 1))
        except Exception as error:
            failed.append(f"{module_name(source)} ({type(error).__name__}: {error})")
    return fresh, failed


if __name__ == "__main__":
    raise SystemExit(main())
