"""What the search bots share: candidate moves, applying them to a world, tie-breaks."""

from __future__ import annotations

from ..engine.actions import ACCEPT, HAND_CALL, Action
from ..engine.cards import FULL_DECK, SUIT_MASKS, TENS
from ..engine.views import ThullaView, TrickView, View
from .common import bottom_equivalent
from .normal import thulla_action, trick_action
from .trick_policy import declare_suit


def forced_action(view: View) -> Action | None:
    """An action no search is needed for: a single option, the declaration (by Normal's
    judgement), or a Hand Call's answer (accepting always takes the asked seat out safe)."""
    legal = view.legal
    if not legal:
        raise ValueError("the bot's seat has no legal action")
    if len(legal) == 1:
        return legal[0]
    if isinstance(view, TrickView):
        if view.declaring:
            return declare_suit(view.hand)
        return None
    if ACCEPT in legal:
        return ACCEPT
    cards = [a for a in legal if a < 52]
    if len(cards) == 1 and HAND_CALL not in legal:
        return cards[0]
    return None


def live_cards(view: View) -> int:
    """Cards still in play from this seat's point of view (unplayed, or on the table)."""
    if isinstance(view, TrickView):
        return FULL_DECK & ~view.played | sum(1 << c for _, c in view.trick)
    return FULL_DECK & ~view.discarded


def candidates(view: View, thulla_throws: bool = False) -> list[Action]:
    """Legal actions worth searching: of several cards that are worth the same in every
    world (adjacent in rank once played cards are gone), only the cheapest; never giving up.

    With ``thulla_throws`` (Ultra's), a Thulla seat that cannot follow keeps every card:
    a thrown card goes to the seat that picks the trick up, so two neighbours in rank are
    not alike there (which of them ends up in which hand decides later tricks)."""
    live = live_cards(view)
    tens = view.game == "dhihaeh"
    throwing = thulla_throws and is_thulla_throw(view)
    out: list[Action] = []
    seen: set[int] = set()
    for a in view.legal:
        if a >= 52:
            if a == HAND_CALL:
                out.append(a)
            continue
        if throwing or (tens and TENS >> a & 1):
            out.append(a)
            continue
        rep = bottom_equivalent(a, view.hand & ~(TENS if tens else 0), live)
        if rep not in seen:
            seen.add(rep)
            out.append(rep)
    return out


def is_thulla_throw(view: View) -> bool:
    """A Thulla seat void in the led suit: whatever it plays is a thulla."""
    if not isinstance(view, ThullaView) or not view.trick or view.led is None:
        return False
    return not view.hand & SUIT_MASKS[view.led]


def apply_action(world, seat: int, a: Action) -> None:
    if a < 52:
        world.play_card(a)
    else:
        world.apply(seat, a)


def heuristic_choice(view: View) -> Action:
    """Normal's choice, used to break ties between equally good moves."""
    if isinstance(view, TrickView):
        return trick_action(view)
    assert isinstance(view, ThullaView)
    return thulla_action(view)


def bridge_view(view: View) -> bool:
    """Thaas with a known hukum (or none): the rest of the deal is bridge play, so whole
    sampled deals can go to the C double-dummy solver."""
    return (
        isinstance(view, TrickView)
        and view.game == "thaas"
        and not view.declaring
        and not view.hidden_pending
        and (view.hukum is not None or view.hukum_mode == "none")
    )
