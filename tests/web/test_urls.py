"""What ``thaasbai serve`` prints: the address to open, LAN addresses for phones, warnings."""

from __future__ import annotations

from thaasbai.settings import ServeSettings
from thaasbai.web import urls


def test_listening_everywhere_names_each_lan_address_for_a_phone(monkeypatch):
    monkeypatch.setattr(urls, "lan_addresses", lambda: ["192.168.1.20", "fd00::2"])
    lines = urls.describe_urls(ServeSettings(host="0.0.0.0", port=8550))
    text = "\n".join(lines)
    assert "http://127.0.0.1:8550 here" in text
    assert "http://192.168.1.20:8550 on a phone" in text
    assert "http://[fd00::2]:8550 on a phone" in text
    assert "need HTTPS" in text  # installing needs a secure origin


def test_loopback_only_warns_that_no_other_device_can_open_it():
    text = "\n".join(urls.describe_urls(ServeSettings(host="127.0.0.1", port=9000)))
    assert text.count("http://127.0.0.1:9000") == 1  # the URL once, not twice
    assert "this device only" in text and "--host 0.0.0.0" in text


def test_https_and_a_public_url_are_what_it_prints():
    settings = ServeSettings(
        host="0.0.0.0", port=443, certfile="c.pem", public_url="https://cards.example"
    )
    text = "\n".join(urls.describe_urls(settings))
    assert "https://127.0.0.1 here" in text  # the default port is left out
    assert "invite links use https://cards.example" in text
    assert "need HTTPS" not in text


def test_lan_addresses_are_real_and_never_loopback():
    for addr in urls.lan_addresses():
        assert not urls.is_loopback_host(addr)
        assert not addr.startswith("fe80:")
