#!/usr/bin/env python3
"""Conformance adapter for the spec author's Python implementation, polyglotir (MIT).

Speaks the adapter protocol of docs/conformance.md on standard input and output and calls the
reference package's own API; it contains none of the reference's code. The package is imported
from the folder given as the first argument, or in SILP_REFERENCE_SRC, or by default
../shared/reference/polyglotir/src relative to the repository root.

Mapping (the reference has no error codes on its exceptions, so this adapter names them):
  decode      get_frontend(name).decode(text), as the reference CLI's `decode` does (it does not
              validate). Unknown frontend (KeyError) or NotImplementedError -> unsupported_frontend;
              json.JSONDecodeError -> invalid_syntax at its position; pydantic ValidationError ->
              invalid_ir; other ValueError -> invalid_syntax; any other exception -> decode_failed.
              The reference has no strict mode and reports no repairs: `strict` is ignored.
  compile     validate(ir) then get_frontend(name).compile(ir), as the reference CLI's `compile`.
  validate    each rule of the reference validator run on its own, so every issue carries the
              rule that raised it; rule names are mapped to ours where one exists (below),
              pydantic errors are `schema`, others keep the reference's name prefixed `polyglotir:`.
  sanitize, probe, negotiate, envelope, lock_verify: the reference has none of these (its
              negotiation package is a stub; its compile lock writes another record format):
              answered `unsupported`.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SRC = REPO_ROOT / ".." / "shared" / "reference" / "polyglotir" / "src"
SOURCE = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("SILP_REFERENCE_SRC", str(DEFAULT_SRC))).resolve()
sys.path.insert(0, str(SOURCE))

from pydantic import ValidationError  # noqa: E402

from silp.frontend import get_frontend  # noqa: E402  (the reference package is also named silp)
from silp.ir import SilpIR  # noqa: E402
from silp.ir import validate as reference_validate  # noqa: E402
from silp.ir import validator as reference_validator  # noqa: E402

# The reference validator's rule names -> this suite's rule ids, only where the rule checks the
# same condition. Its negation_consistency warns when a negated value IS "true" (ours when it is
# not), seq_integrity checks seq against entity ids (ours against action codes) and
# empty_entities flags an IR without entities (ours an empty id or value): those keep their names.
RULE_NAMES = {
    "whitelist": "verb-whitelist",
    "duplicate_entity_id": "duplicate-entity-id",
    "operator_validity": "operator-invalid",
    "alternative_completeness": "alternative-location-without-target",
}


class Unsupported(Exception):
    pass


def error_answer(request_id: str, exc: BaseException) -> dict:
    if isinstance(exc, (KeyError, NotImplementedError)) and getattr(exc, "_frontend", False):
        return {"id": request_id, "ok": False, "error": {"code": "unsupported_frontend"}}
    if isinstance(exc, json.JSONDecodeError):
        return {"id": request_id, "ok": False, "error": {"code": "invalid_syntax", "offset": exc.pos}}
    if isinstance(exc, ValidationError):
        return {"id": request_id, "ok": False, "error": {"code": "invalid_ir"}}
    if isinstance(exc, ValueError):
        return {"id": request_id, "ok": False, "error": {"code": "invalid_syntax"}}
    return {"id": request_id, "ok": False, "error": {"code": "decode_failed"}}


def frontend(name: str):
    try:
        return get_frontend(name)
    except KeyError as exc:
        exc._frontend = True  # type: ignore[attr-defined]
        raise


def decode(request: dict) -> dict:
    fe = frontend(request["frontend"])
    try:
        ir = fe.decode(request["input"])
    except NotImplementedError as exc:
        exc._frontend = True  # type: ignore[attr-defined]
        raise
    return {"ir": json.loads(ir.to_compact_json())}


class InvalidIr(Exception):
    pass


def compile_(request: dict) -> str:
    result = reference_validate(request["input"], enforce_whitelist=whitelist_enforced(request))
    if not result.valid:
        raise InvalidIr()
    return frontend(request["frontend"]).compile(result.ir)


def whitelist_enforced(request: dict) -> bool:
    return request.get("options", {}).get("whitelist", "strict") == "strict"


def validate(request: dict) -> dict:
    data = request["input"]
    try:
        ir = SilpIR(**data)
    except ValidationError:
        return {"valid": False, "issues": [{"rule": "schema", "severity": "error"}]}
    except TypeError:
        return {"valid": False, "issues": [{"rule": "schema", "severity": "error"}]}
    issues = []
    for rule in reference_validator._RULES:
        if rule.name == "whitelist" and not whitelist_enforced(request):
            continue
        errors: list[str] = []
        warnings: list[str] = []
        rule.check(ir, errors, warnings)
        name = RULE_NAMES.get(rule.name, f"polyglotir:{rule.name}")
        issues += [{"rule": name, "severity": "error"} for _ in errors]
        issues += [{"rule": name, "severity": "warning"} for _ in warnings]
    return {"valid": not any(i["severity"] == "error" for i in issues), "issues": issues}


OPERATIONS = {"decode": decode, "compile": compile_, "validate": validate}


def answer(request: dict) -> dict:
    request_id = request.get("id")
    run = OPERATIONS.get(request.get("operation"))
    if run is None:
        return {"id": request_id, "unsupported": True, "reason": "polyglotir has no " + str(request.get("operation"))}
    try:
        return {"id": request_id, "ok": True, "output": run(request)}
    except InvalidIr:
        return {"id": request_id, "ok": False, "error": {"code": "invalid_ir"}}
    except Exception as exc:  # noqa: BLE001 - every failure of the reference becomes an answer
        return error_answer(request_id, exc)


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(answer(json.loads(line)), ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
