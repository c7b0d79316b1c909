"""The link and QR code that open the dealer console on a device, from the raw token it was issued with.

They sit here, with the device tokens, because both the cockpit (which shows a new device's code once) and
the console (which serves a device's QR code) need them, and neither interface may import the other.
"""

from __future__ import annotations

import io

from django.http import HttpRequest
from django.urls import reverse

from apps.core.links import absolute_link


def console_link(request: HttpRequest, raw_token: str) -> str:
    """The absolute link that opens the console on a dealer's device (what the QR code holds). The token
    rides in the fragment (``/console/open/#<token>``), which a browser never sends: no access log, proxy
    or Referer sees it. The page's script hands it over in a POST
    (:func:`apps.console.views.console_open_page`)."""
    return absolute_link(request, reverse("console:open-page")) + "#" + raw_token


def console_qr_svg(request: HttpRequest, raw_token: str, *, title: str) -> bytes:
    """The console link of a device as a QR code (SVG)."""
    import segno

    out = io.BytesIO()
    qr = segno.make(console_link(request, raw_token), error="m")
    # A viewBox (omitsize) lets an <img> of any size scale the code instead of cropping it; the width and
    # height put back keep its natural size when the SVG is opened on its own.
    qr.save(out, kind="svg", scale=8, border=4, dark="#000", light="#fff", title=title, omitsize=True)
    width, height = qr.symbol_size(scale=8, border=4)
    return out.getvalue().replace(b"<svg ", f'<svg width="{width}" height="{height}" '.encode(), 1)


def console_qr_data_uri(request: HttpRequest, raw_token: str, *, title: str) -> str:
    """:func:`console_qr_svg` as a ``data:`` URI, for the page that shows a new device's code: the token
    stays inside the page instead of riding in an image's URL (which an access log would keep)."""
    import base64

    svg = console_qr_svg(request, raw_token, title=title)
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
