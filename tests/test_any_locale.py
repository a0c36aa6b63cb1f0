"""Any terminal encoding: every command works or fails cleanly under LANG=C, ISO-8859-1 or ASCII output, and
`export` writes a whole UTF-8 JSON document (to stdout or --output FILE), never a partial one."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import invoke, project_args
from pnp.i18n.catalogs import catalog_path

ENCODINGS = {"ascii": {"PYTHONIOENCODING": "ascii"}, "latin-1": {"PYTHONIOENCODING": "iso-8859-1"},
             "C locale": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}}


def pnp(args, env_extra, cwd=None):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO"))} | env_extra
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], env=env, cwd=cwd, capture_output=True)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_help_and_a_problem_with_typographic_quotes_under_any_encoding(encoding, project_copy):
    env = ENCODINGS[encoding]
    assert pnp(["build", "--help"], env).returncode == 0
    path = catalog_path(project_copy / "locales", "de", "cards")
    path.write_text(path.read_text(encoding="utf-8").replace("erhält diese Karte 1 DEF", "„erhält“ 2 DEF"),
                    encoding="utf-8")
    run = pnp(["validate", "--lang", "de", *project_args(project_copy)], env)
    assert run.returncode == 1 and b"Traceback" not in run.stderr + run.stdout
    assert b"number-mismatch" in run.stdout


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_export_writes_whole_utf8_json_under_any_encoding(encoding, exported):
    run = pnp(["export", "cards", "--lang", "pl"], ENCODINGS[encoding])
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.decode("utf-8")) == exported["pl"]


def test_export_to_a_file(runner, tmp_path, exported):
    result = invoke(runner, "export", "cards", "--lang", "tr", "--output", tmp_path / "tr.json")
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads((tmp_path / "tr.json").read_text(encoding="utf-8")) == exported["tr"]


def test_a_failed_export_writes_no_json_at_all(runner, project_copy):
    catalog_path(project_copy / "locales", "es", "cards").write_text("msgid \"\n", encoding="utf-8")
    result = invoke(runner, "export", "cards", "--lang", "es", *project_args(project_copy))
    assert result.exit_code == 1 and result.stdout == ""
    assert "po-syntax" in result.stderr
