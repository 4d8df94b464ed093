"""Entry point for `python -m app`."""

from app.main import main

raise SystemExit(main())
