"""Fixtures of the operations tests: Discord's schema for the fake Discord's payload checks."""

from tests.harness.discord_schema import discord_schema  # noqa: F401 - re-exported as a fixture
