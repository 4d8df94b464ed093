"""The team memory's schema on a PostgreSQL server: its versions, and `init` that creates or migrates it.

Everything lives in the schema `vda`, owned by the role that runs `team init` (the database's
owning role; no superuser needed, as on managed services). Row-level security is forced on every
table, so the owner's own queries pass policies too, and the developers' roles (which own
nothing and have no BYPASSRLS) see and write only the repositories `vda.grants` names for them.
History (`vda.changes`) gets no UPDATE or DELETE privilege and no policy for them: append-only
for every app role. Who made a change and when is set by a trigger from `current_user` and the
server's clock, so a client cannot claim another name.

Each migration step is one small list of statements; `init` applies those past the version
the server holds, in one transaction under an advisory lock (safe twice, safe in parallel), and
refuses a server whose schema is newer than this app knows.
"""

from __future__ import annotations

from collections.abc import Sequence

import psycopg

from app.core.errors import TeamSchemaError
from app.core.team import pending, policies, redact
from app.core.ui_text import QT_TRANSLATE_NOOP

SCHEMA = "vda"
CHANNEL = "vda_changes"  # NOTIFY channel; since step 7 its payload is empty (`live` says why)
_INIT_LOCK = 0x7664_6100  # advisory lock key for init: one migration at a time per database

# Step 1: the tables, the policies' helpers, RLS. Step 2: NOTIFY on every change, for live windows.
# Step 3: per-line records (confirmations, standing marks, citations).
# Step 4: held lines and line origins: `pending.MIGRATION`. Step 5: cheaper policies (`policies`).
# Step 6: `redact`. Step 7: the notification says nothing (`QUIET_NOTIFY`).
# Every role that may connect can LISTEN on any channel, also one with no grant for the repository that
# changed; step 2's payload (`repo id:seq`) told it which repository changed and how often. Now a
# listener hears only that something changed and asks through the policies (`live`).
QUIET_NOTIFY = (
    f"""CREATE OR REPLACE FUNCTION vda.announce() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', '');
        RETURN NULL;
    END $$""",
)

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE SCHEMA IF NOT EXISTS vda",
        "REVOKE ALL ON SCHEMA vda FROM PUBLIC",
        """CREATE TABLE vda.meta (
            one boolean PRIMARY KEY DEFAULT true CHECK (one),
            version integer NOT NULL
        )""",
        """CREATE TABLE vda.repos (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            identity text NOT NULL UNIQUE,
            name text NOT NULL DEFAULT '',
            read_only boolean NOT NULL DEFAULT false,
            created timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE vda.grants (
            repo bigint NOT NULL REFERENCES vda.repos ON DELETE CASCADE,
            role name NOT NULL,
            can_write boolean NOT NULL DEFAULT false,
            is_admin boolean NOT NULL DEFAULT false,
            PRIMARY KEY (repo, role)
        )""",
        "CREATE INDEX grants_role ON vda.grants (role)",
        """CREATE TABLE vda.texts (
            repo bigint NOT NULL REFERENCES vda.repos,
            path text NOT NULL,
            is_dir boolean NOT NULL,
            body bytea,
            version integer NOT NULL DEFAULT 1,
            at timestamptz NOT NULL DEFAULT now(),
            by name NOT NULL DEFAULT current_user,
            PRIMARY KEY (repo, path)
        )""",
        "CREATE SEQUENCE vda.ops",
        """CREATE TABLE vda.changes (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            repo bigint NOT NULL REFERENCES vda.repos,
            op bigint NOT NULL,
            at timestamptz NOT NULL DEFAULT now(),
            by name NOT NULL DEFAULT current_user,
            author text NOT NULL,
            session text NOT NULL DEFAULT '',
            command text NOT NULL,
            path text NOT NULL,
            old_path text NOT NULL DEFAULT '',
            old_text text,
            new_text text,
            head text NOT NULL DEFAULT '',
            undoes bigint NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX changes_repo ON vda.changes (repo, seq)",
        # The user's words beside a change: blanked after a while, so kept apart from the append-only history.
        """CREATE TABLE vda.words (
            change bigint PRIMARY KEY REFERENCES vda.changes,
            repo bigint NOT NULL REFERENCES vda.repos,
            words text NOT NULL,
            at timestamptz NOT NULL DEFAULT now()
        )""",
        """CREATE TABLE vda.seen (
            repo bigint NOT NULL REFERENCES vda.repos,
            by name NOT NULL DEFAULT current_user,
            session text NOT NULL,
            path text NOT NULL,
            digest text NOT NULL,
            at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (repo, by, session, path)
        )""",
        # The policies' questions. Invoker's rights: they see vda.grants through its own policy.
        """CREATE FUNCTION vda.is_owner() RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT pg_has_role((SELECT relowner FROM pg_class WHERE oid = 'vda.repos'::regclass), 'MEMBER')
        $$""",
        """CREATE FUNCTION vda.my_roles() RETURNS SETOF name LANGUAGE sql STABLE AS $$
            SELECT rolname FROM pg_roles WHERE pg_has_role(oid, 'MEMBER')
        $$""",
        """CREATE FUNCTION vda.can_read(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM vda.grants g WHERE g.repo = r AND g.role IN (SELECT vda.my_roles()))
        $$""",
        """CREATE FUNCTION vda.can_write(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (
                SELECT 1 FROM vda.grants g JOIN vda.repos p ON p.id = g.repo
                WHERE g.repo = r AND g.can_write AND NOT p.read_only AND g.role IN (SELECT vda.my_roles())
            )
        $$""",
        """CREATE FUNCTION vda.is_admin(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (
                SELECT 1 FROM vda.grants g WHERE g.repo = r AND g.is_admin AND g.role IN (SELECT vda.my_roles())
            )
        $$""",
        # Who and when come from the server, whatever a client sends.
        """CREATE FUNCTION vda.stamp() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.by := current_user;
            NEW.at := now();
            IF TG_TABLE_NAME = 'texts' AND TG_OP = 'UPDATE' THEN
                NEW.version := OLD.version + 1;
            END IF;
            RETURN NEW;
        END $$""",
        "CREATE TRIGGER stamp BEFORE INSERT ON vda.changes FOR EACH ROW EXECUTE FUNCTION vda.stamp()",
        "CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON vda.texts FOR EACH ROW EXECUTE FUNCTION vda.stamp()",
        "CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON vda.seen FOR EACH ROW EXECUTE FUNCTION vda.stamp()",
        *(
            statement
            for table in ("meta", "repos", "grants", "texts", "changes", "words", "seen")
            for statement in (
                f"ALTER TABLE vda.{table} ENABLE ROW LEVEL SECURITY",
                f"ALTER TABLE vda.{table} FORCE ROW LEVEL SECURITY",
            )
        ),
        "CREATE POLICY everyone_reads ON vda.meta FOR SELECT USING (true)",
        "CREATE POLICY owner_writes ON vda.meta FOR ALL USING (vda.is_owner()) WITH CHECK (vda.is_owner())",
        "CREATE POLICY granted_reads ON vda.repos FOR SELECT USING (vda.is_owner() OR vda.can_read(id))",
        "CREATE POLICY owner_writes ON vda.repos FOR ALL USING (vda.is_owner()) WITH CHECK (vda.is_owner())",
        # A team's admin may switch the repository read-only (the column privilege limits it to that column).
        "CREATE POLICY admins_switch ON vda.repos FOR UPDATE USING (vda.is_admin(id)) WITH CHECK (vda.is_admin(id))",
        "CREATE POLICY own_rows ON vda.grants FOR SELECT USING (vda.is_owner() OR role IN (SELECT vda.my_roles()))",
        "CREATE POLICY owner_writes ON vda.grants FOR ALL USING (vda.is_owner()) WITH CHECK (vda.is_owner())",
        "CREATE POLICY readers ON vda.texts FOR SELECT USING (vda.is_owner() OR vda.can_read(repo))",
        "CREATE POLICY writers_add ON vda.texts FOR INSERT WITH CHECK (vda.can_write(repo))",
        "CREATE POLICY writers_change ON vda.texts FOR UPDATE USING (vda.can_write(repo))"
        " WITH CHECK (vda.can_write(repo))",
        "CREATE POLICY writers_remove ON vda.texts FOR DELETE USING (vda.can_write(repo))",
        "CREATE POLICY readers ON vda.changes FOR SELECT USING (vda.is_owner() OR vda.can_read(repo))",
        "CREATE POLICY writers_append ON vda.changes FOR INSERT WITH CHECK (vda.can_write(repo) AND by = current_user)",
        "CREATE POLICY readers ON vda.words FOR SELECT USING (vda.can_read(repo))",
        "CREATE POLICY writers_add ON vda.words FOR INSERT WITH CHECK (vda.can_write(repo))",
        "CREATE POLICY writers_blank ON vda.words FOR DELETE USING (vda.can_write(repo))",
        "CREATE POLICY own_sessions ON vda.seen FOR ALL USING (by = current_user AND vda.can_read(repo))"
        " WITH CHECK (by = current_user AND vda.can_read(repo))",
        "REVOKE ALL ON ALL TABLES IN SCHEMA vda FROM PUBLIC",
        "REVOKE ALL ON ALL SEQUENCES IN SCHEMA vda FROM PUBLIC",
    ),
    (
        f"""CREATE FUNCTION vda.announce() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('{CHANNEL}', NEW.repo::text || ':' || NEW.seq::text);
            RETURN NULL;
        END $$""",
        "CREATE TRIGGER announce AFTER INSERT ON vda.changes FOR EACH ROW EXECUTE FUNCTION vda.announce()",
    ),
    (
        # Per-line records (confirmations, a person's marks), the shared half's part of `memory.lines`.
        """CREATE TABLE vda.line_sessions (
            repo bigint NOT NULL REFERENCES vda.repos,
            path text NOT NULL,
            key text NOT NULL,
            session text NOT NULL,
            author text NOT NULL,
            at double precision NOT NULL,
            by name NOT NULL DEFAULT current_user,
            PRIMARY KEY (repo, path, key, session)
        )""",
        """CREATE TABLE vda.line_marks (
            repo bigint NOT NULL REFERENCES vda.repos,
            path text NOT NULL,
            key text NOT NULL,
            standing boolean NOT NULL DEFAULT false,
            restored_at double precision,
            PRIMARY KEY (repo, path, key)
        )""",
        """CREATE TABLE vda.citations (
            repo bigint NOT NULL REFERENCES vda.repos,
            path text NOT NULL,
            key text NOT NULL,
            cites text NOT NULL,
            PRIMARY KEY (repo, path, key)
        )""",
        *(
            statement
            for table in ("line_sessions", "line_marks", "citations")
            for statement in (
                f"ALTER TABLE vda.{table} ENABLE ROW LEVEL SECURITY",
                f"ALTER TABLE vda.{table} FORCE ROW LEVEL SECURITY",
                f"CREATE POLICY readers ON vda.{table} FOR SELECT USING (vda.is_owner() OR vda.can_read(repo))",
                f"CREATE POLICY writers_add ON vda.{table} FOR INSERT WITH CHECK (vda.can_write(repo))",
                f"REVOKE ALL ON vda.{table} FROM PUBLIC",
            )
        ),
        *(
            statement
            for table in ("line_sessions", "line_marks", "citations")
            for statement in (
                f"CREATE POLICY writers_change ON vda.{table} FOR UPDATE USING (vda.can_write(repo))"
                " WITH CHECK (vda.can_write(repo))",
                f"CREATE POLICY writers_remove ON vda.{table} FOR DELETE USING (vda.can_write(repo))",
            )
        ),
        # Roles granted before this step get the new tables' privileges (`admin` gives them to new grants).
        """DO $$
        DECLARE r name;
        BEGIN
            FOR r IN SELECT DISTINCT g.role FROM vda.grants g JOIN pg_roles p ON p.rolname = g.role LOOP
                EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO %I',
                               'vda.line_sessions, vda.line_marks, vda.citations', r);
            END LOOP;
        END $$""",
    ),
    pending.MIGRATION,  # lines held for a person to keep, and each line's origin
    policies.MIGRATION,  # the policies check the role once a query, not once a row
    redact.MIGRATION,  # a team admin wipes one change's leaked text; the record stays
    QUIET_NOTIFY,  # the change notification carries no repository and no sequence number
)
VERSION = len(MIGRATIONS)


def usable(conn: psycopg.Connection[tuple[object, ...]]) -> bool:
    """Whether the schema is there and the role may use it at all (a role with no grant, or revoked, may not)."""
    row = conn.execute(
        "SELECT CASE WHEN to_regnamespace('vda') IS NULL THEN false ELSE has_schema_privilege('vda', 'USAGE') END"
    ).fetchone()
    return bool(row and row[0])


def server_version(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """The schema version the server holds: 0 when there is none."""
    if conn.execute("SELECT to_regclass('vda.meta')").fetchone() == (None,):
        return 0
    row = conn.execute("SELECT version FROM vda.meta").fetchone()
    return int(str(row[0])) if row else 0


def check_version(conn: psycopg.Connection[tuple[object, ...]]) -> int:
    """The server's schema version when this app can use it; TeamSchemaError otherwise."""
    found = server_version(conn)
    if found > VERSION:
        raise newer(found)
    if found < VERSION:
        raise TeamSchemaError(
            QT_TRANSLATE_NOOP(
                "errors", "The team server's memory schema is version {found}; this app needs version {needed}."
            ).format(found=found, needed=VERSION),
            hint=QT_TRANSLATE_NOOP(
                "errors", "Ask the team's admin to run 'voice-dev-agent team init --dsn DSN' (it migrates in place)."
            ),
        )
    return found


def newer(found: int) -> TeamSchemaError:
    return TeamSchemaError(
        f"The team server's memory schema is version {found}, newer than this app knows ({VERSION}).",
        hint="Update Voice Dev Agent; nothing was changed on the server.",
    )


def init(conn: psycopg.Connection[tuple[object, ...]], *, target: int = VERSION) -> tuple[int, int]:
    """Create or migrate the schema up to `target` in one transaction: (version before, version after).

    Run by the role that is to own it. Refuses, changing nothing, a schema newer than this app's.
    """
    if not 1 <= target <= VERSION:
        raise ValueError(f"no schema version {target}")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_INIT_LOCK,))
        before = server_version(conn)
        if before > VERSION:
            raise newer(before)
        for step in range(before, target):
            _apply(conn, MIGRATIONS[step])
        if before == 0:
            conn.execute("INSERT INTO vda.meta (version) VALUES (%s)", (max(before, target),))
        elif target > before:
            conn.execute("UPDATE vda.meta SET version = %s", (target,))
    return before, max(before, target)


def _apply(conn: psycopg.Connection[tuple[object, ...]], statements: Sequence[str]) -> None:
    for statement in statements:
        conn.execute(statement)
