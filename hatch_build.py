"""Build hook: compile the gettext catalogs (``.po`` → ``.mo``) with Babel at every build.

The compiled catalogs are not kept in git; this hook makes them for the wheel and for the
editable install that ``make test`` uses (it writes them beside the ``.po`` files in ``src``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogs(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        locale = Path(self.root) / "src" / "cardtable" / "locale"
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            with po.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalog, use_fuzzy=False)
