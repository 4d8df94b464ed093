"""`python -m app eval`: scripted multi-session scenarios, run through the real agent and scored in code.

scenario.py   the scenario files (app/eval/scenarios/*.toml) read and checked
workspace.py  a scenario's git repository and memory, built step by step in a temp folder
record.py     what one run said, called, saved and cost, as plain data
scoring.py    the score rules: each failure says which words or which missing call failed it
runner.py     runs scenarios N times with progress; Ctrl+C keeps what finished
report.py     the JSON report, the summary table, the cost line and --compare
html_report.py  the self-contained HTML report
"""
