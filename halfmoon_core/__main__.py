"""``python -m halfmoon_core``: the authoring command line."""

import sys

from .cli import main

sys.exit(main())
