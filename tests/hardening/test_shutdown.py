"""On SIGTERM the real bot process exits by itself, with status 0, and every move it
acknowledged is stored. (It used to log "stopped cleanly" and hang on a database thread until SIGKILL.)"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_ends_the_process_with_status_0_and_loses_nothing(tmp_path: Path, sig: int) -> None:
    database = tmp_path / "bot.sqlite3"
    worker = subprocess.Popen([sys.executable, "-m", "tests.hardening.shutdown_worker", str(database)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert worker.stdout is not None

    def next_line() -> str:
        """The worker's next line; a worker that died early fails the test (readline would return "" forever
        and the loop below would spin instead of failing)."""
        assert worker.stdout is not None
        line = worker.stdout.readline()
        if line == "":
            _, err = worker.communicate(timeout=60)
            pytest.fail(f"the bot worker exited early (status {worker.returncode}): {err[-3000:]}")
        return line

    try:
        assert next_line().strip() == "ready"
        acks = 0
        while acks < 20:  # moves are being stored when the signal comes
            if next_line().startswith("ack "):
                acks += 1
        worker.send_signal(sig)
        # A generous guard against hanging, not a timing assertion: the old bot never exited at all.
        out, err = worker.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.communicate()
        pytest.fail("the bot did not exit after the stop signal")
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.communicate()
    assert worker.returncode == 0, err[-3000:]
    assert "stopped cleanly" in err
    last = [line.split() for line in out.splitlines() if line.startswith("ack ")]
    conn = sqlite3.connect(database)
    try:
        for _, game, version in last[-1:]:
            stored = conn.execute("SELECT version FROM games WHERE id = ?", (int(game),)).fetchone()[0]
            assert stored >= int(version)
    finally:
        conn.close()
