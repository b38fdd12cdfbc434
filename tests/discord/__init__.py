"""Tests of the Discord layer, run against ``tests.harness.FakeDiscord`` (no network)."""
