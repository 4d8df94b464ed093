"""`python -m app bench --team`: team memory on a throwaway PostgreSQL cluster on this machine (as the tests start).

Figures: concurrent promotions to one repository (latency, none lost), the team part of a session's
start on a server holding 1,000 and 10,000 repositories × 50 lines, and how soon a second client's
listener is told of a change (the `vda_changes` NOTIFY) and has read it. The big server is seeded
in bulk by the cluster's superuser with triggers off (a bench shortcut; the tests write as
developers' roles).
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

from app.bench.desktop import machine_load
from app.bench.home import temporary_home
from app.bench.pg_cluster import Cluster, ClusterUnavailable, start_cluster
from app.core.memory import limits
from app.core.team import admin, schema, tier
from app.core.team.backend import TeamBackend
from app.core.team.live import TeamListener
from app.core.team.server import connect

LINES = 50


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _setup(cluster: Cluster, developers: int) -> tuple[str, list[str]]:
    cluster.psql("CREATE ROLE bench_owner LOGIN; CREATE DATABASE team OWNER bench_owner")
    roles = [f"dev{i}" for i in range(developers)]
    cluster.psql("".join(f"CREATE ROLE {r} LOGIN;" for r in roles))
    with connect(cluster.dsn("bench_owner", "team")) as conn:
        schema.init(conn)
    return cluster.dsn("bench_owner", "team"), roles


TOPICS = 20  # the team's memory files the promotions go into: each taken by several clients at once


def _promotions(cluster: Cluster, owner: str, roles: list[str], each: int, home: Path) -> dict[str, Any]:
    """Every client promotes `each` lines, all kept: client n's k-th goes to topic file (n + k) % TOPICS."""
    identity = "origin:example.com/bench/promotions"
    with connect(owner) as conn:
        for role in roles:
            admin.grant(conn, identity, role, write=True, admin=False)
    latencies: list[float] = []
    accepted: list[str] = []
    failures: list[str] = []
    guard = threading.Lock()
    start = threading.Barrier(len(roles))

    def client(n: int, role: str) -> None:
        backend = TeamBackend(cluster.dsn(role, "team"), identity, machine_folder=home / f"m{n}", caps=limits.TEAM)
        team = tier.Team(backend, None, home / f"c{n}" / "lines.json")
        start.wait()
        for k in range(each):
            line = f"- Queue q{n}x{k} is drained by the {role} worker pool."
            began = time.perf_counter()
            try:
                team.promote(f"/memories/topic{(n + k) % TOPICS}.md", line)
            except Exception as exc:
                with guard:
                    failures.append(f"{role}: {exc}")
                continue
            took = time.perf_counter() - began
            with guard:
                latencies.append(took)
                accepted.append(line)
        team.close()

    threads = [threading.Thread(target=client, args=(n, r)) for n, r in enumerate(roles)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    with connect(cluster.dsn("postgres", "team")) as conn:
        repo = "(SELECT id FROM vda.repos WHERE identity = %s)"
        changes = conn.execute(f"SELECT count(*) FROM vda.changes WHERE repo = {repo}", (identity,)).fetchone()
        bodies = conn.execute(
            f"SELECT convert_from(body, 'UTF8') FROM vda.texts WHERE repo = {repo} AND NOT is_dir", (identity,)
        ).fetchall()
    stored = {x.strip() for (text,) in bodies for x in text.splitlines() if x.strip()}
    wanted = len(roles) * each
    return {
        "promotions": wanted,
        "accepted": len(latencies),
        "refused": len(failures),  # told to the person (busy, a cap, the gate), not lost
        "lost": len(set(accepted) - stored),  # accepted, yet not in the team memory afterwards
        "lines_stored": len(stored),
        "files": len(bodies),
        "history_changes": int(changes[0]) if changes else 0,
        "failures": failures[:5],
        "p50_ms": round(_pct(latencies, 0.5) * 1000, 1) if latencies else None,
        "p99_ms": round(_pct(latencies, 0.99) * 1000, 1) if latencies else None,
        "wall_s": round(wall, 1),
    }


def _seed(cluster: Cluster, repos: int, role: str) -> None:
    """`repos` repositories with one file of 50 lines each and their 50 changes, the role granted on all."""
    line = "'- Rule ' || l || ' of repository ' || r || ': build with make -j8; ask the owners before changing it.'"
    cluster.psql(
        f"""SET session_replication_role = replica;
        INSERT INTO vda.repos (identity, name)
            SELECT 'origin:example.com/bench/r' || r, 'r' || r FROM generate_series(1, {repos}) r
            ON CONFLICT DO NOTHING;
        INSERT INTO vda.grants (repo, role, can_write) SELECT id, '{role}', true FROM vda.repos
            ON CONFLICT DO NOTHING;
        INSERT INTO vda.texts (repo, path, is_dir, body, by)
            SELECT p.id, 'team.md', false,
                convert_to(string_agg({line}, E'\\n' ORDER BY l) || E'\\n', 'UTF8'), '{role}'
            FROM vda.repos p, generate_series(1, {LINES}) l,
                LATERAL (SELECT substr(p.identity, 27) AS r) x
            WHERE p.identity LIKE 'origin:example.com/bench/r%'
            GROUP BY p.id ON CONFLICT DO NOTHING;
        INSERT INTO vda.changes (repo, op, author, command, path, old_text, new_text, by)
            SELECT p.id, nextval('vda.ops'), 'person', 'insert', '/memories/team.md', NULL, {line}, '{role}'
            FROM vda.repos p, generate_series(1, {LINES}) l, LATERAL (SELECT substr(p.identity, 27) AS r) x
            WHERE p.identity LIKE 'origin:example.com/bench/r%'
              AND NOT EXISTS (SELECT 1 FROM vda.changes c WHERE c.repo = p.id);
        ANALYZE;""",
        dbname="team",
    )


def _session_start(cluster: Cluster, repos: int, role: str, runs: int, home: Path) -> dict[str, Any]:
    times: list[float] = []
    warm: list[float] = []
    counts: list[int] = []
    for run in range(runs):
        identity = f"origin:example.com/bench/r{random.randint(1, repos)}"
        backend = TeamBackend(cluster.dsn(role, "team"), identity, machine_folder=home / "session")
        team = tier.Team(backend, None, home / "session" / f"lines-{run}.json")
        began = time.perf_counter()
        block = tier.render(team.read())  # connect, read, cache, render: what a session start waits for
        times.append(time.perf_counter() - began)
        counts.append(block.count("\n- Rule "))
        began = time.perf_counter()
        tier.render(team.read())  # the same on an open connection: the queries alone
        warm.append(time.perf_counter() - began)
        team.close()
    return {
        "repositories": repos,
        "p50_ms": round(_pct(times, 0.5) * 1000, 1),
        "p50_ms_open_connection": round(_pct(warm, 0.5) * 1000, 1),
        "lines": max(counts),
    }


def _notify(cluster: Cluster, roles: list[str], runs: int, home: Path) -> dict[str, Any]:
    """A change seen by a second client: its listener (own connection and thread) told, then its lines re-read."""
    identity = "origin:example.com/bench/live"
    with connect(cluster.dsn("bench_owner", "team")) as conn:
        for role in roles[:2]:
            admin.grant(conn, identity, role, write=True, admin=False)
    told: dict[int, float] = {}
    arrived = threading.Condition()

    def on_change(seq: int) -> None:
        with arrived:
            told[seq] = time.perf_counter()
            arrived.notify_all()

    listener = TeamListener(cluster.dsn(roles[1], "team"), identity, on_change).start()
    listener.wait_listening(10)
    reader = tier.Team(
        TeamBackend(cluster.dsn(roles[1], "team"), identity, machine_folder=home / "live-reader"), None, home / "r.json"
    )
    writer = tier.Team(
        TeamBackend(cluster.dsn(roles[0], "team"), identity, machine_folder=home / "live"), None, home / "live.json"
    )
    writes: list[float] = []
    seen: list[float] = []
    refreshed: list[float] = []
    for k in range(runs):
        line = f"- Live rule {k}: the deploy window is Tuesday, decided by the release team."
        before = len(told)

        def landed(before: int = before) -> bool:
            return len(told) > before

        began = time.perf_counter()
        writer.promote("/memories/live.md", line)
        writes.append(time.perf_counter() - began)
        with arrived:
            arrived.wait_for(landed, timeout=2.0)
            at = max(told.values()) if len(told) > before else None
        if at is None:
            continue
        seen.append(at - began)
        if any(x.text == line for x in reader.read().lines):  # what the second client's window then shows
            refreshed.append(time.perf_counter() - began)
    writer.close()
    reader.close()
    listener.stop()

    def p50(values: list[float]) -> float | None:
        return round(_pct(values, 0.5) * 1000, 1) if values else None

    # Each figure starts as the writer's promotion starts: its write alone, until the second client's listener
    # is told (the NOTIFY goes at commit), and until that client has read the team lines holding the change.
    return {
        "changes": runs,
        "seen": len(seen),
        "p50_write_ms": p50(writes),
        "p50_ms": p50(seen),
        "p50_refreshed_ms": p50(refreshed),
    }


def run_team_bench(
    runs: int = 5, echo: bool = True, clients: int = 50, each: int = 20, sizes: tuple[int, ...] = (1_000, 10_000)
) -> dict[str, Any]:
    try:
        cluster = start_cluster(max_connections=clients + 20)
    except ClusterUnavailable as exc:
        return {"skipped": str(exc)}
    results: dict[str, Any] = {"load_before": machine_load()}
    try:
        with temporary_home("vda-bench-team-") as home:
            owner, roles = _setup(cluster, clients)
            results["promotions"] = _promotions(cluster, owner, roles, each, home)
            if echo:
                print(f"team promotions: {results['promotions']}", flush=True)
            starts = []
            for repos in sizes:
                _seed(cluster, repos, roles[0])
                starts.append(_session_start(cluster, repos, roles[0], max(runs, 20), home))
                if echo:
                    print(f"team session start: {starts[-1]}", flush=True)
            results["session_start"] = starts
            results["notify"] = _notify(cluster, roles, max(runs, 20), home)
            if echo:
                print(f"team notify: {results['notify']}", flush=True)
    finally:
        cluster.remove()
    results["load_after"] = machine_load()
    if echo:
        print(f"team: {results['load_before']} before, {results['load_after']} after", flush=True)
    return results
