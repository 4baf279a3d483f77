"""`sudokit serve`: bind the address first (a taken port is a one-line error), then run the app on uvicorn."""

from __future__ import annotations

import ipaddress
import socket
import threading
import webbrowser

import uvicorn

from ..errors import InputError
from .app import create_app

LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1", "[::1]"]


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: any free port); InputError if it cannot be had."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise InputError(f"cannot listen on {host}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.set_inheritable(True)
    return sock


def is_loopback(host: str) -> bool:
    """True for localhost and 127.0.0.0/8, ::1."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_of(sock: socket.socket, host: str) -> str:
    """The address a browser opens."""
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve(host: str, port: int, open_browser: bool, workers: int, limits, say) -> None:
    """Serve the app until Ctrl-C; `say` prints the address (stderr)."""
    sock = listen(host, port)
    url = url_of(sock, host)
    allowed = LOOPBACK_NAMES + [host, f"[{host}]"] if is_loopback(host) else None
    app = create_app(workers, limits=limits, allowed_hosts=allowed)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    say(f"sudokit: serving on {url} with {workers} worker process{'es' if workers != 1 else ''} (Ctrl-C stops)")
    if open_browser:
        threading.Timer(0.3, webbrowser.open, [url]).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
