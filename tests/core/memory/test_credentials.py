"""Text shaped like a credential is never stored; ordinary memories always are."""

from __future__ import annotations

import pytest

from app.core.memory import MemoryStore
from app.core.memory.credentials import find_credential
from tests.core.memory.conftest import err, ok, stored
from tests.core.memory.credential_corpus import (
    DISGUISED_SECRETS,
    ORDINARY_NOTES,
    PROVIDER_SECRETS,
    random_aws_secrets,
    random_ordinary,
)

# Shaped like the real thing, built from pieces so no scanner mistakes this file for a leak.
R = "aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY3zA5bC7dE9fG2hJ4kL6mN8pQ0rS2tU4vW6xY8zA0bC2dE4"
SECRETS = [
    "sk-ant-" + "api03-" + R[:60] + "AA",
    "The admin key sk-ant-" + "admin01-" + R[:50],
    "OPENAI_API_KEY=sk-" + "proj-" + R[:48],
    "sk-" + R[:20] + "T3Blbk" + "FJ" + R[20:40],
    "use sk-" + "svcacct-" + R[:40] + " for the bot",
    "gh" + "p_" + R[:36],
    "gh" + "o_" + R[1:37],
    "token gh" + "s_" + R[2:38] + " in CI",
    "github_" + "pat_" + "11ABCDEFG0" + R[:50],
    "gl" + "pat-" + R[:20],
    "deploy token gl" + "dt-" + R[:24],
    "xox" + "b-123456789012-1234567890123-" + R[:24],
    "xox" + "p-" + "1234567890-" + R[:30],
    "https://hooks.slack.com/services/" + "T0123ABCD/B0123ABCD/" + R[:24],
    "sk" + "_live_" + R[:24],
    "rk" + "_test_" + R[:24],
    "wh" + "sec_" + R[:32],
    "AI" + "za" + "Sy" + R[:33],
    "ya" + "29." + R[:40],
    "GOC" + "SPX-" + R[:28],
    "refresh 1//0" + "g" + R[:40],
    "AK" + "IA" + "IOSFODNN7EXAMPLE",
    "the session used AS" + "IA" + "Y34FZKBOKMUTVV7A",
    "aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY",
    "The AWS secret is " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "zEXAMPLEK3",
    "eyJ"
    + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ"
    + "zdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n",
    "-----BEGIN " + "PRIVATE KEY-----",
    "-----BEGIN ENCRYPTED " + "PRIVATE KEY-----",
    "-----BEGIN PGP " + "PRIVATE KEY BLOCK-----",
    "DATABASE_URL=postgres://admin:" + "S3cr3tPass" + "@db.example.com:5432/app",
    "mongodb+srv://user:" + "hunter2hunter2" + "@cluster0.mongodb.net/test",
    "redis://:" + "p4ssw0rd" + "@cache:6379/0",
    "https://deploy:" + "Zx9" + "Qw8" + "@git.example.com/org/repo.git",
    "Server=tcp:db.example.com,1433;Database=app;User Id=sa;Password=" + "Tr0ub4dor&3" + ";",
    "Host=localhost;Username=app;Pwd=" + "s3cr3t!" + ";Database=app",
    "api_key = " + "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    "token: " + "Xy7Kp2Lm9Qr4St6Uv8Wx0Yz3",
    "sk-ant-" + "api03-" + R[:10] + "\u200b" + R[10:40],  # split by an invisible character
]

ORDINARY = [
    "The build uses dotnet 8; run `dotnet test src/App.Tests`.",
    "Commit 3f2c1a9e8b7d6c5b4a39281706f5e4d3c2b1a0f9 fixed the flaky test.",
    "Short hash a1b2c3d is the last release.",
    "Warning CS1591 is suppressed in Directory.Build.props; CA2007 too.",
    "Class OrderService in src/Orders/OrderService.cs handles refunds.",
    "2025-08-18: switched the memory tool to memory_20250818.",
    "Tenant id in tests: 123e4567-e89b-12d3-a456-426614174000.",
    "sha256 of the artifact: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.",
    "The cache key is dGhpcyBpcyBhIHRlc3Qgb2YgYmFzZTY0IGhhc2g= for the nightly build.",
    "integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
    'Etag in the fixture: W/"Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZjE2" for the list call.',
    "The API key is kept in the CI secret ANTHROPIC_API_KEY; never in the repository.",
    "Locally the app uses postgres://app:${DB_PASSWORD}@localhost/app.",
    "Connection: Server=localhost;Database=app;Trusted_Connection=True;",
    "Test connection string uses Password=<your-password> as a placeholder; Server=localhost.",
    "Password reset flow lives in app/auth/reset.py.",
    "Token refresh happens in TokenRefresher.refresh_if_needed().",
    "The token TokenValidationParameters is configured in Startup.cs.",
    "See https://github.com/org/repo/pull/123 for the migration.",
    "git@github.com:org/repo.git is the remote; upstream is origin/main.",
    "Deploy keys are ed25519; the public key is in docs/keys.md.",
    "The test user is alice@example.com.",
    "Run the fast tests with `pytest -k 'not slow'`.",
    "The sk-learn style wrapper lives in ml/skl_wrapper.py.",
    "p95 latency is 120ms on /api/orders after the index on (customer_id, created_at).",
    "Release image: ghcr.io/org/app:1.4.2.",
    "http://localhost:8080/health returns 200 when the worker is up.",
    "JWTs are signed with RS256 by the pyjwt library; see auth/jwt.py.",
    "AWS region eu-west-1, bucket org-artifacts-prod, account 123456789012.",
    "Python 3.11.4 is pinned in .python-version.",
    "secret: see the 1Password vault 'Team'.",
    "Password policy: at least 12 characters.",
    "Migration 20240101120000_AddOrders must run before 20240202093000_AddRefunds.",
    ".github/workflows/ci.yml caches ~/.nuget/packages keyed on packages.lock.json.",
    "Access key rotation happens quarterly per SECURITY.md.",
    "Secret rotation uses the AWSCURRENT and AWSPREVIOUS stages.",
    "Docker digest sha256:4bc453b53f6ad8d8b0d4f5ab26b3fe2e0f9ae0d8b1a02c3f4e5d6c7b8a9f0e1d.",
    "The nightly job id is 8f14e45fceea167a5a36dedd4bea2543.",
    "Build number 20250818.3 failed on MSB3277 in src/Web/Web.csproj.",
    'Use ConfigurationManager.AppSettings["ApiBaseUrl"] instead of hard-coding the URL.',
]


def test_there_are_enough_samples_on_both_sides() -> None:
    assert len(SECRETS) >= 30 and len(ORDINARY) >= 30


@pytest.mark.parametrize("text", SECRETS)
def test_credentials_are_refused_and_never_echoed(store: MemoryStore, text: str) -> None:
    assert find_credential(text), text
    refusal = err(store, {"command": "create", "path": "/memories/s.md", "file_text": f"note\n{text}\n"})
    assert "Never store secrets" in refusal
    assert text not in refusal and R[:16] not in refusal
    assert stored(store, "s.md") is None


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_memories_are_stored(store: MemoryStore, text: str) -> None:
    assert find_credential(text) is None, text
    # As a person writes it: the write gate judges an agent's state lines, which is not this test's subject.
    ok(store, {"command": "create", "path": "/memories/o.md", "file_text": text + "\n"}, by="person")
    assert stored(store, "o.md") == text + "\n"


def test_the_filter_guards_every_way_in(store: MemoryStore) -> None:
    key = "gh" + "p_" + R[:36]
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "token: TODO\n"})
    for command in (
        {"command": "str_replace", "path": "/memories/a.md", "old_str": "TODO", "new_str": key},
        {"command": "insert", "path": "/memories/a.md", "insert_line": 1, "insert_text": key},
        {"command": "create", "path": f"/memories/{key}.md", "file_text": "x"},
        {"command": "rename", "old_path": "/memories/a.md", "new_path": f"/memories/{key}.md"},
    ):
        assert "Never store secrets" in err(store, command)
    assert [f.path for f in store.files()] == ["/memories/a.md"]
    assert stored(store, "a.md") == "token: TODO\n"


def test_a_key_assembled_by_an_edit_is_refused(store: MemoryStore) -> None:
    ok(store, {"command": "create", "path": "/memories/a.md", "file_text": "sk-ant-api03-PART\n"})
    assert "Never store secrets" in err(
        store, {"command": "str_replace", "path": "/memories/a.md", "old_str": "PART", "new_str": R[:40]}
    )


@pytest.mark.parametrize("text", PROVIDER_SECRETS + DISGUISED_SECRETS)
def test_provider_tokens_and_disguised_keys_are_refused(store: MemoryStore, text: str) -> None:
    assert find_credential(text), text
    refusal = err(store, {"command": "create", "path": "/memories/s.md", "file_text": f"note\n{text}\n"})
    assert "Never store secrets" in refusal and text not in refusal
    assert stored(store, "s.md") is None


@pytest.mark.parametrize("text", ORDINARY_NOTES)
def test_notes_about_those_providers_are_stored(store: MemoryStore, text: str) -> None:
    assert find_credential(text) is None, text
    ok(store, {"command": "create", "path": "/memories/o.md", "file_text": text + "\n"})


def test_rates_on_the_labelled_and_generated_corpus() -> None:
    secrets = SECRETS + PROVIDER_SECRETS + DISGUISED_SECRETS
    notes = ORDINARY + ORDINARY_NOTES
    aws, generated = random_aws_secrets(1000), random_ordinary(1000)
    caught = sum(bool(find_credential(text)) for text in secrets) / len(secrets)
    kept = sum(find_credential(text) is None for text in notes) / len(notes)
    aws_caught = sum(bool(find_credential(text)) for text in aws) / len(aws)
    generated_refused = sum(bool(find_credential(text)) for text in generated) / len(generated)
    print(
        f"secrets caught {caught:.1%} of {len(secrets)}; notes kept {kept:.1%} of {len(notes)}; "
        f"AWS secrets without an AWS word caught {aws_caught:.1%} of {len(aws)}; "
        f"hashes/UUIDs/base64 of text refused {generated_refused:.1%} of {len(generated)}"
    )
    assert caught == 1.0 and kept == 1.0
    assert aws_caught >= 0.98
    assert generated_refused <= 0.005


def test_folding_never_joins_ordinary_sentences_into_a_key() -> None:
    # Spaces are removed only for the prefixed patterns; sentences made of short words stay notes.
    text = "Mon standup: ask Tom about SK tickets. Do not run gh pr merge on main. Use hf hub for models.\n"
    assert find_credential(text) is None
    assert find_credential("ＵＳＥ ｔａｂｓ ｉｎ Ｍａｋｅｆｉｌｅｓ.") is None
    assert find_credential("Café au lait naïve résumé, ångström.") is None
