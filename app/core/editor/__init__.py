"""What the person's editor shows (file, cursor, selection, diagnostics), reported over the local socket.

`report.py` checks one report line against the protocol; `latest.py` holds the last one with the time
it arrived; `block.py` turns it into the short block that opens a user turn; `scope.py` names the
function around the cursor.
"""
