"""``python -m thaasbai``: the same commands as the ``thaasbai`` console script."""

import sys

from .cli import main

sys.exit(main())
