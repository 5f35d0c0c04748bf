"""Shared test helpers live beside this file (``knowledge.py``, the leak oracle); this
conftest puts ``tests/`` on the import path for every test directory."""
