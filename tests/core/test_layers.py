"""The layers import only downwards, and no modules import each other in a circle.

Every import statement counts, at module level, inside functions and under TYPE_CHECKING
alike: a circle hidden in a function is still a circle."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "greatwar"

# layer -> the layers it may import (besides itself); games import no other game
ALLOWED = {
    "core": set(),
    "hexes": {"core"},
    "games": {"core", "hexes"},
    "ai": {"core", "hexes"},
    "tools": {"core", "compiled"},  # compiled: the finder of compiled modules, below all
    "sim": {"core", "ai"},
    "server": {"core", "hexes", "ai"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}


def imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The greatwar modules that ``path`` imports (``from a import b``: ``a.b`` if a module)."""
    found: set[str] = set()
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else None
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module_name(path) if path.name == "__init__.py" else package or ""
                anchor = ".".join(anchor.split(".")[: len(anchor.split(".")) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in known else base)
    return {name for name in found if name in known}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(path, known) - {name} for name, path in known.items()}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def may_import(module: str, target: str) -> bool:
    home, there = layer(module), layer(target)
    if home not in ALLOWED:
        return True  # cli, bench, terminal and web sit on top
    if home == there == "games":
        return target.split(".")[2] == module.split(".")[2]
    return there in ALLOWED[home] | {home}


def test_no_module_imports_a_higher_layer_or_another_game() -> None:
    edges = graph()
    wrong = [f"{m} -> {t}" for m, ts in edges.items() for t in ts if not may_import(m, t)]
    assert wrong == []


def test_no_import_circles() -> None:
    edges = graph()
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                circles.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert circles == []
