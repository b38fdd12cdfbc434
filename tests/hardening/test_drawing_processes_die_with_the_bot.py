"""A bot killed with SIGKILL (no clean-up runs) leaves no drawing process behind: each worker ends with its
parent (`rendering.pool.watch_parent`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import os, sys, time
from rendering import pool
print(pool.pool(pool.TURN).submit(os.getpid).result(timeout=120), flush=True)
long = pool.pool(pool.LONG)
long.submit(time.sleep, 600)  # a long job (a replay) under way when the bot dies
while not long._processes:
    time.sleep(0.05)
print(next(iter(long._processes)), flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its exit status waits to be read


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_drawing_processes_end_when_the_bot_is_killed() -> None:
    env = {**os.environ, "DRAWING_PROCESSES": "1", "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert bot.stdout is not None
        workers = [int(bot.stdout.readline()), int(bot.stdout.readline())]
        assert all(_alive(pid) for pid in workers)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    waited = 0.0
    while any(_alive(pid) for pid in workers) and waited < 60:  # an event, not a timing: gone, however long
        time.sleep(0.2)
        waited += 0.2
    assert [pid for pid in workers if _alive(pid)] == []
