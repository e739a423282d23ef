"""Two people on one served board, each through their own link, in Debian's chromium (through
Selenium): an editor (eve) and a viewer (vic). Prints one JSON object of named checks, each
`true` or what was seen instead, and axe-core's serious and critical violations on the
viewer's page (English and Korean, desktop and phone).

    page_access_check.py EDITOR_PAGE_URL VIEWER_PAGE_URL BOARDKIT STORE
"""
import json
import subprocess
import sys

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import page_browser

EDITOR, VIEWER, BOARDKIT, STORE = sys.argv[1:5]
checks = {}


def browser(width=1440, language="en-US"):
    return page_browser.browser(width=width, language=language)


def check(name, ok, seen=""):
    checks[name] = True if ok else (seen or "no")


wait_for = page_browser.wait_for


def history():
    return subprocess.run([BOARDKIT, "history", "--board", STORE], capture_output=True, text=True, check=True).stdout


def card_state(driver, title):
    return driver.execute_script("""
        for (const link of document.querySelectorAll('li.card a.title'))
            if (link.textContent.includes(arguments[0])) return link.closest('section.column').dataset.state;
        return null;""", title)


eve = browser()
vic = browser()
try:
    # The editor: the page knows her, asks no name, and what she does is hers in the history.
    eve.get(EDITOR)
    check("editor is not asked a name", not eve.find_elements(By.CSS_SELECTOR, "form.ask-name"))
    who = eve.find_elements(By.CSS_SELECTOR, "footer .who b")
    check("editor's page names her", bool(who) and who[0].text == "eve", who[0].text if who else "no name shown")
    add = eve.find_elements(By.CSS_SELECTOR, "section.column details.add summary")
    if add:
        add[0].click()
    title = eve.find_elements(By.CSS_SELECTOR, "section.column details.add form input[name=title]")
    if title:
        title[0].send_keys("Added by eve in a browser", Keys.ENTER)
    check("editor adds a card", wait_for(lambda: card_state(eve, "Added by eve in a browser") is not None),
          "the card did not appear")
    check("the history names eve", wait_for(lambda: "eve created" in history() and "Added by eve in a browser" in history()),
          history()[-300:])

    # The viewer: sees the board and eve's card, can change nothing, is told so.
    vic.get(VIEWER)
    check("viewer sees eve's card live",
          wait_for(lambda: card_state(vic, "Added by eve in a browser") is not None), "not shown")
    notice = vic.find_elements(By.CSS_SELECTOR, "p.notice")
    check("viewer is told the page is view only", any("View only" in n.text for n in notice),
          [n.text for n in notice])
    check("viewer has no forms that change", not vic.find_elements(
        By.CSS_SELECTOR, "form.move, details.add, form.ask-name, button.undo, button.redo"))
    card = vic.execute_script("return document.querySelector('li.card')")
    check("viewer's cards do not drag", card is not None and card.get_attribute("draggable") != "true",
          card.get_attribute("draggable") if card else "no card")
    # A write sent from the viewer's own page (same origin, her link) is refused by her role.
    status = vic.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('api/cards', {method: 'POST', body: JSON.stringify({title: 'by vic'})})
            .then(r => done(r.status)).catch(e => done(String(e)));""")
    check("viewer's write from her page is refused (403)", status == 403, status)
    check("nothing of vic's is in the history", "vic" not in history(), history()[-300:])
finally:
    eve.quit()
    vic.quit()

violations = {}
for width in (1440, 360):
    driver = browser(width)
    try:
        for language in ("en", "ko"):
            driver.get(VIEWER + f"?lang={language}")
            axe = Axe(driver)
            axe.inject()
            found = [{"rule": v["id"], "impact": v["impact"]} for v in axe.run()["violations"]
                     if v["impact"] in ("serious", "critical")]
            violations[f"viewer {language} {width}"] = found
    finally:
        driver.quit()
checks["axe"] = violations
print(json.dumps(checks, ensure_ascii=False))
