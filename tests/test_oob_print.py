"""The printable order of battle (issue 18): one unit per row, values never wrapped, the table
header repeated on every printed page (checked in Debian's chromium, printing to PDF, when it
and poppler's pdftotext are installed)."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from vmodgen.model import load_kit
from vmodgen.oob import kit_oob, write_oob

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_each_table_has_a_header_group_and_one_row_per_unit(tmp_path):
    kit = load_kit("operation-mercury")
    page = tmp_path / "oob.html"
    write_oob(kit_oob(kit, pictures=False), "html", page)
    html = page.read_text(encoding="utf-8")
    tables = re.findall(r"<table>(.*?)</table>", html, flags=re.S)
    assert tables and all("<thead>" in t and "</thead><tbody>" in t for t in tables)
    rows = sum(t.split("<tbody>")[1].count("<tr>") for t in tables)
    assert rows == len(kit.units)
    assert "thead{display:table-header-group}" in html and "td.v{white-space:nowrap" in html
    assert "<td class='v'>3 / 1</td>" in html          # a front / back value, kept on one line


@pytest.mark.skipif(CHROMIUM is None or shutil.which("pdftotext") is None,
                    reason="Debian's chromium and poppler-utils are not installed")
def test_printed_pages_repeat_the_header(tmp_path):
    kit = load_kit("operation-mercury")
    page = tmp_path / "oob.html"
    write_oob(kit_oob(kit, cache_dir=tmp_path / "cache"), "html", page)
    pdf = tmp_path / "oob.pdf"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], capture_output=True, timeout=180)
    assert pdf.is_file()
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True).stdout.decode()
    pages = [p for p in text.split("\f") if p.strip()]
    assert len(pages) > 3
    ids = [u.id for u in kit.units]
    for i, p in enumerate(pages, 1):
        if any(uid in p for uid in ids):
            assert "arrives" in p and "set-up" in p, f"page {i} has units but no table header"
