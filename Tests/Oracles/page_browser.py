"""What the browser checks share: Debian's chromium through its chromedriver (Selenium must
not download one), headless, at a width and language; and waiting for what a page does next."""
import time

from selenium import webdriver
from selenium.common.exceptions import SessionNotCreatedException
from selenium.webdriver.chrome.service import Service


def browser(javascript=True, width=1440, height=1000, language="en-US"):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--lang={language}",
                f"--window-size={width},{height}"]:
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Starting chromium while another test's chromium starts has failed once in twenty runs
    # with no page loaded ("session not created" before any check): the start is tried again,
    # never a check. The error of the last try is raised as it was.
    for attempt in range(3):
        try:
            return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        except SessionNotCreatedException:
            if attempt == 2:
                raise
            time.sleep(1)


def wait_for(predicate, seconds=5.0):
    """True once `predicate` holds (an exception counts as not yet), False after `seconds`."""
    end = time.time() + seconds
    while time.time() < end:
        try:
            if predicate():
                return True
        except Exception:
            pass
        time.sleep(0.1)
    return False
