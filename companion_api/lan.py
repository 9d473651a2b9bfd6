"""The address other devices on the Wi-Fi use to reach this machine, and the link (with QR code) to print."""

from __future__ import annotations

import ipaddress
import socket
import sys
from typing import TextIO

# A private address that is never contacted: connect() on a UDP socket only picks the outgoing interface.
_PROBE = ("10.254.254.254", 9)


def lan_address() -> str | None:
    """This machine's LAN IPv4 address, found without sending a single packet; None when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def page_url(host: str, port: int, join_code: str | None) -> str:
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = lan_address() or "127.0.0.1"
    query = f"/?code={join_code}" if join_code else "/"
    return f"http://{shown}:{port}{query}"


def print_banner(url: str, *, listening_on_lan: bool, out: TextIO = sys.stdout) -> None:
    """The link and a terminal QR code, so a phone joins with one scan."""
    import segno

    print(f"\nNain Jaune companion: {url}", file=out)
    if listening_on_lan:
        print("Scan this with a phone on the same Wi-Fi (the link carries the table's join code):", file=out)
    else:
        print("Listening on this computer only; add --host 0.0.0.0 to let phones on the Wi-Fi join.", file=out)
    segno.make(url, error="m").terminal(out=out, compact=True)
    out.flush()
