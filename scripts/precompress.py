"""Pre-compressed copies of dist's files, for servers that serve them (docs/build.md
"Compression"): ``<file>.br`` (Brotli, the ``brotli`` package of the test extras) and ``<file>.gz``
(the stdlib's gzip) beside every text file and the wasm. scripts/serve.py answers a request that
accepts one with its bytes and ``Content-Encoding``; a host that does not serve such copies
ignores them (it may compress on its own). Zips, PNGs, fonts and the memory snapshot are
compressed already and get none.

Same bytes in, same bytes out (gzip's time field is 0), so the build stays reproducible. The
copies are not precached by the service worker (the browser stores what it decoded) and do not
count in the build id (scripts/build.py write_service_worker: ``is_copy``). Brotli at its best
quality takes ~20 s of CPU for the 9.6 MB wasm and ~30 s more for the other files: every Brotli copy
comes from .build-cache/compress when the same bytes were compressed before, keyed by the file's
SHA-256 (a test run builds several times from the same sources: ./run.sh's build and
tests/web/test_build_reproducible.py's two). The cache keeps the newest CACHE_KEEP copies."""

import gzip
import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".build-cache" / "compress"  # gitignored
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".wasm", ".txt")
COPIES = (".br", ".gz")
MIN_SIZE = 512  # smaller files gain less than their request's headers
CACHE_KEEP = 800  # copies kept in the cache (~4 builds' worth of changed files beside the vendor ones)


def is_copy(rel: str) -> bool:
    """A pre-compressed copy (``<file>.br`` / ``<file>.gz``) of another dist file."""
    return rel.endswith(COPIES) and rel[:-3].endswith(COMPRESSED)


def _brotli(data: bytes) -> bytes:
    import brotli

    key = hashlib.sha256(data).hexdigest()[:32]
    cached = CACHE / f"{key}.br"
    if cached.is_file():
        cached.touch()
        return cached.read_bytes()
    out = brotli.compress(data, quality=11)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(out)
    tmp.replace(cached)  # atomic: builds running side by side (the suite's) never read half a copy
    return out


def _prune():
    """Keep the newest CACHE_KEEP copies (a hit counts as new: ``_brotli`` touches it)."""
    kept = sorted(CACHE.glob("*.br"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[CACHE_KEEP:]:
        old.unlink(missing_ok=True)


def write(dist: Path) -> int:
    """Write the copies for every file of ``dist`` that gets one; returns how many files got them.
    Without the brotli package: gzip copies only (the build says so)."""
    try:
        import brotli  # noqa: F401

        have_brotli = True
    except ImportError:
        print("build: no Brotli copies (pip install brotli: the test extras)")
        have_brotli = False
    n = 0
    for path in sorted(p for p in dist.rglob("*") if p.is_file()):
        if not path.name.endswith(COMPRESSED) or path.stat().st_size < MIN_SIZE:
            continue
        data = path.read_bytes()
        gz = gzip.compress(data, compresslevel=9, mtime=0)
        if len(gz) >= len(data):
            continue
        path.with_name(path.name + ".gz").write_bytes(gz)
        if have_brotli:
            br = _brotli(data)
            if len(br) < len(data):
                path.with_name(path.name + ".br").write_bytes(br)
        n += 1
    if have_brotli and CACHE.is_dir():
        _prune()
    return n
