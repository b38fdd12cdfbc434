"""The repository describes; it does not narrate.

History lives in git and in `CHANGELOG.md`. Anywhere else a sentence that says in which pass, session or
issue something was done ("the twenty-third pass", "second session", "issue 21") ages the moment it is
written and tells a reader nothing about what the code does now. This test reads every tracked text file
(`.py`, `.md`, `.toml`, `.yml`, `.yaml`) and fails on such a phrase, naming the file and line.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = (".py", ".md", ".toml", ".yml", ".yaml")
#: The one file that is history by design. This test's own file is left out too: its examples are narration.
HISTORY = {"CHANGELOG.md"}

_ORDINALS = (
    "second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    "fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|"
    r"(?:twenty|thirty)-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|\d+(?:nd|rd|th)"
)
#: An ordinal pass or session, with at most one word between ("the seventeenth calibration pass"), and an
#: issue by number ("issue 21", "issue #21", "Issue 20's ranges", a name such as `before_issue_13`).
#: "First" is left out on purpose: "a first pass over the list" describes an algorithm, not when it was written.
NARRATION = re.compile(
    rf"\b(?:{_ORDINALS})(?:[ _-][a-z]+)?[ _-](?:pass|session)\b|(?<![A-Za-z])issues?[ _#-]*\d+(?!\d)",
    re.IGNORECASE,
)


def narration(text: str) -> list[tuple[int, str]]:
    """Each (line number, phrase) of `text` that narrates history."""
    return [(number, match.group(0))
            for number, line in enumerate(text.splitlines(), 1)
            for match in NARRATION.finditer(line)]


def _tracked_text_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    names = [name for name in listed.decode().split("\0") if name]
    return [ROOT / name for name in names
            if name.endswith(SUFFIXES) and name not in HISTORY and (ROOT / name).is_file()
            and ROOT / name != Path(__file__).resolve()]


@pytest.mark.parametrize("text, found", [
    ("Ruling R7, twenty-third pass: the leader closes.", ["twenty-third pass"]),
    ("measured again after the fourth pass", ["fourth pass"]),
    ("tried in the second session", ["second session"]),
    ("the seventeenth calibration pass gave", ["seventeenth calibration pass"]),
    ("as issue 21 asks; see issue #23 and Issue 20's ranges", ["issue 21", "issue #23", "Issue 20"]),
    ("the 12th pass", ["12th pass"]),
    ("def test_a_state_stored_before_issue_13_loads", ["issue_13"]),
])
def test_the_pattern_finds_narration(text: str, found: list[str]) -> None:
    assert [phrase for _, phrase in narration(text)] == found


@pytest.mark.parametrize("text", [
    "A first pass over the list keeps the candidates; the second keeps the best.",
    "the tile first passes in round 4",
    "Round two of a tournament pairs by score.",
    "Should that session be gone, a psql of its own.",
    "It reissues 3 tokens.",
])
def test_the_pattern_leaves_descriptions_alone(text: str) -> None:
    assert narration(text) == []


def test_no_tracked_file_narrates_history() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {phrase}"
             for path in _tracked_text_files()
             for number, phrase in narration(path.read_text(encoding="utf-8", errors="replace"))]
    assert not found, (
        "These say when or in which pass, session or issue something was done; say what it is and why "
        "instead (history belongs in git and CHANGELOG.md):\n" + "\n".join(found))
