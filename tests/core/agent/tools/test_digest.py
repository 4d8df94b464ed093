"""The digest reads each common diagnostic shape, counts it, puts errors first and stays under 8,000 chars."""

from __future__ import annotations

import pytest

from app.core.agent.tools import digest


@pytest.mark.parametrize(
    ("line", "severity"),
    [
        ("main.c:3:5: error: 'x' undeclared (first use in this function)", "error"),
        ("main.c:9:1: warning: control reaches end of non-void function", "warning"),
        ("main.c:3:5: note: each undeclared identifier is reported only once", None),
        ("Program.cs(5,13): error CS0103: The name 'x' does not exist [/r/App.csproj]", "error"),
        ("Program.cs(8,9): warning CS0168: The variable 'e' is declared but never used", "warning"),
        ("MSBUILD : error MSB1009: Project file does not exist.", "error"),
        ("error[E0425]: cannot find value `missing` in this scope", "error"),
        ("src/main.rs:2:20: error[E0425]: cannot find value `missing_value` in this scope", "error"),
        ("warning: unused variable: `x`", "warning"),
        ("src/a.ts(3,5): error TS2304: Cannot find name 'foo'.", "error"),
        ("src/a.ts:3:5 - error TS2304: Cannot find name 'foo'.", "error"),
        ("./main.go:5:2: undefined: missingThing", "error"),
        ("FAILED tests/test_rules.py::test_fixme_is_flagged - AssertionError: assert 0 == 1", "error"),
        ("ERROR tests/test_orchestrator.py", "error"),
        ("tests/test_x.py:12: AssertionError", "error"),
        ("app/x.py:3: DeprecationWarning: datetime.utcnow() is deprecated", "warning"),
        ("ModuleNotFoundError: No module named 'requests'", "error"),
        ("make: *** [Makefile:2: build] Error 1", "error"),
        ("thread 'tests::wrong' panicked at src/lib.rs:7:18:", "error"),
        ("--- FAIL: TestAdd (0.00s)", "error"),
        ("test tests::wrong ... FAILED", "error"),
        ("  Failed MyTests.AddsNumbers [12 ms]", "error"),
        ("not ok 1 - adds numbers", "error"),
        ("npm ERR! code ELIFECYCLE", None),
        ("npm error Lifecycle script `build` failed with error:", None),
        ("Compiling tiny v0.1.0 (/tmp/crt)", None),
        ("collected 7 items", None),
        ("  3 | const x = 1;", None),
    ],
)
def test_classify(line: str, severity: str | None) -> None:
    assert digest.classify(line) == severity


def test_rustc_location_on_the_next_line_is_attached() -> None:
    output = "error[E0425]: cannot find value `missing`\n --> src/main.rs:2:20\n  |\n"
    assert digest.diagnostics(output).errors == ["error[E0425]: cannot find value `missing` (src/main.rs:2:20)"]


def test_msbuild_summary_repeat_is_counted_once() -> None:
    line = "Program.cs(5,13): error CS0103: The name 'x' does not exist in the current context"
    output = f"{line} [/r/App.csproj]\n\nBuild FAILED.\n\n{line} [/r/App.csproj]\n    0 Warning(s)\n    1 Error(s)\n"
    found = digest.diagnostics(output)
    assert len(found.errors) == 1 and found.warnings == []
    text = digest.render("Build FAILED (exit code 1).", output)
    assert "1 error, 0 warnings." in text


def test_errors_come_before_warnings_and_huge_logs_stay_under_the_limit() -> None:
    warnings = [f"src/w{n}.c:1:1: warning: unused thing {n}" for n in range(3000)]
    errors = [f"src/e{n}.c:2:2: error: broken thing {n} " + "x" * 200 for n in range(3000)]
    output = "\n".join(warnings + errors)
    text = digest.render("Build FAILED (exit code 2).", output)
    assert len(text) <= digest.LIMIT
    assert "3000 errors, 3000 warnings." in text
    assert text.index("Errors (3000):") < text.index("Warnings (3000):")
    assert "src/e0.c:2:2: error: broken thing 0" in text
    assert "… and" in text and "more" in text


def test_one_enormous_line_is_clipped() -> None:
    text = digest.render("Build FAILED.", "main.c:1:1: error: " + "y" * 100_000)
    assert len(text) < 2_000 and "main.c:1:1: error:" in text


def test_unrecognised_failure_shows_the_last_lines() -> None:
    output = "\n".join(f"step {n}" for n in range(200)) + "\nsomething odd happened\n"
    text = digest.render("Build FAILED (exit code 1).", output)
    assert "0 errors, 0 warnings." in text
    assert "Last lines of output:" in text and "something odd happened" in text and "step 0\n" not in text


def test_ansi_colours_are_removed() -> None:
    assert digest.strip_ansi("\x1b[31merror\x1b[0m: bad\r\n") == "error: bad\n"


@pytest.mark.parametrize(
    ("output", "counts"),
    [
        ("..F.\n1 failed, 5 passed, 1 error in 0.31s\n", "1 failed, 1 error, 5 passed"),
        ("==== 2 passed, 1 skipped, 3 deselected in 1.02s ====", "2 passed, 1 skipped, 3 deselected"),
        (
            "test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured\n"
            "test result: ok. 3 passed; 0 failed; 1 ignored; 0 measured\n",
            "1 failed, 4 passed, 1 ignored",
        ),
        ("Failed!  - Failed:     2, Passed:     7, Skipped:     1, Total:    10", "2 failed, 7 passed, 1 skipped"),
        ("Tests:       1 failed, 2 passed, 3 total", "1 failed, 2 passed, 3 total"),
        ("# tests 3\n# pass 2\n# fail 1\n", "1 failed, 2 passed"),
        ("ok  \texample.com/a\t0.01s\nFAIL\texample.com/b\t0.02s\n", "1 packages passed, 1 packages failed"),
        ("nothing to see", ""),
    ],
)
def test_counts_from_each_runner(output: str, counts: str) -> None:
    assert digest.test_counts(output) == counts
