"""The tests' team server: one real PostgreSQL cluster per test run, databases and roles made as a team lead would.

The cluster's superuser only makes roles and databases, as a managed service's console would;
everything else runs as a database's owning role (no superuser) or as a developer's role (owns
nothing, no BYPASSRLS), the way the app runs in a team.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from app.bench.pg_cluster import Cluster
from app.core.team import admin, schema
from app.core.team.backend import TeamBackend
from app.core.team.server import connect

_serial = itertools.count(1)


def unique(prefix: str) -> str:
    return f"{prefix}{next(_serial)}"


@dataclass
class TeamDatabase:
    """One database on the test cluster, owned by `owner` (not a superuser), its schema at `version`."""

    cluster: Cluster
    name: str
    owner: str
    roles: list[str] = field(default_factory=list)

    def dsn(self, role: str | None = None) -> str:
        return self.cluster.dsn(role or self.owner, self.name)

    def role(self, prefix: str = "dev") -> str:
        """A new login role, as a developer's: no superuser, no BYPASSRLS, owning nothing."""
        name = unique(prefix)
        self.cluster.psql(f"CREATE ROLE {name} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE")
        self.roles.append(name)
        return name

    def grant(self, identity: str, role: str, *, write: bool = True, admin_right: bool = False) -> None:
        with connect(self.dsn()) as conn:
            admin.grant(conn, identity, role, write=write, admin=admin_right)

    def backend(self, identity: str, role: str, **kwargs: object) -> TeamBackend:
        return TeamBackend(self.dsn(role), identity, **kwargs)  # type: ignore[arg-type]


def new_database(cluster: Cluster, *, version: int | None = schema.VERSION) -> TeamDatabase:
    """A fresh database with its own owning role; its team schema made by that role up to `version` (None: none)."""
    owner = unique("owner")
    name = unique("team")
    cluster.psql(f"CREATE ROLE {owner} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE")
    cluster.psql(f"CREATE DATABASE {name} OWNER {owner}")
    database = TeamDatabase(cluster, name, owner)
    if version is not None:
        with connect(database.dsn()) as conn:
            schema.init(conn, target=version)
    return database
