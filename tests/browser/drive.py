"""Plays Umbra in headless Chromium, as tests/browser.rs asks, and prints what a player would
have seen as one JSON object on stdout. The page is served from web/ on 127.0.0.1 only.

    drive.py WEB_DIR RECORDING KEYS
    drive.py screenshot WEB_DIR QUERY KEYS OUT.png

KEYS are typed on seed 42 (then the page is reloaded, quit to its title, crashed and opened
again, and fed a damaged save);
RECORDING is a native recording to watch to its end. Assertions are the Rust test's job.
"""

import functools
import http.server
import json
import sys
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

TIMEOUT = 60


def serve(directory):
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".wasm": "application/wasm", ".js": "text/javascript"}

        def log_message(self, *args):
            pass

    handler = functools.partial(Handler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                "--window-size=1280,800", "--disable-gpu"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(driver, script, what):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"drive.py: timed out waiting for {what}; page says: {screen(driver)!r}")


def state(driver):
    return json.loads(driver.execute_script("return window.umbraGame ? umbraGame.state() : 'null'"))


def screen(driver):
    return driver.execute_script(
        "const p = document.getElementById('problem');"
        "return (p && !p.hidden ? p.textContent + '\\n' : '') +"
        " (document.getElementById('umbra') || document.body).innerText;")


def open_page(driver, url):
    driver.get(url)
    return wait_for(driver, "return (window.umbraGame && umbraGame.state() !== 'null'"
                    " && document.querySelectorAll('#umbra span').length > 0)"
                    " || !document.getElementById('problem').hidden", "the game to start")


def settle(driver):
    """Two animation frames: what the last key did is drawn."""
    driver.execute_async_script(
        "const done = arguments[0];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def press(driver, keys):
    for key in keys:
        ActionChains(driver).send_keys(key).perform()
    settle(driver)


def seen(driver):
    settle(driver)
    return {"state": state(driver), "screen": screen(driver)}


def screenshot(web_dir, query, keys, out):
    """For screenshots/browser.png: the page at `query` after `keys`, as the browser shows it."""
    server, url = serve(web_dir)
    driver = browser()
    try:
        open_page(driver, url + query)
        press(driver, keys)
        time.sleep(0.5)
        driver.save_screenshot(out)
    finally:
        driver.quit()
        server.shutdown()


def main():
    if sys.argv[1] == "screenshot":
        return screenshot(*sys.argv[2:6])
    web_dir, recording, keys = sys.argv[1], sys.argv[2], sys.argv[3]
    server, url = serve(web_dir)
    driver = browser()
    result = {}
    try:
        # A second tab to go on in once the first has been crashed.
        spare = driver.current_window_handle
        driver.switch_to.new_window("tab")
        open_page(driver, url + "?seed=42")
        result["loaded"] = seen(driver)
        press(driver, keys)
        result["played"] = seen(driver)
        driver.refresh()
        open_page(driver, url + "?seed=42")
        result["reloaded"] = seen(driver)
        driver.find_element("id", "recording").send_keys(recording)
        wait_for(driver, "return JSON.parse(umbraGame.state()).watching", "the recording to open")
        press(driver, [Keys.END])
        result["watched"] = seen(driver)
        press(driver, ["q"])
        result["after_watching"] = seen(driver)
        press(driver, ["q"])
        result["title"] = seen(driver)
        press(driver, ["c"])
        result["continued"] = seen(driver)
        press(driver, "lkhj..")
        result["before_crash"] = seen(driver)
        # The renderer dies at once: no pagehide, nothing but what each key already kept.
        try:
            driver.execute_cdp_cmd("Page.crash", {})
        except WebDriverException:
            pass
        driver.switch_to.window(spare)
        open_page(driver, url + "?seed=42")
        result["after_crash"] = seen(driver)
        # Damaged while no page holds the game (a page closing keeps its own journal, whole,
        # over whatever was done to storage behind its back): from a page of the same origin
        # that is not the game.
        driver.get(url + "no-game-here")
        driver.execute_script(
            "const bytes = Uint8Array.from(atob(localStorage.getItem('umbra.save')),"
            " c => c.charCodeAt(0));"
            "bytes[30] ^= 0x55;"
            "localStorage.setItem('umbra.save', btoa(String.fromCharCode(...bytes)));")
        open_page(driver, url)
        result["damaged"] = seen(driver)
        result["damaged"]["storage"] = driver.execute_script(
            "return Object.keys(localStorage).sort()")
        open_page(driver, url + "?seed=abc")
        result["bad_address"] = seen(driver)
        # The debugging aids from the address: a view over the map, a wizard's heal.
        open_page(driver, url + "?seed=7&new-game&debug-overlays&debug-wizard")
        press(driver, "yvWh")
        result["debugging"] = seen(driver)
        result["console"] = [entry["message"] for entry in driver.get_log("browser")]
    except WebDriverException as error:
        raise SystemExit(f"drive.py: the browser failed: {error.msg}")
    finally:
        driver.quit()
        server.shutdown()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
