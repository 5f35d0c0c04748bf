"""Thaasbai: Thaas, Dhihaeh and Thulla, with bots, an app and a room server."""

__version__ = "0.1.0"
