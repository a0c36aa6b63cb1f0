"""docs/rules-decisions.md: every decision names the rule that states it, with the number the Rules Reference prints
(generated from the rule id), every stall of issue #23 has its decision, and the files it names exist."""
from __future__ import annotations

import re
from functools import lru_cache

from pnp.project import REPO, Project
from pnp.rulebook import kit_facts
from pnp.rulebook.books import REFERENCE
from pnp.rulebook.compose import compose_numbered
from rulebook_helpers import inputs

DECISIONS = REPO / "docs/rules-decisions.md"
CITED = re.compile(r"(\d+(?:\.\d+)*) \(`([a-z0-9._]+)`\)")


@lru_cache(maxsize=None)
def rule_numbers() -> dict[str, str]:
    loaded = inputs()
    _, numbers = compose_numbered(loaded.engine, loaded.cards, loaded.catalogs["pl"],
                                  kit_facts(loaded.engine, "a4", Project().layouts), loaded.lexicon.of("pl").game_terms,
                                  REFERENCE)
    return numbers


def test_every_cited_rule_has_the_number_the_reference_prints():
    text = DECISIONS.read_text(encoding="utf-8")
    numbers = rule_numbers()
    cited = CITED.findall(text)
    assert len(cited) > 50
    wrong = [(number, rule_id, numbers.get(rule_id)) for number, rule_id in cited if numbers.get(rule_id) != number]
    assert not wrong, wrong


def test_every_stall_and_seed_decision_has_its_row_with_cards_and_rule():
    text = DECISIONS.read_text(encoding="utf-8")
    stalls = re.findall(r"^\| (\d+)\. [^|]+ \| [^|]+ \| [^|]+ \| [^|]+ \|$", text, flags=re.M)
    assert stalls == [str(n) for n in range(1, 14)]
    decisions = re.findall(r"^\| (\d+) \| [^|]+ \| [^|]+ \| [^|]*`[a-z0-9._]+`[^|]*\|$", text, flags=re.M)
    assert decisions == [str(n) for n in range(1, 18)]
    assert "\n## Mercenary\n" in text  # its body is written with the trait's data


def test_named_files_exist_and_decision_5_says_what_the_seed_says():
    text = DECISIONS.read_text(encoding="utf-8")
    paths = set(re.findall(r"`(pnp/[\w/]+\.(?:py|j2)|data/[\w./-]+|tests/[\w/]+\.py)`", text))
    assert "pnp/data/combat.py" in paths and "pnp/engine.py" not in text
    assert not [path for path in paths if not (REPO / path).exists()]
    [five] = re.findall(r"^\| 5 \|(.+)$", text, flags=re.M)
    assert "face-down in Defense Position unless the card says otherwise — both as the seed page says" in five
