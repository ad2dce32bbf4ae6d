#!/usr/bin/python3
"""Proves a dataset is exactly what the service would send: parse every record with the service's pydantic models
and serialize it again the way FastAPI 0.92 serializes a response_model, then compare with the record's own JSON.

    /usr/bin/python3 reference/roundtrip.py dataset.json     (or the dataset on stdin)

Input: {"evaluations":[...],"human_evaluations":[...]}. Output on stdout, one JSON object:
    {"checked": N, "rejected": [{"kind","index","id","error"}], "rejected_count": R,
     "changed": [{"kind","index","id","difference","before","after"}], "changed_count": C}
(first 20 of each list). Exit 0 when every record comes back identical, 1 otherwise, 2 on bad input.

How the service serializes (FastAPI 0.92, fastapi/routing.py): APIRoute builds the response field with
fastapi.utils.create_response_field + create_cloned_field, serialize_response validates the returned value against it
(pydantic 1 parsing: coercion, Union tried left to right, defaults filled in) and runs fastapi.encoders.jsonable_encoder
on the model (by_alias, nothing excluded, so Optional fields come out as null). jsonable_encoder turns a datetime into
datetime.isoformat(): "2024-05-17T10:54:19.123000" for a naive value with microseconds, no fraction at all when the
microseconds are 0, "+00:00" (never "Z") for an aware one. JSONResponse.render then writes
json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).
The input record is written with the same json.dumps, keeping its own key order, so key order, null-vs-absent,
timestamp spelling and number coercions all show up as differences.
"""

import asyncio
import json
import os
import sys
from typing import Any, Dict, List, Optional, Tuple, Type

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fastapi.routing import serialize_response  # noqa: E402
from fastapi.utils import create_cloned_field, create_response_field  # noqa: E402
from pydantic import BaseModel, ValidationError  # noqa: E402

from service import Evaluation, HumanEvaluation  # noqa: E402

KINDS: Dict[str, Type[BaseModel]] = {"evaluations": Evaluation, "human_evaluations": HumanEvaluation}
LIMIT = 20


class BadInput(Exception):
    pass


def render(content: Any) -> str:
    """starlette.responses.JSONResponse.render, as text."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"))


def as_service_sends(model: Type[BaseModel], record: Any) -> str:
    # The same two calls APIRoute.__init__ makes for response_model=..., then the call get_request_handler makes.
    field = create_cloned_field(create_response_field(name="Response_" + model.__name__, type_=model))
    return render(asyncio.run(serialize_response(field=field, response_content=record)))


def describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        loc = [str(part) for part in item["loc"] if part != "response"]
        parts.append(f"{'.'.join(loc) or '(record)'}: {item['msg']}")
    return "; ".join(parts)


def first_difference(before: Any, after: Any, path: str = "") -> Optional[str]:
    """The first place where two JSON values differ, key order included."""
    here = path or "(record)"
    if isinstance(before, dict) and isinstance(after, dict):
        for key in list(before) + [k for k in after if k not in before]:
            if key not in after:
                return f"{path}{key}: dropped by the service"
            if key not in before:
                return f"{path}{key}: added by the service as {render(after[key])} (absent in the input)"
            found = first_difference(before[key], after[key], f"{path}{key}.")
            if found:
                return found
        if list(before) != list(after):
            return f"{here}: key order {list(before)} -> {list(after)}"
        return None
    if isinstance(before, list) and isinstance(after, list):
        for index, (a, b) in enumerate(zip(before, after)):
            found = first_difference(a, b, f"{path}{index}.")
            if found:
                return found
        return None if len(before) == len(after) else f"{here}: length {len(before)} -> {len(after)}"
    if render(before) != render(after):
        return f"{path.rstrip('.') or here}: {render(before)} -> {render(after)}"
    return None


def read_dataset(argv: List[str]) -> Dict[str, Any]:
    if len(argv) > 1:
        raise BadInput("usage: roundtrip.py [dataset.json]  (or the dataset on stdin)")

    def no_constants(name: str) -> Any:
        raise BadInput(f"{name} is not JSON the service could send (allow_nan=False)")

    try:
        if argv and argv[0] != "-":
            with open(argv[0], encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = sys.stdin.read()
        data = json.loads(text, parse_constant=no_constants)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BadInput(f"cannot read the dataset: {exc}")
    if not isinstance(data, dict) or not any(key in data for key in KINDS):
        raise BadInput('expected an object {"evaluations":[...],"human_evaluations":[...]}')
    unknown = [key for key in data if key not in KINDS]
    if unknown:
        raise BadInput(f"unknown top-level key(s) {unknown}; expected evaluations and human_evaluations")
    for key in KINDS:
        if not isinstance(data.get(key, []), list):
            raise BadInput(f"{key} must be an array")
    return data


def check(data: Dict[str, Any]) -> Tuple[Dict[str, Any], bool]:
    checked = 0
    rejected: List[Dict[str, Any]] = []
    changed: List[Dict[str, Any]] = []
    for kind, model in KINDS.items():
        for index, record in enumerate(data.get(kind, [])):
            checked += 1
            record_id = record.get("id") if isinstance(record, dict) else None
            try:
                after = as_service_sends(model, record)
            except ValidationError as exc:
                rejected.append({"kind": kind, "index": index, "id": record_id, "error": describe(exc)})
                continue
            before = render(record)
            if before != after:
                difference = first_difference(record, json.loads(after))
                changed.append(
                    {"kind": kind, "index": index, "id": record_id, "difference": difference, "before": before, "after": after}
                )
    report = {
        "checked": checked,
        "rejected": rejected[:LIMIT],
        "rejected_count": len(rejected),
        "changed": changed[:LIMIT],
        "changed_count": len(changed),
    }
    return report, not rejected and not changed


def main(argv: List[str]) -> int:
    try:
        data = read_dataset(argv)
    except BadInput as exc:
        print(f"roundtrip.py: {exc}", file=sys.stderr)
        return 2
    report, identical = check(data)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
