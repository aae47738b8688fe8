"""Real HTTP servers on loopback for the HTTP tests: ``memsync serve``,
python's ``http.server`` and nginx with autoindex, each a subprocess that the
fixture starts on a free port and stops afterwards."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

START_SECONDS = 20.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not start listening on {port}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class MemsyncServer:
    """``memsync serve FOLDER... --port 0``; its access log (one line a request) goes to a file."""

    def __init__(self, *folders: Path, log: Path, args: tuple[str, ...] = (), env: dict[str, str] | None = None):
        self.log = log
        self.stdout = log.with_suffix(".out")
        command = [sys.executable, "-m", "memsync", "serve", *map(str, folders), "--port", "0", *args]
        with open(self.stdout, "wb") as out, open(log, "wb") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err, env={**os.environ, **(env or {})})
        self.urls = self._read_urls(len(folders))
        self.url = self.urls[0] if len(folders) == 1 else self.urls[0].rsplit("/", 2)[0] + "/"

    def _read_urls(self, count: int) -> list[str]:
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            lines = [ln for ln in self.stdout.read_text().splitlines() if ln.startswith("serving ")]
            if len(lines) >= count:
                return [ln.split(" at ", 1)[1].split(" ", 1)[0] for ln in lines]
            if self.process.poll() is not None:
                raise RuntimeError(f"memsync serve exited: {self.log.read_text()}")
            time.sleep(0.05)
        raise RuntimeError("memsync serve did not start")

    def requests_logged(self) -> list[str]:
        return [ln for ln in self.log.read_text().splitlines() if '"' in ln and ln.split('"')[1][:4] in _METHODS]

    def stop(self) -> None:
        _stop(self.process)


_METHODS = ("GET ", "HEAD", "PUT ", "DELE", "POST")


class StaticServer:
    """python -m http.server over a folder: a directory listing, no ETags, no writes."""

    def __init__(self, root: Path, log: Path) -> None:
        self.port = free_port()
        self.log = log
        command = [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(root)]
        with open(log, "wb") as err:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
        _wait_for_port(self.port, self.process, "http.server")
        self.url = f"http://127.0.0.1:{self.port}/"

    def requests_logged(self) -> list[str]:
        return [ln for ln in self.log.read_text().splitlines() if '"GET ' in ln or '"HEAD ' in ln]

    def stop(self) -> None:
        _stop(self.process)


NGINX_CONF = """\
{user}
daemon off;
worker_processes 1;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log {root}/access.log;
    client_body_temp_path {root}/tmp-body;
    proxy_temp_path {root}/tmp-proxy;
    fastcgi_temp_path {root}/tmp-fastcgi;
    uwsgi_temp_path {root}/tmp-uwsgi;
    scgi_temp_path {root}/tmp-scgi;
    types {{ text/markdown md; text/plain sums; application/zip zip; }}
    server {{
        listen 127.0.0.1:{port}{tls};
        root {www};
        autoindex on;
        location = /moved/ {{ return 301 /field/; }}
        location = /loop/ {{ return 302 /loop/; }}
        location /private/ {{ deny all; }}
        location /broken/ {{ return 503; }}
    }}
}}
"""


class Nginx:
    """nginx from Debian's package, autoindex on, configured inside ``root``."""

    def __init__(self, root: Path, www: Path, cert: tuple[Path, Path] | None = None) -> None:
        binary = nginx_binary()
        if binary is None:
            raise FileNotFoundError("nginx")
        self.port = free_port()
        self.root = root
        user = "user root;" if os.geteuid() == 0 else ""
        conf = root / "nginx.conf"
        tls = f" ssl; ssl_certificate {cert[0]}; ssl_certificate_key {cert[1]}" if cert else ""
        conf.write_text(NGINX_CONF.format(user=user, root=root, port=self.port, www=www, tls=tls))
        self.process = subprocess.Popen(
            [binary, "-p", str(root), "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _wait_for_port(self.port, self.process, "nginx")
        self.url = f"{'https' if cert else 'http'}://127.0.0.1:{self.port}/"

    def requests_logged(self) -> list[str]:
        log = self.root / "access.log"
        return log.read_text().splitlines() if log.exists() else []

    def stop(self) -> None:
        _stop(self.process)


def nginx_binary() -> str | None:
    """Debian installs nginx in /usr/sbin, which a non-root PATH may lack."""
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def self_signed_cert(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (PEM), made with cryptography."""
    import datetime as dt
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


class FolderHandler(BaseHTTPRequestHandler):
    """Serves the files of ``root`` for GET (404 for anything else), with
    ``headers_for(body)`` added to each answer; logs nothing."""

    root: Path

    def headers_for(self, data: bytes) -> dict[str, str]:
        return {}

    def do_GET(self) -> None:
        path = self.root / self.path.lstrip("/").split("?")[0]
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        self.send_response(200)
        for key, value in self.headers_for(data).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass
