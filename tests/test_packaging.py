"""The Docker image holds every package the project installs: a top-level package missing from the
Dockerfile's COPY lines installs nowhere in the image, and the bot fails at its first import there."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_dockerfile_copies_every_installed_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = {pattern.rstrip("*") for pattern in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = set(re.findall(r"^COPY (\S+) \./\1\s*$", (ROOT / "Dockerfile").read_text(), flags=re.MULTILINE))
    assert packages <= copied, f"the Dockerfile does not copy {sorted(packages - copied)}"
