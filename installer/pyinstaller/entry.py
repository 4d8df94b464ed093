"""Entry script of the bundled app: the same as `python -m app`."""

import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
