"""The drawing behind tools/make_assets.py, one module per job."""
