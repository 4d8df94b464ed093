"""Labelled lines for the memory credential filter: secrets it must refuse, developer notes it must keep.

Every fake token is assembled from pieces (or generated from a fixed seed) so no real-looking secret
sits verbatim in the repository for a scanner to flag. The generated sets measure the shape checks
that have no provider prefix: an AWS secret key on a line without an AWS word against commit hashes,
UUIDs and base64 of ordinary text.
"""

from __future__ import annotations

import base64
import random
import uuid

# Shaped like real tokens: mixed case and digits, no dictionary words.
R = "aB3dE5fG7hJ9kL2mN4pQ6rS8tU0vW1xY3zA5bC7dE9fG2hJ4kL6mN8pQ0rS2tU4vW6xY8zA0bC2dE4"
H = "9f8e7d6c5b4a39281706f5e4d3c2b1a0" + "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
B64 = "Xq7" + "Zk9mP2vN4rT6wY8bC1dF3gH5jK7lM9nQ2sU4vX6yZ8aB0cD2eF4gH6jK8lM0nP2qR4sT6uV8wX0yZ2aB4cD6eF8gH0jK2lM4n=="


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _with_marks(text: str) -> str:
    return "".join(c + ("\u0301" if i % 3 == 0 else "") for i, c in enumerate(text))


def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


# The provider shapes issue 10 lists, in the places a note would carry them.
PROVIDER_SECRETS = [
    "HF_TOKEN=" + "hf" + "_" + R[:34],
    "download the model with hf" + "_" + R[5:39] + " as the token",
    "org token api" + "_org_" + R[:34],
    "npm publish uses npm" + "_" + R[:36],
    "//registry.npmjs.org/:_authToken=" + "npm" + "_" + R[3:39],
    "twine upload -u __token__ -p pypi" + "-AgEIcHlwaS5vcmc" + R[:70],
    "SENDGRID_API_KEY=" + "SG" + "." + R[:22] + "." + R[22:65],
    "Twilio key " + "SK" + H[:32],
    "TWILIO_AUTH_TOKEN=" + H[8:40],
    "doctl auth init -t " + "dop" + "_v1_" + H[:64],
    "the droplet CI uses " + "dor" + "_v1_" + H[:64],
    "Shopify admin token " + "shp" + "at_" + H[:32],
    "shp" + "ss_" + H[1:33] + " is the app secret",
    "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=" + B64[:86] + "==;EndpointSuffix=core.windows.net",
    "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=" + B64[:43] + "=",
    "https://acme.blob.core.windows.net/logs?sv=2022-11-02&ss=b&srt=co&sig=" + B64[:44] + "%3D",
    "TELEGRAM_BOT_TOKEN=" + "1234567" + "89:AA" + R[:33],
    "bot token " + "7012345678" + ":AA" + R[10:43] + " for alerts",
    "DISCORD_TOKEN=" + "MTA" + R[:21] + "." + R[30:36] + "." + R[40:67],
    "https://discord.com/api/webhooks/" + "112233445566778899/" + R[:60],
    "Authorization: Basic " + _basic("deploy", "S3cr3t-" + "Pa55"),
    'curl -H "Authorization: Basic ' + _basic("ci-bot", "x9" + "Qp2Lm7Zt") + '" https://ci.example.com/api',
    "AGE-SECRET-KEY-1" + "QZ3V8K4R6T9W2X5Y7A0C3E6G9J2L5N8P1R4T7V0X3Z6B9D2F5H8K1M4",
    "MAILGUN_KEY=" + "key-" + H[:32],
    "DATABRICKS_TOKEN=" + "dapi" + H[:32],
]

# Keys dressed up so a plain pattern misses them: the filter folds these back first.
DISGUISED_SECRETS = [
    "gh" + "p_" + R[:18] + " " + R[18:36],
    "The admin key sk-ant-" + "admin01-" + R[:20] + " " + R[20:50],
    "npm" + "_" + R[:20] + "  " + R[20:36],
    "SG" + "." + R[:10] + " " + R[10:22] + "." + R[22:65],
    _fullwidth("gh" + "p_" + R[:36]),
    "token: " + _fullwidth("sk-ant-" + "api03-" + R[:40]),
    _with_marks("gh" + "o_" + R[2:38]),
    _with_marks("hf" + "_" + R[:34]),
    "AK" + "IA" + "\u200b" + "IOSFODNN7EXAMPLE",
]

# Developer notes that look technical but hold no secret.
ORDINARY_NOTES = [
    "Use hf_hub_download for the whisper models; the cache lives in ~/.cache/huggingface.",
    "npm_config_registry points at the internal mirror in CI.",
    "The PyPI project is voice-dev-agent; releases are uploaded with a trusted publisher, no token.",
    "SendGrid templates are named SG.Welcome and SG.Reset in the dashboard.",
    "Twilio account SID lives in the settings page; the auth token is in the vault.",
    "DigitalOcean droplets are tagged env:staging and env:prod.",
    "Shopify webhooks are verified with the HMAC header; the secret is in the vault.",
    "Azure storage: AccountKey=<from the portal> goes into the local .env only, never into the repository.",
    "Connection strings use SharedAccessKey=${SB_KEY} from the pipeline variables.",
    "The Telegram bot is @acme_alerts_bot; its token is in the CI secret store.",
    "Discord notifications go to #deploys through the webhook stored in the vault.",
    "Send `Authorization: Basic <base64 of user:password>` only to the legacy API.",
    "Authorization: Basic $CI_CREDENTIALS is set by the runner.",
    "Commit 5d41402abc4b2a76b9719d911017c592ae1b3c2f introduced the retry policy.",
    "Release tag v1.4.2 points at e3b0c44298fc1c149afbf4c8996fb92427ae41e4.",
    "Request ids look like 3fa85f64-5717-4562-b3fc-2c963f66afa6 in the logs.",
    "The base64 of 'hello world' is aGVsbG8gd29ybGQ= (used in the codec tests).",
    "Fixture header X-Trace: dGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy is decoded in tests.",
    "PNG fixtures start with iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ in base64.",
    "src/Review/Orchestration/PatchBuilder2.cs builds the diff text.",
    "ReviewOrchestratorPatchBuilderDiffView2X is the generated test class name.",
    "Feature flag key: checkout.v2.enable_partial_refunds_for_marketplace",
    "Key-value settings live in appsettings.json under Features.",
    "Kubernetes secrets are mounted at /var/run/secrets/app; never log their paths' contents.",
    "The bucket is s3://acme-artifacts-prod/builds/2026/11/ for release archives.",
    "The nightly job id is 8f14e45fceea167a5a36dedd4bea2543.",
    "Go module path: github.com/acme/review-service/v2/internal/orchestrator",
    "Ticket ABC-12345678: AA batteries for the test devices are in the cupboard.",
    "The SK prefix in order numbers means Slovakia (SK20261127A).",
    "Max line length is 120; the hash in .git-blame-ignore-revs is a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0.",
]


def random_aws_secrets(count: int = 200, seed: int = 20261130) -> list[str]:
    """Lines holding a fake AWS secret key (40 random base64 characters) and no AWS word."""
    rng = random.Random(seed)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    templates = ["export KEY2={}", "the value is {} for the uploader", "{}", "deploy uses {} today"]
    lines = []
    for index in range(count):
        token = "".join(rng.choice(alphabet) for _ in range(40))
        lines.append(templates[index % len(templates)].format(token))
    return lines


def random_ordinary(count: int = 200, seed: int = 20261130) -> list[str]:
    """Commit hashes, UUIDs and base64 of text (some exactly 40 characters long) in ordinary notes."""
    rng = random.Random(seed)
    words = [
        "retry",
        "order",
        "refund",
        "review",
        "patch",
        "diff",
        "cache",
        "build",
        "test",
        "parser",
        "token",
        "queue",
        "worker",
        "user",
        "note",
    ]
    lines = []
    for index in range(count):
        kind = index % 4
        if kind == 0:
            lines.append(f"Commit {rng.getrandbits(160):040x} fixed the {rng.choice(words)} bug.")
        elif kind == 1:
            lines.append(f"Tenant {uuid.UUID(int=rng.getrandbits(128), version=4)} is the test tenant.")
        else:
            # 30 bytes of text encode to exactly 40 base64 characters, the AWS secret's length.
            size = 30 if kind == 2 else rng.randint(12, 60)
            text = " ".join(rng.choice(words) for _ in range(20)).encode()[:size]
            lines.append(f"The fixture body is {base64.b64encode(text).decode()} in the {rng.choice(words)} test.")
    return lines
