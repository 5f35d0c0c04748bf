"""The table: renders a :class:`TableModel` and animates the cards between states.

Every card on the table is one absolutely positioned sprite in a single Stack, keyed by
its code, so moving it from a hand to the trick and on to the winner is just a change of
``left``/``top`` that Flutter animates.  The screen only dispatches: a tap sends the
action to the session, and the new state comes back through ``refresh``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from . import layout, table_model
from .layout import Geometry, Rect
from .session import GameSession, SessionError, SessionState
from .settings import Settings
from .table_model import HandCard, TableModel, TrickCard
from .theme import SAND, Palette, felt, palette
from .widgets import action_button, card_image, pill, seat_badge, suit_icon

log = logging.getLogger(__name__)


class TableScreen:
    """One table view bound to one game session."""

    def __init__(
        self,
        page: ft.Page,
        session: GameSession,
        settings: Settings,
        on_home: Callable[[], Awaitable[None]],
    ) -> None:
        self.page = page
        self.session = session
        self.settings = settings
        self.on_home = on_home
        self.pace, self.anim = settings.pace()
        self.p: Palette = palette(settings.theme)
        self.stack = ft.Stack(expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE)
        self.sprites: dict[str, ft.Container] = {}
        self.model: TableModel | None = None
        self.geom: Geometry | None = None
        self._lock = asyncio.Lock()
        self._acting = False
        self._result_shown: int | None = None
        self._dialog: ft.AlertDialog | None = None
        self._state: SessionState | None = None
        self._deadline: float | None = None  # monotonic time the turn timer runs out
        self._timer_text = ft.Text("", size=13, weight=ft.FontWeight.BOLD, color="#1B1D21")
        self._ticker: asyncio.Task[None] | None = None
        # Hint and Review (thaasbai/ui/history_pages.py sets them; None: no button)
        self.on_hint: Callable[[], Awaitable[None]] | None = None
        self.on_review: Callable[[], Awaitable[None]] | None = None
        session.on_change = self.refresh

    # -- the Flet view ---------------------------------------------------------------------

    def view(self) -> ft.View:
        return ft.View(
            route="/play",
            padding=0,
            spacing=0,
            bgcolor=self.p.felt_outer,
            controls=[
                ft.Container(content=self.stack, expand=True, gradient=felt(self.p)),
            ],
        )

    def size(self) -> tuple[float, float]:
        return float(self.page.width or 1024), float(self.page.height or 768)

    # -- state changes ---------------------------------------------------------------------

    async def refresh(self) -> None:
        """Render the session's current state, animating from what is on screen."""
        async with self._lock:
            st = self.session.state()
            if st.view is None:
                return
            self._state = st
            model = table_model.build(st.view, st.lobby, self._my_name(st), online=st.online)
            prev = self.model
            new_deal = prev is not None and (
                model.deal_no != prev.deal_no or (prev.result is not None and model.result is None)
            )
            if new_deal:
                # Someone else dealt the next deal (online): start the table afresh.
                self._close_dialog()
                prev = self.model = None
                self.sprites.clear()
            if model.result is None:
                self._result_shown = None
            self._set_timer(st)
            w, h = self.size()
            if (
                prev is not None
                and model.last_trick is not None
                and model.deal_no == prev.deal_no
                and model.history_len == prev.history_len + 1
            ):
                await self._finish_trick(prev, model, w, h)
            await self._show(model, self._geometry(model, w, h), animate=prev is not None)
            self.model = model
            if model.result is not None and self._result_shown != model.deal_no:
                self._result_shown = model.deal_no
                self._show_result(model)

    def _my_name(self, st: SessionState) -> str:
        """Online, the name the others see; solo, the one from Settings."""
        seats = st.lobby.get("seat_list") or []
        if st.online and st.view and st.view.get("seat") is not None and st.seat < len(seats):
            return str(seats[st.seat].get("name") or "You")
        return self.settings.player_name

    def _set_timer(self, st: SessionState) -> None:
        """Follow the protocol's turn timer: a countdown ticks in the status pill."""
        t = st.timer
        if not t or t.get("seconds") is None:
            self._deadline = None
            return
        self._deadline = time.monotonic() + float(t["seconds"])
        self._timer_text.value = f"{int(t['seconds'])} s"
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.create_task(self._tick())

    async def _tick(self) -> None:
        """Count down to the deadline, then stop (the server acts on it; its next state
        sets a new timer).  Ends at once when the table is closed."""
        while self._deadline is not None:
            left = max(0, int(self._deadline - time.monotonic() + 0.5))
            if self._timer_text.value != f"{left} s":
                self._timer_text.value = f"{left} s"
                try:
                    self._timer_text.update()
                except Exception as exc:  # not on the page between renders: the next
                    # render shows the count anyway
                    log.debug("turn timer not on the page: %s", exc)
            if left == 0:
                return
            await asyncio.sleep(0.5)

    def close(self) -> None:
        """The table is dropped: stop its countdown (nothing may outlive the table)."""
        self._deadline = None
        if self._ticker is not None and not self._ticker.done():
            self._ticker.cancel()

    async def resized(self) -> None:
        if self.model is not None:
            async with self._lock:
                w, h = self.size()
                await self._show(self.model, self._geometry(self.model, w, h), animate=False)

    def _geometry(self, model: TableModel, w: float, h: float, hand: int | None = None) -> Geometry:
        self.geom = layout.geometry(w, h, len(model.hand) if hand is None else hand)
        return self.geom

    async def _finish_trick(self, prev: TableModel, model: TableModel, w: float, h: float) -> None:
        """Show the completed trick, hold it, then send its cards where they go."""
        lt = model.last_trick
        assert lt is not None
        codes = {c.code for c in lt.cards}
        hand = tuple(c for c in model.hand if c.code not in codes)
        # No buttons while the trick is held: nothing to act on before its cards are collected.
        shown = dataclasses.replace(model, hand=hand, trick=lt.cards, result=None, buttons=())
        geom = self._geometry(model, w, h, len(hand))
        await self._show(shown, geom, animate=True, dim=False)
        await asyncio.sleep(max(self.pace * 1.6, 0.05) if self.pace > 0 else 0.05)
        if lt.fate == "pickup":
            dest = geom.seat_anchor(lt.to_slot or "bottom")
        elif lt.fate == "discard":
            dest = geom.discard_rect()
        else:
            dest = geom.seat_anchor(lt.to_slot or "bottom")
        keep = lt.fate == "pickup" and lt.to_seat == model.my_seat
        for c in lt.cards:
            s = self.sprites.get(c.code)
            if s is None:
                continue
            s.left, s.top = dest.x, dest.y
            if not keep:
                s.opacity = 0.0
        self.page.update()
        await asyncio.sleep(self.anim / 1000 + 0.05)
        if not keep:
            for c in lt.cards:
                self.sprites.pop(c.code, None)

    async def _show(
        self, model: TableModel, geom: Geometry, *, animate: bool, dim: bool = True
    ) -> None:
        """Place every sprite for ``model``; new cards fly in from where they come from."""
        targets: dict[str, Rect] = {}
        origins: dict[str, Rect] = {}
        order: list[str] = []
        for i, card in enumerate(model.hand):
            r = geom.hand[i]
            up = model.my_turn and card.playable and dim
            targets[card.code] = Rect(r.x, r.y - (geom.raise_px if up else 0), r.w, r.h)
            origins[card.code] = Rect(geom.centre[0] - r.w / 2, geom.centre[1] - r.h / 2, r.w, r.h)
            order.append(card.code)
        for t in model.trick:
            targets[t.code] = geom.trick_rect(t.slot)
            origins[t.code] = geom.seat_anchor(t.slot)
            order.append(t.code)
        new = [c for c in order if c not in self.sprites]
        for code in list(self.sprites):
            if code not in targets:
                del self.sprites[code]
        hand_by_code = {c.code: c for c in model.hand}
        for code in order:
            sprite = self.sprites.get(code)
            if sprite is None:
                sprite = self._new_sprite(code, origins[code] if animate else targets[code])
                self.sprites[code] = sprite
            r = targets[code]
            sprite.width, sprite.height = r.w, r.h
            sprite.opacity = 1.0
            card = hand_by_code.get(code)
            sprite.content = (
                self._hand_card(card, r, model.my_turn and dim) if card else self._plain(code, r)
            )
        self.stack.controls = self._chrome(model, geom) + [self.sprites[c] for c in order]
        self.stack.controls += self._overlays(model, geom)
        if animate and new:
            self.page.update()
            await asyncio.sleep(0.04)
        for code in order:
            r = targets[code]
            self.sprites[code].left, self.sprites[code].top = r.x, r.y
        self.page.update()
        if animate and any(c in new or c in {t.code for t in model.trick} for c in order):
            await asyncio.sleep(self.anim / 1000)

    # -- sprites ---------------------------------------------------------------------------

    def _new_sprite(self, code: str, at: Rect) -> ft.Container:
        anim = ft.Animation(self.anim, ft.AnimationCurve.EASE_OUT) if self.anim > 0 else None
        return ft.Container(
            key=f"card-{code}",
            left=at.x,
            top=at.y,
            width=at.w,
            height=at.h,
            animate_position=anim,
            animate_opacity=anim,
        )

    def _plain(self, code: str, r: Rect) -> ft.Control:
        return card_image(code, r.w, r.h, self.settings.four_colour)

    def _hand_card(self, card: HandCard, r: Rect, my_turn: bool) -> ft.Control:
        face = card_image(card.code, r.w, r.h, self.settings.four_colour)
        playable = my_turn and card.playable
        if my_turn and not card.playable:
            face = ft.Stack(
                [
                    face,
                    ft.Container(
                        width=r.w,
                        height=r.h,
                        bgcolor="#99062F36",
                        border_radius=ft.BorderRadius.all(r.w * 0.07),
                    ),
                ],
                width=r.w,
                height=r.h,
            )
        inner = ft.Container(
            content=face,
            width=r.w,
            height=r.h,
            border_radius=ft.BorderRadius.all(r.w * 0.07),
            border=ft.Border.all(2.5, SAND) if playable else None,
            shadow=ft.BoxShadow(blur_radius=14, color="#AAE4C77E") if playable else None,
            on_click=self._tap(card.code) if playable else None,
        )
        # A fresh key whenever the state changes: Flutter web drops the identifier of a
        # semantics node whose role changes in place, so let it build a new node instead.
        return ft.Semantics(
            key=f"sem-{card.code}-{int(playable)}-{int(my_turn)}",
            identifier=f"card-{card.code}",
            label=card.label,
            button=playable,
            content=inner,
        )

    def _tap(self, code: str) -> Callable[[Any], Awaitable[None]]:
        async def handler(e: Any) -> None:
            await self.act({"play": code})

        return handler

    # -- chrome: top bar, seats, status, buttons --------------------------------------------

    def _chrome(self, model: TableModel, geom: Geometry) -> list[ft.Control]:
        out: list[ft.Control] = [self._rim(geom), self._bar(model, geom)]
        for s in model.seats:
            if s.is_me:
                continue
            box = geom.seat_box(s.slot)
            out.append(
                ft.Container(left=box.x, top=box.y, content=seat_badge(s, self.p, box.w, box.h))
            )
        return out

    def _rim(self, geom: Geometry) -> ft.Control:
        """A faint oval on the felt where the tricks are played."""
        cx, cy = geom.centre
        w = min(geom.width - 2 * geom.seat_w - 16, geom.trick_w * 4.6)
        h = geom.trick_h * 2.7
        return ft.Container(
            left=cx - w / 2,
            top=cy - h / 2,
            width=w,
            height=h,
            border_radius=ft.BorderRadius.all(h / 2),
            border=ft.Border.all(2, "#26FFFFFF"),
            bgcolor="#14FFFFFF",
        )

    def _bar(self, model: TableModel, geom: Geometry) -> ft.Control:
        p = self.p
        home = ft.TextButton(
            content=ft.Text("Home", color=p.on_felt, weight=ft.FontWeight.BOLD),
            icon=ft.Icons.ARROW_BACK,
            icon_color=p.on_felt,
            on_click=self._home,
        )
        last = ft.TextButton(
            content=ft.Text("Last trick", color=p.on_felt, weight=ft.FontWeight.BOLD),
            on_click=self._show_last_trick,
            disabled=model.last_trick is None,
        )
        if self.on_hint is not None:
            last = ft.Row([self._hint_button(p), last], spacing=0, tight=True)
        title = ft.Text(model.title, size=20, weight=ft.FontWeight.BOLD, color=SAND)
        chips = [self._hukum_chip(model)] if model.hukum else []
        chips += [self._chip(c) for c in model.chips]
        if geom.compact:
            body = ft.Column(
                [
                    ft.Row(
                        [home, title, last],
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    ft.Row(chips, spacing=6, alignment=ft.MainAxisAlignment.CENTER),
                ],
                spacing=0,
            )
        else:
            body = ft.Row(
                [
                    ft.Row([home, title], spacing=8),
                    ft.Row(chips, spacing=8),
                    last,
                ],
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        return ft.Container(
            left=0,
            top=0,
            width=geom.width,
            height=geom.bar_h,
            bgcolor="#CC062F36" if p.dark else "#E60E6B75",
            padding=ft.Padding.only(left=4, right=8, top=2, bottom=4),
            content=body,
        )

    def _chip(self, text: str) -> ft.Control:
        return ft.Container(
            content=ft.Text(text, size=12, color=self.p.on_felt, weight=ft.FontWeight.BOLD),
            bgcolor="#33FFFFFF",
            border_radius=ft.BorderRadius.all(12),
            padding=ft.Padding.symmetric(horizontal=8, vertical=3),
        )

    def _hukum_chip(self, model: TableModel) -> ft.Control:
        h = model.hukum
        assert h is not None
        four = self.settings.four_colour
        if h.state == "suit" and h.suit:
            icon: ft.Control = ft.Container(
                content=suit_icon(h.suit, 16, four),
                bgcolor="#FFFFFF",
                border_radius=ft.BorderRadius.all(4),
                width=22,
                height=28,
                alignment=ft.Alignment.CENTER,
            )
            label = "Hukum"
        elif h.state == "face_down":
            icon = ft.Image(src="cards/back.svg", width=20, height=28)
            label = "Hukum hidden"
        elif h.state == "none":
            icon = ft.Container(width=0)
            label = "No hukum"
        else:
            icon = ft.Text("?", size=16, weight=ft.FontWeight.BOLD, color=SAND)
            label = "Hukum not set"
        switcher = ft.AnimatedSwitcher(
            content=ft.Container(content=icon, key=f"hukum-{h.state}-{h.suit}"),
            duration=ft.Duration(milliseconds=max(self.anim, 1) * 2),
            transition=ft.AnimatedSwitcherTransition.SCALE,
        )
        chip = ft.Container(
            content=ft.Row(
                [
                    switcher,
                    ft.Text(label, size=12, color=self.p.on_felt, weight=ft.FontWeight.BOLD),
                ],
                spacing=5,
                tight=True,
            ),
            tooltip=h.text,
            bgcolor="#33E4C77E",
            border_radius=ft.BorderRadius.all(12),
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        )
        # One node that says what the chip shows (the suit is an image): "Hukum: ♥ Hearts".
        return ft.Semantics(
            key=f"hukum-sem-{h.state}-{h.suit}",
            identifier="hukum",
            label=table_model.hukum_label(h),
            container=True,
            exclude_semantics=True,
            content=chip,
        )

    def _overlays(self, model: TableModel, geom: Geometry) -> list[ft.Control]:
        p = self.p
        out: list[ft.Control] = []
        yours = model.my_turn
        status_bg = p.turn if yours else "#66000000"
        status: ft.Control = pill(
            model.status, status_bg, "#1B1D21" if yours else p.on_felt, 14, True
        )
        if self._deadline is not None and model.result is None:
            self._timer_text.color = "#1B1D21"
            clock = ft.Container(
                content=ft.Row(
                    [ft.Icon(ft.Icons.TIMER_OUTLINED, size=16, color="#1B1D21"), self._timer_text],
                    spacing=3,
                    tight=True,
                ),
                bgcolor=p.turn if yours else "#CCF4F1E6",
                border_radius=ft.BorderRadius.all(20),
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            )
            status = ft.Row([status, clock], spacing=6, tight=True)
        out.append(
            ft.Container(
                left=0,
                width=geom.width,
                top=geom.status_y,
                alignment=ft.Alignment.CENTER,
                content=status,
            )
        )
        st = self._state
        if st is not None and st.online and st.connection != "online":
            text = "Reconnecting…" if st.connection != "closed" else "Disconnected from the room"
            out.append(
                ft.Container(
                    left=0,
                    width=geom.width,
                    top=geom.bar_h + 4,
                    alignment=ft.Alignment.CENTER,
                    content=ft.Container(
                        key="connection",
                        content=ft.Row(
                            [
                                ft.Icon(ft.Icons.CLOUD_OFF, size=16, color="#1B1D21")
                                if st.connection == "closed"
                                else ft.ProgressRing(width=14, height=14, stroke_width=2),
                                ft.Text(text, size=13, weight=ft.FontWeight.BOLD, color="#1B1D21"),
                            ],
                            spacing=6,
                            tight=True,
                        ),
                        bgcolor="#F2B27A",
                        border_radius=ft.BorderRadius.all(20),
                        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                    ),
                )
            )
        if model.banner:
            out.append(
                ft.Container(
                    left=8,
                    width=geom.width - 16,
                    top=geom.bar_h + geom.seat_h + 12,
                    alignment=ft.Alignment.CENTER,
                    content=pill(model.banner, "#CCE4C77E", "#1B1D21", 13),
                )
            )
        buttons = [
            action_button(
                b.label,
                self._act_handler(b.action),
                b.style,
                suit_icon(b.action["declare"], 18, self.settings.four_colour)
                if "declare" in b.action
                else None,
            )
            for b in model.buttons
        ]
        if model.result is not None:
            buttons = [action_button("Show result", self._reshow_result, "primary")]
        if buttons:
            out.append(
                ft.Container(
                    left=0,
                    width=geom.width,
                    top=geom.buttons_y,
                    alignment=ft.Alignment.CENTER,
                    content=ft.Row(
                        buttons, spacing=8, alignment=ft.MainAxisAlignment.CENTER, wrap=True
                    ),
                )
            )
        return out

    # -- handlers --------------------------------------------------------------------------

    def _act_handler(self, action: dict[str, Any]) -> Callable[[Any], Awaitable[None]]:
        async def handler(e: Any) -> None:
            await self.act(action)

        return handler

    async def act(self, action: dict[str, Any]) -> None:
        """Send one action; a refusal (a stale or illegal tap) just re-renders."""
        if self._acting:
            return
        self._acting = True
        try:
            await self.session.act(action)
        except SessionError as exc:
            log.info("action refused: %s", exc)
            await self.refresh()
        finally:
            self._acting = False

    async def _home(self, e: Any = None) -> None:
        self._deadline = None
        await self.on_home()

    def _show_result(self, model: TableModel) -> None:
        res = model.result
        assert res is not None
        p = self.p
        body: list[ft.Control] = [ft.Text(line, size=15, selectable=False) for line in res.lines]
        for name, cards in res.reveal:
            body.append(ft.Text(name, size=14, weight=ft.FontWeight.BOLD))
            body.append(self._card_row(cards))
        actions: list[ft.Control] = []
        if res.next_label:
            actions.append(action_button(res.next_label, self._next_deal, "primary"))
        if res.can_rematch:
            actions.append(action_button("New match", self._rematch, "primary"))
        if self.on_review is not None:
            actions.append(action_button("Review", self._review, "secondary"))
        actions.append(action_button("Home", self._home_from_dialog, "secondary"))
        colour = "#2E9E6A" if res.good else ("#C0504A" if res.good is False else p.panel)
        self._dialog = ft.AlertDialog(
            modal=True,
            title=ft.Container(
                content=ft.Text(res.title, size=20, weight=ft.FontWeight.BOLD, color="#FFFFFF"),
                bgcolor=colour,
                border_radius=ft.BorderRadius.all(10),
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            ),
            content=ft.Column(body, tight=True, spacing=6),
            scrollable=True,
            actions=actions,
            actions_alignment=ft.MainAxisAlignment.CENTER,
        )
        self.page.show_dialog(self._dialog)
        self.page.update()

    def _card_row(self, cards: tuple[str, ...]) -> ft.Control:
        w = 34 if (self.geom and self.geom.compact) else 44
        return ft.Row(
            [
                ft.Semantics(
                    identifier=f"reveal-{c}",
                    label=table_model.spoken(c),
                    container=True,
                    exclude_semantics=True,
                    content=card_image(c, w, w * 1.4, self.settings.four_colour),
                )
                for c in cards
            ],
            spacing=-w * 0.45,
            wrap=True,
            run_spacing=4,
        )

    def _hint_button(self, p: Palette) -> ft.Control:
        async def hint(e: Any) -> None:
            if self.on_hint is not None:
                await self.on_hint()

        text = ft.Text("Hint", color=p.on_felt, weight=ft.FontWeight.BOLD)
        return ft.TextButton(content=text, icon=ft.Icons.LIGHTBULB, on_click=hint)

    async def _review(self, e: Any = None) -> None:
        self._close_dialog()
        if self.on_review is not None:
            await self.on_review()

    async def _reshow_result(self, e: Any = None) -> None:
        if self.model is not None and self.model.result is not None:
            self._show_result(self.model)

    def _close_dialog(self) -> None:
        if self._dialog is not None:
            self.page.pop_dialog()
            self._dialog = None

    async def _next_deal(self, e: Any = None) -> None:
        self._close_dialog()
        await self._between(self.session.next_deal)

    async def _rematch(self, e: Any = None) -> None:
        self._close_dialog()
        await self._between(self.session.rematch)

    async def _between(self, step: Callable[[], Awaitable[None]]) -> None:
        self.model = None  # a new deal: deal the cards in afresh
        for code in list(self.sprites):
            del self.sprites[code]
        try:
            await step()
        except SessionError as exc:
            log.info("refused: %s", exc)

    async def _home_from_dialog(self, e: Any = None) -> None:
        self._close_dialog()
        await self.on_home()

    async def _show_last_trick(self, e: Any = None) -> None:
        m = self.model
        if m is None or m.last_trick is None:
            return
        lt = m.last_trick
        names = {s.seat: s.name for s in m.seats}
        w = 44 if (self.geom and self.geom.compact) else 56
        row = ft.Row(
            [self._labelled(c, names, w) for c in lt.cards],
            spacing=8,
            wrap=True,
            alignment=ft.MainAxisAlignment.CENTER,
        )
        dlg = ft.AlertDialog(
            title=ft.Text(f"Trick {lt.index}"),
            content=ft.Column([row, ft.Text(lt.text, size=14)], tight=True, spacing=10),
            actions=[ft.TextButton("Close", on_click=lambda e: self.page.pop_dialog())],
        )
        self.page.show_dialog(dlg)
        self.page.update()

    def _labelled(self, c: TrickCard, names: dict[int, str], w: float) -> ft.Control:
        name = names.get(c.seat, "")
        return ft.Semantics(
            identifier=f"last-trick-{c.code}",
            label=f"{table_model.spoken(c.code)}, played by {name}",
            container=True,
            exclude_semantics=True,
            content=ft.Column(
                [
                    card_image(c.code, w, w * 1.4, self.settings.four_colour),
                    ft.Text(name, size=11, max_lines=1),
                ],
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        )
