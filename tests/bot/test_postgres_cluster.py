"""The throwaway PostgreSQL cluster of the tests starts even when its port is taken meanwhile, as happens
when pytest-xdist workers start their clusters at the same moment."""

from __future__ import annotations

import os
import socket

import pytest

from tests.harness.postgres_cluster import PostgresCluster, PostgresUnavailable, find_bin


def test_a_cluster_whose_port_was_taken_starts_on_another() -> None:
    try:
        find_bin("initdb"), find_bin("pg_ctl")
    except PostgresUnavailable as exc:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            raise
        pytest.skip(f"PostgreSQL is not installed here: {exc}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        cluster = PostgresCluster(port=port)
        try:
            cluster.start()
            assert cluster.port != port
            assert cluster.create_database("reachable").endswith(f":{cluster.port}/reachable")
        finally:
            cluster.stop()
