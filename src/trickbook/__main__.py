"""``python -m trickbook replay|check|fmt …``: the engine's command line."""

import sys

from .tools import main

sys.exit(main())
