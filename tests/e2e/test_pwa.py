"""The app installs as a PWA: manifest fields, and Chrome reports no installability errors."""

from __future__ import annotations

import json
import tempfile
import urllib.request

import pytest

from .conftest import CHROME_ARGS, CHROMIUM, enable_semantics

pytestmark = pytest.mark.browser


def test_manifest_has_the_fields_an_install_needs(server_url: str) -> None:
    with urllib.request.urlopen(server_url + "/manifest.json", timeout=10) as resp:
        manifest = json.load(resp)
    assert manifest["name"] == "Thaasbai"
    assert manifest["short_name"] == "Thaasbai"
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    assert manifest["start_url"]
    assert manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any("maskable" in i.get("purpose", "") for i in manifest["icons"])
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{server_url}/{icon['src']}", timeout=10) as resp:
            assert resp.headers["content-type"].startswith("image/png")


def test_chrome_reports_no_installability_errors(playwright_instance, server_url: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        ctx = playwright_instance.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=CHROME_ARGS
        )
        try:
            page = ctx.new_page()
            page.goto(server_url + "/")
            enable_semantics(page)
            cdp = ctx.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == []
        finally:
            ctx.close()
