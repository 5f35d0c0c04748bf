"""Exact endgame solver for Thaas and Dhihaeh: can a team still win, with all cards seen?

The deal's result is a yes/no for one team, so the search is an AND/OR tree (alpha-beta
on a null window): the team's seats need one winning card, the opponents' seats must have
none.  In Thaas that question is "can the team take ``need`` more tricks?" (13 is odd, so
the 7-trick lock only ends the deal early: it never changes who wins), which lets one
transposition-table entry serve every trick target.

What makes it fast:

- a transposition table at trick boundaries keyed on the *canonical* position: per suit,
  the owners of the remaining cards from the top down (relative ranks), so positions that
  differ only in which low cards were played hash the same.  Thaas entries hold a lower
  and an upper bound on the tricks the team can still take; Dhihaeh entries the result
  for the exact counts of tricks and tens;
- partition search (Thaas; Ginsberg's idea, as in DDS): each search also reports the
  cards whose ranks decided its answer (a trick's winner that beat a card of its suit,
  the runs behind a cashing or quick-trick bound, every move's when all had to be
  tried, equivalent cards it skipped included), and the bound is also kept for every
  position with the same suit lengths, leader and hukum whose top cards of each suit,
  down to those, have the same owners: the cards below count only by number.  Seed
  5's 13-card review probe went from 3.7M to 1.0M nodes;
- quick-trick cut-offs: a seat holding the top ``k`` hukum cards takes ``k`` tricks
  whatever happens (each wins the trick it is played to), and the leader can cash its
  unbroken runs of top cards for as long as nobody can ruff (or, before the hukum is set
  in implicit mode, discard), which settles many positions without a search (in no-hukum
  play, where there are no hukum cards, the cashing bound halved the nodes searched);
- move ordering: when the mover's side is already winning the trick, low cards first;
  otherwise the cheapest winning card first, then the lowest losers (a "winner" that the
  next seat's singleton of the suit beats counts as a loser: seed 23's review went from
  19.2M to 9.0M nodes); a card played off-suit is a low one of a long suit first, after
  DDS's weights, and not a ruff of partner's sure winner (seed 23: 3.88M to 2.87M);
  leads cash top cards first, then a suit partner ruffs, then
  towards partner's top card, and a suit an opponent ruffs last, each group in the
  order of a history table of earlier cut-offs (one before the first discard of an open
  hukum, one after: seed 38 -11%; sorted on C-level keys, no Python call
  per card);
- equivalent-card pruning: cards adjacent in rank once the played cards are gone are
  interchangeable, so only one of them is tried (tens excluded in Dhihaeh);
- no per-node lists for the trick: the trick lives in ints (winning card and seat, the
  cards on the table as a mask).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.cards import SUIT_MASKS, TENS, Card
from ..engine.trick import IMPLICIT, TrickDeal

_SUIT = 0x1FFF
_TEN_RANK = 4
TEN_SCORE = 14  # Dhihaeh: a ten outweighs every trick
DHIHAEH_TARGET = 2 * TEN_SCORE + 7


LEAD_TOP = 1 << 40
LEAD_PARTNER = 1 << 39
LEAD_RUFF = 3 << 38  # partner is void in the suit and holds hukum cards
_RANK = [c % 13 for c in range(52)]  # sort key: high cards first (reversed: low first)
# Discard order (Solver._discard_key, after DDS's Moves.cpp): the weight of a suit by how
# many cards of it the hand holds, what a guarded king's doubleton loses, and what the
# hukum loses when partner's winner is sure.
DISCARD_LENGTH_WEIGHT = [(n << 6) // 10 for n in range(14)]
DISCARD_GUARD_PENALTY = 4
DISCARD_SPARE_PENALTY = 50


class Unsolvable(ValueError):
    """The position still hides the face-down hukum card; the solver needs it known."""


class SearchAborted(RuntimeError):
    """The search reached its node limit before it had an answer."""


class Solver:
    """Solves positions for one game; keeps its transposition table between calls.

    ``max_nodes`` caps one call's work (it raises :class:`SearchAborted` when reached), so a
    caller on a clock can give up on a rare slow position instead of overrunning."""

    # A subclass that values the first discard itself (bots/open_hukum.py) sets this.
    discard_leaves = False

    def __init__(self, game: str, max_nodes: int | None = None) -> None:
        self.dhihaeh = game == "dhihaeh"
        self.ten_score = TEN_SCORE if self.dhihaeh else 0
        # bounds on the score to come, and the lead that last cut the search off (or -1)
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.codes: dict[int, int] = {}  # a suit's four 13-bit holdings -> canonical code
        # cut-offs caused by leading each card (move ordering), with the hukum known (or
        # none) and, apart, while an implicit hukum is still open: what settles a position
        # before the first discard is another thing (seed 38's review: -11% nodes)
        self.history = [0] * 52
        self.open_history = [0] * 52
        self.nodes = 0
        self.max_nodes = max_nodes
        self._limit = 1 << 62  # the node count at which this call gives up
        self._check_at = 1 << 62  # the node count of the next look at the clock (if any)
        self._stop = 1 << 62  # the nearer of the two: _stopped() is called there
        # Partition search (Thaas): bounds kept per suit-length shape, leader and hukum,
        # then per how many top cards of each suit decided them, then by who holds those.
        self.partition = not self.dhihaeh
        self.ptt: dict[tuple[int, ...], tuple[dict, dict]] = {}
        self.shapes: dict[int, int] = {}  # a suit's canonical code -> its four lengths
        self.sizes: dict[int, int] = {}  # and its number of cards
        self.wr = 0  # the cards whose ranks decided the last search's answer
        self._cash_wr = 0  # and those behind the last cashing bound
        self.hands: list[int] = []
        self.team = 0
        self.implicit = False
        self._prefix: tuple[int, bool] | None = None

    def wins(self, d: TrickDeal, team: int) -> bool:
        """True if ``team`` wins the deal from ``d`` with best play by both sides."""
        if d.over:
            return d.winner == team
        if d.set_aside >= 0 and not d.revealed:
            raise Unsolvable("the hidden hukum card is still face down")
        if d.declaring:
            raise Unsolvable("the hukum has not been declared")
        self.hands = d.hands[:]
        self.team = team
        self._limit = self.nodes + self.max_nodes if self.max_nodes else 1 << 62
        self._stop = min(self._limit, self._check_at)
        self.implicit = d.mode == IMPLICIT
        prefix = (team, self.implicit)
        if prefix != self._prefix:
            self.tt.clear()
            self.ptt.clear()
            self._prefix = prefix
        trick = d.trick
        hukum = d.hukum
        wcard, wseat, tmask = -1, -1, 0
        for i, c in enumerate(trick):
            tmask |= 1 << c
            if (
                i == 0
                or (c // 13 == wcard // 13 and c < wcard)
                or (c // 13 == hukum and wcard // 13 != hukum)
            ):
                wcard, wseat = c, (d.leader + i) & 3
        pos = len(trick)
        me, opp = d.tricks[team], d.tricks[1 - team]
        if self.dhihaeh:
            # Three tens win; two each, then seven tricks: score 14 a ten plus 1 a trick
            # and the team wins exactly when its score reaches 35.
            need = DHIHAEH_TARGET - TEN_SCORE * d.tens[team] - me
        else:
            if opp >= 7:
                return False
            need = 7 - me
        return self._search(pos, d.leader, d.led, hukum, wcard, wseat, tmask, need)

    # -- the canonical position ----------------------------------------------------------

    def _suit_code(self, x: int) -> int:
        """Owners of a suit's remaining cards, top down, as base-5 digits 1..4; in Dhihaeh
        also where the ten stands among them."""
        code = 1
        ten_at = 0
        n = 0
        lengths = 0
        for r in range(13):
            for o in range(4):
                if x >> (13 * o + r) & 1:
                    code = code * 5 + o + 1
                    n += 1
                    lengths += 1 << 4 * o
                    if r == _TEN_RANK:
                        ten_at = n
                    break
        if self.dhihaeh:
            code = code * 16 + ten_at
        self.shapes[code] = lengths
        self.sizes[code] = n
        return code

    def _key(self, h0: int, h1: int, h2: int, h3: int) -> tuple[int, int, int, int]:
        codes = self.codes
        out = []
        for s in (0, 13, 26, 39):
            x = (h0 >> s & _SUIT) | (h1 >> s & _SUIT) << 13
            x |= (h2 >> s & _SUIT) << 26 | (h3 >> s & _SUIT) << 39
            c = codes.get(x)
            if c is None:
                c = codes[x] = self._suit_code(x)
            out.append(c)
        return out[0], out[1], out[2], out[3]

    # -- moves ---------------------------------------------------------------------------

    def _moves(
        self,
        legal: int,
        hand: int,
        others: int,
        pos: int,
        led: int,
        hukum: int,
        wcard: int,
        wseat: int,
        seat: int,
    ) -> list[Card]:
        """One card per class of equivalent cards, in the order to try them."""
        tens = TENS if self.dhihaeh else 0
        reps = class_reps(legal, others, tens)
        if len(reps) < 2:
            return reps
        if pos == 0:
            return self._order_leads(reps, hand, others, seat, hukum)
        ws = wcard // 13
        ours = (wseat & 1) == (seat & 1)
        if reps[0] // 13 == led and reps[-1] // 13 == led:
            # Following suit: reps run from high to low.
            if (
                ours
                or ws != led
                or (hukum < 0 and self.discard_leaves and self._void_later(pos, seat, led))
            ):
                # Our side is winning, or it is ruffed, or (bots/open_hukum.py, while
                # the hukum is open) a seat still to play would discard and win: low first.
                reps.reverse()
            else:
                k = 0
                while k < len(reps) and reps[k] < wcard:
                    k += 1
                winners = reps[:k]
                winners.reverse()
                losers = reps[k:]
                losers.reverse()
                if pos < 3 and winners:
                    # The next seat (an opponent) holds a singleton above all of them: it
                    # must play it, so they would only throw a high card away: losers.
                    nxt = self.hands[(seat + 1) & 3] & SUIT_MASKS[led]
                    if nxt and not nxt & (nxt - 1) and nxt < 1 << winners[-1]:
                        losers += winners
                        winners = []
                reps = winners + losers
            if tens and legal & tens:
                reps = _tens_first(reps, ours)
            return reps
        # Not following: the cheapest card that wins first (unless our side is already
        # winning), then the losers, a low card of a long suit first.
        if ours:
            sure = hukum >= 0 and ws != hukum and self._holds(pos, seat, led, hukum, wcard)
            spare = hukum if sure else -1
            reps.sort(key=self._discard_key(hand, spare), reverse=True)
        else:
            open_hukum = hukum < 0 and self.implicit
            winners = []
            losers = []
            for x in reversed(reps):
                xs = x // 13
                if open_hukum or (xs == ws and x < wcard) or (xs == hukum and ws != hukum):
                    winners.append(x)
                else:
                    losers.append(x)
            if len(losers) > 1:
                losers.sort(key=self._discard_key(hand, -1), reverse=True)
            reps = winners + losers
        if tens and legal & tens:
            reps = _tens_first(reps, ours)
        return reps

    def _discard_key(self, hand: int, spare: int) -> Callable[[Card], int]:
        """Sort key (high first) for cards played off-suit, after DDS's weights: a low
        card of a long suit first, not the second card of a doubleton holding the
        suit's second-highest card (a guarded king), and the suit ``spare`` last."""
        hands = self.hands
        everything = hands[0] | hands[1] | hands[2] | hands[3]
        weight = []
        for s in range(4):
            mine = hand & SUIT_MASKS[s]
            n = mine.bit_count()
            w = DISCARD_LENGTH_WEIGHT[n]
            if n == 2:
                rest = everything & SUIT_MASKS[s]
                rest &= rest - 1  # without the top card
                if rest & -rest & mine:
                    w -= DISCARD_GUARD_PENALTY
            if s == spare:
                w -= DISCARD_SPARE_PENALTY
            weight.append(w)
        return lambda c: _RANK[c] + weight[c // 13]

    def _holds(self, pos: int, seat: int, led: int, hukum: int, wcard: int) -> bool:
        """True if no seat after ``seat`` in this trick can beat the winning card
        ``wcard`` of ``seat``'s side with ``hukum`` set (so ruffing partner's winner can
        only waste a hukum card).  The side wins only at the third or fourth seat, so at
        most the next seat is left to play."""
        if pos == 3:
            return True
        nxt = self.hands[(seat + 1) & 3]
        ws = wcard // 13
        if nxt & SUIT_MASKS[led]:
            # It must follow suit: only a higher card of the led suit beats a winner of it.
            return ws != led or not nxt & SUIT_MASKS[led] & ((1 << wcard) - 1)
        hm = SUIT_MASKS[hukum]
        if ws == hukum:
            return not nxt & hm & ((1 << wcard) - 1)
        return not nxt & hm

    def _void_later(self, pos: int, seat: int, led: int) -> bool:
        """True if a seat still to play to this trick holds no card of the led suit."""
        sm = SUIT_MASKS[led]
        hands = self.hands
        if not hands[(seat + 1) & 3] & sm:
            return pos < 3
        return pos == 1 and not hands[(seat + 2) & 3] & sm

    def _order_leads(
        self, reps: list[Card], hand: int, others: int, seat: int, hukum: int
    ) -> list[Card]:
        """Leads: cash a suit's top card first, then lead a suit partner can ruff, then
        towards partner's top card, then the rest, and last a suit an opponent can ruff;
        within each group, most earlier cut-offs first, then high cards first."""
        if hukum < 0 and self.implicit:
            # Any void seat's discard wins: no card is sure to hold the trick.
            reps.sort(key=_RANK.__getitem__)
            reps.sort(key=self.open_history.__getitem__, reverse=True)
            return reps
        hist = self.history
        hands = self.hands
        partner = hands[(seat + 2) & 3]
        everything = hand | others
        hm = SUIT_MASKS[hukum] if hukum >= 0 else 0
        ruffs = partner & hm
        lho, rho = hands[(seat + 1) & 3], hands[(seat + 3) & 3]
        scored = []
        for c in reps:
            sm = SUIT_MASKS[c // 13]
            above = everything & sm & ((1 << c) - 1)
            if not above:
                group = LEAD_TOP
            elif ruffs and sm != hm and not partner & sm:
                group = LEAD_RUFF
            elif partner & (above & -above):
                group = LEAD_PARTNER
            else:
                group = 0
            if sm != hm and ((lho & hm and not lho & sm) or (rho & hm and not rho & sm)):
                group -= LEAD_TOP  # an opponent can ruff it: last
            scored.append((group + hist[c], -(c % 13), c))
        scored.sort(reverse=True)
        return [c for _, _, c in scored]

    # -- the search: can the team score ``need`` more? ----------------------------------

    def _search(
        self,
        pos: int,
        leader: int,
        led: int,
        hukum: int,
        wcard: int,
        wseat: int,
        tmask: int,
        need: int,
    ) -> bool:
        self.nodes += 1
        if self.nodes >= self._stop:
            self._stopped()
        hands = self.hands
        team = self.team
        key = None
        ts = self.ten_score
        if pos == 0:
            if need <= 0:
                self.wr = 0
                return True
            h0, h1, h2, h3 = hands
            r = h0.bit_count()
            # The most the team can still score: every trick (and in Dhihaeh every ten).
            most = r + self.ten_score * ((h0 | h1 | h2 | h3) & TENS).bit_count() if ts else r
            if need > most:
                self.wr = 0
                return False
            if r == 1:
                return self._last_trick(leader, hukum) >= need
            # The table first: a position seen before skips the bounds below.
            codes = self.codes
            shapes = self.shapes
            x = (h0 & _SUIT) | (h1 & _SUIT) << 13 | (h2 & _SUIT) << 26 | (h3 & _SUIT) << 39
            c0 = codes.get(x)
            if c0 is None:
                c0 = codes[x] = self._suit_code(x)
            x = (h0 >> 13 & _SUIT) | (h1 >> 13 & _SUIT) << 13
            x |= (h2 >> 13 & _SUIT) << 26 | (h3 >> 13 & _SUIT) << 39
            c1 = codes.get(x)
            if c1 is None:
                c1 = codes[x] = self._suit_code(x)
            x = (h0 >> 26 & _SUIT) | (h1 >> 26 & _SUIT) << 13
            x |= (h2 >> 26 & _SUIT) << 26 | (h3 >> 26 & _SUIT) << 39
            c2 = codes.get(x)
            if c2 is None:
                c2 = codes[x] = self._suit_code(x)
            x = (h0 >> 39) | (h1 >> 39) << 13 | (h2 >> 39) << 26 | (h3 >> 39) << 39
            c3 = codes.get(x)
            if c3 is None:
                c3 = codes[x] = self._suit_code(x)
            key = (c0, c1, c2, c3, leader, hukum)
            hit = self.tt.get(key)
            if hit is not None:
                lo, hi, cut, klo, khi = hit
                if lo >= need:
                    self.wr = top_cards(klo, h0 | h1 | h2 | h3)
                    return True
                if hi < need:
                    self.wr = top_cards(khi, h0 | h1 | h2 | h3)
                    return False
            # Cashing: the leader's top cards of the suits it can run keep the lead.
            k = self._cashable(hands, leader, hukum)
            if k:
                if (leader & 1) == team:
                    if k >= need:
                        self.wr = self._cash_wr
                        return True
                elif need > most - k:
                    self.wr = self._cash_wr
                    return False
            if hukum >= 0:
                trumps = (h0 | h1 | h2 | h3) & SUIT_MASKS[hukum]
                if trumps:
                    # Quick tricks: the top trumps held by one seat each win a trick.
                    top = trumps & -trumps
                    o = 0 if h0 & top else 1 if h1 & top else 2 if h2 & top else 3
                    h = hands[o]
                    k = 0
                    run = 0
                    while trumps and h & (trumps & -trumps):
                        k += 1
                        run |= trumps & -trumps
                        trumps &= trumps - 1
                    if ts and run & TENS:
                        k += ts  # a ten among them is captured too
                    if (o & 1) == team:
                        if k >= need:
                            self.wr = run
                            return True
                    elif need > most - k:
                        self.wr = run
                        return False
            if self.partition:
                # Partition search (after the cheaper bounds): a position that differs from a
                # stored one only below the ranks that decided it has the same answer.
                pkey = (shapes[c0], shapes[c1], shapes[c2], shapes[c3], leader, hukum)
                found = self._partition_lookup(pkey, c0, c1, c2, c3, need)
                if found is not None:
                    answer, kept = found
                    # Into the exact table too: this position's next visit is one lookup.
                    lo, hi, cut, klo, khi = hit or _NO_BOUNDS
                    if answer:
                        self.tt[key] = (need, hi, cut, kept, khi)
                    else:
                        self.tt[key] = (lo, need - 1, cut, klo, kept)
                    self.wr = top_cards(kept, h0 | h1 | h2 | h3)
                    return answer
        seat = (leader + pos) & 3
        hand = hands[seat]
        legal = hand & SUIT_MASKS[led] if pos else 0
        implicit = self.implicit
        if not legal:
            if pos and hukum < 0 and implicit and self.discard_leaves:
                # The first discard, which names the hukum: a subclass values it.
                if (seat & 1) == team:
                    return self._discard_reaches(pos, seat, led, tmask, need)
                rest = self._to_come(hand, tmask) - need + 1
                return not self._discard_reaches(pos, seat, led, tmask, rest)
            legal = hand
        maximise = (seat & 1) == team
        result = not maximise
        others = 0
        if legal & (legal - 1):
            others = (hands[0] | hands[1] | hands[2] | hands[3] | tmask) & ~hand
            moves = self._moves(legal, hand, others, pos, led, hukum, wcard, wseat, seat)
            if key is not None and hit is not None and cut in moves and moves[0] != cut:
                # The lead that settled this position before (for another target) first.
                moves.remove(cut)
                moves.insert(0, cut)
        else:
            moves = (legal.bit_length() - 1,)
        cut = -1
        search = self._search
        ws = wcard // 13
        open_hukum = hukum < 0 and implicit
        # The cards whose ranks decided the answer (partition search): the deciding
        # move's, or every move's when all had to be tried.
        decided = 0
        for c in moves:
            hands[seat] = hand ^ (1 << c)
            cs = c // 13
            h = hukum
            if pos == 0:
                nw, ns, nl = c, seat, cs
            else:
                nl = led
                if open_hukum and cs != led:
                    h = cs  # the first discard names the hukum and already counts
                if (cs == ws and c < wcard) or (cs == h and ws != h):
                    nw, ns = c, seat
                else:
                    nw, ns = wcard, wseat
            if pos == 3:
                if (ns & 1) == team:
                    gain = 1 + ts * ((tmask | 1 << c) & TENS).bit_count() if ts else 1
                    v = search(0, ns, -1, h, -1, -1, 0, need - gain)
                else:
                    v = search(0, ns, -1, h, -1, -1, 0, need)
                w = self.wr
                same = (tmask | 1 << c) & SUIT_MASKS[nw // 13]
                if same & (same - 1):
                    w |= 1 << nw  # it won the trick by its rank
            else:
                v = search(pos + 1, leader, nl, h, nw, ns, tmask | 1 << c, need)
                w = self.wr
            hands[seat] = hand
            if v == maximise:
                result = maximise
                if pos == 0:
                    (self.open_history if open_hukum else self.history)[c] += 1
                    cut = c
                decided = w
                break
            if others and w & hand & SUIT_MASKS[cs]:
                w |= class_if_deciding(c, hand, others, w)
            decided |= w
        self.wr = decided
        if key is not None:
            everything = hands[0] | hands[1] | hands[2] | hands[3]
            kv = ranks_kept(decided, everything)
            lo, hi, best, klo, khi = self.tt.get(key, _NO_BOUNDS)
            if result:
                if need > lo:
                    lo, klo = need, kv
            elif need - 1 < hi:
                hi, khi = need - 1, kv
            self.tt[key] = (lo, hi, cut if cut >= 0 else best, klo, khi)
            if self.partition:
                self._partition_store(pkey, c0, c1, c2, c3, kv, result, need)
        return result

    # -- partition search -----------------------------------------------------------

    def _partition_lookup(
        self, pkey: tuple[int, ...], c0: int, c1: int, c2: int, c3: int, need: int
    ) -> tuple[bool, tuple[int, int, int, int]] | None:
        """The answer for ``need`` from a stored position that holds the same cards as
        this one (suit codes ``c0``-``c3``) by owner down to the ranks that decided it,
        with how many top cards of each suit those are; None if none settles it.

        Each suit narrows the stored entries down at once (a bit per entry: those whose
        top cards of the suit have this position's owners), so a miss costs a few
        lookups per suit, not one per entry."""
        bucket = self.ptt.get(pkey)
        if bucket is None:
            return None
        sizes = self.sizes
        p5 = _P5
        fits = -1
        for index, c in zip(bucket.suits, (c0, c1, c2, c3), strict=True):
            n = sizes[c]
            here = 0
            for k, by_owner in index.items():
                here |= by_owner.get(c // p5[n - k], 0)
            fits &= here
            if not fits:
                return None
        entries = bucket.entries
        while fits:
            low = fits & -fits
            fits ^= low
            kept, lo, hi = entries[low.bit_length() - 1]
            if lo >= need:
                return True, kept
            if hi < need:
                return False, kept
        return None

    def _partition_store(
        self,
        pkey: tuple[int, ...],
        c0: int,
        c1: int,
        c2: int,
        c3: int,
        kept: tuple[int, int, int, int],
        result: bool,
        need: int,
    ) -> None:
        """Keeps this answer for every position with the same suit lengths, leader and
        hukum whose top ``kept[s]`` cards of each suit ``s`` have the same owners."""
        bucket = self.ptt.get(pkey)
        if bucket is None:
            bucket = self.ptt[pkey] = _Bucket()
        sizes = self.sizes
        codes = (c0, c1, c2, c3)
        pat = tuple(c // _P5[sizes[c] - k] for c, k in zip(codes, kept, strict=True))
        at = bucket.ids.get((kept, pat))
        if at is None:
            at = bucket.ids[(kept, pat)] = len(bucket.entries)
            bucket.entries.append((kept, 0, 99))
            bit = 1 << at
            for index, k, p in zip(bucket.suits, kept, pat, strict=True):
                by_owner = index.get(k)
                if by_owner is None:
                    by_owner = index[k] = {}
                by_owner[p] = by_owner.get(p, 0) | bit
        kept, lo, hi = bucket.entries[at]
        if result:
            if need > lo:
                bucket.entries[at] = (kept, need, hi)  # at least ``need`` to come
        elif need - 1 < hi:
            bucket.entries[at] = (kept, lo, need - 1)  # at most ``need - 1``

    def _stopped(self) -> None:
        """Called when the node count reaches ``_stop``: the node limit (a clock, in a
        subclass that sets ``_check_at``)."""
        if self.nodes >= self._limit:
            raise SearchAborted(f"no answer within {self.max_nodes} nodes")
        self._stop = min(self._limit, self._check_at)

    def _discard_reaches(self, pos: int, seat: int, led: int, tmask: int, target: int) -> bool:
        """With :attr:`discard_leaves` set, the search stops at the first discard while
        the implicit hukum is open (``seat`` is void in the led suit) and asks this: can
        ``seat``'s side score ``target`` from this trick on?"""
        raise NotImplementedError

    def _to_come(self, hand: int, tmask: int) -> int:
        """The score still to be taken from this trick on, by both sides together, when
        ``hand`` is that of a seat yet to play to it: every trick, and in Dhihaeh every
        ten (those on the table too)."""
        n = hand.bit_count()
        if self.ten_score:
            h = self.hands
            n += self.ten_score * ((h[0] | h[1] | h[2] | h[3] | tmask) & TENS).bit_count()
        return n

    def _cashable(self, hands: list[int], leader: int, hukum: int) -> int:
        """A score the leader's side takes for certain by cashing: per suit, the leader's
        unbroken run of top cards, led one after another (each wins and keeps the lead).

        A run stops where someone could win the trick instead: with a hukum, at the
        shortest holding of an opponent who holds hukum cards (it could ruff once void);
        before the first discard in implicit mode, at the shortest holding of any other
        seat (a discard names the hukum and wins).  Tens in the run count in Dhihaeh.

        Or the leader crosses to partner: it leads a low card of a suit partner tops,
        which goes as if partner had led its top card (the opponents must follow suit
        either way), and partner cashes its own runs on the same terms (while the hukum
        is open, stopping at the leader's shortest holding too); both count when partner
        never has to throw a card of its runs on the leader's (the open hukum's caps
        make it follow; else it needs enough cards outside its runs), else the better."""
        hl = hands[leader]
        o1 = hands[(leader + 1) & 3]
        o2 = hands[(leader + 3) & 3]
        pa = hands[(leader + 2) & 3]
        everything = hl | o1 | o2 | pa
        ts = self.ten_score
        open_hukum = hukum < 0 and self.implicit
        hm = SUIT_MASKS[hukum] if hukum >= 0 else 0
        r1 = o1 & hm  # the opponents who could ruff (0: not that one)
        r2 = o2 & hm
        # After the leader's top hukum cards (cashed first), an opponent with no more
        # hukum cards than that has none left to ruff the leader's other suits with.
        trumps = everything & hm
        drawn = 0
        while trumps and hl & (trumps & -trumps):
            drawn += 1
            trumps &= trumps - 1
        l1 = r1 if r1.bit_count() > drawn else 0
        l2 = r2 if r2.bit_count() > drawn else 0
        k = kp = 0  # the leader's runs, partner's
        kn = pn = 0  # and the cards in them
        km = pm = 0  # and which cards those are (their ranks decide the bound)
        cross = False
        for sm in SUIT_MASKS:
            rest = everything & sm
            if not rest:
                continue
            top = rest & -rest
            leads = hl & top
            if leads:
                held = hl & sm
            elif pa & top:
                held = pa & sm
            else:
                continue
            if open_hukum:
                # Partner's runs stop at the leader's shortest holding too.
                third = pa if leads else hl
                cap = min((o1 & sm).bit_count(), (o2 & sm).bit_count(), (third & sm).bit_count())
            elif sm == hm:
                cap = 13
            else:
                cap = 13
                if l1 if leads else r1:
                    cap = (o1 & sm).bit_count()
                if l2 if leads else r2:
                    cap = min(cap, (o2 & sm).bit_count())
            n = 0
            score = 0
            run = 0
            while n < cap and rest and held & (rest & -rest):
                low = rest & -rest
                if ts and low & TENS:
                    score += ts
                rest ^= low
                run |= low
                n += 1
            if leads:
                k += n + score
                kn += n
                km |= run
            else:
                kp += n + score
                pn += n
                pm |= run
                if n and hl & sm:
                    cross = True
        if not cross:
            self._cash_wr = km
            return k
        self._cash_wr = km | pm
        if open_hukum or pa.bit_count() - pn >= kn:
            # Partner can follow (the open hukum's caps make it) or throw a card outside
            # its runs to every one of the leader's: the leader cashes, then crosses.
            return k + kp
        return max(k, kp)

    def _last_trick(self, leader: int, hukum: int) -> int:
        """The team's score from the last trick (one card in each hand); sets
        :attr:`wr` to the winning card when it beat another of its suit by rank."""
        hands = self.hands
        c = hands[leader].bit_length() - 1
        led = c // 13
        best, bs = c, leader
        h = hukum
        for i in (1, 2, 3):
            s = (leader + i) & 3
            x = hands[s].bit_length() - 1
            xs = x // 13
            if h < 0 and self.implicit and xs != led:
                h = xs
            if (xs == best // 13 and x < best) or (xs == h and best // 13 != h):
                best, bs = x, s
        same = (hands[0] | hands[1] | hands[2] | hands[3]) & SUIT_MASKS[best // 13]
        self.wr = 1 << best if same & (same - 1) else 0
        if (bs & 1) != self.team:
            return 0
        return 1 + self.ten_score * ((hands[0] | hands[1] | hands[2] | hands[3]) & TENS).bit_count()


class _Bucket:
    """Partition-search entries of one suit-length shape, leader and hukum: each entry's
    top-card counts per suit and bounds, and per suit, for each count, the owners of
    that many top cards -> the entries (a bit each) that hold them so."""

    __slots__ = ("entries", "ids", "suits")

    def __init__(self) -> None:
        self.entries: list[tuple[tuple[int, int, int, int], int, int]] = []
        self.ids: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.suits: tuple[dict[int, dict[int, int]], ...] = ({}, {}, {}, {})


_P5 = [5**i for i in range(14)]
_COARSE = [0, 1, 2, 3, 4, 6, 6, 9, 9, 9, 13, 13, 13, 13]
NONE_KEPT = (0, 0, 0, 0)  # no card's rank decided it
_NO_BOUNDS = (0, 99, -1, NONE_KEPT, NONE_KEPT)


def ranks_kept(decided: int, everything: int) -> tuple[int, int, int, int]:
    """Per suit, how many of its top cards (of ``everything``) reach down to the lowest
    card in ``decided``: the cards a partition-search entry keeps by owner."""
    out = []
    for sm in SUIT_MASKS:
        x = decided & sm
        if x:
            k = _COARSE[(everything & sm & ((1 << x.bit_length()) - 1)).bit_count()]
            n = (everything & sm).bit_count()
            out.append(k if k < n else n)
        else:
            out.append(0)
    return out[0], out[1], out[2], out[3]


def top_cards(kept: tuple[int, int, int, int], everything: int) -> int:
    """The top ``kept[s]`` cards of each suit ``s`` of ``everything``, as a mask."""
    if kept == NONE_KEPT:
        return 0
    m = 0
    for sm, k in zip(SUIT_MASKS, kept, strict=True):
        if not k:
            continue
        x = everything & sm
        if k >= x.bit_count():
            m |= x
            continue
        while k:
            low = x & -x
            m |= low
            x ^= low
            k -= 1
    return m


def class_if_deciding(c: Card, hand: int, others: int, decided: int) -> int:
    """The cards of ``hand`` equivalent to ``c`` (it and the next lower ones with none of
    ``others`` between), if any of them is in ``decided``: the moves the search skipped
    as equivalent decide alike, so their ranks count too.  Else 0."""
    cls = 1 << c
    x = hand & SUIT_MASKS[c // 13] & ~((2 << c) - 1)
    prev = cls
    while x:
        low = x & -x
        if (low - (prev << 1)) & others:
            break
        cls |= low
        prev = low
        x ^= low
    return cls if cls & decided else 0


def card_classes(cards: int, others: int, tens: int = 0) -> list[list[Card]]:
    """The cards of ``cards`` in classes of equal worth, lowest bit first: cards of one
    suit with none of ``others`` between them are worth the same (a ten, in ``tens``,
    is always its own class in Dhihaeh)."""
    classes: list[list[Card]] = []
    prev = -1
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if (
            prev >= 0
            and prev // 13 == c // 13
            and not (tens >> c & 1 or tens >> prev & 1)
            and not ((1 << c) - (2 << prev)) & others
        ):
            classes[-1].append(c)
        else:
            classes.append([c])
        prev = c
    return classes


def class_reps(cards: int, others: int, tens: int = 0) -> list[Card]:
    """One card per class of equivalent cards among ``cards``, lowest bit first: cards
    of one suit with none of ``others`` between them are worth the same (a ten, in
    ``tens``, is always its own class in Dhihaeh)."""
    if tens:
        return [cls[0] for cls in card_classes(cards, others, tens)]
    reps: list[Card] = []
    # No tens (Thaas): per suit, the classes of one holding against the others' cards
    # (a 26-bit pattern) are worked out once and kept (no loop over the cards each time).
    for shift in (0, 13, 26, 39):
        mine = cards >> shift & _SUIT
        if mine:
            x = mine | (others >> shift & _SUIT) << 13 | shift << 26
            got = _SUIT_REPS.get(x)
            if got is None:
                got = _SUIT_REPS[x] = _suit_reps(mine, others >> shift & _SUIT, shift)
            reps += got
    return reps


_SUIT_REPS: dict[int, tuple[Card, ...]] = {}  # see class_reps


def _suit_reps(mine: int, theirs: int, shift: int) -> tuple[Card, ...]:
    """One card per class among ``mine`` (13 bits of one suit) against ``theirs``, the
    highest first, as cards of the suit whose bits start at ``shift``."""
    reps = []
    above = 0
    m = mine
    while m:
        low = m & -m
        m ^= low
        if not above or (low - above) & theirs:
            reps.append(low.bit_length() - 1 + shift)
        above = low << 1
    return tuple(reps)


def _tens_first(reps: list[Card], ours: bool) -> list[Card]:
    """Dhihaeh: a ten goes first onto our side's trick and last onto theirs."""
    t = [x for x in reps if TENS >> x & 1]
    rest = [x for x in reps if not TENS >> x & 1]
    return t + rest if ours else rest + t


def brute_force_wins(d: TrickDeal, team: int) -> bool:
    """Plain minimax over every legal card, for testing :class:`Solver` on small positions."""
    if d.over:
        return d.winner == team
    results = []
    for c in [i for i in range(52) if d.legal_mask() >> i & 1]:
        nd = d.copy()
        nd.play_card(c)
        results.append(brute_force_wins(nd, team))
    return any(results) if (d.to_act & 1) == team else all(results)
