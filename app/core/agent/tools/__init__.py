"""The developer tools the agent calls: plain functions that return a ToolResult and never raise.

    git_status(repo)                                   branch, upstream, changed files, recent commits
    read_file(repo, path, start_line, end_line)        numbered lines, with hard refusals (path_guard)
    search_code(repo, pattern, path)                   git grep over tracked files, secrets filtered out
    run_build(repo, project, command=, timeout=, cancel=)
    run_tests(repo, project, filter, command=, timeout=, cancel=)

Inputs typed `object` come from the model and are checked here, not by the caller.
Each tool's module also holds its record (`record.Tool`: definition, run over a `ToolContext`,
label, per-turn cap, prompt hint, whether it shows file text); `registry.py` lists them.
"""

from app.core.agent.tools.build_runner import run_build, run_tests
from app.core.agent.tools.git_status import git_status
from app.core.agent.tools.read_file import read_file
from app.core.agent.tools.search_code import search_code

__all__ = ["git_status", "read_file", "run_build", "run_tests", "search_code"]
