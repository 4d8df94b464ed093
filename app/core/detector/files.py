"""Recognise a private key or a credential file by its content, whatever the file is called.

The bytes are looked at in every text encoding a key is saved in (UTF-8 or Latin-1,
UTF-16 and UTF-32 in either byte order, with or without a byte-order mark), and
base64-wrapped PEM (a Kubernetes secret's `tls.key: LS0tLS1CRUdJTi...`) is unwrapped
before looking. The shapes are the ones tools write: PEM and OpenSSH private keys,
PGP private key blocks, PuTTY, age and SSH2 keys, cloud service-account JSON,
kubeconfig and Docker credentials, AWS credential files.
"""

from __future__ import annotations

import base64
import binascii
import re

_SHAPES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (what, re.compile(pattern, re.IGNORECASE | re.MULTILINE))
    for what, pattern in (
        ("a private key", r"-----\s*BEGIN[A-Z0-9 ]*PRIVATE\s+KEY(\s+BLOCK)?\s*-----"),
        ("an SSH2 private key", r"----\s*BEGIN SSH2 (ENCRYPTED )?PRIVATE KEY\s*----"),
        ("a PuTTY private key", r"PuTTY-User-Key-File-\d+\s*:"),
        ("an age secret key", r"AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{20,}"),
        ("a JSON web key with its private part", r"\"kty\"\s*:\s*\"(RSA|EC|OKP)\"[^}]*\"d\"\s*:\s*\"[\w-]{16,}"),
        ("a kubeconfig with credentials", r"^\s*client-key-data\s*:\s*[A-Za-z0-9+/=._-]{20,}"),
        ("Docker registry credentials", r"\"auths\"\s*:\s*\{[^}]*\"auth\"\s*:\s*\"[A-Za-z0-9+/=]{8,}\""),
        ("AWS credentials", r"^\s*aws_secret_access_key\s*=\s*\S{16,}"),
        ("a registry token", r"^\s*(//[^\s:]+/:)?_(authToken|auth|password)\s*=\s*\S{8,}"),
    )
)
_SERVICE_ACCOUNT = (
    re.compile(r"\"private_key\"\s*:\s*\"", re.IGNORECASE),
    re.compile(r"\"client_email\"\s*:|\"private_key_id\"\s*:|\"type\"\s*:\s*\"service_account\"", re.IGNORECASE),
)
# "-----BEGIN" in base64 at each of the three alignments it can start at.
_BASE64_PEM = re.compile(r"(LS0tLS1CRUdJTi|0tLS0tQkVHSU4|tLS0tLUJFR0lO)[A-Za-z0-9+/=\s\\n]{8,120}")


# Every shape above holds one of these (compared in lower case, after NUL bytes are dropped); a file with
# none of them is passed without running a pattern, which keeps a search over a large repository fast.
_MARKERS = (
    b"begin", b"putty-user-key-file", b"age-secret-key-", b'"kty"', b"client-key-data", b"auths",
    b"aws_secret_access_key", b"_auth", b"_password", b'"private_key"', b"ls0tls1crudjti", b"0tls0tqkvhsu4",
    b"tls0tlujfr0lo",
)  # fmt: skip


def secret_kind(data: bytes) -> str:
    """What secret `data` holds ("a private key", ...), or "" when none of the known shapes is in it."""
    folded = data.lower()
    if b"\0" in data[:65536]:
        folded = folded.replace(b"\0", b"")
    if not any(marker in folded for marker in _MARKERS):
        return ""
    for text in _decodings(data):
        found = _kind_in(text)
        if found:
            return found
    return ""


def _decodings(data: bytes) -> list[str]:
    # Latin-1 never fails and keeps ASCII where it is, which covers UTF-8 for these ASCII shapes.
    texts = [data.decode("latin-1")]
    if b"\0" in data[:65536]:
        for codec in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"):
            texts.append(data.decode(codec, errors="ignore"))
            texts.append(data[1:].decode(codec, errors="ignore"))  # a file cut at an odd byte
        texts.append(data.replace(b"\0", b"").decode("latin-1"))
    return texts


def _kind_in(text: str) -> str:
    for what, shape in _SHAPES:
        if shape.search(text):
            return what
    if all(pattern.search(text) for pattern in _SERVICE_ACCOUNT):
        return "a cloud service-account key"
    for match in _BASE64_PEM.finditer(text):
        if _kind_in_base64(match.group(0)):
            return "a base64-encoded private key"
    return ""


def _kind_in_base64(chunk: str) -> bool:
    letters = re.sub(r"[^A-Za-z0-9+/]", "", chunk.replace("\\n", ""))
    for skip in range(4):
        piece = letters[skip:]
        piece = piece[: len(piece) - len(piece) % 4]
        try:
            decoded = base64.b64decode(piece, validate=True).decode("latin-1")
        except (binascii.Error, ValueError):
            continue
        if re.search(r"BEGIN[A-Z0-9 ]*PRIVATE\s+KEY", decoded):
            return True
    return False
