"""The online pages: the room's lobby (invite, QR code, seats), the join prompt, and the
page for a room that does not exist.

Screens only dispatch: Start, Leave, Join and the invite buttons call the callbacks the
app hands in; the live seat list is re-rendered from each ``room`` message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from .lobby_model import LOCAL_ONLY_NOTE, Lobby, LobbySeat, invite_link, local_only, qr_png
from .pages import frame
from .palette import CORAL, INK, INK_TEAL, WHITE, text_on_page, tint
from .theme import SAND, SAND_DARK, TEAL, Palette
from .widgets import presence_dot

log = logging.getLogger(__name__)

Action = Callable[[], Awaitable[None]]
Notify = Callable[[str], Awaitable[None]]
KIND_ICONS = {"human": ft.Icons.PERSON, "bot": ft.Icons.SMART_TOY_OUTLINED, "free": ft.Icons.CHAIR}


def _card(p: Palette, content: ft.Control) -> ft.Container:
    return ft.Container(
        content=content,
        padding=ft.Padding.all(14),
        border_radius=ft.BorderRadius.all(16),
        bgcolor=tint(WHITE, 0.08) if p.dark else WHITE,
        border=ft.Border.all(1, tint(WHITE, 0.15) if p.dark else tint(INK_TEAL, 0.1)),
    )


def _section(p: Palette, text: str) -> ft.Control:
    return ft.Text(
        text.upper(), size=12, weight=ft.FontWeight.BOLD, color=SAND if p.dark else SAND_DARK
    )


def _tall(control: ft.Control) -> ft.Control:
    """A button made 48 px high (Flutter web draws them 32-40 px at desktop density)."""
    return ft.Container(height=48, content=control)


def _primary(
    label: str, on_click: Callable[[Any], Any], icon: ft.IconData | None = None
) -> ft.Control:
    """The page's main action: a large sand button, 52 px high."""
    button = ft.Button(
        content=ft.Text(label, size=18, weight=ft.FontWeight.BOLD, color=INK),
        icon=icon,
        icon_color=INK,
        on_click=on_click,
        style=ft.ButtonStyle(
            bgcolor=SAND,
            padding=ft.Padding.symmetric(horizontal=24),
            shape=ft.RoundedRectangleBorder(radius=26),
            elevation=4,
        ),
    )
    return ft.Container(height=52, content=button)


class LobbyScreen:
    """A room before the deal: the invite, the seats filling in live, Start for the host."""

    def __init__(
        self,
        page: ft.Page,
        p: Palette,
        server_url: str,
        lobby: Lobby,
        *,
        on_start: Action,
        on_leave: Action,
        on_home: Callable[[str], None],
        notify: Notify,
    ) -> None:
        self.page = page
        self.p = p
        self.link = invite_link(server_url, lobby.code)
        self.lobby = lobby
        self.on_start = on_start
        self.on_leave = on_leave
        self.notify = notify
        self.go = on_home
        self.seats = ft.Column(spacing=8)
        self.footer = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self._starting = False

    def view(self) -> ft.View:
        p = self.p
        fg = text_on_page(p)
        narrow = (self.page.width or 600) < 520
        qr = ft.Container(
            content=ft.Image(src=qr_png(self.link), width=150, height=150, key="invite-qr"),
            bgcolor=WHITE,
            border_radius=ft.BorderRadius.all(12),
            padding=ft.Padding.all(6),
        )
        # Not selectable: Flutter web renders selectable text as an empty text box for
        # assistive tech; the Copy and Share buttons are the way to take the link.
        link = ft.Text(self.link, size=14, color=fg, key="invite-link", weight=ft.FontWeight.W_500)
        buttons = ft.Row(
            [
                _tall(ft.FilledTonalButton("Copy link", icon=ft.Icons.COPY, on_click=self._copy)),
                _tall(ft.FilledTonalButton("Share", icon=ft.Icons.SHARE, on_click=self._share)),
            ],
            spacing=8,
            wrap=True,
        )
        invite_text = ft.Column(
            [
                ft.Text("Invite your friends", size=18, weight=ft.FontWeight.BOLD, color=fg),
                ft.Text(
                    "Send them this link, or let them scan the code.",
                    size=13,
                    color=fg,
                    text_align=ft.TextAlign.CENTER if narrow else ft.TextAlign.START,
                ),
                link,
                *(
                    [ft.Text(LOCAL_ONLY_NOTE, size=13, color=fg, key="invite-local-only")]
                    if local_only(self.link)
                    else []
                ),
                buttons,
            ],
            spacing=6,
            expand=not narrow,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER
            if narrow
            else ft.CrossAxisAlignment.START,
        )
        invite = (
            ft.Column([invite_text, qr], horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            if narrow
            else ft.Row([invite_text, qr], vertical_alignment=ft.CrossAxisAlignment.CENTER)
        )
        code = ft.Row(
            [
                ft.Column(
                    [
                        ft.Text(
                            self.lobby.title,
                            size=26,
                            weight=ft.FontWeight.BOLD,
                            color=SAND if p.dark else TEAL,
                        ),
                        # The title already names the game: show the rest of the rules.
                        ft.Text(self.lobby.summary.partition(" · ")[2], size=13, color=fg),
                    ],
                    spacing=0,
                    expand=True,
                ),
                ft.Container(
                    content=ft.Text(
                        self.lobby.code,
                        size=18,
                        weight=ft.FontWeight.BOLD,
                        color=INK,
                        font_family="DejaVu",
                        key="room-code",
                    ),
                    bgcolor=SAND,
                    border_radius=ft.BorderRadius.all(10),
                    padding=ft.Padding.symmetric(horizontal=10, vertical=4),
                    tooltip="Room code",
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self._fill()
        body: list[ft.Control] = [
            code,
            _card(p, invite),
            _section(p, "Seats"),
            self.seats,
            self.footer,
        ]
        v = frame(f"/join/{self.lobby.code}", "Room", p, body, self.go)
        return v

    def update(self, lobby: Lobby) -> None:
        """A new ``room`` message: re-render the seats and the footer in place."""
        self.lobby = lobby
        self._fill()
        self.page.update()

    def _fill(self) -> None:
        self.seats.controls = [self._seat(s) for s in self.lobby.seats]
        fg = text_on_page(self.p)
        status = ft.Text(
            self.lobby.status, size=14, color=fg, text_align=ft.TextAlign.CENTER, key="lobby-status"
        )
        controls: list[ft.Control] = [status]
        if self.lobby.can_start:
            controls.append(_primary("Start", self._start, ft.Icons.PLAY_ARROW))
        elif not self.lobby.started:
            controls.append(
                ft.Row(
                    [
                        ft.ProgressRing(width=16, height=16, stroke_width=2),
                        ft.Text("Waiting for the host", size=13, color=fg),
                    ],
                    alignment=ft.MainAxisAlignment.CENTER,
                    spacing=8,
                )
            )
        controls.append(
            _tall(ft.TextButton("Leave the room", icon=ft.Icons.LOGOUT, on_click=self._leave))
        )
        self.footer.controls = controls

    def _seat(self, s: LobbySeat) -> ft.Control:
        p = self.p
        fg = text_on_page(p)
        muted = p.muted
        name = s.name if s.kind != "free" else "Waiting for a friend…"
        tags: list[ft.Control] = []
        if s.is_me:
            tags.append(
                ft.Container(
                    content=ft.Text("You", size=11, weight=ft.FontWeight.BOLD, color=INK),
                    bgcolor=SAND,
                    border_radius=ft.BorderRadius.all(8),
                    padding=ft.Padding.symmetric(horizontal=6, vertical=1),
                )
            )
        team = "" if self.lobby.game == "thulla" else f"Team {'AB'[s.seat & 1]} · "
        return ft.Container(
            key=f"seat-{s.seat}",
            content=ft.Row(
                [
                    ft.Container(
                        content=ft.Icon(
                            KIND_ICONS.get(s.kind, ft.Icons.CHAIR),
                            size=22,
                            color=INK if s.kind == "human" else fg,
                        ),
                        width=38,
                        height=38,
                        border_radius=ft.BorderRadius.all(19),
                        bgcolor=SAND if s.kind == "human" else tint(WHITE, 0.13),
                        alignment=ft.Alignment.CENTER,
                    ),
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.Text(
                                        name,
                                        size=16,
                                        weight=ft.FontWeight.BOLD,
                                        color=fg if s.kind != "free" else muted,
                                        italic=s.kind == "free",
                                    ),
                                    *tags,
                                ],
                                spacing=6,
                            ),
                            ft.Text(f"{team}Seat {s.seat + 1} · {s.label}", size=12, color=muted),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    presence_dot(s.presence, 12),
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=tint(WHITE, 0.06) if p.dark else WHITE,
            border=ft.Border.all(2 if s.is_me else 1, SAND if s.is_me else tint(WHITE, 0.1)),
        )

    # -- handlers --------------------------------------------------------------------------

    async def _start(self, e: Any) -> None:
        if self._starting:
            return
        self._starting = True
        try:
            await self.on_start()
        finally:
            self._starting = False

    async def _leave(self, e: Any) -> None:
        await self.on_leave()

    async def _copy(self, e: Any) -> None:
        try:
            await ft.Clipboard().set(self.link)
            await self.notify("Invite link copied")
        except Exception:
            log.info("clipboard unavailable", exc_info=True)
            await self.notify(f"Copy this link: {self.link}")

    async def _share(self, e: Any) -> None:
        """The system share sheet where there is one; otherwise copy the link."""
        try:
            await asyncio.wait_for(
                ft.Share().share_text(
                    f"Join my {self.lobby.title} table on Thaasbai: {self.link}",
                    title="Thaasbai invite",
                    download_fallback_enabled=False,
                    mail_to_fallback_enabled=False,
                ),
                timeout=20,
            )
        except Exception:
            log.info("share unavailable", exc_info=True)
            await self._copy(e)


@dataclass
class JoinDraft:
    """What the player has typed on a room's join prompt so far, kept outside the page so
    a rebuilt prompt (the route shown again, the app re-laid out) gives it back."""

    name: str | None = None  # None: nothing typed yet (the prefilled name stands)
    editing: bool = False  # "Change name" was tapped: the field stays open


def join_prompt_view(
    code: str,
    room: dict[str, Any],
    p: Palette,
    default_name: str,
    on_join: Callable[[str], Awaitable[None]],
    on_watch: Action | None,
    go: Callable[[str], None],
    draft: JoinDraft | None = None,
) -> ft.View:
    """Ask an invited player for their name before taking a seat; what they type is kept
    in ``draft``, so building the prompt again never loses it."""
    from .lobby_model import summary

    draft = draft if draft is not None else JoinDraft()
    fg = text_on_page(p)
    seats = room.get("seat_list") or []
    host = room.get("host")
    host_name = seats[host]["name"] if host is not None and host < len(seats) else ""
    free = sum(1 for s in seats if s.get("kind") == "free")
    known = default_name if default_name not in ("", "You") else ""
    editing = not known or draft.editing
    # No autofocus: a field focused before the page's accessibility tree is built (the
    # tree a screen reader or a test turns on) gets a second, unconnected text input, and
    # what is typed there never reaches the field (Join then said "Please enter your
    # name" under a name that showed as typed).
    name = ft.TextField(
        label="Your name",
        value=draft.name if draft.name is not None else known,
        max_length=20,
        key="join-name",
        visible=editing,  # the name from Settings is used unless the player changes it
    )

    def typed(e: Any) -> None:
        draft.name = name.value or ""

    name.on_change = typed

    def change_name(e: Any) -> None:
        draft.editing = True
        name.visible, as_known.visible = True, False
        name.update()
        as_known.update()

    as_known = ft.Row(
        [
            ft.Text(f"You join as {known}", size=15, weight=ft.FontWeight.BOLD, color=fg),
            _tall(ft.TextButton("Change name", on_click=change_name)),
        ],
        visible=not editing,
        wrap=True,
    )
    error = ft.Text("", color=CORAL, size=13)
    busy = {"on": False}

    async def join(e: Any) -> None:
        if busy["on"]:
            return
        text = (name.value or "").strip()
        if not text:
            error.value = "Please enter your name."
            error.update()
            return
        busy["on"] = True
        try:
            await on_join(text[:20])
        finally:
            busy["on"] = False

    name.on_submit = join
    started = bool(room.get("started"))
    if started:
        note = "The game has started: you can take a bot's seat between deals, or watch."
    else:
        note = f"{free} free seat{'s' * (free != 1)}"
    body: list[ft.Control] = [
        ft.Text(
            f"{host_name} invites you to play" if host_name else "You are invited to play",
            size=22,
            weight=ft.FontWeight.BOLD,
            color=SAND if p.dark else TEAL,
        ),
        ft.Text(summary(room), size=15, color=fg),
        ft.Text(f"Room {code} · {note}", size=13, color=p.muted),
        as_known,
        name,
        error,
        _primary("Join", join, ft.Icons.LOGIN),
    ]
    if on_watch is not None:

        async def watch(e: Any) -> None:
            await on_watch()

        body.append(_tall(ft.TextButton("Just watch", icon=ft.Icons.VISIBILITY, on_click=watch)))
    v = frame(f"/join/{code}", "Join a table", p, body, go)
    v.controls[0].key = "join-prompt"
    return v


def message_view(route: str, title: str, text: str, p: Palette, go: Callable[[str], None]):
    """A room that cannot be opened (unknown, expired, server unreachable): say so plainly."""
    fg = text_on_page(p)
    body: list[ft.Control] = [
        ft.Icon(ft.Icons.SEARCH_OFF, size=48, color=SAND),
        ft.Text(title, size=22, weight=ft.FontWeight.BOLD, color=fg, key="room-message"),
        ft.Text(text, size=15, color=fg),
        _primary("Home", lambda e: go("/"), ft.Icons.HOME),
    ]
    return frame(route, "Join a table", p, body, go)
