"""``python -m review RECORD.json`` (``./run.sh review RECORD.json``): the review as JSON on
stdout, the code the browser's worker runs. A file that is not JSON, a damaged record or a game
in progress: one line on stderr (the message's key and parameters: the review speaks no human
language) and exit status 2."""

import json
import sys

from engine.core.msg import key_text

from . import ReviewError, analyse

USAGE = "usage: python -m review RECORD.json"


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        print(f"review: cannot read {args[0]}: {type(e).__name__}: {str(e).splitlines()[0][:120]}", file=sys.stderr)
        return 2
    if isinstance(record, dict) and "record" in record and "actions" not in record:
        record = record["record"]  # a test fixture: {"record": ..., "expected": ...}
    try:
        out = analyse(record)
    except ReviewError as e:
        print(f"review: {key_text(e.message)}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
