"""The import graph of `bot`, `engine` and `rendering`: no circle, and the layers point one way.

Read from the source (nothing is imported): every `import` and `from … import` of each module, wherever it
stands (at the top, under `if TYPE_CHECKING:`, inside a function), since a circle hidden in a type-only or a
late import is a circle all the same. An edge goes to the module named, or to the module a `from` names
when the imported name is itself a module (`from bot.service import scope` -> `bot.service.scope`).

- no cycle among the modules;
- `bot/service` never imports `discord` (the service is driven without Discord: terminal, tests);
- `engine` imports neither `bot` nor `rendering` (pure rules); `rendering` imports neither `bot` nor `engine`;
- `i18n` (the message catalogue) imports none of `bot`, `engine`, `rendering` or `discord`: every layer
  stands on it;
- the panel modules (`bot/discord_app/panels/`) are a layer of their own: each imports only the panel modules
  below it (`PANEL_LAYERS`) and, of the rest of the Discord layer, only what stands under every panel
  (`PANEL_GROUND`); the decision panel never reaches the turn post (it hands a turn to `Host.announce`);
- the Discord layer (`bot/discord_app`) never imports `bot.storage` (what it needs comes through the service,
  `bot.service.records`), and never a particular game (`engine.<game>`, `rendering.<game>`) except in the
  game descriptions registered by kind, `bot/discord_app/games/` (`bot.discord_app.game_ui`).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "engine", "rendering", "i18n")


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> Iterator[str]:
    """The modules `name` imports: top-level names (`discord`) as they are, ours resolved to a module."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield full if full in modules else base


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules it imports (ours by full name; anything else by its full dotted name).
    A fresh copy each call (tests may add edges to it), of one reading of the tree per test process."""
    return {name: set(imports) for name, imports in _read_graph().items()}


@functools.cache
def _read_graph() -> dict[str, frozenset[str]]:
    modules = _modules()
    return {name: frozenset(set(_imports(name, path, modules)) - {name}) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _is_under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_graph_is_read() -> None:
    graph = import_graph()
    assert "bot.discord_app.client" in graph and "bot.discord_app.panels.registry" in graph["bot.discord_app.client"]
    assert any(_is_under(m, "discord") for m in graph["bot.discord_app.panels.clicks"])


def test_no_import_circle() -> None:
    assert cycles(import_graph()) == []


def test_the_service_never_imports_discord() -> None:
    graph = import_graph()
    wrong = {m: sorted(t for t in targets if _is_under(t, "discord"))
             for m, targets in graph.items() if _is_under(m, "bot.service")}
    assert {m: t for m, t in wrong.items() if t} == {}


def test_the_engine_imports_neither_the_bot_nor_rendering() -> None:
    graph = import_graph()
    wrong = {m: sorted(t for t in targets if _is_under(t, "bot") or _is_under(t, "rendering"))
             for m, targets in graph.items() if _is_under(m, "engine")}
    assert {m: t for m, t in wrong.items() if t} == {}


def test_the_catalogue_imports_no_other_layer() -> None:
    graph = import_graph()
    wrong = {m: sorted(t for t in targets if any(_is_under(t, p) for p in ("bot", "engine", "rendering", "discord")))
             for m, targets in graph.items() if _is_under(m, "i18n")}
    assert "i18n" in graph and {m: t for m, t in wrong.items() if t} == {}


def test_rendering_imports_neither_the_bot_nor_the_engine() -> None:
    """A picture is drawn from a view in a drawing process, which has neither the bot's translator nor the
    engine's rules: what it words comes from `i18n`."""
    graph = import_graph()
    wrong = {m: sorted(t for t in targets if _is_under(t, "bot") or _is_under(t, "engine"))
             for m, targets in graph.items() if _is_under(m, "rendering")}
    assert {m: t for m, t in wrong.items() if t} == {}


GAME_PACKAGES = ("duel", "rollwrite", "yokohama")
#: The only modules of the Discord layer that may import a particular game: each game's UI description.
GAME_UI_MODULES = "bot.discord_app.games"


def _games() -> list[str]:
    """Every game package under `engine/` (those the tests name must all be there: a renamed game is noticed)."""
    found = sorted(p.parent.name for p in (ROOT / "engine").glob("*/__init__.py") if p.parent.name != "core")
    assert set(GAME_PACKAGES) <= set(found)
    return found


def forbidden_in_discord_app(graph: dict[str, set[str]], games: list[str]) -> dict[str, list[str]]:
    """Module of `bot/discord_app` -> what it imports that it may not: storage anywhere; a particular game's
    engine or renderer outside the game descriptions."""
    wrong: dict[str, list[str]] = {}
    for module, targets in graph.items():
        if not _is_under(module, "bot.discord_app"):
            continue
        bad = [t for t in targets if _is_under(t, "bot.storage")]
        if not _is_under(module, GAME_UI_MODULES):
            bad += [t for t in targets for game in games
                    if _is_under(t, f"engine.{game}") or _is_under(t, f"rendering.{game}")]
        if bad:
            wrong[module] = sorted(set(bad))
    return wrong


def test_the_discord_layer_imports_neither_storage_nor_a_particular_game() -> None:
    assert forbidden_in_discord_app(import_graph(), _games()) == {}


#: The modules of the Discord layer that hold the storage: the one that opens it and the bot that closes it.
STORAGE_HOLDERS = ("bot.discord_app.runner", "bot.discord_app.client")


def test_the_discord_layer_reads_no_storage() -> None:
    """Beyond imports: no helper or cog reaches the storage through the bot (`bot.storage.get_meta(...)`);
    what they keep beside the games goes through the service's `FrontEndRecords` (`bot.records`)."""
    found = []
    for name, path in _modules().items():
        if not _is_under(name, "bot.discord_app") or name in STORAGE_HOLDERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Attribute) and node.attr == "storage":
                found.append(f"{name}:{node.lineno}")
    assert found == []


def test_a_forbidden_import_of_the_discord_layer_is_found() -> None:
    """The checker itself, on the imports the Discord layer once had (it imported storage)."""
    graph = {
        "bot.discord_app.panels": {"bot.storage", "engine.core", "rendering", "rendering.pool"},
        "bot.discord_app.cogs.tournaments": {"bot.storage.tournaments", "rendering.charts"},
        "bot.discord_app.cogs.rollwrite": {"engine.rollwrite", "engine.rollwrite.scoring", "rendering.rollwrite"},
        "bot.discord_app.games.rollwrite": {"engine.rollwrite", "rendering.rollwrite.renderer", "bot.storage"},
        "bot.discord_app.games.duel": {"rendering.duel.renderer"},
        "bot.service.tables": {"bot.storage", "engine.rollwrite"},
    }
    assert forbidden_in_discord_app(graph, list(GAME_PACKAGES)) == {
        "bot.discord_app.panels": ["bot.storage"],
        "bot.discord_app.cogs.tournaments": ["bot.storage.tournaments"],
        "bot.discord_app.cogs.rollwrite": ["engine.rollwrite", "engine.rollwrite.scoring", "rendering.rollwrite"],
        "bot.discord_app.games.rollwrite": ["bot.storage"],
    }


def test_a_circle_is_found() -> None:
    """The checker itself: a circle of three, as the one this test was written against, is reported."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "discord"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


#: The parts of the table service (`bot.service.tables` builds them over one storage) and the parts each may
#: import: a resignation before the start is leaving the lobby, so `play` uses `lobby`; nothing else crosses.
SERVICE_PARTS = {"lobby": set(), "play": {"lobby"}, "clock": set(), "admin": set()}
#: What every part stands on: the shared ground, never a part.
SERVICE_GROUND = ("games", "gate", "moves", "bots", "journal", "outcomes", "table_rules")


def _service_imports(module: str) -> Iterator[tuple[str, str]]:
    """(module imported from, name) for every `from bot.service… import name` in `bot.service.<module>`."""
    path = ROOT / "bot" / "service" / f"{module}.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and _is_under(node.module, "bot.service"):
            for alias in node.names:
                yield node.module, alias.name


def test_each_service_part_stands_on_the_shared_ground_only() -> None:
    graph = import_graph()
    parts = {f"bot.service.{p}" for p in SERVICE_PARTS}
    wrong = {p: sorted(t for t in graph[f"bot.service.{p}"] if t in parts - {f"bot.service.{a}" for a in allowed})
             for p, allowed in SERVICE_PARTS.items()}
    assert {p: t for p, t in wrong.items() if t} == {}
    ground = {f"bot.service.{g}" for g in SERVICE_GROUND}
    assert {g for g in ground if graph[g] & parts} == set()  # the ground never reaches up into a part
    assert parts | ground <= set(graph)


def test_no_service_part_imports_a_private_name() -> None:
    """The parts and their ground share public names only (`_x` stays in its module)."""
    wrong = [(m, source, name) for m in (*SERVICE_PARTS, *SERVICE_GROUND, "tables")
             for source, name in _service_imports(m) if name.startswith("_")]
    assert wrong == []


def test_no_service_part_reaches_into_anothers_private_members() -> None:
    """Within the table service's parts, `x._name` is used only on `self`: a part never touches the private
    state of another part, of the shared ground, or of the storage."""
    wrong = []
    for module in (*SERVICE_PARTS, "moves", "games", "tables"):
        path = ROOT / "bot" / "service" / f"{module}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                wrong.append((module, node.lineno, node.attr))
    assert wrong == []


PANELS = "bot.discord_app.panels"
#: Each panel module and the panel modules it may import: a module imports only those listed before it,
#: so no two of them can import each other. The decision panel stands below the turn post: a finished turn
#: reaches the post through the host (`Host.announce`), never through an import.
PANEL_LAYERS: dict[str, set[str]] = {
    "text": set(),
    "clicks": set(),
    "channels": {"clicks", "text"},
    "pictures": {"clicks", "text"},
    "decision": {"text", "clicks", "channels", "pictures"},
    "turn_post": {"text", "clicks", "channels", "pictures", "decision"},
    "lobby": {"text", "clicks", "channels", "pictures", "decision", "turn_post"},
    "registry": {"clicks", "decision", "pictures", "lobby"},
}
#: The modules of the Discord layer outside `panels/` that a panel module may import: none of them imports
#: a panel module (the cogs, the client, the bot-turn runner and the games stand above the panels; whose
#: language a message is in, `languages`, stands below them).
PANEL_GROUND = {"custom_ids", "community", "errors", "game_ui", "host", "languages", "names"}


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether `goal` is imported by `start`, directly or through any chain of modules."""
    seen, todo = {start}, [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target == goal:
                return True
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return False


def panel_layer_faults(graph: dict[str, set[str]]) -> list[str]:
    """What breaks the panel layer in `graph`: a circle among the panel modules, a panel module importing a
    panel module above it or a part of the Discord layer outside `PANEL_GROUND`, the decision panel reaching
    the turn post, and a panel module not in `PANEL_LAYERS` (a new one is placed in the layers first)."""
    panels = {m: {t for t in targets if _is_under(t, PANELS)} for m, targets in graph.items() if _is_under(m, PANELS)}
    faults = [f"circle: {' -> '.join(group)}" for group in cycles(panels)]
    for module in sorted(panels):
        if module == PANELS:
            continue
        name = module.removeprefix(PANELS + ".")
        if name not in PANEL_LAYERS:
            faults.append(f"{module} is not in PANEL_LAYERS")
            continue
        allowed = {f"{PANELS}.{a}" for a in PANEL_LAYERS[name]} | {PANELS}
        faults += [f"{module} imports {t}" for t in sorted(panels[module] - allowed)]
        ground = {f"bot.discord_app.{g}" for g in PANEL_GROUND}
        faults += [f"{module} imports {t}" for t in sorted(graph[module])
                   if _is_under(t, "bot.discord_app") and not _is_under(t, PANELS) and t not in ground]
    if _reaches(graph, f"{PANELS}.decision", f"{PANELS}.turn_post"):
        faults.append(f"{PANELS}.decision reaches {PANELS}.turn_post")
    return faults


def test_the_panels_are_a_layer_of_their_own() -> None:
    graph = import_graph()
    assert {m.removeprefix(PANELS + ".") for m in graph if _is_under(m, PANELS) and m != PANELS} == set(PANEL_LAYERS)
    assert panel_layer_faults(graph) == []


def test_the_panel_layers_admit_no_circle() -> None:
    """The layers themselves: were every allowed import made, there would still be no circle."""
    assert cycles({m: set(allowed) for m, allowed in PANEL_LAYERS.items()}) == []


def test_a_panel_circle_is_found() -> None:
    """The checker itself: the turn post imported back by the decision panel (even late, inside a function),
    and the click guard importing the panel it sends on a public message, are both reported."""
    graph = import_graph()
    graph[f"{PANELS}.decision"].add(f"{PANELS}.turn_post")
    graph[f"{PANELS}.clicks"].add(f"{PANELS}.decision")
    faults = panel_layer_faults(graph)
    assert f"{PANELS}.decision imports {PANELS}.turn_post" in faults
    assert f"{PANELS}.clicks imports {PANELS}.decision" in faults
    assert f"{PANELS}.decision reaches {PANELS}.turn_post" in faults
    [circle] = [f for f in faults if f.startswith("circle: ")]
    assert all(f"{PANELS}.{m}" in circle for m in ("clicks", "decision", "turn_post"))


def test_the_decision_panel_reaching_the_turn_post_through_another_module_is_found() -> None:
    graph = import_graph()
    graph["bot.discord_app.host"].add(f"{PANELS}.turn_post")
    assert f"{PANELS}.decision reaches {PANELS}.turn_post" in panel_layer_faults(graph)
