"""Headless subcommands; each module registers one with `register(subparsers)`."""
