"""The local web app (`sudokit serve`): a page and a JSON API over the library, in the `web` extra.

    from sudokit.web import create_app      # an ASGI app (Starlette); run it with uvicorn, or `sudokit serve`

Modules: app (routes, replies), spec (what a request may say), jobs (the work, in worker processes), workers
(the processes and their time limits), server (binding, uvicorn), static/ (the page: HTML, CSS, JS, no CDN).
"""


def create_app(*args, **kwargs):
    """The ASGI app (see sudokit.web.app.create_app); needs the web extra: pip install 'sudokit[web]'."""
    from .app import create_app as make

    return make(*args, **kwargs)


__all__ = ["create_app"]
