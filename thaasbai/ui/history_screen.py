"""History: the kept games, one opened to step through trick by trick with its review,
export (download) and import of record files, and Your record.

Plain functions of what :class:`~.learning.Learning` holds; handlers only dispatch.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..engine.actions import format_action
from ..engine.cards import cards_of, format_card
from ..engine.record import replay
from ..learn.history import Entry
from ..learn.reconstruct import NotExact, exact_record
from ..learn.review import BETTER, PENDING, UNJUDGED, Review
from ..learn.stats import Line
from ..learn.steps import TrickStep, record_steps, seen_steps
from .pages import frame
from .palette import INK, WHITE
from .table_model import GAME_TITLES
from .theme import SAND, SAND_DARK, Palette

Handler = Callable[[Any], Awaitable[None] | None]


def _head(text: str, p: Palette) -> ft.Text:
    return ft.Text(text, size=16, weight=ft.FontWeight.BOLD, color=SAND if p.dark else SAND_DARK)


def _panel(p: Palette, content: ft.Control) -> ft.Control:
    """A plain panel (a Card would hide its texts from the accessibility tree)."""
    return ft.Container(
        content=content,
        padding=12,
        border_radius=ft.BorderRadius.all(12),
        bgcolor=INK if p.dark else WHITE,
    )


def history_view(
    entries: list[Entry],
    notices: list[str],
    p: Palette,
    go: Callable[[str], None],
    on_open: Callable[[Entry], Handler],
    on_import: Callable[[str], Awaitable[None]],
    on_pick_file: Handler,
) -> ft.View:
    """The list of kept games, newest first, and the ways to bring a record in."""
    body: list[ft.Control] = []
    if not entries:
        body.append(ft.Text("No games yet: finished games are kept here.", size=15))
    for n, e in enumerate(reversed(entries), 1):
        s = e.summary
        title = f"{GAME_TITLES.get(s.game, s.game)}: {s.result_text}"
        lines = [
            f"{e.saved[:10]} {e.saved[11:16]} · {s.options_text}",
            ("Online · " if e.online else "") + "Against " + ", ".join(e.opponents),
        ]
        body.append(
            _panel(
                p,
                ft.Row(
                    [
                        ft.Column(
                            [ft.Text(title, weight=ft.FontWeight.BOLD, size=15)]
                            + [ft.Text(x, size=13) for x in lines],
                            spacing=2,
                            expand=True,
                        ),
                        ft.Button(f"Open game {n}", on_click=on_open(e)),
                    ]
                ),
            )
        )
    for notice in notices:
        body.append(ft.Text(notice, size=13, italic=True))
    pasted = ft.TextField(
        label="Record to import (paste it here)", multiline=True, min_lines=2, max_lines=6
    )

    async def import_pasted(e: Any) -> None:
        await on_import(pasted.value or "")

    body += [
        _head("Bring a game in", p),
        ft.Row(
            [
                ft.Button("Import file", icon=ft.Icons.UPLOAD_FILE, on_click=on_pick_file),
            ]
        ),
        pasted,
        ft.Button("Import", icon=ft.Icons.INPUT, on_click=import_pasted),
    ]
    return frame("/history", "History", p, body, go)


class GameViewer:
    """One kept game: a deal at a time, trick by trick, with the review of the player's
    decisions once it has been worked out.  An online deal is reviewed when its every
    hand follows from what the seat was shown (:mod:`thaasbai.learn.reconstruct`)."""

    def __init__(self, entry: Entry) -> None:
        self.entry = entry
        self.match = replay(entry.record) if entry.record is not None else None
        deals = len(self.match.logs) if self.match else len(entry.seen["deals"])
        self.deal = deals - 1  # the last deal first
        self.deals = deals
        self.trick = 0  # 0: the deal before its first trick
        self.review: Review | None = None
        self.review_note = ""
        self._rebuilt: dict[int, tuple[dict | None, str | None]] = {}

    def reviewable(self) -> tuple[dict | None, int, str | None]:
        """What the shown deal is reviewed from: (a record, the deal's index in it, None),
        or (None, 0, why not) for an online deal that was not all shown."""
        if self.entry.record is not None:
            return self.entry.record, self.deal, None
        if self.deal not in self._rebuilt:
            try:
                self._rebuilt[self.deal] = (exact_record(self.entry.seen, self.deal), None)
            except NotExact as exc:
                self._rebuilt[self.deal] = (None, exc.reason)
        record, why = self._rebuilt[self.deal]
        return record, 0, why

    @property
    def steps(self) -> list[TrickStep]:
        if self.match is not None:
            return record_steps(self.match, self.deal)
        record, index, _ = self.reviewable()
        if record is not None:  # rebuilt exactly: the hands before each trick too
            return record_steps(replay(record), index)
        return seen_steps(self.entry.seen["deals"][self.deal])

    def step_to(self, n: int) -> None:
        self.trick = max(0, min(n, len(self.steps)))

    def pick_deal(self, n: int) -> None:
        self.deal = max(0, min(n, self.deals - 1))
        self.trick = 0
        self.review = None
        self.review_note = ""


def game_view(
    v: GameViewer,
    p: Palette,
    go: Callable[[str], None],
    on_step: Callable[[int], Handler],
    on_deal: Callable[[int], Handler],
    on_review: Handler,
    on_export: Handler,
    title: str = "Game",
    route: str = "/history/game",
) -> ft.View:
    e = v.entry
    names = list(e.players)
    steps = v.steps
    body: list[ft.Control] = [
        ft.Text(
            f"{GAME_TITLES.get(e.summary.game, e.summary.game)} · {e.summary.options_text} · "
            f"{e.summary.result_text}",
            size=15,
            weight=ft.FontWeight.BOLD,
        )
    ]
    if v.deals > 1:
        body.append(
            ft.Row(
                [ft.Text(f"Deal {v.deal + 1} of {v.deals}")]
                + [
                    ft.TextButton(f"Deal {i + 1}", on_click=on_deal(i))
                    for i in range(v.deals)
                    if i != v.deal
                ],
                wrap=True,
            )
        )
    body.append(
        ft.Row(
            [
                ft.Button("Previous trick", on_click=on_step(v.trick - 1), disabled=v.trick <= 0),
                ft.Text(f"Trick {v.trick} of {len(steps)}", key="trick-counter"),
                ft.Button(
                    "Next trick", on_click=on_step(v.trick + 1), disabled=v.trick >= len(steps)
                ),
            ],
            wrap=True,
        )
    )
    body.append(
        ft.Row(
            [ft.Text("Jump to trick")]
            + [ft.TextButton(str(i), on_click=on_step(i)) for i in range(1, len(steps) + 1)],
            wrap=True,
            spacing=0,
        )
    )
    if v.trick:
        st = steps[v.trick - 1]
        if st.hands is not None:
            body.append(_head("Hands before the trick", p))
            for s, h in enumerate(st.hands):
                body.append(ft.Text(f"{names[s]}: {' '.join(format_card(c) for c in cards_of(h))}"))
        body.append(_head(f"Trick {st.number}", p))
        for s, c in st.plays:
            body.append(ft.Text(f"{names[s]} played {format_card(c)}"))
        verb = "picked it up (thulla)" if st.thulla else "took it"
        body.append(ft.Text(f"{names[st.taker]} {verb}.", weight=ft.FontWeight.BOLD))
    body.append(_head("Review", p))
    record, _, why = v.reviewable()
    if record is None:
        # An online game keeps only what the seat saw: say plainly what was not shown.
        body.append(ft.Text("No exact review of this deal.", weight=ft.FontWeight.BOLD))
        body.append(ft.Text(why or "Not every card of it was shown to you.", key="no-review"))
    else:
        if e.online:
            body.append(ft.Text("Every card of this deal was shown to you: it is rebuilt exactly."))
        body.append(ft.Button("Review", icon=ft.Icons.INSIGHTS, on_click=on_review))
        if v.review_note:
            body.append(ft.Text(v.review_note, italic=True))
        if v.review is not None:
            body += _review_lines(v.review)
    body.append(_head("Share", p))
    body.append(ft.Button("Export record", icon=ft.Icons.DOWNLOAD, on_click=on_export))
    return frame(route, title, p, body, go)


# What a trick game's review counts (learn.values.LEVELS): what the game scores.
SCORED = {
    "thaas": "the deal's result against best play: won or lost, a sweep",
    "dhihaeh": "the deal's result against best play: won or lost, a Bang, a Big Bang",
}


def _review_lines(r: Review) -> list[ft.Control]:
    done = ", ".join(map(str, r.analysed_tricks)) or "none yet"
    out: list[ft.Control] = [
        ft.Text(
            f"Tricks analysed: {done}"
            + ("" if r.complete else " (the rest while this page is open)")
        )
    ]
    if r.game in SCORED:
        out.append(ft.Text(f"A better play is one that changes {SCORED[r.game]}.", size=14))
    mistakes = r.mistakes
    out.append(
        ft.Text(
            f"{len(mistakes)} better play{'s' if len(mistakes) != 1 else ''} found"
            if mistakes
            else "No better play found in the analysed tricks.",
            weight=ft.FontWeight.BOLD,
        )
    )
    for v in r.verdicts:
        if v.status == PENDING:
            continue
        mark = {BETTER: "✗", UNJUDGED: "–"}.get(v.status, "✓")
        text = f"{mark} Trick {v.trick}: {format_action(v.played)}. {v.words}"
        out.append(ft.Text(text, size=14))
    return out


def record_view(
    lines: list[Line], p: Palette, go: Callable[[str], None], on_reset: Handler
) -> ft.View:
    """Your record: one row per game, hukum mode and bot level."""
    body: list[ft.Control] = []
    if not lines:
        body.append(ft.Text("Finish a game and your record starts here."))
    for x in lines:
        head = f"{GAME_TITLES.get(x.game, x.game)}" + (f", hukum {x.hukum}" if x.hukum else "")
        head += (
            f", {x.level} bots" if x.level not in ("online", "people", "mixed") else f", {x.level}"
        )
        facts = [f"Games {x.games}", f"Wins {x.wins} ({x.win_rate:.0%})"]
        if x.game == "thulla":
            facts.append(f"Bhabhi {x.bhabhi} ({x.bhabhi_rate:.0%})")
        else:
            facts.append(f"Sweeps {x.sweeps}")
        if x.game == "dhihaeh":
            facts.append(f"Bangs {x.bangs}")
        facts.append(f"Streak {x.streak} (best {x.best_streak})")
        body.append(
            _panel(
                p,
                ft.Column(
                    [
                        ft.Text(head, weight=ft.FontWeight.BOLD),
                        ft.Text(" · ".join(facts)),
                        ft.ProgressBar(value=x.win_rate, semantics_label="win rate"),
                    ],
                    spacing=4,
                ),
            )
        )
    body.append(ft.Button("Reset record", icon=ft.Icons.RESTART_ALT, on_click=on_reset))
    return frame("/record", "Your record", p, body, go)
