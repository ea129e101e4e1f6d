"""``python -m coderl`` runs the command line."""

import sys

from coderl.cli import main

sys.exit(main())
