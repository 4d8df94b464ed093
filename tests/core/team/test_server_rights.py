"""The team schema on a real PostgreSQL server: made by the owning role, and what each developer's role may do.

Every check of a right runs as the role it is about (never as the owner or a superuser), since
row-level security and privileges are what the server enforces for that role.
"""

from __future__ import annotations

import pytest
from psycopg import errors as pg_errors

from app.core.errors import TeamRefused, TeamSchemaError
from app.core.memory import MemoryStore
from app.core.team import admin, schema
from app.core.team.server import connect
from tests.core.memory.conftest import ok
from tests.team_server import TeamDatabase, new_database, unique

REPO = "origin:example.com/org/"


def _repo() -> str:
    return REPO + unique("r")


def test_init_is_made_by_an_owner_without_superuser_and_is_safe_twice(pg_cluster) -> None:  # type: ignore[no-untyped-def]
    database = new_database(pg_cluster, version=None)
    with connect(database.dsn()) as conn:
        assert conn.execute("SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user").fetchone() == (
            False,
            False,
        )
        assert schema.init(conn) == (0, schema.VERSION)
        assert schema.init(conn) == (schema.VERSION, schema.VERSION)
        forced = conn.execute(
            "SELECT relname FROM pg_class WHERE relnamespace = 'vda'::regnamespace AND relkind = 'r'"
            " AND NOT (relrowsecurity AND relforcerowsecurity) ORDER BY relname"
        ).fetchall()
        assert forced == []  # every table's row-level security is on and forced, for the owner too


def test_a_newer_schema_is_refused_and_left_as_it_is(pg_cluster) -> None:  # type: ignore[no-untyped-def]
    database = new_database(pg_cluster)
    with connect(database.dsn()) as conn:
        conn.execute("UPDATE vda.meta SET version = 99")
        with pytest.raises(TeamSchemaError, match="version 99, newer than this app knows"):
            schema.init(conn)
        with pytest.raises(TeamSchemaError, match="newer"):
            schema.check_version(conn)
        assert conn.execute("SELECT version FROM vda.meta").fetchone() == (99,)


def test_an_older_schema_is_migrated_in_place_and_keeps_its_memory(pg_cluster) -> None:  # type: ignore[no-untyped-def]
    database = new_database(pg_cluster, version=1)
    role = database.role()
    identity = _repo()
    with connect(database.dsn()) as conn:
        # The grant command checks the version it needs; at version 1 a team lead had granted by hand like this.
        conn.execute("INSERT INTO vda.repos (identity) VALUES (%s)", (identity,))
        conn.execute(
            "INSERT INTO vda.grants (repo, role, can_write) SELECT id, %s, true FROM vda.repos WHERE identity = %s",
            (role, identity),
        )
        conn.execute(f"GRANT USAGE ON SCHEMA vda TO {role}")
        conn.execute(f"GRANT SELECT ON vda.meta, vda.repos, vda.grants, vda.texts, vda.changes, vda.words TO {role}")
        conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON vda.texts, vda.seen TO {role}")
        conn.execute(f"GRANT INSERT ON vda.changes TO {role}")
        conn.execute(f"GRANT INSERT, DELETE ON vda.words TO {role}")
        conn.execute(f"GRANT USAGE ON SEQUENCE vda.ops TO {role}")
    line = "- Provision on Azure with Bicep.\n"
    with connect(database.dsn(role)) as conn:  # what an app of schema version 1 wrote, as that role
        conn.execute(
            "INSERT INTO vda.texts (repo, path, is_dir, body) SELECT id, 'conventions.md', false, %s FROM vda.repos",
            (line.encode(),),
        )
        conn.execute(
            "INSERT INTO vda.changes (repo, op, author, command, path, new_text)"
            " SELECT id, nextval('vda.ops'), 'person', 'create', '/memories/conventions.md', %s FROM vda.repos",
            (line,),
        )
    older = MemoryStore(database.backend(identity, role)).execute({"command": "view", "path": "/memories"})
    assert older.is_error and "team init" in older.text  # this app does not use a schema it has outgrown
    with connect(database.dsn()) as conn:
        assert schema.init(conn) == (1, schema.VERSION)
        assert conn.execute("SELECT count(*) FROM pg_trigger WHERE tgname = 'announce'").fetchone() == (1,)
        # The role granted before the per-line tables existed was given their privileges by the migration.
        assert conn.execute("SELECT has_table_privilege(%s, 'vda.line_sessions', 'INSERT')", (role,)).fetchone() == (
            True,
        )
    again = MemoryStore(database.backend(identity, role))
    assert [f.text for f in again.files()] == [line]
    assert [(c.role, c.new) for c in again.history()] == [(role, line)]


def test_a_role_without_a_grant_sees_nothing_and_a_reader_cannot_write(team_db: TeamDatabase) -> None:
    identity = _repo()
    writer, reader, stranger = team_db.role("writer"), team_db.role("reader"), team_db.role("stranger")
    team_db.grant(identity, writer)
    team_db.grant(identity, reader, write=False)
    team_db.grant(_repo(), stranger)  # a grant elsewhere: table privileges, but no row of this repository
    ok(
        MemoryStore(team_db.backend(identity, writer)),
        {
            "command": "create",
            "path": "/memories/ci.md",
            "file_text": "- The full CI script skips the integration suite.\n",
        },
        by="person",
    )

    assert [f.text for f in MemoryStore(team_db.backend(identity, reader)).files()] == [
        "- The full CI script skips the integration suite.\n"
    ]
    refused = MemoryStore(team_db.backend(identity, reader)).execute(
        {"command": "create", "path": "/memories/x.md", "file_text": "- Deploy on Fridays.\n"}, by="person"
    )
    assert refused.is_error and "may read this repository's team memory but not change it" in refused.text

    assert MemoryStore(team_db.backend(identity, stranger)).files() == []
    with connect(team_db.dsn()) as owner:
        repo_id = owner.execute("SELECT id FROM vda.repos WHERE identity = %s", (identity,)).fetchone()
    with connect(team_db.dsn(stranger)) as conn:
        for table in ("texts", "changes", "words", "grants", "seen"):
            rows = conn.execute(f"SELECT count(*) FROM vda.{table} WHERE repo = %s", repo_id).fetchone()
            assert rows == (0,), table
        assert conn.execute("SELECT count(*) FROM vda.repos WHERE identity = %s", (identity,)).fetchone() == (0,)
        # Even writing straight to the table with the repository's id is refused by the policy.
        with pytest.raises(pg_errors.InsufficientPrivilege, match="row-level security"):
            conn.execute(
                "INSERT INTO vda.texts (repo, path, is_dir, body) VALUES (%s, 'planted.md', false, 'x')", repo_id
            )


def test_history_is_append_only_for_the_app_roles_and_its_author_is_the_server_role(team_db: TeamDatabase) -> None:
    identity = _repo()
    writer = team_db.role("writer")
    admin_role = team_db.role("lead")
    team_db.grant(identity, writer)
    team_db.grant(identity, admin_role, admin_right=True)
    store = MemoryStore(team_db.backend(identity, writer))
    ok(
        store,
        {
            "command": "create",
            "path": "/memories/hooks.md",
            "file_text": "- The commit hook rejects a trailing newline.\n",
        },
        by="person",
    )
    for role in (writer, admin_role):
        with connect(team_db.dsn(role)) as conn:
            for statement in ("UPDATE vda.changes SET new_text = 'rewritten'", "DELETE FROM vda.changes"):
                with pytest.raises(pg_errors.InsufficientPrivilege, match="permission denied"):
                    conn.execute(statement)
            # A client naming another author is overruled by the server.
            conn.execute(
                "INSERT INTO vda.changes (repo, op, author, command, path, new_text, by)"
                " SELECT id, nextval('vda.ops'), 'person', 'create', 'forged.md', 'x', %s FROM vda.repos"
                " WHERE identity = %s",
                (team_db.owner, identity),
            )
    history = store.history()
    assert [c.role for c in history] == [writer, writer, admin_role]
    assert history[0].new == "- The commit hook rejects a trailing newline.\n"


def test_grant_refuses_a_role_that_bypasses_row_level_security_and_revoke_takes_all_away(
    team_db: TeamDatabase,
) -> None:
    identity = _repo()
    bypass = unique("bypass")
    team_db.cluster.psql(f"CREATE ROLE {bypass} LOGIN BYPASSRLS")
    with connect(team_db.dsn()) as conn, pytest.raises(TeamRefused, match="bypasses row-level security"):
        admin.grant(conn, identity, bypass, write=True, admin=False)
    with connect(team_db.dsn()) as conn, pytest.raises(TeamRefused, match="no role"):
        admin.grant(conn, identity, "nobody_here", write=True, admin=False)

    role = team_db.role()
    team_db.grant(identity, role)
    with connect(team_db.dsn()) as conn:
        assert admin.revoke(conn, identity, role)
        assert not admin.revoke(conn, identity, role)
    with connect(team_db.dsn(role)) as conn, pytest.raises(pg_errors.InsufficientPrivilege):
        conn.execute("SELECT count(*) FROM vda.texts")


def test_an_admin_can_make_the_repository_read_only_for_everyone(team_db: TeamDatabase) -> None:
    identity = _repo()
    writer, lead = team_db.role("writer"), team_db.role("lead")
    team_db.grant(identity, writer)
    team_db.grant(identity, lead, admin_right=True)
    with connect(team_db.dsn(writer)) as conn:
        assert conn.execute("UPDATE vda.repos SET read_only = true").rowcount == 0  # not theirs to switch
    with connect(team_db.dsn(lead)) as conn:
        assert conn.execute("UPDATE vda.repos SET read_only = true WHERE identity = %s", (identity,)).rowcount == 1
    for role in (writer, lead):
        refused = MemoryStore(team_db.backend(identity, role)).execute(
            {"command": "create", "path": "/memories/a.md", "file_text": "- Use Bicep.\n"}, by="person"
        )
        assert refused.is_error and "read-only" in refused.text
