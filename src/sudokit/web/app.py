"""The web app's HTTP side: the page, its assets, and the JSON API under /api/ (routes and replies, nothing else).

Each API route reads a bounded JSON body, checks its fields (spec.py), runs the work in a worker process
(workers.py, jobs.py) and answers JSON. Every failure a request can cause is a 4xx JSON answer
``{"error": "...", "status": "..."}``: 400 bad input, 404/405 no such route, 413 body too large, 422 a puzzle that
cannot be answered (no solution, not unique, a node or time limit), 501 a part not in this version (generation
before issue 10 lands, PNG without the render extra); 503 when every worker is busy past the queue's limit.
"""

from __future__ import annotations

import importlib.util
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import InputError, LimitReached, NoSolution, NotUnique, SudokitError
from . import jobs
from .spec import (FORMATS, LEVELS, PUZZLE_FIELDS, SYMMETRIES, VARIANTS, BadRequest, Limits, box_shape, choice,
                   flag, int_list, integer, only, puzzle_fields, rating_range, text, variant_names)
from .workers import Busy, TimeLimit, WorkerLost, Workers

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("sudokit.web")


def create_app(workers: int = 2, limits: Limits | None = None, allowed_hosts: list[str] | None = None,
               warm: bool = True) -> Starlette:
    """The ASGI app: `workers` processes do the work; `allowed_hosts` (None: any) guards a loopback server
    against pages of other sites reaching it by DNS rebinding."""
    limits = limits or Limits()
    pool = Workers(workers, limits.queue, limits.queue_seconds, warm)
    api = Api(pool, limits)

    @asynccontextmanager
    async def lifespan(app):
        await pool.start()
        try:
            yield
        finally:
            await pool.close()

    routes = [Route("/", page), Route("/api/info", api.info)]
    routes += [Route(f"/api/{name}", getattr(api, name), methods=["POST"]) for name in Api.ENDPOINTS]
    routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    middleware = [Middleware(GZipMiddleware, minimum_size=2048)]
    if allowed_hosts:
        middleware.insert(0, Middleware(HostCheck, allowed=allowed_hosts))
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: internal_error})
    app.state.workers, app.state.limits = pool, limits
    return app


class HostCheck:
    """Answer only requests whose Host is one of ours (a loopback server is then out of reach of other sites'
    pages through DNS rebinding); others get a 400 JSON error."""

    def __init__(self, app, allowed: list[str]):
        self.app, self.allowed = app, set(allowed)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in self.allowed:
                await error(f"host {host[:80]!r} is not served here", 400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


async def page(request) -> Response:
    """The single page."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def error(message: str, status: int, kind: str | None = None, headers=None) -> JSONResponse:
    """A JSON error answer."""
    body = {"error": message}
    if kind:
        body["status"] = kind
    return JSONResponse(body, status_code=status, headers=headers)


async def http_error(request, exc: HTTPException) -> Response:
    """404, 405, ... as JSON."""
    return error(exc.detail or "error", exc.status_code, headers=getattr(exc, "headers", None))


async def internal_error(request, exc: Exception) -> Response:
    """A bug: logged, and answered as JSON (never an HTML page)."""
    log.exception("internal error on %s", request.url.path)
    return error(f"internal error: {type(exc).__name__}", 500)


class Api:
    """The JSON endpoints; each checks its fields, then runs its job in a worker."""

    ENDPOINTS = ("parse", "solve", "hint", "steps", "rate", "generate", "render", "target", "binary")

    def __init__(self, workers: Workers, limits: Limits):
        self.workers, self.limits = workers, limits

    async def body(self, request, allowed: tuple[str, ...]) -> dict:
        """The request's JSON object, at most limits.body_bytes, with no field outside `allowed`."""
        cap = self.limits.body_bytes
        declared = request.headers.get("content-length", "")
        if declared and (not declared.isdigit() or int(declared) > cap):
            raise BadRequest(f"the request body is over {cap} bytes", 413)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > cap:
                raise BadRequest(f"the request body is over {cap} bytes", 413)
            chunks.append(chunk)
        try:
            data = json.loads(b"".join(chunks) or b"null")
        except (ValueError, RecursionError) as exc:
            raise BadRequest(f"the body is not JSON: {str(exc)[:120]}") from None
        if not isinstance(data, dict):
            raise BadRequest("the body must be a JSON object, e.g. {\"puzzle\": \"...\"}")
        only(data, allowed)
        return data

    async def run(self, request, fields: tuple[str, ...], prepare, job, seconds: float | None = None) -> Response:
        """Read and check the body (prepare(body) -> job's arguments), run the job, answer its dict or the error."""
        try:
            args = prepare(await self.body(request, fields))
            result = await self.workers.run((seconds or self.limits.seconds) + self.limits.grace, job, *args)
        except BadRequest as exc:
            return error(str(exc), exc.status, "unavailable" if exc.status == 501 else "bad request")
        except InputError as exc:
            return error(str(exc), 400, "bad request")
        except NoSolution as exc:
            return error(str(exc), 422, "no solution")
        except NotUnique as exc:
            return error(str(exc), 422, "not unique")
        except LimitReached as exc:
            return error(str(exc), 422, "node limit")
        except SudokitError as exc:
            return error(str(exc), 422, "unanswerable")
        except TimeLimit as exc:
            return error(f"time limit: {exc}", 422, "time limit")
        except Busy as exc:
            return error(f"busy: {exc}", 503, "busy", headers={"Retry-After": "1"})
        except WorkerLost as exc:
            return error(str(exc), 503, "worker lost")
        if isinstance(result, dict) and "png" in result:
            return Response(result["png"], media_type="image/png")
        return JSONResponse(result)

    # ---- the endpoints ----

    async def info(self, request) -> Response:
        """What this server offers: versions, variants, formats, levels, whether generation is there, limits."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            release = version("sudokit")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            release = "unknown"
        lim = self.limits
        return JSONResponse({
            "name": "sudokit", "version": release, "variants": list(VARIANTS), "formats": list(FORMATS),
            "levels": list(LEVELS), "symmetries": list(SYMMETRIES), "generate": generation_available(),
            "workers": {"count": self.workers.n, "ready": self.workers.ready, "replaced": self.workers.replaced},
            "limits": {"body_bytes": lim.body_bytes, "max_nodes": lim.max_nodes, "seconds": lim.seconds,
                       "max_count": lim.max_count}})

    async def parse(self, request) -> Response:
        """The puzzle a text holds, described for the page: POST {"puzzle": "..."}."""
        return await self.run(request, PUZZLE_FIELDS, lambda b: (puzzle_fields(b, self.limits),), jobs.parse)

    async def solve(self, request) -> Response:
        """{"puzzle", "box", "variants", ...} -> {"status", "solution", "count", "unique", "grid", "stats"};
        "mode": "count" with "limit" counts solutions instead."""
        def prepare(b):
            mode = choice(b.get("mode", "solve"), "mode", ("solve", "count"))
            limit = integer(b.get("limit", 1000), "limit", 1, self.limits.max_count)
            return (puzzle_fields(b, self.limits), mode, limit, self.limits.max_nodes,
                    flag(b.get("picture", False), "picture"))

        return await self.run(request, PUZZLE_FIELDS + ("mode", "limit", "picture"), prepare, jobs.solve)

    async def hint(self, request) -> Response:
        """The next step from "grid" (the givens and the digits entered), with its picture."""
        def prepare(b):
            technique = b.get("technique")
            return with_eliminated(b, self.limits), None if technique is None else text(technique, "technique", 80)

        return await self.run(request, PUZZLE_FIELDS + ("technique", "eliminated"), prepare, jobs.hint)

    async def steps(self, request) -> Response:
        """The whole solve path from "grid", each step with the state before it."""
        def prepare(b):
            order = choice(b.get("order", "hodoku"), "order", ("hodoku", "se"))
            return with_eliminated(b, self.limits), order, self.limits.seconds

        return await self.run(request, PUZZLE_FIELDS + ("order", "eliminated"), prepare, jobs.steps)

    async def rate(self, request) -> Response:
        """SE's ER/EP/ED and HoDoKu's level and score of the puzzle."""
        return await self.run(request, PUZZLE_FIELDS, lambda b: (puzzle_fields(b, self.limits),
                                                                 self.limits.seconds), jobs.rate)

    async def generate(self, request) -> Response:
        """A new puzzle: {"size", "box", "variants", "level" or "rating" "7.0-8.0", "givens", "symmetry",
        "seed", "jigsaw", "killer"}; 501 until the generator (issue 10) is in the library."""
        fields = ("size", "box", "variants", "level", "rating", "givens", "symmetry", "seed", "jigsaw", "killer")

        def prepare(b):
            opts = {"size": integer(b["size"], "size", 4, 25) if b.get("size") is not None else None,
                    "box": box_shape(b.get("box")), "variants": variant_names(b.get("variants") or []),
                    "level": choice(b["level"], "level", LEVELS) if b.get("level") else None,
                    "rating": rating_range(b.get("rating")),
                    "givens": integer(b["givens"], "givens", 0, 625) if b.get("givens") is not None else None,
                    "symmetry": choice(b["symmetry"], "symmetry", SYMMETRIES) if b.get("symmetry") else None,
                    "seed": integer(b["seed"], "seed", 0, (1 << 63) - 1) if b.get("seed") is not None else None,
                    "jigsaw": flag(b.get("jigsaw", False), "jigsaw") or None,
                    "killer": flag(b.get("killer", False), "killer") or None}
            if opts["box"] and opts["size"] and opts["box"][0] * opts["box"][1] != opts["size"]:
                raise BadRequest(f"a {opts['box'][0]}x{opts['box'][1]} box does not fit size {opts['size']}")
            if not generation_available():
                raise BadRequest("puzzle generation is not in this version of sudokit yet (issue 10)", 501)
            return opts, self.limits.seconds

        return await self.run(request, fields, prepare, jobs.generate)

    async def render(self, request) -> Response:
        """The library's picture: {"puzzle", "grid", "marks": true | bitmasks, "step", "solution", "weights",
        "width", "to": "svg" | "png"} -> {"svg": "<svg ..."} (or PNG bytes)."""
        def prepare(b):
            marks = b.get("marks")
            if marks is not None:
                marks = flag(marks, "marks") if isinstance(marks, bool) else int_list(marks, "marks", 0, (1 << 64) - 1)
            opts = {"marks": marks,
                    "step": b.get("step"), "solution": flag(b.get("solution", False), "solution"),
                    "weights": _weights_field(b.get("weights"), self.limits),
                    "width": integer(b["width"], "width", 16, 4096) if b.get("width") is not None else None,
                    "to": choice(b.get("to", "svg"), "to", ("svg", "png")), "max_nodes": self.limits.max_nodes}
            return puzzle_fields(b, self.limits), opts

        fields = PUZZLE_FIELDS + ("marks", "step", "solution", "weights", "width", "to")
        return await self.run(request, fields, prepare, jobs.render)

    async def target(self, request) -> Response:
        """Target Sudoku: {"puzzle", "weights" (default: the puzzle's own, else the rings rule), "minimize"} ->
        {"status", "score", "grid", "weights", "current", "svg" (the optimum on the heat map), "heat"}."""
        def prepare(b):
            return (puzzle_fields(b, self.limits), _weights_field(b.get("weights"), self.limits),
                    flag(b.get("minimize", False), "minimize"), self.limits.max_nodes)

        return await self.run(request, PUZZLE_FIELDS + ("weights", "minimize"), prepare, jobs.target)

    async def binary(self, request) -> Response:
        """Binary Sudoku: {"grid": N lines of 0/1 or N*N ints, "box"} -> {"flips", "cells", "svg", ...}."""
        def prepare(b):
            if "grid" not in b:
                raise BadRequest("missing field 'grid': N lines of N characters 0/1, or N*N integers 0/1")
            grid = b["grid"]
            grid = text(grid, "grid", self.limits.body_bytes) if isinstance(grid, str) else int_list(
                grid, "grid", 0, 1)
            return grid, box_shape(b.get("box")), self.limits.max_nodes

        return await self.run(request, ("grid", "box"), prepare, jobs.binary)


def with_eliminated(body: dict, limits: Limits) -> dict:
    """The puzzle fields and the eliminations earlier hints made ([cell, digit] pairs, 0-based cells)."""
    spec = puzzle_fields(body, limits)
    pairs = body.get("eliminated") or []
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 for p in pairs):
        raise BadRequest("eliminated must be a list of [cell, digit] pairs")
    spec["eliminated"] = [[integer(c, "eliminated cell", 0, 64 * 64 - 1), integer(d, "eliminated digit", 1, 64)]
                          for c, d in pairs]
    return spec


def _weights_field(value, limits: Limits):
    """Target weights: text (N lines of N integers) or a list, or None."""
    if value is None:
        return None
    if isinstance(value, str):
        return text(value, "weights", limits.body_bytes)
    return int_list(value, "weights", -(1 << 40), 1 << 40)


def generation_available() -> bool:
    """True once the generator (issue 10) is part of the installed library."""
    try:
        return importlib.util.find_spec("sudokit.generate") is not None
    except (ImportError, ValueError):
        return False


__all__ = ["create_app", "Limits"]
