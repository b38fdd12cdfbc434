"""`_` is the catalogue's translate function in every module that imports it: no function that calls `_("…")`
may also bind `_` (`for _ in …`, `x, _ = …`), which makes `_` a local of that whole function, so the call
fails as an unbound local (or calls the throw-away value) instead of translating."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports_underscore(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.ImportFrom) and node.module == "i18n" and any(a.name == "_" for a in node.names)
               for node in tree.body)


def _own_nodes(function: ast.AST) -> list[ast.AST]:
    """The nodes of `function` itself, not of a nested function, class or comprehension (their own scopes)."""
    found, todo = [], list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef | ast.ListComp
                      | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            continue
        found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _binds_underscore(function: ast.AST) -> bool:
    """Whether `function` binds the name `_` in its own scope and calls `_(...)` (anywhere in it)."""
    binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store) for n in _own_nodes(function))
    calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                for n in ast.walk(function))
    return binds and calls


def shadowing(source: str) -> list[str]:
    tree = ast.parse(source)
    if not _imports_underscore(tree):
        return []
    return [f"{node.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _binds_underscore(node)]


def test_no_function_of_a_translating_module_binds_underscore() -> None:
    found = {}
    for package in ("bot", "rendering", "i18n"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if bad := shadowing(path.read_text(encoding="utf-8")):
                found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_checker_finds_a_binding_and_leaves_comprehensions_alone() -> None:
    source = ("from i18n import _\n"
              "def f():\n    a, _ = 1, 2\n    return _('x')\n"
              "def g():\n    return [_('y') for x, _ in []]\n"
              "async def h():\n    for _ in range(3):\n        raise ValueError(_('z'))\n"
              "def k():\n    a, _ = 1, 2\n    return a\n")
    assert shadowing(source) == ["f:2", "h:7"]
    assert shadowing(source.replace("from i18n import _\n", "")) == []
