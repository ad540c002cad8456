"""A whole configuration for Debian's nginx, Apache or Caddy in one folder, around what
``site_headers.py`` generates: the server runs in the foreground from that folder, as any user,
on 127.0.0.1, serving a directory with the site's headers (docs/testing.md, "The host matrix").

What the tests run: ``tests/test_server_configs.py`` on a tiny site, ``e2e/real_hosts.py`` on
the built one. Each function writes the folder's files (the site's part from ``site_headers``
included) and returns the main file to start the server with.
"""

from __future__ import annotations

import os
from pathlib import Path

import site_headers  # web/site_headers.py

#: Where Debian's apache2 keeps its modules.
APACHE_MODULES = Path("/usr/lib/apache2/modules")
#: The Apache modules the site's configuration needs (``mod_brotli`` before ``mod_deflate`` as
#: ``site_headers.apache`` orders them), and the event MPM the server runs with.
APACHE_NEEDS = ["mpm_event", "authz_core", "mime", "headers", "rewrite", "dir", "filter"]
APACHE_NEEDS += ["deflate", "brotli"]


def nginx(folder: Path, root: Path, port: int, base: str) -> Path:
    """nginx serving ``root`` on 127.0.0.1:``port`` with ``site_headers.nginx(base)``, its pid,
    logs and temporary files in ``folder``; run it as ``nginx -p FOLDER -c`` the returned file."""
    (folder / "site.conf").write_text(site_headers.nginx(base), encoding="utf-8")
    mime = Path("/etc/nginx/mime.types")
    if mime.is_file():  # `include mime.types` is relative to the main file's folder
        (folder / "mime.types").symlink_to(mime)
    else:
        (folder / "mime.types").write_text("types { text/html html; }\n", encoding="utf-8")
    temp = folder / "temp"
    temp.mkdir()
    main = folder / "nginx.conf"
    main.write_text(
        f"""daemon off; master_process off; pid {folder}/nginx.pid; error_log {folder}/error.log;
events {{}}
http {{
  access_log off;
  client_body_temp_path {temp}; proxy_temp_path {temp}; fastcgi_temp_path {temp};
  uwsgi_temp_path {temp}; scgi_temp_path {temp};
  server {{
    listen 127.0.0.1:{port};
    root {root};
    include {folder}/site.conf;
  }}
}}
""",
        encoding="utf-8",
    )
    return main


def apache(folder: Path, root: Path, port: int, base: str) -> Path:
    """Apache serving ``root`` (links followed) on 127.0.0.1:``port`` with
    ``site_headers.apache(base)`` and the modules of :data:`APACHE_NEEDS` that are installed,
    its pid and logs in ``folder``; run it as ``apache2 -X -f`` the returned file."""
    (folder / "site.conf").write_text(site_headers.apache(base), encoding="utf-8")
    loads = "\n".join(
        f"LoadModule {name}_module {APACHE_MODULES}/mod_{name}.so"
        for name in APACHE_NEEDS
        if (APACHE_MODULES / f"mod_{name}.so").is_file()
    )
    types = Path("/etc/mime.types")
    main = folder / "httpd.conf"
    main.write_text(
        f"""ServerRoot {folder}
PidFile {folder}/httpd.pid
ErrorLog {folder}/error.log
Listen 127.0.0.1:{port}
ServerName localhost
{loads}
{f"TypesConfig {types}" if types.is_file() else ""}
AddType text/html .html
AddType text/css .css
AddType image/svg+xml .svg
DirectoryIndex index.html
DocumentRoot {root}
<Directory {root}>
  Options FollowSymLinks
  Require all granted
</Directory>
Include {folder}/site.conf
""",
        encoding="utf-8",
    )
    return main


def caddy(folder: Path, root: Path, port: int, base: str) -> Path:
    """Caddy serving ``root`` on 127.0.0.1:``port`` (no admin endpoint, no automatic HTTPS)
    with ``site_headers.caddy(base)`` inside its site block; run it as ``caddy run --adapter
    caddyfile --config`` the returned file, in :func:`caddy_env`."""
    site = "\n".join(
        "    " + line if line else "" for line in site_headers.caddy(base).splitlines()
    )
    main = folder / "Caddyfile"
    main.write_text(
        f"""{{
    admin off
    auto_https off
}}

http://127.0.0.1:{port} {{
    bind 127.0.0.1
    root * {root}
{site}
    file_server
}}
""",
        encoding="utf-8",
    )
    return main


def caddy_env(folder: Path) -> dict[str, str]:
    """Caddy's environment: its data and configuration folders inside ``folder``."""
    return {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
            "XDG_CONFIG_HOME": str(folder / "config")}  # fmt: skip
