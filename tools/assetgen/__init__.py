"""The drawing (and the sounds) behind tools/make_assets.py, one module per job."""
