"""Runs axe-core (the copy PyPI's axe-selenium-python carries) on every page of a served
board in Debian's chromium: the board, the board with archived cards, a card's page, the
history, the page a refused form answers with, a card the board does not have, a refused redo,
and a save merged with a change made meanwhile, each in light and dark, English and Korean,
at desktop and phone widths. Prints one JSON object: for each page and variant, the serious and
critical violations found (rule, impact, the first elements), so a failing test names them.

    page_axe_check.py PAGE_URL CARD_ID
"""
import json
import sys

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

PAGE, CARD = sys.argv[1], sys.argv[2]


def browser(width):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},900"]:
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def serious(driver):
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    return [{"rule": v["id"], "impact": v["impact"],
             "where": [" ".join(n["target"]) if isinstance(n["target"], list) else str(n["target"]) for n in v["nodes"][:3]],
             "why": v["nodes"][0].get("failureSummary", "")[:300] if v["nodes"] else ""}
            for v in results["violations"] if v["impact"] in ("serious", "critical")]


def refused_form(driver):
    """The page a form refused for a bad date answers with, as the browser shows it."""
    driver.get(PAGE + "cards/" + CARD)
    due = driver.find_element(By.CSS_SELECTOR, "form.edit input[name=due]")
    due.clear()
    due.send_keys("someday")
    driver.find_element(By.CSS_SELECTOR, "form.edit button").click()


def refused_redo(driver):
    """The page a refused redo answers with (nothing of the reader's to redo), in the frame."""
    driver.get(PAGE)
    driver.execute_script("""const form = document.createElement('form');
        form.method = 'post'; form.action = 'redo'; document.body.append(form); form.submit();""")


def merged_conflict(driver):
    """A save refused for a change made meanwhile, where both changed the title: theirs in the
    field, the reader's beside it (the form told it was loaded with another title)."""
    driver.get(PAGE + "cards/" + CARD)
    driver.execute_script("""const form = document.querySelector('form.edit');
        form.querySelector('[name=version]').value = 'v-stale';
        form.querySelector('[name=was-title]').value = 'An older title';
        form.querySelector('[name=title]').value = 'My title';
        form.submit();""")


found = {}
for width in (1440, 360):
    driver = browser(width)
    try:
        driver.get(PAGE)
        driver.add_cookie({"name": "boardkit-actor", "value": "mina"})
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for language in ("en", "ko"):
                pages = {
                    "board": lambda: driver.get(PAGE + f"?lang={language}"),
                    "archived": lambda: driver.get(PAGE + "?archived=1"),
                    "card": lambda: driver.get(PAGE + "cards/" + CARD),
                    "history": lambda: driver.get(PAGE + "history"),
                    "refused form": lambda: refused_form(driver),
                    "card not on the board": lambda: driver.get(PAGE + "cards/no-such-card"),
                    "refused redo": lambda: refused_redo(driver),
                    "merged conflict": lambda: merged_conflict(driver),
                }
                for name, load in pages.items():
                    load()
                    found[f"{name}, {scheme}, {language}, {width} px"] = serious(driver)
    finally:
        driver.quit()

print(json.dumps(found, ensure_ascii=False, indent=1))
