#!/bin/sh
# The two entry points on a fresh machine:
#   ./run.sh serve [PORT]  set up, build dist/, serve it on http://127.0.0.1:PORT/ (default 8000)
#   ./run.sh test [ARGS]   set up, build dist/, run every test: pytest -n 2 e2e [ARGS] and, beside it
#                          at a lower priority, pytest -n auto tests [ARGS] (its report printed after)
#                          (loadgroup: tests marked xdist_group share a worker, e.g. one tutorial build)
set -eu
cd "$(dirname "$0")"
cmd=${1:-}
[ $# -gt 0 ] && shift
PY=.venv/bin/python  # created by scripts/setup.sh
case "$cmd" in
    serve) scripts/setup.sh && $PY scripts/build.py && exec $PY scripts/serve.py --port "${1:-8000}" ;;
    # No reruns: a test that fails, fails. A renderer crash ("Target crashed") most likely means the
    # machine ran out of memory (docs/web-shell.md "Renderer crashes"); the failure says so.
    # The e2e tests on two workers, a test file per worker (loadfile keeps a module's shared booted
    # apps on one worker), and the CPython tests on every core beside them at a lower priority
    # (nice): the e2e run leaves ~8% of the cores idle while pages and tests wait on each other,
    # which the CPython tests fill, and they take the cores once the e2e run ends
    # (docs/testing.md "Run time"). The CPython report is kept and printed after the e2e one.
    test)  scripts/setup.sh && $PY scripts/build.py --test-build
           export EURO_DIST_BUILT=1
           log=$(mktemp)
           nice -n 10 $PY -m pytest -n auto --dist loadgroup -o cache_dir=.pytest_cache/tests tests "$@" > "$log" 2>&1 &
           cpython=$!
           trap 'kill "$cpython" 2>/dev/null || true' INT TERM
           b=0; $PY -m pytest -n 2 --dist loadfile e2e "$@" || b=$?
           a=0; wait "$cpython" || a=$?
           echo "----- tests/ (CPython) -----"; cat "$log"; rm -f "$log"
           [ "$a" -eq 0 ] && [ "$b" -eq 0 ] ;;
    *) echo "usage: ./run.sh serve [PORT] | ./run.sh test [pytest args]" >&2; exit 2 ;;
esac
