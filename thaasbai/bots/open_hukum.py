"""The exact solver while an implicit hukum is still open, built around the first
discard; in Thaas natively, the C double-dummy solver (DDS, :mod:`.fast`) from there on.

Before the first discard of an implicit-hukum deal there is no hukum, and the discard
itself names it.  The plain solver treats that discard as one more move; here every
*discard node* (a seat void in the led suit, to play while the hukum is still open) is
valued suit by suit: that seat names the hukum by the card it plays, so the node is a
max (or min) over its suits of "can my side score ``target`` (tricks, and in Dhihaeh
tens) if I name suit ``h``?" (:meth:`OpenHukumSolver._suit_reaches`).
:class:`OpenHukumSolver` answers by searching on with ``h`` as the hukum (pure Python:
the browser's and the phone's path); :class:`HybridSolver` asks DDS, with ``h`` as
trump, whether a card of suit ``h`` reaches the target (:func:`.fast.trump_reaches`):
after the discard the deal is bridge with a known trump, which DDS solves in a fraction
of a millisecond where the pure-Python solver needs seconds at 10-12 cards a hand.  Both
give :class:`~.solver.Solver`'s answers: the same questions, exactly.

What keeps the work small:

- a table of bounds per discard node and suit, keyed on the canonical position (the
  hands by relative rank, the seat, how many have played, the led suit, in Dhihaeh the
  tens on the table): the cards already in the trick are of the led suit and lose to
  the discard, which is a hukum card, so which ones they are does not matter;
- bounds without a search: a discard that no later seat in the trick can over-ruff wins
  the trick; a top run of the candidate suit in one hand takes that many tricks, for its
  side or against it;
- suits tried in order of how often each settled the side's discard nodes so far, then
  of the discarder side's length in them and its top card, and a node settled by the
  first suit that reaches the target (for the discarder's side) or by all failing;
- in the open phase, leads ordered by who would discard first and cashing first, and
  followers low first when a seat still to play could discard (see
  :meth:`OpenHukumSolver._order_leads` and the solver's ``_moves``).

:class:`OpenHukumSolver` plays Thaas and Dhihaeh; :class:`HybridSolver` Thaas only (DDS
counts no tens), and needs endplay (the ``fast`` extra).  Figures: docs/PERFORMANCE.md,
"Hint and Review".
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, TENS, Card, cards_of
from ..engine.trick import TrickDeal
from . import fast
from .solver import NONE_KEPT, Solver, class_if_deciding, class_reps, ranks_kept, top_cards

# What one DDS call costs, in the solver's node counts (about 0.1-0.3 ms against a few
# microseconds a node): keeps ``max_nodes`` and clock checks between nodes meaningful.
DDS_CALL_NODES = 40
# From how many cards a hand HybridSolver asks DDS at a discard node: below it the
# search goes on in Python, which is cheaper than a DDS call there (a few dozen nodes at
# 5-8 cards) and reports the cards that decided it, which DDS does not (partition
# search).  Seed 38's review natively: 38.7 s -> 17.0 s; seed 5's 48.1 s -> 16.3 s.
DDS_FROM_CARDS = 9
# Lead groups while the hukum is open (see OpenHukumSolver._order_leads), best first.
_LEAD_CASH = 4 << 40
_LEAD_PARTNER_VOID = 3 << 40
_LEAD_PARTNER_TOP = 2 << 40
_LEAD_SAFE = 1 << 40


class OpenHukumSolver(Solver):
    """:class:`~.solver.Solver` that values the first discard of an open implicit hukum
    suit by suit, with a table of those values.  Keeps its tables between
    calls, as the solver does."""

    discard_leaves = True  # the solver's search stops at the first discard and asks us

    def __init__(self, game: str = "thaas", max_nodes: int | None = None) -> None:
        super().__init__(game, max_nodes)
        # discard node -> per suit [lo, hi]: bounds on the score the discarder's side
        # takes from this trick on if it discards that suit (hi -1: it holds none)
        self.discards: dict[tuple[int, ...], list[list[int]]] = {}
        # per side (seat & 1), per suit: discard nodes that suit settled for that side
        # while other suits were still to try (move ordering, as the solver's history)
        self.discard_wins = [[0] * 4, [0] * 4]

    def _discard_reaches(self, pos: int, seat: int, led: int, tmask: int, target: int) -> bool:
        """Can the side of ``seat`` (void in the led suit, the hukum still open) score
        ``target`` from this trick on?  It picks the suit of its discard (and so the
        hukum): the best of its suits counts."""
        hands = self.hands
        hand = hands[seat]
        if target <= 0:
            self.wr = 0
            return True
        total = self._to_come(hand, tmask)
        if target > total:
            self.wr = 0
            return False
        key = (*self._key(hands[0], hands[1], hands[2], hands[3]), seat, pos, led)
        if self.ten_score:
            key = (*key, (tmask & TENS).bit_count())  # the tens on the table go with it
        everything = hands[0] | hands[1] | hands[2] | hands[3]
        bounds = self.discards.get(key)
        if bounds is None:
            bounds = self.discards[key] = self._static_bounds(seat, pos, led, tmask, total)
        todo = []
        decided = 0  # the cards whose ranks decided it (partition search, see solver.py)
        for s in range(4):
            lo, hi, klo, khi = bounds[s]
            if lo >= target:
                self.wr = top_cards(klo, everything)
                return True
            if hi >= target:
                todo.append(s)
            else:
                decided |= top_cards(khi, everything)
        if not todo:
            self.wr = decided
            return False
        if len(todo) > 1:
            ours = hand | hands[(seat + 2) & 3]
            wins = self.discard_wins[seat & 1]
            todo.sort(key=lambda s: _hukum_preference(s, ours, hand, wins), reverse=True)
        for s in todo:
            if self._suit_reaches(pos, seat, led, tmask, s, target):
                bounds[s][0] = target
                bounds[s][2] = ranks_kept(self.wr, everything)
                if len(todo) > 1:
                    self.discard_wins[seat & 1][s] += 1
                return True
            bounds[s][1] = target - 1
            bounds[s][3] = ranks_kept(self.wr, everything)
            decided |= self.wr
        self.wr = decided
        return False

    def _suit_reaches(
        self, pos: int, seat: int, led: int, tmask: int, suit: int, target: int
    ) -> bool:
        """Can ``seat``'s side score ``target`` (at least 1, at most what is left) from
        this trick on if ``seat`` discards a card of ``suit`` and so names it the hukum?
        Here: the search goes on with each class of its cards of the suit, the lowest
        first."""
        hands = self.hands
        hand = hands[seat]
        mine = (seat & 1) == self.team
        # The team's need from this trick on: the target itself, or what keeps the
        # discarder's side below it.
        need = target if mine else self._to_come(hand, tmask) - target + 1
        leader = (seat - pos) & 3
        others = (hands[0] | hands[1] | hands[2] | hands[3] | tmask) & ~hand
        ts = self.ten_score
        reps = class_reps(hand & SUIT_MASKS[suit], others, TENS if ts else 0)
        decided = 0
        for c in reversed(reps):
            hands[seat] = hand ^ (1 << c)
            if pos == 3:  # the discard, the only hukum card, ends and wins the trick
                gain = 1 + ts * ((tmask | 1 << c) & TENS).bit_count() if ts else 1
                v = self._search(0, seat, -1, suit, -1, -1, 0, need - gain if mine else need)
            else:
                v = self._search(pos + 1, leader, led, suit, c, seat, tmask | 1 << c, need)
            hands[seat] = hand
            w = self.wr
            if v == mine:
                return True
            if w & hand & SUIT_MASKS[suit]:
                w |= class_if_deciding(c, hand, others, w)
            decided |= w
        self.wr = decided
        return False

    def _static_bounds(
        self, seat: int, pos: int, led: int, tmask: int, total: int
    ) -> list[list[int]]:
        """Bounds, per suit the discarder may name, on its side's score from this trick on
        (``total``: both sides' together), that need no search.

        A run of the top cards of the named suit in one hand wins that many tricks, for
        whichever side holds it (each is the highest hukum card left when played).  And
        a discard that no opponent still to play to the trick could over-ruff (void in
        the led suit, with a higher card of the suit) wins the trick, with the tens on
        the table in Dhihaeh, and then the discarder's side's top run of what is left
        (only the discarder's own run when partner, still to play and void too, might
        have to ruff with it)."""
        hands = self.hands
        hand = hands[seat]
        ts = self.ten_score
        partner = (seat + 2) & 3
        lm = SUIT_MASKS[led]
        late = []  # opponents still to play to this trick who cannot follow
        partner_late_void = False
        for i in range(1, 4 - pos):
            s = (seat + i) & 3
            if not hands[s] & lm:
                if s == partner:
                    partner_late_void = True
                else:
                    late.append(hands[s])
        ours = (seat,) if partner_late_void else (seat, partner)
        everything = hands[0] | hands[1] | hands[2] | hands[3]
        out = []
        for h in range(4):
            sm = SUIT_MASKS[h]
            mine = hand & sm
            if not mine:
                out.append([0, -1, NONE_KEPT, NONE_KEPT])
                continue
            # How many of the suit's top cards each bound rests on (partition search:
            # who holds them; the lower ones count by number only).
            owner, run = _top_run(hands, sm)
            if owner in (seat, partner):
                lo, hi = run, total
                k_lo, k_hi = run, 0
            else:
                lo, hi = 0, total - run
                k_lo, k_hi = 0, run
            suit = everything & sm
            x = mine
            while x:
                low = x & -x
                x ^= low
                above = (low - 1) & sm
                if any(o & above for o in late):
                    break  # this card and every lower one could be over-ruffed
                hands[seat] = hand ^ low
                owner, run = _top_run(hands, sm)
                hands[seat] = hand
                won = 1 + ts * ((tmask | low) & TENS).bit_count() if ts else 1
                lo = max(lo, won + (run if owner in ours else 0))
                # it, the cards above it, and the run after it
                k_lo = max(k_lo, (suit & ((low << 1) - 1)).bit_count(), run + 1)
            out.append([lo, hi, _kept_in(h, k_lo), _kept_in(h, k_hi)])
        return out

    def _order_leads(
        self, reps: list[Card], hand: int, others: int, seat: int, hukum: int
    ) -> list[Card]:
        """While the hukum is open: first cash the top card of a suit nobody is void in
        (it wins the trick), then lead the lowest card of a suit where partner is the
        first void seat (partner names the hukum and ruffs), then, in suits nobody is
        void in, towards partner's top card, then the rest of them (with the higher
        cards of partner's void suit), and last a suit an opponent would discard on
        first (it names the hukum); within each group by earlier cut-offs, then high
        cards first."""
        if hukum >= 0 or not self.implicit:
            return super()._order_leads(reps, hand, others, seat, hukum)
        hands = self.hands
        lho, pa = hands[(seat + 1) & 3], hands[(seat + 2) & 3]
        rho = hands[(seat + 3) & 3]
        everything = hand | others
        hist = self.open_history
        lowest = {c // 13: c for c in reps}  # reps go from the ace down: the last wins
        scored = []
        for c in reps:
            sm = SUIT_MASKS[c // 13]
            if not lho & sm:
                group = 0
            elif not pa & sm:
                # Partner's discard names the hukum and beats whatever is led: the lowest
                # card goes, the higher ones are kept for later tricks (plain leads).
                group = _LEAD_PARTNER_VOID if lowest[c // 13] == c else _LEAD_SAFE
            elif not rho & sm:
                group = 0
            else:
                above = everything & sm & ((1 << c) - 1)
                if not above:
                    group = _LEAD_CASH
                elif pa & (above & -above):
                    group = _LEAD_PARTNER_TOP
                else:
                    group = _LEAD_SAFE
            scored.append((group + hist[c], -(c % 13), c))
        scored.sort(reverse=True)
        return [c for _, _, c in scored]


class HybridSolver(OpenHukumSolver):
    """:class:`OpenHukumSolver` that asks DDS at the first discard (every position after
    it is bridge) from :data:`DDS_FROM_CARDS` cards a hand, and hands a position whose
    hukum is already known to DDS whole."""

    def __init__(self, game: str = "thaas", max_nodes: int | None = None) -> None:
        if game != "thaas":
            raise ValueError("the hybrid solver is for Thaas only (DDS counts no tens)")
        if not fast.AVAILABLE:
            raise RuntimeError("the hybrid solver needs endplay (the fast extra)")
        super().__init__(game, max_nodes)
        self.dds_calls = 0

    def wins(self, d: TrickDeal, team: int) -> bool:
        """As :meth:`Solver.wins`; a position whose hukum is already known (or none mode)
        goes to DDS whole."""
        if not fast.maps_to_bridge(d):
            return super().wins(d, team)
        if d.tricks[1 - team] >= 7:
            return False
        need = 7 - d.tricks[team]
        if need <= 0:
            return True
        seat = d.to_act
        left = d.hands[seat].bit_count()
        if need > left:
            return False
        self.dds_calls += 1
        self.nodes += DDS_CALL_NODES
        if (seat & 1) == team:
            return fast.reaches(d.hands, d.leader, d.trick, d.hukum, need)
        return not fast.reaches(d.hands, d.leader, d.trick, d.hukum, left - need + 1)

    def _suit_reaches(
        self, pos: int, seat: int, led: int, tmask: int, suit: int, target: int
    ) -> bool:
        if self.hands[seat].bit_count() < DDS_FROM_CARDS:
            return super()._suit_reaches(pos, seat, led, tmask, suit, target)
        self.dds_calls += 1
        self.nodes += DDS_CALL_NODES
        h = self.hands
        self.wr = h[0] | h[1] | h[2] | h[3]  # DDS does not say which ranks decided it
        trick = cards_of(tmask)  # all of the led suit: in any order, the same trick
        return fast.trump_reaches(self.hands, (seat - pos) & 3, trick, suit, target)


def _hukum_preference(suit: int, ours: int, hand: int, wins: list[int]) -> int:
    """How early a discarder tries to name ``suit`` the hukum (higher first): the suit
    that settled the side's discard nodes most often so far, then the side's length in
    it, the discarder's own, and the side's highest card of it (with equal lengths,
    A K over K J)."""
    held = ours & SUIT_MASKS[suit]
    top = 12 - ((held & -held).bit_length() - 1 - 13 * suit)  # 12 for an ace
    return (
        wins[suit] << 16 | held.bit_count() << 10 | (hand & SUIT_MASKS[suit]).bit_count() << 6 | top
    )


def _kept_in(suit: int, k: int) -> tuple[int, int, int, int]:
    """Partition search's "top ``k`` cards of ``suit``, none of the others"."""
    kept = [0, 0, 0, 0]
    kept[suit] = k
    return kept[0], kept[1], kept[2], kept[3]


def _top_run(hands: list[int], sm: int) -> tuple[int, int]:
    """The seat holding the top card of a suit (mask ``sm``) and how many of the suit's
    top cards it holds in a row; (-1, 0) if nobody holds the suit."""
    rest = (hands[0] | hands[1] | hands[2] | hands[3]) & sm
    if not rest:
        return -1, 0
    top = rest & -rest
    owner = 0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
    held = hands[owner]
    run = 0
    while rest and held & (rest & -rest):
        run += 1
        rest &= rest - 1
    return owner, run
