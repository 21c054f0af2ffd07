"""What the build writes into the site besides copying files: the game page's first screen,
the languages, and the offline worker's list of files.

``render_page`` fills the game page's slots with HTML from the front end's Python;
``write_languages`` puts each language's compiled catalog into the Python bundle and the first
screen's sentences into ``i18n.js``; ``write_service_worker`` lists every file with its hash.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path

from tools import translations
from tools.icons import DESCRIPTION, manifest_json
from tools.page_text import extract_html, extract_js

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"


def first_screen_slots() -> dict[str, str]:
    """The game page's slots, from the front end's Python, in the language of the moment
    (``common.i18n.use``)."""
    sys.path.insert(0, str(WEB))
    try:
        from common import rules_help
        from game.newgame import NewGameForm
    finally:
        del sys.path[0]
    form = NewGameForm()
    return {
        "quick-ai": form.quick_ai_html(),
        "quick-people": form.quick_people_html(),
        "quick-solo": form.quick_solo_html(),
        "seats": form.seats_html(),
        "variants": form.variants_html(),
        "solo": form.solo_html(),
        "rules": rules_help.html(),
    }


def render_page(html: str) -> str:
    """Fill the page's ``<!-- build: NAME -->`` slots with HTML from the front end's Python.

    The first screen (New game form, rules) is plain HTML, usable before Python has loaded;
    the same Python describes it here and reads it in the page, so there is one description.
    The slots are English; ``slot_sentences`` gives ``i18n.js`` their translations.
    """
    for name, fragment in first_screen_slots().items():
        marker = f"<!-- build: {name} -->"
        if html.count(marker) != 1:
            raise SystemExit(f"web/game/index.html must hold {marker} exactly once")
        html = html.replace(marker, fragment)
    return html


def slot_sentences(translator: object) -> dict[str, str]:
    """The slots' sentences as filled in English → as ``translator`` fills them ("Seat 2" →
    "Siège 2"), found by reading both renderings the way ``i18n.js`` reads the page."""
    sys.path.insert(0, str(WEB))
    try:
        from common import i18n
    finally:
        del sys.path[0]
    before = i18n.current()
    try:
        english = first_screen_slots()
        i18n.use(translator)
        translated = first_screen_slots()
    finally:
        i18n.use(before)
    pairs = {}
    for name, fragment in english.items():
        sources = extract_html(f"<body>{fragment}</body>", name)
        targets = extract_html(f"<body>{translated[name]}</body>", name)
        if len(sources) != len(targets):
            raise SystemExit(f"the {name} slot has a different shape in {translator.language}")
        for source, target in zip(sources, targets, strict=True):
            if source.msgid != target.msgid:
                pairs[source.msgid] = target.msgid
    return pairs


#: The pages carry their build's hash here (``<html data-build="…">``), which the offline worker
#: uses to serve each open tab, and its AI worker, the files of the build it opened with.
BUILD_STAMP = re.compile(r'data-build="[^"]*"')


def write_service_worker(site: Path) -> str:
    """Write sw.js for the build in ``site``: every file with its SHA-256 and size, and the
    build's hash, which is also stamped into every page.

    The hash is taken over the files with the pages' stamps blanked, so any change of any file
    is a new build, and the pages can name the build they belong to.  Returns the hash.
    """
    worker = site / "sw.js"
    names = sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file() and path != worker and path.name != ".nojekyll"
    )
    pages = [name for name in names if name.endswith(".html")]
    blank = 'data-build=""'
    for name in pages:
        page = site / name
        page.write_text(BUILD_STAMP.sub(blank, page.read_text()))
    blanked = {name: hashlib.sha256((site / name).read_bytes()).hexdigest() for name in names}
    build_hash = hashlib.sha256(json.dumps(blanked, sort_keys=True).encode()).hexdigest()[:16]
    for name in pages:
        page = site / name
        page.write_text(page.read_text().replace(blank, f'data-build="{build_hash}"'))
    files = {
        name: [hashlib.sha256(data := (site / name).read_bytes()).hexdigest(), len(data)]
        for name in names
    }
    text = (WEB / "browser" / "sw.js").read_text().replace("__BUILD_HASH__", build_hash)
    worker.write_text(text.replace("__FILE_LIST__", json.dumps(files, indent=2)))
    return build_hash


def write_languages(site: Path, bundle: zipfile.ZipFile) -> None:
    """Each language's ``.mo`` into the Python bundle (``locale/fr.mo``, read by the pages'
    Python), and the languages and first-screen catalogs into ``site/i18n.js``."""
    sys.path.insert(0, str(WEB))
    try:
        from common.i18n import Translator
        from common.languages import LANGUAGES, NATIVE_NAMES
    finally:
        del sys.path[0]
    mos, screens = translations.compiled()
    catalogs = json.loads(screens)
    for language, data in mos.items():
        bundle.writestr(f"locale/{language}.mo", data)
        translator = Translator(language, data)
        catalogs[language] = {**slot_sentences(translator), **catalogs[language]}
        said = translator.gettext(DESCRIPTION)
        (site / f"manifest.{language}.webmanifest").write_text(manifest_json(language, said))
    script = site / "i18n.js"
    text = script.read_text(encoding="utf-8").replace("__LANGUAGES__", json.dumps(LANGUAGES))
    text = text.replace("__NATIVE_NAMES__", json.dumps(NATIVE_NAMES, ensure_ascii=False))
    screens = json.dumps(catalogs, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    script.write_text(text.replace("__CATALOGS__", screens), encoding="utf-8")
    write_elements_script(site / ELEMENTS_SCRIPT, catalogs)


#: The script other sites load for ``<akropolis-city>`` and ``<akropolis-game>``: it carries its
#: few sentences itself (it runs on their pages, with no i18n.js).
ELEMENTS_SCRIPT = "akropolis-elements.js"


def write_elements_script(script: Path, catalogs: dict[str, dict]) -> None:
    """Fill in the elements' script: ``__WORDS__``, each language's translations of the
    script's own ``t("…")``, and ``__STYLES__``, the elements' style sheet (``elements.css``)
    as a JavaScript string, which then leaves the site."""
    text = script.read_text(encoding="utf-8")
    sheet = script.parent / "elements.css"
    styles = sheet.read_text(encoding="utf-8")
    sheet.unlink()  # carried by the script alone
    text = text.replace("__STYLES__", json.dumps(styles, ensure_ascii=False))
    said = {message.msgid for message in extract_js(text, script.name)}
    words = {
        language: {msgid: catalog[msgid] for msgid in sorted(said) if msgid in catalog}
        for language, catalog in sorted(catalogs.items())
    }
    filled = json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    script.write_text(text.replace("__WORDS__", filled), encoding="utf-8")
