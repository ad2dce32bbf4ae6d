#!/usr/bin/python3
"""Reference reproduction of the Evaluation Listing Service (Agenta backend, mid-2024).

Run it with Debian's FastAPI 0.92 + pydantic 1.10 (/usr/bin/python3), never the pyenv python:

    REFERENCE_DATASET=reference/dataset.json REFERENCE_MODE=v1 \
        /usr/bin/python3 -m uvicorn --factory reference.service:app_from_env
    /usr/bin/python3 reference/service.py --dataset reference/dataset.json --mode legacy --port 8000

Sources (Agenta-AI/agenta, commit d7baab98e8a6b4d123dce4716208423505e5f30b, 2024-06-10, backend 0.17.2,
the last main-line commit before the error-handling change 1243050a of 2024-06-14 reached main):
  - agenta-backend/agenta_backend/models/api/evaluation_model.py   (EvaluatorConfig, AggregatedResult,
    Evaluation, HumanEvaluation)
  - agenta-backend/agenta_backend/models/api/api_models.py         (Error, Result)
  - agenta-backend/agenta_backend/routers/evaluation_router.py     (fetch_list_evaluations)
  - agenta-backend/agenta_backend/routers/human_evaluation_router.py (fetch_list_human_evaluations,
    fetch_human_evaluation)
  - agenta-backend/agenta_backend/services/db_manager.py           (fetch_app_by_id, fetch_human_evaluation_by_id)
  - agenta-backend/agenta_backend/services/evaluation_service.py   (fetch_list_evaluations, fetch_list_human_evaluations)
  - agenta-backend/agenta_backend/utils/common.py                  (APIRouter: every path with and without "/")
  - agenta-backend/agenta_backend/main.py                          (prefixes, tags, CORS)
  - agenta-backend/poetry.lock                                     (fastapi 0.109.2, pydantic 1.10.15,
    starlette 0.36.3, pymongo 4.7.2, beanie 1.26.0)

Modes:
  legacy  the code at d7baab98: handlers wrap everything in `except Exception as e: raise HTTPException(500, str(e))`,
          ids go through bson ObjectId(), and /evaluations dereferences a missing app.
  v1      the spec-era contract as the toolkit targets it: unknown id -> 404 {"detail":"Evaluation not found"},
          unknown app -> []. NOTE: no Agenta commit sends exactly this. From 1243050a (2024-06-14, on main from
          July 2024) the handlers re-raise with `e.status_code`, so the real answer became 404
          {"detail":"404: Evaluation not found"}; v1 is the brief's idealised form of that version.
"""

import argparse
import json
import os
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Dict, List, Optional, Union

from fastapi import FastAPI, HTTPException
from fastapi.middleware.cors import CORSMiddleware
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

# ---------------------------------------------------------------------------------------------------------------
# Models: field order, types and Optional-ness exactly as declared in the real source (pydantic v1: a bare
# Optional[X] without default is optional with default None, and is serialized as null, never left out).
# ---------------------------------------------------------------------------------------------------------------


class Error(BaseModel):  # models/api/api_models.py
    message: str
    stacktrace: Optional[str] = None


class Result(BaseModel):  # models/api/api_models.py
    type: str
    value: Optional[Any] = None
    error: Optional[Error] = None


class EvaluatorConfig(BaseModel):  # models/api/evaluation_model.py
    id: str
    name: str
    evaluator_key: str
    settings_values: Optional[Dict[str, Any]]
    created_at: datetime
    updated_at: datetime


class AggregatedResult(BaseModel):  # models/api/evaluation_model.py
    # pydantic v1 tries EvaluatorConfig first; a dict missing any of its required fields (in practice {},
    # a deleted config) falls through to the plain Dict branch and is sent back unchanged.
    evaluator_config: Union[EvaluatorConfig, Dict[str, Any]]
    result: Result


class Evaluation(BaseModel):  # models/api/evaluation_model.py
    id: str
    app_id: str
    user_id: str
    user_username: str
    variant_ids: List[str]
    variant_names: List[str]
    variant_revision_ids: List[str]
    revisions: List[str]
    testset_id: Optional[str]
    testset_name: Optional[str]
    status: Result
    aggregated_results: List[AggregatedResult]
    average_cost: Optional[Result]
    total_cost: Optional[Result]
    average_latency: Optional[Result]
    created_at: datetime
    updated_at: datetime


class HumanEvaluation(BaseModel):  # models/api/evaluation_model.py
    id: str
    app_id: str
    user_id: str
    user_username: str
    evaluation_type: str
    variant_ids: List[str]
    variant_names: List[str]
    variants_revision_ids: List[str]
    revisions: List[str]
    testset_id: str
    testset_name: str
    status: str
    # datetime up to 1243050a (2024-06-14), which changed both to `str`; the seed says date-time.
    created_at: datetime
    updated_at: datetime


class Mode(str, Enum):
    v1 = "v1"
    legacy = "legacy"


Record = Dict[str, Any]


@dataclass(frozen=True)
class Dataset:
    evaluations: List[Record]
    human_evaluations: List[Record]


def load_dataset(path: str) -> Dataset:
    """Reads {"evaluations":[...],"human_evaluations":[...]}; records stay raw dicts so that the routes'
    response_model does the parsing and serialization, as in the real service."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected an object with evaluations and human_evaluations")
    lists = {key: data.get(key, []) for key in ("evaluations", "human_evaluations")}
    for key, value in lists.items():
        if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
            raise ValueError(f"{path}: {key} must be an array of objects")
    return Dataset(evaluations=lists["evaluations"], human_evaluations=lists["human_evaluations"])


# ---------------------------------------------------------------------------------------------------------------
# What the legacy code did with ids and exceptions.
# ---------------------------------------------------------------------------------------------------------------


class InvalidId(Exception):
    """bson.errors.InvalidId. db_manager and evaluation_service call `ObjectId(x)` (beanie's PydanticObjectId, a
    bson.ObjectId subclass with the same constructor) on every id they receive."""


def object_id(value: str) -> str:
    """bson.ObjectId(value) for a str (bson/objectid.py, ObjectId.__validate and _raise_invalid_id,
    mongodb/mongo-python-driver; pymongo 4.7.2 per poetry.lock): a str of length 24 that bytes.fromhex accepts
    is an id, anything else raises InvalidId with the %r of the value. Returns str(ObjectId(value))."""
    if len(value) == 24:
        try:
            return bytes.fromhex(value).hex()
        except ValueError:
            pass
    raise InvalidId("%r is not a valid ObjectId, it must be a 12-byte input or a 24-character hex string" % value)


def exception_text(exc: Exception) -> str:
    """`str(e)` as the real service computed it. Starlette 0.36.3 (the real pin) defines
    HTTPException.__str__ as f"{status_code}: {detail}" (encode/starlette 2168e47052239da5df35d5353bb986f760c51cef,
    #2181, in 0.29.0+). Debian's Starlette 0.26.1 lacks it and would give "(404, 'Evaluation not found')",
    so that case is spelled out here."""
    if isinstance(exc, StarletteHTTPException):
        return f"{exc.status_code}: {exc.detail}"
    return str(exc)


@dataclass(frozen=True)
class App:
    """Stands in for AppDB. ASSUMPTION: the dataset has no app table, so an app exists when some record of
    either list names it."""

    id: str


def create_app(dataset: Dataset, mode: Mode = Mode.v1) -> FastAPI:
    # main.py: FastAPI(lifespan=..., openapi_tags=open_api_tags_metadata) -> default title/version; only the two
    # tags of these routers are kept from open_api.py.
    app = FastAPI(openapi_tags=[{"name": "Evaluations"}, {"name": "Human-Evaluations"}])
    # main.py adds this CORS middleware (OSS origins); it only changes answers to requests carrying Origin.
    app.add_middleware(
        CORSMiddleware,
        allow_origins=["http://localhost:3000", "http://localhost:3001", "http://0.0.0.0:3000", "http://0.0.0.0:3001"],
        allow_origin_regex=r"https://.*\.vercel\.app",
        allow_credentials=True,
        allow_methods=["*"],
        allow_headers=["Content-Type"],
    )
    app_ids = {str(r.get("app_id")) for r in dataset.evaluations + dataset.human_evaluations}

    def fetch_app_by_id(app_id: str) -> Optional[App]:
        # db_manager.fetch_app_by_id: AppDB.find_one(AppDB.id == ObjectId(app_id)) -> None when unknown.
        oid = object_id(app_id)
        return App(oid) if oid in app_ids else None

    def route(path: str, **kwargs: Any) -> Any:
        """utils/common.py APIRouter.api_route: the path without trailing slash goes in the schema, the one with
        the slash is registered too (first) with include_in_schema=False."""

        def decorator(func: Any) -> Any:
            app.get(path + "/", include_in_schema=False, **kwargs)(func)
            return app.get(path, **kwargs)(func)

        return decorator

    # Handler names are the real ones: FastAPI derives operationId and summary from them.

    @route("/evaluations", response_model=List[Evaluation], tags=["Evaluations"])
    async def fetch_list_evaluations(app_id: str) -> Any:
        """Fetches a list of evaluations, optionally filtered by an app ID."""
        if mode is Mode.v1:
            return [r for r in dataset.evaluations if r.get("app_id") == app_id]
        try:  # routers/evaluation_router.py, fetch_list_evaluations
            found = fetch_app_by_id(app_id)  # "" -> InvalidId
            # evaluation_service.fetch_list_evaluations: `EvaluationDB.app.id == app.id`; None -> AttributeError
            # "'NoneType' object has no attribute 'id'", produced here by Python itself.
            wanted = found.id  # type: ignore[union-attr]
            return [r for r in dataset.evaluations if r.get("app_id") == wanted]
        except Exception as exc:
            raise HTTPException(status_code=500, detail=exception_text(exc))

    @route("/human-evaluations", response_model=List[HumanEvaluation], tags=["Human-Evaluations"])
    async def fetch_list_human_evaluations(app_id: str) -> Any:
        """Fetches a list of evaluations, optionally filtered by an app ID."""
        if mode is Mode.v1:
            return [r for r in dataset.human_evaluations if r.get("app_id") == app_id]
        try:  # routers/human_evaluation_router.py; evaluation_service filters on ObjectId(app_id), no app lookup
            wanted = object_id(app_id)
            return [r for r in dataset.human_evaluations if r.get("app_id") == wanted]
        except Exception as exc:
            raise HTTPException(status_code=500, detail=exception_text(exc)) from exc

    @route("/human-evaluations/{evaluation_id}", response_model=HumanEvaluation, tags=["Human-Evaluations"])
    async def fetch_human_evaluation(evaluation_id: str) -> Any:
        """Fetches a single evaluation based on its ID."""
        if mode is Mode.v1:
            # ASSUMPTION (v1): plain string match, so an upper-case or otherwise odd id is simply unknown.
            match = next((r for r in dataset.human_evaluations if r.get("id") == evaluation_id), None)
            if match is None:
                raise HTTPException(status_code=404, detail="Evaluation not found")
            return match
        try:  # routers/human_evaluation_router.py: the 404 is raised inside the try and becomes a 500
            wanted = object_id(evaluation_id)  # db_manager.fetch_human_evaluation_by_id
            match = next((r for r in dataset.human_evaluations if r.get("id") == wanted), None)
            if not match:
                raise HTTPException(status_code=404, detail="Evaluation not found")
            return match
        except Exception as exc:
            raise HTTPException(status_code=500, detail=exception_text(exc)) from exc

    return app


def app_from_env() -> FastAPI:
    """uvicorn --factory entry point: REFERENCE_DATASET (path), REFERENCE_MODE (v1 | legacy, default v1)."""
    path = os.environ.get("REFERENCE_DATASET", os.path.join(os.path.dirname(__file__), "dataset.json"))
    return create_app(load_dataset(path), Mode(os.environ.get("REFERENCE_MODE", "v1")))


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the reference Evaluation Listing Service.")
    parser.add_argument("--dataset", default=os.path.join(os.path.dirname(__file__), "dataset.json"))
    parser.add_argument("--mode", choices=[m.value for m in Mode], default="v1")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    import uvicorn  # Debian's python3-uvicorn comes with python3-fastapi

    uvicorn.run(create_app(load_dataset(args.dataset), Mode(args.mode)), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
