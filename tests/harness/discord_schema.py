"""Validate what the bot sends against Discord's own OpenAPI specification.

Why: a payload discord.py happily builds (a 26th select option, an 81-character button label, a command
description over 100 characters) is only rejected by Discord at run time, as a 400 the user sees as "This
interaction failed". Checking every recorded request against the official spec catches that in the tests.

The spec is ``../shared/discord-api/openapi.json`` next to the repository (override with the environment variable
``DISCORD_OPENAPI_PATH``). When it is absent, tests that need it skip (fixture ``discord_schema``) and the fake
Discord simply stops validating.

Two deliberate leniencies, both matching what Discord's servers accept:

* The spec types snowflakes as strings; discord.py sends some (attachment ids, ``default_values`` ids) as
  integers. Integers are accepted exactly where the schema declares ``format: snowflake`` (a schema-aware form of
  "normalise ints in id fields to strings": component ``id`` fields, which really are integers, are untouched).
* Multipart requests are validated on their ``payload_json`` part against the operation's JSON body schema.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.protocols import Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

#: Where the repository root is (``tests/harness/`` is two levels below it).
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OPENAPI_PATH = REPO_ROOT.parent / "shared" / "discord-api" / "openapi.json"
ENV_VAR = "DISCORD_OPENAPI_PATH"
#: The one URI the whole spec is registered under; every ``$ref`` resolves inside it.
SPEC_URI = "https://discord.com/api/openapi.json"

_API_PREFIX = re.compile(r"^(?:https?://[^/]+)?(?:/api(?:/v\d+)?)?")
_SNOWFLAKE_PATTERN = "^(0|[1-9][0-9]*)$"


def openapi_path() -> Path:
    """The spec's location: ``$DISCORD_OPENAPI_PATH`` or ``<repo>/../shared/discord-api/openapi.json``."""
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else DEFAULT_OPENAPI_PATH


def _type_accepting_int_snowflakes(
    validator: Validator, types: Any, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """The ``type`` keyword, except that an int passes where the schema is a snowflake string.

    Discord parses snowflakes sent as JSON integers; discord.py relies on that (``File.to_dict`` sends
    ``"id": 0``). Only schemas marked as snowflakes get the leniency, so real integer/str confusion still fails.
    """
    is_snowflake = schema.get("format") == "snowflake" or schema.get("pattern") == _SNOWFLAKE_PATTERN
    if is_snowflake and isinstance(instance, int) and not isinstance(instance, bool) and instance >= 0:
        return
    yield from Draft202012Validator.VALIDATORS["type"](validator, types, instance, schema)


#: Draft 2020-12 (the OpenAPI 3.1 default dialect; the spec declares no other) with the snowflake leniency.
DiscordValidator = validators.extend(Draft202012Validator, {"type": _type_accepting_int_snowflakes})


@dataclass(frozen=True)
class Operation:
    """One OpenAPI operation: the HTTP method, the path template and where its JSON body schema lives."""

    operation_id: str
    method: str
    template: str
    pattern: re.Pattern[str]
    literal_segments: int
    body_pointer: str | None  # JSON pointer to the application/json request body schema, if any
    body_required: bool


def _escape_pointer(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


class DiscordSchema:
    """Discord's OpenAPI spec, loaded once, with one cached validator per operation."""

    def __init__(self, spec: dict[str, Any], source: Path | None = None) -> None:
        self.spec = spec
        self.source = source
        self.registry: Registry = Registry().with_resource(
            SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
        )
        self.operations: list[Operation] = []
        for template, item in spec["paths"].items():
            for method, op in item.items():
                if not isinstance(op, dict) or "operationId" not in op:
                    continue
                body = op.get("requestBody") or {}
                pointer = None
                if "application/json" in body.get("content", {}):
                    pointer = "/".join(
                        ["", "paths", _escape_pointer(template), method, "requestBody", "content",
                         "application~1json", "schema"]
                    )
                regex = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
                literal = sum(1 for seg in template.split("/") if seg and not seg.startswith("{"))
                self.operations.append(
                    Operation(op["operationId"], method.upper(), template, re.compile(regex), literal, pointer,
                              bool(body.get("required")))
                )
        # The most specific template wins: /messages/@original over /messages/{message_id}.
        self.operations.sort(key=lambda o: -o.literal_segments)
        self._by_id = {o.operation_id: o for o in self.operations}
        self._validators: dict[str, Validator] = {}

    # ----- lookup -------------------------------------------------------------------------------------------
    def find_operation(self, method: str, path: str) -> Operation:
        """The operation for an HTTP method and a concrete path such as ``/channels/123/messages``."""
        bare = _API_PREFIX.sub("", path.split("?", 1)[0]).rstrip("/") or "/"
        for op in self.operations:
            if op.method == method.upper() and op.pattern.match(bare):
                return op
        raise AssertionError(f"{method.upper()} {bare} is not an endpoint of Discord's API (not in the OpenAPI spec)")

    def operation(self, operation_id: str) -> Operation:
        return self._by_id[operation_id]

    def validator(self, operation_id: str) -> Validator:
        """A validator for the JSON request body of ``operation_id`` (built once, then cached)."""
        cached = self._validators.get(operation_id)
        if cached is None:
            op = self._by_id[operation_id]
            if op.body_pointer is None:
                raise AssertionError(f"{operation_id} takes no JSON request body")
            cached = DiscordValidator({"$ref": f"{SPEC_URI}#{op.body_pointer}"}, registry=self.registry)
            self._validators[operation_id] = cached
        return cached

    # ----- validation ---------------------------------------------------------------------------------------
    def errors(self, operation_id: str, payload: Any) -> list[str]:
        """Every schema error for ``payload`` as the body of ``operation_id``, one readable line each.

        A payload is judged by its JSON text, which is what Discord receives; the same text sent again (every
        fake-Discord start syncs the same ~40 commands, 0.27 s to validate) gets the answer it got before.
        """
        try:
            text = json.dumps(payload, sort_keys=True)
        except (TypeError, ValueError):
            return self._errors_of(operation_id, payload)
        return list(self._errors_of_text(operation_id, text))

    @functools.lru_cache(maxsize=256)  # noqa: B019 - one schema per test process, kept for the whole run anyway
    def _errors_of_text(self, operation_id: str, text: str) -> tuple[str, ...]:
        return tuple(self._errors_of(operation_id, json.loads(text)))

    def _errors_of(self, operation_id: str, payload: Any) -> list[str]:
        found = self.validator(operation_id).iter_errors(payload)
        return [line for error in found for line in explain(error)]

    def validate_request(self, method: str, path: str, payload: Any) -> str:
        """Check one request; return its operation id; raise AssertionError listing every schema error.

        ``payload`` is the JSON body (for multipart requests: the parsed ``payload_json`` part); ``None`` means
        no body, which is an error only when the operation requires one.
        """
        op = self.find_operation(method, path)
        if payload is None:
            if op.body_required:
                raise AssertionError(f"{method} {path} ({op.operation_id}) requires a body; none was sent")
            return op.operation_id
        if op.body_pointer is None:
            raise AssertionError(f"{method} {path} ({op.operation_id}) takes no JSON body, but one was sent")
        problems = self.errors(op.operation_id, payload)
        if problems:
            raise AssertionError(
                f"{method} {path} ({op.operation_id}) violates Discord's API schema:\n  "
                + "\n  ".join(problems)
                + f"\npayload: {_short(payload, 2000)}"
            )
        return op.operation_id

    def validate_command_definitions(self, tree: Any, *, guild: Any = None) -> list[dict[str, Any]]:
        """Validate exactly what ``await tree.sync(guild=guild)`` would PUT; return that payload.

        discord.py 2.7's ``CommandTree.sync`` sends ``[command.to_dict(self) for command in
        self._get_all_commands(guild=guild)]`` (slash commands, groups and context menus) when no translator is set.
        """
        payload = [command.to_dict(tree) for command in tree._get_all_commands(guild=guild)]
        if guild is None:
            path = "/applications/1/commands"
        else:
            path = f"/applications/1/guilds/{guild.id}/commands"
        self.validate_request("PUT", path, payload)
        return payload


def _location(error: ValidationError) -> str:
    out = "body"
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _short(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_discriminator_miss(error: ValidationError) -> bool:
    """True when a union branch failed on its ``type`` tag: the payload is plainly of another kind."""
    rel = list(error.relative_path)
    return rel == ["type"] and error.validator in ("enum", "const")


def _branch_errors(error: ValidationError) -> list[ValidationError]:
    """For an anyOf/oneOf failure: the errors of the branch the payload most plausibly meant."""
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context or []:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    candidates = [errs for errs in branches.values() if not any(_is_discriminator_miss(e) for e in errs)]
    # A null branch ("type": "null") is never what a non-null payload meant.
    candidates = [errs for errs in candidates if not all(
        e.validator == "type" and e.validator_value == "null" for e in errs)] or candidates
    if not candidates:
        return []
    if len(candidates) > 1:
        # Prefer the branch whose errors sit deepest (it matched the most structure), then the fewest errors.
        candidates.sort(key=lambda errs: (-max(len(e.absolute_path) for e in errs), len(errs)))
    return candidates[0]


def explain(error: ValidationError) -> Iterable[str]:
    """Readable lines for one error, descending into union branches so the real cause is named."""
    if error.validator in ("anyOf", "oneOf") and error.context:
        inner = _branch_errors(error)
        if inner:
            for sub in inner:
                yield from explain(sub)
            return
        yield f"{_location(error)}: {_short(error.instance)} matches none of the allowed kinds"
        return
    if len(error.message) <= 200:
        yield f"{_location(error)}: {error.message}"
    else:  # the default message repeats the whole (long) instance; name the rule instead
        yield f"{_location(error)}: violates {error.validator}={error.validator_value!r}: {_short(error.instance)}"


@functools.cache
def _load(path: str) -> DiscordSchema:
    with open(path, encoding="utf-8") as fh:
        return DiscordSchema(json.load(fh), Path(path))


def load_discord_schema(path: Path | str | None = None) -> DiscordSchema | None:
    """The schema for ``path`` (default: :func:`openapi_path`), loaded once per process; None if absent."""
    target = Path(path) if path is not None else openapi_path()
    if not target.is_file():
        return None
    return _load(str(target.resolve()))


def require_discord_schema() -> DiscordSchema:
    """The schema, or skip the calling test when the spec file is absent."""
    schema = load_discord_schema()
    if schema is None:
        pytest.skip(f"Discord OpenAPI spec not found at {openapi_path()} (set {ENV_VAR})")
    return schema


@pytest.fixture(scope="session")
def discord_schema() -> DiscordSchema:
    """Session fixture: the loaded spec, or skip when absent. Import it into a conftest to use it."""
    return require_discord_schema()


def validate_request(method: str, path: str, payload: Any) -> str:
    """Module-level shortcut for :meth:`DiscordSchema.validate_request` (skips the test if the spec is absent)."""
    return require_discord_schema().validate_request(method, path, payload)


def validate_command_definitions(tree: Any, *, guild: Any = None) -> list[dict[str, Any]]:
    """Module-level shortcut for :meth:`DiscordSchema.validate_command_definitions` (skips if absent)."""
    return require_discord_schema().validate_command_definitions(tree, guild=guild)


def payload_from_multipart(form: Sequence[dict[str, Any]]) -> Any:
    """The parsed ``payload_json`` part of a discord.py multipart form (None if there is none)."""
    for part in form:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None
