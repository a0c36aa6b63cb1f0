"""The benchmark's own arithmetic and jobs (bench/bench_units.py): its fits give back the costs they are made from, its
two processes split the kit between them, and a child job reports the CPU time of its work."""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter

import pytest

from pnp.project import REPO

sys.path.insert(0, str(REPO / "bench"))
import bench_units  # noqa: E402 - the benchmark's folder is not a package


def test_the_build_fit_gives_back_the_fixed_cost_and_the_cost_of_one_more_language():
    fixed, per_language = bench_units.build_fit([0.3 + 0.5 * n for n in range(1, 6)])
    assert fixed == pytest.approx(0.3) and per_language == pytest.approx(0.5)


def test_the_deck_fit_gives_back_the_cost_of_a_face_and_of_a_copy():
    medians = [0.1 + d * 0.001 + d * c * 0.0002 for d, c in bench_units.DECKS]
    assert bench_units.deck_fit(medians) == pytest.approx((0.001, 0.0002))


def test_the_two_processes_build_the_whole_kit_between_them_split_by_alternate_languages():
    first, second = bench_units.halves(5)
    assert (first, second) == ("de,tr,pt", "pl,es")
    assert Counter(first.split(",") + second.split(",")) == Counter(bench_units.LANGS)


def _runs(cpu: list[float], processes: list[int] = (), wall: float = 1.0) -> "bench_units.Job":
    return bench_units.Job("job", list, cpu=cpu, wall=[wall] * len(cpu), load=[0.0] * len(cpu),
                           processes=list(processes))


def test_the_pool_is_judged_on_its_cpu_and_wall_time_only_where_the_default_chose_a_pool():
    serial = _runs([2.0, 2.0, 2.0])
    assert "NOT met" in bench_units.pool_line("kit", _runs([2.2, 2.2, 2.2], [2, 2, 2], wall=0.6), serial)
    assert "NOT met" in bench_units.pool_line("kit", _runs([2.0, 2.0, 2.0], [2, 2, 2], wall=1.1), serial)
    assert ": met" in bench_units.pool_line("kit", _runs([2.05, 2.0, 2.1], [2, 2, 2], wall=0.6), serial)
    alone = bench_units.pool_line("validate", _runs([2.3, 2.3, 2.3], [1, 1, 1]), serial, light=True)
    assert "not measured" in alone and "light work" in alone and "met" not in alone


def test_a_deck_child_reports_the_cpu_time_of_its_work_and_writes_the_deck(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "bench" / "bench_units.py"), "--child", "deck", "3", "2",
                           str(tmp_path)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr
    (cpu,) = re.findall(r"^work-cpu (\S+)$", done.stdout, re.M)
    assert float(cpu) > 0
    assert [path.suffix for path in tmp_path.iterdir()] == [".pdf"]
