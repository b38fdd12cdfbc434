"""Thin cogs: parse the command, call the service, answer."""
