"""Schema step 5: the row-level security policies rewritten so a query pays for the role check once, not per row.

The first policies called `vda.can_read(repo)` and friends for every row: SQL functions with a
subquery are never inlined, so each call ran its own executor and scanned `pg_roles`, about
0.3 ms a row. A team file of 1,000 lines has 1,000 citation rows and its history thousands of
changes, so one read took seconds, and every promotion held its lock through them.

Here each policy is an inline EXISTS on `vda.grants` by its primary key (repository, role),
against the connected role's roles as an array computed once per query (an uncorrelated
scalar sub-select is an InitPlan). `OFFSET 0` keeps the planner from turning the EXISTS into a
hash of every grant the role holds, which a role granted 10,000 repositories would rebuild for
each query. The cost per row is one index probe, the same whatever the server holds, so a query
stays flat from 1,000 to 10,000 repositories. What each role may see and do is unchanged; the
helper functions keep their names and meaning for the app's own checks.
"""

from __future__ import annotations

_ROLES = "(SELECT vda.my_role_array())::name[]"  # the cast makes ANY take an array, not a subquery
_OWNER = "(SELECT vda.is_owner())"


def _reads(table: str, column: str = "repo") -> str:
    return f"EXISTS (SELECT 1 FROM vda.grants g WHERE g.repo = {table}.{column} AND g.role = ANY ({_ROLES}) OFFSET 0)"


def _writes(table: str, column: str = "repo") -> str:
    return (
        f"EXISTS (SELECT 1 FROM vda.grants g JOIN vda.repos p ON p.id = g.repo WHERE g.repo = {table}.{column}"
        f" AND g.can_write AND NOT p.read_only AND g.role = ANY ({_ROLES}) OFFSET 0)"
    )


def _admins(table: str, column: str) -> str:
    return (
        f"EXISTS (SELECT 1 FROM vda.grants g WHERE g.repo = {table}.{column} AND g.is_admin"
        f" AND g.role = ANY ({_ROLES}) OFFSET 0)"
    )


_LINE_TABLES = ("texts", "line_sessions", "line_marks", "citations")

MIGRATION: tuple[str, ...] = (
    """CREATE FUNCTION vda.my_role_array() RETURNS name[] LANGUAGE sql STABLE AS $$
        SELECT coalesce(array_agg(rolname), '{}') FROM pg_roles WHERE pg_has_role(oid, 'MEMBER')
    $$""",
    """CREATE OR REPLACE FUNCTION vda.can_read(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (SELECT 1 FROM vda.grants g WHERE g.repo = r AND g.role = ANY (vda.my_role_array()))
    $$""",
    """CREATE OR REPLACE FUNCTION vda.can_write(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (
            SELECT 1 FROM vda.grants g JOIN vda.repos p ON p.id = g.repo
            WHERE g.repo = r AND g.can_write AND NOT p.read_only AND g.role = ANY (vda.my_role_array())
        )
    $$""",
    """CREATE OR REPLACE FUNCTION vda.is_admin(r bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT EXISTS (
            SELECT 1 FROM vda.grants g WHERE g.repo = r AND g.is_admin AND g.role = ANY (vda.my_role_array())
        )
    $$""",
    "ALTER POLICY everyone_reads ON vda.meta USING (true)",
    f"ALTER POLICY owner_writes ON vda.meta USING ({_OWNER}) WITH CHECK ({_OWNER})",
    f"ALTER POLICY granted_reads ON vda.repos USING ({_OWNER} OR {_reads('repos', 'id')})",
    f"ALTER POLICY owner_writes ON vda.repos USING ({_OWNER}) WITH CHECK ({_OWNER})",
    f"ALTER POLICY admins_switch ON vda.repos USING ({_admins('repos', 'id')}) WITH CHECK ({_admins('repos', 'id')})",
    f"ALTER POLICY own_rows ON vda.grants USING ({_OWNER} OR role = ANY ({_ROLES}))",
    f"ALTER POLICY owner_writes ON vda.grants USING ({_OWNER}) WITH CHECK ({_OWNER})",
    *(
        statement
        for table in _LINE_TABLES
        for statement in (
            f"ALTER POLICY readers ON vda.{table} USING ({_OWNER} OR {_reads(table)})",
            f"ALTER POLICY writers_add ON vda.{table} WITH CHECK ({_writes(table)})",
            f"ALTER POLICY writers_change ON vda.{table} USING ({_writes(table)}) WITH CHECK ({_writes(table)})",
            f"ALTER POLICY writers_remove ON vda.{table} USING ({_writes(table)})",
        )
    ),
    f"ALTER POLICY readers ON vda.changes USING ({_OWNER} OR {_reads('changes')})",
    f"ALTER POLICY writers_append ON vda.changes WITH CHECK ({_writes('changes')} AND by = current_user)",
    f"ALTER POLICY readers ON vda.words USING ({_reads('words')})",
    f"ALTER POLICY writers_add ON vda.words WITH CHECK ({_writes('words')})",
    f"ALTER POLICY writers_blank ON vda.words USING ({_writes('words')})",
    f"ALTER POLICY own_sessions ON vda.seen USING (by = current_user AND {_reads('seen')})"
    f" WITH CHECK (by = current_user AND {_reads('seen')})",
    *(
        statement
        for table in ("pending", "line_origins")
        for statement in (
            f"ALTER POLICY readers ON vda.{table} USING ({_OWNER} OR {_reads(table)})",
            f"ALTER POLICY writers ON vda.{table} USING ({_writes(table)}) WITH CHECK ({_writes(table)})",
        )
    ),
)
