"""Screenshots of a store's board page for the docs: desktop (1440 px) and phone (360 px)
width, English, and the phone in Korean with the dark scheme.

    page_screenshots.py BOARDKIT STORE OUT_DIR
"""
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

BOARDKIT, STORE, OUT = sys.argv[1:4]

with tempfile.TemporaryDirectory() as folder:
    server = subprocess.Popen([BOARDKIT, "serve", "--board", f"team={STORE}", "--port", "0", "--quiet",
                               "--state-file", os.path.join(folder, "tokens.json")],
                              stdout=subprocess.PIPE, text=True)
    try:
        page = None
        while page is None:
            line = server.stdout.readline()
            if not line:
                sys.exit("boardkit serve stopped before printing the board's URL")
            if " board: " in line:
                page = line.split(" board: ")[1].split()[0]
        shots = [("board-desktop.png", 1440, 900, "light", "en"), ("board-phone.png", 360, 780, "light", "en"),
                 ("board-phone-ko-dark.png", 360, 780, "dark", "ko")]
        for name, width, height, scheme, language in shots:
            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for arg in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                        f"--window-size={width},{height}", "--force-device-scale-factor=1"]:
                options.add_argument(arg)
            driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
            try:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(page)
                driver.add_cookie({"name": "boardkit-actor", "value": "mina"})
                driver.get(page + f"?lang={language}")
                driver.save_screenshot(os.path.join(OUT, name))
            finally:
                driver.quit()
            print(os.path.join(OUT, name))
    finally:
        server.terminate()
        server.wait()
