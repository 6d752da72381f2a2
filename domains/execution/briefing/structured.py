"""Turn a pydantic schema into the JSON Schema a provider enforces, and a model's output back into the schema."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from domains.execution.briefing.errors import LLMMalformedOutputError
from domains.execution.briefing.protocol import T

_LOCAL_REF = "#/$defs/"
# A schema name as OpenAI-compatible APIs accept it: letters, digits, underscores and dashes, at most 64.
_SCHEMA_NAME = re.compile(r"[^A-Za-z0-9_-]")
# Some local models wrap JSON in a Markdown fence even in JSON mode; a fence around the whole output is not content.
_FENCE = re.compile(r"\A\s*```(?:json)?\s*\n(?P<body>.*)\n\s*```\s*\Z", re.DOTALL | re.IGNORECASE)
# Keywords OpenAI's strict mode refuses: the local pydantic validation still enforces them after the call.
_STRICT_UNSUPPORTED = frozenset({"default", "minLength", "maxLength", "format", "pattern", "examples"})


def inline_json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """Return the model's JSON Schema with every local $ref replaced by its definition and no $defs left."""
    document = schema.model_json_schema()
    definitions: dict[str, Any] = document.pop("$defs", {})

    def resolve(node: Any, expanding: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(_LOCAL_REF):
                name = ref.removeprefix(_LOCAL_REF)
                if name in expanding:
                    raise ValueError(f"{schema.__name__} is recursive through {name}; it cannot be inlined")
                siblings = {key: value for key, value in node.items() if key != "$ref"}
                return {**resolve(definitions[name], (*expanding, name)), **resolve(siblings, expanding)}
            return {key: resolve(value, expanding) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(item, expanding) for item in node]
        return node

    resolved: dict[str, Any] = resolve(document, ())
    return resolved


def strict_json_schema(json_schema: dict[str, Any]) -> dict[str, Any]:
    """Return a copy that satisfies OpenAI strict mode: closed objects, every property required, no defaults."""
    document = copy.deepcopy(json_schema)

    def tighten(node: Any) -> None:
        if isinstance(node, dict):
            for keyword in _STRICT_UNSUPPORTED & node.keys():
                del node[keyword]
            if node.get("type") == "object" and isinstance(node.get("properties"), dict):
                node["additionalProperties"] = False
                node["required"] = list(node["properties"])
                for child in node["properties"].values():
                    tighten(child)
                return
            for value in node.values():
                tighten(value)
        elif isinstance(node, list):
            for item in node:
                tighten(item)

    tighten(document)
    return document


def schema_name(schema: type[BaseModel]) -> str:
    """Return the schema's class name in the form provider APIs accept as a schema or tool name."""
    return _SCHEMA_NAME.sub("_", schema.__name__)[:64] or "output"


def _first_error(exc: ValidationError, schema: type[BaseModel]) -> str:
    # Location and message only: pydantic's full text embeds the offending input, which is model output.
    errors = exc.errors(include_url=False, include_input=False)
    if not errors:
        return f"does not match {schema.__name__}"
    first = errors[0]
    where = ".".join(str(part) for part in first.get("loc", ())) or "output"
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"does not match {schema.__name__}: {where}: {first.get('msg', 'invalid')}{more}"


def validate_output(data: object, schema: type[T], *, provider: str) -> T:
    """Validate already-decoded output against the schema, or raise LLMMalformedOutputError."""
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise LLMMalformedOutputError(
            provider, problem=_first_error(exc, schema), excerpt=json.dumps(data, ensure_ascii=False, default=str)
        ) from None


def parse_json_output(raw: str, schema: type[T], *, provider: str, truncated: bool = False) -> T:
    """Decode the model's text as one JSON document valid against the schema, or raise LLMMalformedOutputError."""
    fenced = _FENCE.match(raw)
    text = fenced["body"] if fenced else raw
    cut = " (output was cut off at the token limit)" if truncated else ""
    if not text.strip():
        raise LLMMalformedOutputError(provider, problem=f"empty output{cut}", excerpt=raw)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise LLMMalformedOutputError(provider, problem=f"not valid JSON{cut}", excerpt=raw) from None
    try:
        return validate_output(data, schema, provider=provider)
    except LLMMalformedOutputError as exc:
        if not truncated:
            raise
        raise LLMMalformedOutputError(provider, problem=exc.problem + cut, excerpt=raw) from None
