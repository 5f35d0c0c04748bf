"""The PWA manifest."""

from __future__ import annotations

import json

from thaasbai.ui.palette import TEAL, TEAL_DEEP

APP_NAME = "Thaasbai"
APP_DESCRIPTION = (
    "Thaas, Dhihaeh and Thulla: the card games of the Maldives and South Asia, "
    "solo against bots or with friends."
)

ICONS = [
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-192.png", 192, "maskable"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
]


def manifest_json():
    data = {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": APP_DESCRIPTION,
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "any",
        "background_color": TEAL_DEEP,
        "theme_color": TEAL,
        "lang": "en",
        "categories": ["games", "entertainment"],
        "prefer_related_applications": False,
        "icons": [
            {"src": src, "sizes": f"{px}x{px}", "type": "image/png", "purpose": purpose}
            for src, px, purpose in ICONS
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
