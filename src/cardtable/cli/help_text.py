"""Command-line help in the user's language, decided when help is shown, not at import.

Click stores each command's help (its docstring) and each option's ``help=`` when the module
is imported, before ``--lang`` is read, so translating them there would always give English.
Instead the English text stays in the commands; ``LocalizedGroup`` reads ``--lang`` (or the
environment) before click parses anything and ``localize_help`` translates every command's and
option's help from that English source. ``extract`` lets Babel find those texts: command
docstrings and literal ``help="…"`` strings, besides the usual ``_()`` calls.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import IO, Any

import click
from babel.messages.extract import extract_python

from cardtable.i18n import _, known_language, set_language

_SOURCE = "_cardtable_help_source"
_CLICK_DECORATORS = {"command", "group", "option", "argument"}


def localize_help(command: click.Command) -> None:
    """Translate the help of ``command``, its options and its subcommands into the current
    language (idempotent: always from the English source kept on first call)."""
    _localize(command)
    # Click builds each command's --help option once, in the language of that moment: drop it
    # so that it is built again in the current one.
    command._help_option = None
    for param in command.params:
        _localize(param)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localize_help(sub)


def _localize(item: click.Command | click.Parameter) -> None:
    if not hasattr(item, "help"):
        return
    source = getattr(item, _SOURCE, None)
    if source is None:
        source = item.help
        setattr(item, _SOURCE, source)
    if not source:
        return
    text = _(inspect.cleandoc(source)) if isinstance(item, click.Command) else _(source)
    values = getattr(item, "help_values", None)
    item.help = text.format(**values) if values else text


def language_in(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the group's own options (before the subcommand), if any."""
    for index, arg in enumerate(args):
        if arg == "--lang" and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if not arg.startswith("-"):
            break
    return None


def check_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """Click callback for ``--lang``: a language cardtable speaks, or a usage error."""
    if value is None:
        return None
    try:
        return known_language(value)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx=ctx, param=param) from None


class LocalizedGroup(click.Group):
    """The top-level group: picks the language before parsing, so help and errors follow it."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            wanted = language_in(args)
            try:
                set_language(known_language(wanted) if wanted else None)
            except ValueError:
                set_language(None)  # the --lang callback reports the error

            localize_help(self)
        return super().parse_args(ctx, args)


class HelpOption(click.Option):
    """An option whose help has ``{placeholders}`` filled from ``help_values`` after translation."""

    def __init__(self, *args: Any, help_values: Mapping[str, str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.help_values = dict(help_values or {})
        setattr(self, _SOURCE, self.help)
        if self.help:
            self.help = self.help.format(**self.help_values)


# -- extraction (Babel) -------------------------------------------------------------------------


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method: Python's ``_()``-style calls, plus click help texts."""
    # Babel's own annotations describe extract()'s output, not the methods' (line, function,
    # messages, comments).
    yield from extract_python(fileobj, keywords, comment_tags, options)  # type: ignore[arg-type]
    fileobj.seek(0)
    try:
        tree = ast.parse(fileobj.read())
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(
            _is_click(dec) for dec in node.decorator_list
        ):
            doc = ast.get_docstring(node, clean=True)
            if doc:
                yield node.lineno, None, doc, []
        if isinstance(node, ast.Call) and _is_click(node):
            for keyword in node.keywords:
                if (
                    keyword.arg == "help"
                    and isinstance(keyword.value, ast.Constant)
                    and isinstance(keyword.value.value, str)
                ):
                    yield keyword.value.lineno, None, keyword.value.value, []


def _is_click(node: ast.expr) -> bool:
    """``@click.command(...)``, ``click.option(...)``, ``@main.command()`` and the like."""
    target = node.func if isinstance(node, ast.Call) else node
    return isinstance(target, ast.Attribute) and target.attr in _CLICK_DECORATORS
