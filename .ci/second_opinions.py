"""Second opinions on every catalog next to `pnp validate` (run by .ci/run): GNU `msgfmt -c --check-format`, and the
translate-toolkit `pofilter` tests that proved free of false positives on these catalogs. Exits 1 on any finding,
printing each. A pofilter finding that a reviewed exception in locales/allowlist.toml [<lang>.typing] excuses (the
same slip under `pnp validate`'s code, e.g. the Turkish reduplication "tek tek") passes, as it does in `pnp validate`.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.pofile import read_po

from pnp.i18n.catalogs import DOMAINS, LANGS, catalog_path
from pnp.i18n.lexicon import load_lexicon, message_key

REPO = Path(__file__).resolve().parent.parent
LOCALES = REPO / "locales"
# pofilter test -> the `pnp validate` typing check of the same slip (whose allowlist exceptions it shares)
POFILTER_TESTS = {"doublespacing": "double-space", "doublewords": "repeated-word", "endwhitespace": "whitespace",
                  "newlines": "whitespace"}
POFILTER = Path(sys.executable).parent / "pofilter"


def msgfmt_findings(po: Path) -> list[str]:
    run = subprocess.run(["msgfmt", "-c", "--check-format", "-o", "/dev/null", str(po)], capture_output=True,
                         text=True)
    return [line for line in run.stderr.splitlines() if line.strip()] if run.returncode else []


def pofilter_run(catalogs: list[tuple[Path, str]], scratch: Path) -> Path:
    """pofilter over every catalog (path, language) in one process (a process per catalog cost 0.1 s each): the
    folder of what it writes, `<lang>-<file name>` for each catalog with a failing message (only those)."""
    given, failed = scratch / "catalogs", scratch / "failing"
    given.mkdir()
    for po, lang in catalogs:
        (given / f"{lang}-{po.name}").symlink_to(po.resolve())
    subprocess.run([str(POFILTER), "--progress=none", *(f"--test={test}" for test in POFILTER_TESTS), str(given),
                    str(failed)], check=True, capture_output=True)
    return failed


def pofilter_findings(po: Path, lang: str, excused: dict[str, tuple[str, ...]], failed: Path) -> list[str]:
    """pofilter's failures in one catalog, read from the folder of `pofilter_run` (pofilter exits 0 even when a test
    fails and writes only failing messages)."""
    out = failed / f"{lang}-{po.name}"
    if not out.exists():
        return []
    with out.open("rb") as fp:
        failing = [message for message in read_po(fp) if message.id]
    found = []
    for message in failing:
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        key = message_key(message.context, msgid)
        for note in (c.removeprefix("(pofilter) ") for c in message.user_comments if c.startswith("(pofilter) ")):
            test = note.split(":", 1)[0]
            if POFILTER_TESTS.get(test) not in excused.get(key, ()):
                found.append(f"{po} [{lang}] pofilter {note} in message {key!r}")
    return found


def findings(locales: Path) -> list[str]:
    """Every finding of both tools in the catalogs folder, one line each."""
    lexicon = load_lexicon(locales)
    found = []
    catalogs = [(catalog_path(locales, lang, domain), lang) for lang in LANGS for domain in DOMAINS]
    with tempfile.TemporaryDirectory() as scratch:
        failed = pofilter_run(catalogs, Path(scratch))
        for po, lang in catalogs:
            excused = {key: exception.codes for key, exception in lexicon.of(lang).typing.items()}
            found += msgfmt_findings(po) + pofilter_findings(po, lang, excused, failed)
    return found


def main(locales: Path = LOCALES) -> int:
    found = findings(locales)
    for finding in found:
        print(finding, file=sys.stderr)
    print(f"second opinions (msgfmt -c --check-format; pofilter {', '.join(POFILTER_TESTS)}): {len(found)} "
          f"finding(s) in {len(LANGS) * len(DOMAINS)} catalogs", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
