"""The addresses to open the app at, for the person who started ``thaasbai serve``.

A phone on the same network cannot open ``127.0.0.1``: when the server listens on every
interface we name each LAN address, and we warn when the only address is loopback.
"""

from __future__ import annotations

import ipaddress

from ..settings import ServeSettings

ALL_INTERFACES = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This machine's non-loopback, non-link-local IP addresses (IPv4 first)."""
    import ifaddr

    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                addr = ipaddress.ip_address(text)
            except ValueError:
                continue
            if not (addr.is_loopback or addr.is_link_local or addr.is_unspecified):
                found.append(addr)
    found.sort(key=lambda a: (a.version, str(a)))
    return [str(a) for a in found]


def is_loopback_host(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_for(scheme: str, host: str, port: int) -> str:
    if ":" in host:
        host = f"[{host}]"
    default = (scheme == "http" and port == 80) or (scheme == "https" and port == 443)
    return f"{scheme}://{host}" + ("" if default else f":{port}")


def describe_urls(settings: ServeSettings) -> list[str]:
    """The lines ``thaasbai serve`` prints: where to open the app, and any warning."""
    scheme = "https" if settings.certfile else "http"
    lines: list[str] = []
    if settings.host in ALL_INTERFACES:
        lines.append(f"Thaasbai: open {url_for(scheme, '127.0.0.1', settings.port)} here")
        for addr in lan_addresses():
            lines.append(f"          or {url_for(scheme, addr, settings.port)} on a phone")
    else:
        lines.append(f"Thaasbai: open {url_for(scheme, settings.host, settings.port)}")
        if is_loopback_host(settings.host):
            lines.append(
                "          (this device only: add --host 0.0.0.0 to play from a phone"
                " on your network)"
            )
    if settings.public_url:
        lines.append(f"          invite links use {settings.public_url}")
    if scheme == "http":
        lines.append(
            "          Installing the app and playing offline need HTTPS (or localhost):"
            " see --certfile, docs/DEPLOY.md"
        )
    return lines
