"""The throwaway PostgreSQL cluster of the tests starts even when its port is taken meanwhile, as happens
when pytest-xdist workers start their clusters at the same moment, and drops each test's database when the test
is done with it, so it does not grow with the session."""

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


def test_a_tests_database_is_dropped_when_it_is_done_with(postgres_cluster: PostgresCluster) -> None:
    """Kept, every test's database stayed to the session's end, and deleting them all made the last test's
    teardown take tens of seconds on a pytest-xdist worker."""
    name = f"done_with_{os.getpid()}"
    before = postgres_cluster.databases()
    postgres_cluster.create_database(name)
    assert name in postgres_cluster.databases()
    postgres_cluster.drop_database(name)
    assert postgres_cluster.databases() == before
