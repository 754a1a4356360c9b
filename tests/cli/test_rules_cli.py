"""``cardtable rules GAME [--lang L] [-p N] [-o key=value] [--html FILE] [--pdf FILE]``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result
from pypdf import PdfReader

from cardtable.cli import main
from cardtable.i18n import set_language


def run(*args: str) -> Result:
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        set_language("en")  # the command sets the process-wide language


def test_rules_print_in_the_terminal_with_the_tables_options() -> None:
    result = run("rules", "pontinho", "-o", "figure_points=10", "-o", "bust=150")
    assert result.exit_code == 0, result.output
    assert "king, queen and jack 10 each" in result.output
    assert "reaches 150 points" in result.output
    assert "[Ks Kh Kd *]" in result.output


def test_rules_take_the_player_count() -> None:
    result = run("rules", "punttu", "--players", "6")
    assert "4 cards leave the pack" in result.output
    assert "(ace of coins, ace of cups, ace of swords, and ace of clubs)" in result.output


def test_rules_write_html_and_pdf(tmp_path: Path) -> None:
    html, pdf = tmp_path / "putto.html", tmp_path / "putto.pdf"
    result = run(
        "rules", "putto", "-o", "must_capture=true", "--html", str(html), "--pdf", str(pdf)
    )
    assert result.exit_code == 0, result.output
    assert "Capturing is compulsory" in html.read_text(encoding="utf-8")
    assert 1 <= len(PdfReader(pdf).pages) <= 2
    assert str(pdf) in result.output


def test_bad_options_are_usage_errors_and_write_nothing(tmp_path: Path) -> None:
    pdf = tmp_path / "x.pdf"
    result = run("rules", "punttu", "-o", "trim=threes", "--pdf", str(pdf))
    assert result.exit_code == 2
    assert "trim" in result.output and "aces, twos" in result.output
    assert not pdf.exists()


def test_unknown_language_is_refused() -> None:
    result = run("rules", "punttu", "--lang", "xx")
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.output
    result = run("--lang", "klingon", "rules", "punttu")
    assert result.exit_code == 2
