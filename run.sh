#!/bin/sh
# The two entry points on a fresh machine:
#   ./run.sh serve [PORT]  set up, build dist/, serve it on http://127.0.0.1:PORT/ (default 8000)
#   ./run.sh test [ARGS]   set up, build dist/, run every test: pytest -n auto tests [ARGS], then pytest -n 2 e2e [ARGS]
#                          (loadgroup: tests marked xdist_group share a worker, e.g. one tutorial build)
# and, once set up, the game review of a finished game's record (docs/review.md):
#   ./run.sh review RECORD.json   the review as JSON on stdout (python -m review: the worker's code)
set -eu
cd "$(dirname "$0")"
cmd=${1:-}
[ $# -gt 0 ] && shift
PY=.venv/bin/python  # created by scripts/setup.sh
case "$cmd" in
    serve) scripts/setup.sh && $PY scripts/build.py && exec $PY scripts/serve.py --port "${1:-8000}" ;;
    # No reruns: a test that fails, fails. A renderer crash ("Target crashed") most likely means the
    # machine ran out of memory (docs/testing.md "Renderer crashes"); the failure says so.
    # The CPython tests on every core (pytest-xdist); the e2e tests after them on two workers, a
    # test file per worker (loadfile keeps a module's shared booted apps on one worker;
    # docs/testing.md "Run time"). e2e/test_engines_smoke.py runs its smoke in Firefox ESR and
    # WebKitGTK too (it starts their drivers and WebKit's Xvfb itself; docs/testing.md "Three engines").
    test)  scripts/setup.sh && $PY scripts/build.py --test-build
           export EURO_DIST_BUILT=1
           a=0; $PY -m pytest -n auto --dist loadgroup tests "$@" || a=$?
           b=0; $PY -m pytest -n 2 --dist loadfile e2e "$@" || b=$?
           [ "$a" -eq 0 ] && [ "$b" -eq 0 ] ;;
    # The review needs only the venv (no build): set up first only if there is none.
    review) [ -x "$PY" ] || scripts/setup.sh
           exec $PY -m review "$@" ;;
    *) echo "usage: ./run.sh serve [PORT] | ./run.sh test [pytest args] | ./run.sh review RECORD.json" >&2; exit 2 ;;
esac
