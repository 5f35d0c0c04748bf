"""The table: renders a :class:`TableModel` and animates the cards between states.

Every card on the table is one sprite (:mod:`.table_sprites`) in a single Stack, so a
state change is a move that Flutter animates.  Around the cards sit the bar and seats
(:mod:`.table_chrome`), the status and buttons (:mod:`.table_overlays`) and the dialogs
(:mod:`.table_dialogs`); the turn timer counts down in :mod:`.turn_timer`.  This module
only sequences them: a tap sends the action to the session, and the new state comes back
through ``refresh``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from . import layout, table_chrome, table_dialogs, table_model, table_overlays
from .feedback import Feedback, Silent
from .layout import Geometry, Rect
from .session import GameSession, SessionError, SessionState
from .settings import Settings
from .table_model import TableModel
from .table_sprites import drop_zone, hand_card, new_sprite, table_card
from .theme import Palette, felt, palette
from .turn_timer import TurnTimer

log = logging.getLogger(__name__)


class TableScreen:
    """One table view bound to one game session."""

    def __init__(
        self,
        page: ft.Page,
        session: GameSession,
        settings: Settings,
        on_home: Callable[[], Awaitable[None]],
        feedback: Feedback | None = None,
    ) -> None:
        self.page = page
        self.feedback: Feedback = feedback or Silent()
        self._cues: set[asyncio.Task[None]] = set()
        self.session = session
        self.settings = settings
        self.on_home = on_home
        self.pace, self.anim = settings.pace()
        self.p: Palette = palette(settings.theme)
        self.stack = ft.Stack(expand=True, clip_behavior=ft.ClipBehavior.HARD_EDGE)
        self.sprites: dict[str, ft.Container] = {}
        self.model: TableModel | None = None
        self.geom: Geometry | None = None
        self.timer = TurnTimer()
        self._lock = asyncio.Lock()
        self._acting = False
        self._result_shown: int | None = None
        self._dialog: ft.AlertDialog | None = None
        self._state: SessionState | None = None
        # Hint and Review (thaasbai/ui/history_pages.py sets them; None: no button).
        # ``hint_allowed`` says whether this table offers hints now (an online room only
        # when its host allows them).
        self.on_hint: Callable[[], Awaitable[None]] | None = None
        self.hint_allowed: Callable[[], bool] = lambda: True
        self.on_review: Callable[[], Awaitable[None]] | None = None
        # The hint on show: (the state version it was worked out for, its action, its
        # words).  It goes as soon as the player acts or the version moves on.
        self._hint: tuple[int, dict[str, Any], str] | None = None
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
            model = self._build(st)
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
            self.timer.follow(st.timer)
            w, h = self.size()
            if (
                prev is not None
                and model.last_trick is not None
                and model.deal_no == prev.deal_no
                and model.history_len == prev.history_len + 1
            ):
                self._cue("card")
                await self._finish_trick(prev, model, w, h)
            elif prev is not None and table_model.lands_a_card(prev, model):
                self._cue("card")
                if model.my_turn:
                    # The card that passes us the turn lands first; only then is it ours.
                    held = table_model.turn_withheld(model, prev)
                    await self._show(held, self._geometry(model, w, h), animate=True)
            if model.my_turn and model.result is None and (prev is None or not prev.my_turn):
                self._cue("turn")
            await self._show(model, self._geometry(model, w, h), animate=prev is not None)
            self.model = model
            if model.result is not None and self._result_shown != model.deal_no:
                self._result_shown = model.deal_no
                self._show_result(model)

    def _build(self, st: SessionState) -> TableModel:
        """The model of ``st``, with the hint marked while it is still about ``st``."""
        assert st.view is not None
        model = table_model.build(st.view, st.lobby, self._my_name(st), online=st.online)
        if self._hint is not None and self._hint[0] != st.version:
            self._hint = None  # the table moved on
        if self._hint is not None:
            model = table_model.with_hint(model, self._hint[1], self._hint[2])
        return model

    async def show_hint(self, action: dict[str, Any], text: str, version: int) -> bool:
        """Mark the hinted card or call and show ``text``, if the table is still at
        ``version`` (the state the hint was worked out for); False if it has moved on."""
        async with self._lock:
            st = self.session.state()
            if st.view is None or st.version != version or self.model is None:
                return False
            self._hint = (version, action, text)
            model = self._build(st)
            if model.hint is None:  # it names nothing open now
                self._hint = None
                return False
            w, h = self.size()
            await self._show(model, self._geometry(model, w, h), animate=True)
            self.model = model
            return True

    @property
    def hint(self) -> str | None:
        """The hint on show, in words (None: none)."""
        return self.model.hint if self.model is not None else None

    def _my_name(self, st: SessionState) -> str:
        """Online, the name the others see; solo, the one from Settings."""
        seats = st.lobby.get("seat_list") or []
        if st.online and st.view and st.view.get("seat") is not None and st.seat < len(seats):
            return str(seats[st.seat].get("name") or "You")
        return self.settings.player_name

    def close(self) -> None:
        """The table is dropped: stop its countdown (nothing may outlive the table)."""
        self.timer.stop()

    def _cue(self, sound: str) -> None:
        """Play a sound without holding up the animation (the client answers later)."""
        task = asyncio.create_task(self.feedback.sound(sound))
        self._cues.add(task)
        task.add_done_callback(self._cues.discard)

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
        # Not our turn while the trick is held: nothing to act on (no buttons, no raised
        # card, no "Your lead") before its cards are collected.
        held = table_model.turn_withheld(model, prev)
        hand = tuple(c for c in held.hand if c.code not in codes)
        shown = dataclasses.replace(held, hand=hand, trick=lt.cards, result=None)
        geom = self._geometry(model, w, h, len(hand))
        await self._show(shown, geom, animate=True, dim=False)
        await asyncio.sleep(max(self.pace * 1.6, 0.05) if self.pace > 0 else 0.05)
        self._cue("trick")
        if lt.fate == "discard":
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
        # A hinted card is the one raised: the others that may be played stay down (still
        # ringed and tappable), so the hint stands out without changing the layout.
        hinted = any(c.hinted for c in model.hand)
        for i, card in enumerate(model.hand):
            r = geom.hand[i]
            up = model.my_turn and card.playable and dim and (card.hinted or not hinted)
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
        four = self.settings.four_colour
        for code in order:
            sprite = self.sprites.get(code)
            if sprite is None:
                sprite = new_sprite(code, origins[code] if animate else targets[code], self.anim)
                self.sprites[code] = sprite
            r = targets[code]
            sprite.width, sprite.height = r.w, r.h
            sprite.opacity = 1.0
            card = hand_by_code.get(code)
            sprite.content = (
                hand_card(card, r, model.my_turn and dim, four, self._tap(code))
                if card
                else table_card(code, r, four)
            )
        self.stack.controls = self._chrome(model, geom) + [self.sprites[c] for c in order]
        self.stack.controls += self._overlays(model, geom)
        if model.my_turn and dim and any(c.playable for c in model.hand):
            top = geom.bar_h
            bottom = geom.hand_top - geom.raise_px
            self.stack.controls.append(drop_zone(0, top, geom.width, bottom - top, self._dropped))
        if animate and new:
            self.page.update()
            await asyncio.sleep(0.04)
        for code in order:
            r = targets[code]
            self.sprites[code].left, self.sprites[code].top = r.x, r.y
        self.page.update()
        if animate and any(c in new or c in {t.code for t in model.trick} for c in order):
            await asyncio.sleep(self.anim / 1000)

    def _chrome(self, model: TableModel, geom: Geometry) -> list[ft.Control]:
        bar = table_chrome.top_bar(
            model,
            geom,
            self.p,
            four_colour=self.settings.four_colour,
            anim_ms=self.anim,
            on_home=self._home,
            on_last_trick=self._show_last_trick,
            on_hint=self._ask_hint if self.on_hint is not None and self.hint_allowed() else None,
        )
        return [table_chrome.rim(geom), bar, *table_chrome.seats(model, geom, self.p)]

    def _overlays(self, model: TableModel, geom: Geometry) -> list[ft.Control]:
        st = self._state
        online_trouble = st is not None and st.online and st.connection != "online"
        return table_overlays.overlays(
            model,
            geom,
            self.p,
            four_colour=self.settings.four_colour,
            timer_text=self.timer.text if self.timer.running else None,
            connection=st.connection if online_trouble and st is not None else None,
            act=self._act_handler,
            reshow_result=self._reshow_result,
        )

    # -- handlers --------------------------------------------------------------------------

    def _tap(self, code: str) -> Callable[[Any], Awaitable[None]]:
        async def handler(e: Any) -> None:
            await self._play(code)

        return handler

    async def _dropped(self, e: Any) -> None:
        """A playable card dragged onto the table: play it, as a tap would."""
        code = getattr(getattr(e, "src", None), "data", None)
        if isinstance(code, str):
            await self._play(code)

    async def _play(self, code: str) -> None:
        """Play a card of ours: a buzz under the thumb, then the action."""
        task = asyncio.create_task(self.feedback.tap())
        self._cues.add(task)
        task.add_done_callback(self._cues.discard)
        await self.act({"play": code})

    def _act_handler(self, action: dict[str, Any]) -> Callable[[Any], Awaitable[None]]:
        async def handler(e: Any) -> None:
            await self.act(action)

        return handler

    async def act(self, action: dict[str, Any]) -> None:
        """Send one action; a refusal (a stale or illegal tap) just re-renders."""
        if self._acting:
            return
        self._acting = True
        self._hint = None  # the player acts: the hint has done its job (or was ignored)
        try:
            await self.session.act(action)
        except SessionError as exc:
            log.info("action refused: %s", exc)
            await self.refresh()
        finally:
            self._acting = False

    async def _home(self, e: Any = None) -> None:
        self.timer.stop()
        await self.on_home()

    def _show_result(self, model: TableModel) -> None:
        assert model.result is not None
        self._dialog = table_dialogs.result_dialog(
            model.result,
            self.p,
            window_w=self.size()[0],
            four_colour=self.settings.four_colour,
            on_next=self._next_deal,
            on_rematch=self._rematch,
            on_home=self._home_from_dialog,
            on_review=self._review if self.on_review is not None else None,
        )
        self.page.show_dialog(self._dialog)
        self.page.update()

    async def _ask_hint(self, e: Any = None) -> None:
        if self.on_hint is not None:
            await self.on_hint()

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
        self.sprites.clear()
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
        dlg = table_dialogs.last_trick_dialog(
            m.last_trick,
            {s.seat: s.name for s in m.seats},
            compact=bool(self.geom and self.geom.compact),
            four_colour=self.settings.four_colour,
            on_close=lambda e: self.page.pop_dialog(),
        )
        self.page.show_dialog(dlg)
        self.page.update()
