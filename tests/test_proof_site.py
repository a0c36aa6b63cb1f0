"""`pnp proof`: the static proof site, read back as HTML and driven in headless Chromium (Selenium).

One site is built per session from the shipped inputs with three planted defects — the Polish effect of
rome.consular-cavalry says 12 ATK where the English source says 2, the German calibration sheet types the ruler's
100 mm instead of its placeholder, and the Spanish score sheet's title has a double space, a no-break space and a
soft hyphen — compared with the shipped catalogs (`--compare`), and every browser test reads that site.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pnp.data.card_database import load_cards
from product_helpers import load_engine
from pnp.project import REPO
from pnp.proof.collect import message_anchor
from tests.conftest import LANGS, invoke, project_args

LANGUAGES = ("en",) + LANGS
PLANTED_CARD, PLANTED_LANG = "rome.consular-cavalry", "pl"
PLANTED_FROM = "w Obronie, zyskuje 2 ATK w walce."
PLANTED_TO = "w Obronie, zyskuje 12 ATK w walce."
CARDS = load_cards(REPO / "data" / "cards", load_engine(REPO / "data" / "engine.toml")).cards
MESSAGE_LANG, MESSAGE_FROM, MESSAGE_TO = "de", "genau {ruler_length} mm messen.", "genau 100 mm messen."
FACTIONS = tuple(dict.fromkeys(card.faction for card in CARDS))
INVISIBLE_LANG, INVISIBLE_FROM, INVISIBLE_TO = "es", 'msgstr "Hoja de puntuación"', 'msgstr "Hoja  de\u00a0pun\u00adtuación"'
PRINT_DPI, CARD_MM = 150, 69  # a card's pro page: 63 mm and the bleed
PHONE = 390  # px, the width of a phone's viewport


def plant(root: Path, lang: str, path: str, old: str, new: str) -> None:
    """Replace `old` (present exactly once) by `new` in a copied input file."""
    file = root / path.format(lang=lang)
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} not found once in {file}"
    file.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="session")
def site(runner, tmp_path_factory) -> Path:
    """The proof site of the shipped inputs with the planted Polish number mismatch."""
    root = tmp_path_factory.mktemp("proof")
    shutil.copytree(REPO / "data", root / "data")
    shutil.copytree(REPO / "locales", root / "locales", ignore=shutil.ignore_patterns("*.mo"))
    plant(root, PLANTED_LANG, "locales/{lang}/LC_MESSAGES/cards.po", PLANTED_FROM, PLANTED_TO)
    plant(root, MESSAGE_LANG, "locales/{lang}/LC_MESSAGES/sheets.po", MESSAGE_FROM, MESSAGE_TO)
    plant(root, INVISIBLE_LANG, "locales/{lang}/LC_MESSAGES/sheets.po", INVISIBLE_FROM, INVISIBLE_TO)
    result = invoke(runner, "proof", "--out", root / "site", "--compare", REPO / "locales", *project_args(root))
    assert result.exit_code == 0, result.output
    return root / "site"


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium driven through Debian's chromedriver; skipped only where they are not installed
    (.ci/run installs them, so under CI a missing browser is a failure)."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver):
        message = "Chromium and its driver are needed: apt-get install -y chromium chromium-driver (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000",
                     "--allow-file-access-from-files"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    session = webdriver.Chrome(service=Service(driver), options=options)
    yield session
    session.quit()


WAIT_SECONDS = 30


def wait_for(browser, script: str, expected, *args):
    """Poll `script` until it returns `expected` and return it; on a timeout, fail showing the last value."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    seen = []

    def settled(driver):
        seen[:] = [driver.execute_script(script, *args)]
        return seen[0] == expected

    try:
        WebDriverWait(browser, WAIT_SECONDS, poll_frequency=0.05).until(settled)
    except TimeoutException:
        pytest.fail(f"after {WAIT_SECONDS} s, {script!r} returned {seen[0]!r}, expected {expected!r}")
    return seen[0]


def open_page(browser, site: Path, page: str):
    """Load a page and wait until it is the page shown, parsed, its deferred script run and its images loaded.

    `get` can return while the new document is still being parsed (a read then sees the rows parsed so far), so
    the old document is waited out first, then the new one's readyState and URL.
    """
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    url = (site / page).as_uri()
    old = browser.find_element(By.TAG_NAME, "html") if browser.current_url.startswith("file:") else None
    browser.get(url)
    if old is not None:
        WebDriverWait(browser, WAIT_SECONDS).until(expected_conditions.staleness_of(old))
    wait_for(browser, "return [document.readyState, location.href]", ["complete", url])
    return browser


def wait_visible(browser, selector: str, expected: list[str]) -> None:
    """Wait until the elements shown for `selector` (ids, languages or texts) are `expected`, in order."""
    wait_for(browser, "return [...document.querySelectorAll(arguments[0])].filter(e => e.offsetParent !== null)"
             ".map(e => e.id || e.dataset.lang || e.textContent.trim())", expected, selector)


def choose(browser, select_id: str, value: str) -> None:
    """Pick an option of a filter (Selenium's Select fires the change event a user's choice fires)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, select_id)).select_by_value(value)


def pages(site: Path) -> list[str]:
    return sorted(p.name for p in site.glob("*.html"))


def test_every_page_loads_without_console_errors(browser, site):
    assert pages(site) == sorted([f"cards-{f}.html" for f in FACTIONS] + ["changes.html", "glossary.html",
                                                                           "index.html", "messages.html",
                                                                           "problems.html"])
    for page in pages(site):
        open_page(browser, site, page)
        logs = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
        assert logs == [], (page, logs)
        # the script ran: the filter form (hidden for readers without JavaScript) is shown
        assert browser.execute_script("return document.querySelector('form.filters').hidden") is False, page
        # accessible: every control has a label, every image a text, every page its language
        unlabelled = browser.execute_script("return [...document.querySelectorAll('select, input')]"
                                            ".filter(c => c.labels.length === 0).map(c => c.outerHTML)")
        assert unlabelled == [], (page, unlabelled)
        assert browser.execute_script("return [...document.images].every(i => i.alt.trim().length > 0) && "
                                      "document.documentElement.lang === 'en'"), page


def test_every_card_in_six_languages_with_images_that_load(browser, site):
    seen, images = [], 0
    for faction in FACTIONS:
        open_page(browser, site, f"cards-{faction}.html")
        expected = [[card.id, list(LANGUAGES)] for card in CARDS if card.faction == faction]
        rows = wait_for(browser, "return [...document.querySelectorAll('article.card-row')].map(a => [a.id, "
                        "[...a.querySelectorAll('section.cell')].map(s => s.dataset.lang)])", expected)
        seen += [card_id for card_id, _ in rows]
        broken = browser.execute_script(
            "return [...document.images].filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
        assert broken == [], broken
        sizes = browser.execute_script("return [...document.images].map(i => [i.naturalWidth, i.naturalHeight, i.alt])")
        images += len(sizes)
        assert all(w > 150 and h > 200 and alt for w, h, alt in sizes), sizes[:3]
    assert seen == [card.id for card in CARDS] and len(seen) == 141
    assert images == 141 * 6


def test_planted_number_mismatch_on_its_card_and_on_the_summary(browser, site):
    open_page(browser, site, "cards-rome.html")
    found = browser.execute_script(
        "return [...document.querySelectorAll('li.problem[data-code=\"number-mismatch\"]')].map(li => "
        "[li.closest('article').id, li.closest('section').dataset.lang, li.textContent])")
    assert [(card, lang) for card, lang, _ in found] == [(PLANTED_CARD, PLANTED_LANG)]
    assert "found 12" in found[0][2] and "missing 2" in found[0][2]
    effect = f"article[id='{PLANTED_CARD}'] section[data-lang='{PLANTED_LANG}'] dd[data-field=effect]"
    text = browser.execute_script("return document.querySelector(arguments[0]).textContent", effect)
    assert "12 ATK" in text
    open_page(browser, site, "problems.html")
    counts = browser.execute_script(
        "return [...document.querySelectorAll('table.summary tbody tr')].map(r => "
        "[...r.children].map(c => c.textContent.trim()))")
    header = ["code", *LANGUAGES, "no language"]
    assert [dict(zip(header, row)) for row in counts if row[0] == "number-mismatch"] == [
        {"code": "number-mismatch", **{lang: "1" if lang in (PLANTED_LANG, MESSAGE_LANG) else "" for lang in LANGUAGES},
         "no language": ""}]
    links = browser.execute_script(
        "return [...document.querySelectorAll('tr.problem[data-code=\"number-mismatch\"][data-lang=\"pl\"] a')]"
        ".map(a => a.getAttribute('href'))")
    assert links == [f"cards-rome.html#{PLANTED_CARD}"]


def test_planted_message_defect_on_its_message_and_on_the_summary(browser, site):
    open_page(browser, site, "problems.html")
    rows = browser.execute_script(
        "return [...document.querySelectorAll('tr.problem')].filter(r => r.dataset.lang === arguments[0])"
        ".map(r => [r.dataset.code, r.querySelector('a') && r.querySelector('a').getAttribute('href')])",
        MESSAGE_LANG)
    codes = sorted(code for code, _ in rows)
    assert codes == ["number-mismatch", "placeholder-missing", "print-checks-skipped"], rows
    links = {link for code, link in rows if code != "print-checks-skipped"}
    assert len(links) == 1 and next(iter(links)).startswith("messages.html#m-")
    page, anchor = next(iter(links)).split("#")
    open_page(browser, site, page)
    cell = browser.execute_script("return [...document.getElementById(arguments[0]).querySelectorAll('td')]"
                                  ".map(td => [td.dataset.lang, [...td.querySelectorAll('li.problem')]"
                                  ".map(li => li.dataset.code), td.textContent])", anchor)
    by_lang = {lang: (sorted(problem_codes), text) for lang, problem_codes, text in cell}
    assert by_lang[MESSAGE_LANG][0] == ["number-mismatch", "placeholder-missing"]
    assert "genau 100 mm" in by_lang[MESSAGE_LANG][1]
    assert all(problem_codes == [] for lang, (problem_codes, _) in by_lang.items() if lang != MESSAGE_LANG)
    assert "{ruler_length} = 100" in " ".join(by_lang["en"][1].split())  # the value the placeholder is filled with


def test_filters_show_and_hide_the_right_cards(browser, site):
    open_page(browser, site, "cards-rome.html")
    rome = [card for card in CARDS if card.faction == "rome"]
    wait_visible(browser, "article.card-row", [card.id for card in rome])
    choose(browser, "kind", "doctrine")
    wait_visible(browser, "article.card-row", [card.id for card in rome if card.kind == "doctrine"])
    choose(browser, "kind", "")
    choose(browser, "code", "number-mismatch")
    wait_visible(browser, "article.card-row", [PLANTED_CARD])
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    toggle = browser.find_element(By.CSS_SELECTOR, "input[data-lang-toggle][value='pl']")
    toggle.send_keys(Keys.SPACE)  # keyboard use: a focused checkbox toggles with the space bar
    wait_visible(browser, f"article[id='{PLANTED_CARD}'] section.cell", [lang for lang in LANGUAGES if lang != "pl"])

    open_page(browser, site, "index.html")
    choose(browser, "faction", "dacia")
    shown = ("return [...document.querySelectorAll('tr.filterable')].filter(r => !r.hidden)"
             ".map(r => r.querySelector('code').textContent)")
    wait_for(browser, shown, [card.id for card in CARDS if card.faction == "dacia"])
    choose(browser, "kind", "tactic")
    tactics = [card.id for card in CARDS if card.faction == "dacia" and card.kind == "tactic"]
    assert tactics
    wait_for(browser, shown, tactics)

    open_page(browser, site, "problems.html")
    choose(browser, "lang", PLANTED_LANG)
    codes = "return [...document.querySelectorAll('tr.problem')].filter(r => !r.hidden).map(r => r.dataset.code)"
    # the validator skips the print checks of a language with translation errors, and says so
    wait_for(browser, codes, ["number-mismatch", "print-checks-skipped"])
    choose(browser, "code", "number-mismatch")
    wait_for(browser, codes, ["number-mismatch"])
    choose(browser, "lang", "tr")
    wait_for(browser, codes, [])


def test_a_card_opens_at_print_resolution_on_click(browser, site):
    from selenium.webdriver.common.by import By

    open_page(browser, site, "cards-rome.html")
    card = f"article[id='{PLANTED_CARD}'] section[data-lang='{PLANTED_LANG}'] a.zoom"
    wait_for(browser, "return document.querySelectorAll(arguments[0]).length", 1, card)
    browser.find_element(By.CSS_SELECTOR, card).click()
    opened = ("const v = document.getElementById('viewer'), i = v.querySelector('img'); "
              "return [v.open, i.complete && i.naturalWidth > 0, i.getAttribute('src')]")
    expected = [True, True, f"img/{PLANTED_LANG}/{PLANTED_CARD}@{PRINT_DPI}dpi.jpg"]
    wait_for(browser, opened, expected)
    width = browser.execute_script("return document.querySelector('#viewer img').naturalWidth")
    assert width / (CARD_MM / 25.4) >= PRINT_DPI - 1, width  # at least 150 dots per inch of the printed card
    browser.find_element(By.CSS_SELECTOR, "#viewer button").click()
    wait_for(browser, "return document.getElementById('viewer').open", False)


def test_every_message_shows_where_it_is_printed(browser, site):
    open_page(browser, site, "messages.html")
    rows = wait_for(browser, "return document.querySelectorAll('tr.filterable').length === "
                    "document.querySelectorAll('tr.filterable figure.printed, tr.filterable p.not-printed').length",
                    True)
    assert rows
    loaded = ("return [...document.querySelectorAll('figure.printed img')].every(i => i.complete && "
              "i.naturalWidth > 0)")
    wait_for(browser, loaded, True)
    missing = browser.execute_script("return [...document.querySelectorAll('tr.filterable')].filter(r => "
                                     "r.querySelector('p.not-printed')).map(r => r.querySelector('td').textContent)")
    assert len(missing) <= 2, missing  # the PDF metadata's subject, which no page prints
    captions = browser.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('tr.filterable')].filter(r => "
        "r.querySelector('figcaption')).map(r => [r.dataset.section, r.querySelector('figcaption').textContent]))")
    assert captions["rulebook"].startswith("rulebook.pdf, page ")
    assert captions["calibration-sheet"].startswith("calibration.pdf, page ")
    assert captions["card-terms"].startswith("cards/")


def test_search_across_card_id_msgid_context_and_translation(browser, site):
    from selenium.webdriver.common.by import By

    open_page(browser, site, "cards-rome.html")
    search = browser.find_element(By.ID, "search")
    search.send_keys(PLANTED_CARD)  # a card id
    wait_visible(browser, "article.card-row", [PLANTED_CARD])
    search.clear()
    search.send_keys("zyskuje 12 ATK")  # the planted Polish translation
    wait_visible(browser, "article.card-row", [PLANTED_CARD])
    open_page(browser, site, "messages.html")
    search = browser.find_element(By.ID, "search")
    search.send_keys("genau 100 mm")  # a German translation
    shown = "return [...document.querySelectorAll('tr.filterable')].filter(r => !r.hidden).map(r => r.dataset.section)"
    wait_for(browser, shown, ["calibration-sheet"])
    search.clear()
    search.send_keys("msgctxt calibration sheet")  # a msgctxt, as the rows show it
    calibration = browser.execute_script(
        "return [...document.querySelectorAll('tr.filterable')].filter(r => r.dataset.section === "
        "'calibration-sheet').length")
    wait_for(browser, shown, ["calibration-sheet"] * calibration)
    search.clear()
    search.send_keys("Score Sheet")  # an English msgid (and what contains it)
    found = wait_for(browser, f"return {shown[7:]}.length > 0", True)
    assert found


def test_invisible_characters_are_shown(browser, site):
    open_page(browser, site, "messages.html")
    cell = f"document.getElementById('{message_anchor('score sheet', 'Score Sheet')}').querySelector('td[data-lang=es]')"
    signs = wait_for(browser, f"return [...{cell}.querySelectorAll('p.text span.inv')].map(s => s.title)",
                     ["extra space", "no-break space", "soft hyphen"])
    assert signs
    problem = browser.execute_script(
        f"return {cell}.querySelector('li.problem[data-code=\"double-space\"] span.inv') !== null")
    assert problem  # the validator's report of the double space shows it too


def test_the_compare_view_lists_the_changed_messages_with_their_cards(browser, site):
    open_page(browser, site, "changes.html")
    rows = wait_for(browser, "return document.querySelectorAll('tr.change').length", 3)
    assert rows == 3
    changes = browser.execute_script(
        "return [...document.querySelectorAll('tr.change')].map(r => [r.dataset.lang, "
        "r.querySelector('td.old').textContent, r.querySelector('td.new').textContent, "
        "[...r.querySelectorAll('td.cards code')].map(c => c.textContent)])")
    by_lang = {lang: (old, new, cards) for lang, old, new, cards in changes}
    assert set(by_lang) == {PLANTED_LANG, MESSAGE_LANG, INVISIBLE_LANG}
    old, new, cards = by_lang[PLANTED_LANG]
    assert "zyskuje 2 ATK" in old and "zyskuje 12 ATK" in new and cards == [PLANTED_CARD]
    assert "{ruler_length}" in by_lang[MESSAGE_LANG][0] and "100 mm" in by_lang[MESSAGE_LANG][1]
    assert by_lang[MESSAGE_LANG][2] == [] and "Hoja de puntuación" == by_lang[INVISIBLE_LANG][0]


def test_every_page_fits_a_phone(browser, site):
    browser.set_window_size(PHONE, 844)
    try:
        wait_for(browser, "return window.innerWidth", PHONE)
        for page in pages(site):
            open_page(browser, site, page)
            wider = ("return [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null && "
                     "e.getBoundingClientRect().right > window.innerWidth + 0.5).map(e => e.tagName + '.' + "
                     "e.className).slice(0, 5).concat([document.documentElement.scrollWidth > window.innerWidth])")
            assert wait_for(browser, wider, [False]) == [False], page
        # readable, not merely squeezed in: each language of a message, and each card, takes the screen's width
        open_page(browser, site, "messages.html")
        narrow = ("return [...document.querySelectorAll('td[data-lang], section.cell')].filter(e => e.offsetParent "
                  "!== null && e.getBoundingClientRect().width < 0.8 * window.innerWidth).length")
        assert wait_for(browser, narrow, 0) == 0
        open_page(browser, site, "cards-rome.html")
        assert wait_for(browser, narrow, 0) == 0
    finally:
        browser.set_window_size(1400, 1000)
