"""Each game's rules in plain words (a reading of ``docs/RULES.md``, which wins on detail),
and the one name the app gives each hukum mode.

The protocol, the CLI and records keep the modes' API names (``implicit``, ``declared``,
``hidden``, ``none``); everything a player reads says :data:`HUKUM_NAMES` instead.
"""

from __future__ import annotations

HUKUM_NAMES: dict[str, str] = {
    "implicit": "First discard",
    "declared": "Declared",
    "hidden": "Hidden card",
    "none": "No hukum",
}
HUKUM_HELP: dict[str, str] = {
    "implicit": "The first card played off-suit sets the hukum.",
    "declared": "The first leader names the hukum after seeing their hand.",
    "hidden": "A card set aside face down is the hukum, turned over when someone cannot follow.",
    "none": "No trump: the highest card of the led suit always wins.",
}

COMMON = (
    "One deck of 52 cards, no jokers. Aces are high: A K Q J 10 9 8 7 6 5 4 3 2. "
    "Play goes round the table clockwise. You must follow the suit that was led if you can."
)

RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "thaas": (
        (
            "Teams",
            "Four players in two teams; partners sit opposite each other. All 52 cards are "
            "dealt, 13 each. The player left of the dealer leads the first trick, and whoever "
            "wins a trick leads the next.",
        ),
        (
            "Winning a trick",
            "The highest hukum (trump) card wins the trick. With no hukum in it, the highest "
            "card of the suit that was led wins. Other suits never win.",
        ),
        (
            "The hukum",
            "Chosen when the match is set up. First discard (the usual way): there is no "
            "hukum at first; the first time someone cannot follow suit, the suit they play becomes "
            "the hukum for the rest of the deal, and that card already counts as hukum. "
            "Declared: the first leader looks at their hand and names the hukum. Hidden card: "
            "one card of the dealer's right-hand player is set aside face down; its suit is "
            "the hukum, but only once it is turned over, which happens the first time someone "
            "cannot follow suit (it then goes back to its owner). No hukum: the highest card "
            "of the led suit always wins.",
        ),
        (
            "The 7-trick lock and the sweep",
            "As soon as one team has 7 tricks and the other has at least one, the deal ends and "
            "the team with more tricks wins it. While one team has won every trick, play goes "
            "on in chase of a sweep: winning all 13 tricks.",
        ),
        (
            "The match",
            "Best of 1, 3, 5 or 7 deals: the first team to win a majority of them wins. A sweep "
            "wins the whole match at once. The winners of a deal lead the next one.",
        ),
    ),
    "dhihaeh": (
        (
            "Like Thaas",
            "The deal, the teams, the tricks and the four hukum modes are exactly those of "
            "Thaas. What counts is different: the four tens.",
        ),
        (
            "Winning a deal",
            "All 13 tricks are played. The team that captures three or four tens wins the "
            "deal. If each team has two tens, the team with more tricks wins.",
        ),
        (
            "Bang and Big Bang",
            "A Bang: one team captures all four tens. A Big Bang: one team wins all 13 tricks, "
            "which ends the match at once in its favour.",
        ),
        (
            "The match",
            "A set number of deals (1, 3, 5 or 7) is played. The team with more Bangs wins the "
            "match; with equal Bangs, the team that won more deals.",
        ),
    ),
    "thulla": (
        (
            "The aim",
            "Get rid of your cards. Nobody scores points: the last player still holding cards "
            "is the Bhabhi and loses the round. Two to six players; four is the classic table.",
        ),
        (
            "Starting",
            "All the cards are dealt (some players may get one more). Whoever holds the ace of "
            "spades leads it to the first trick.",
        ),
        (
            "A trick",
            "Everyone still holding cards plays in turn and must follow suit if they can. If "
            "everybody follows, the cards are thrown away and the highest card's player leads "
            "next.",
        ),
        (
            "The thulla",
            "If you cannot follow suit, play any card: that is a thulla. The trick stops at "
            "once, and the player with the highest card of the led suit picks up the whole "
            "trick into their hand and leads next.",
        ),
        (
            "Going out",
            "When your hand is empty after a trick, you are out and safe. Playing your last "
            "card is not yet safe: if it was the highest and someone throws a thulla, you pick "
            "the trick up.",
        ),
        (
            "The Hand Call",
            "From the second trick on, while at least three players are left, the player about "
            "to lead may ask the next player for their whole hand. If they accept, they hand it "
            "over and are out safe; if they refuse, nothing changes. Then the asker leads. One "
            "Hand Call per lead.",
        ),
        (
            "Giving up, shootout and draw",
            "With two players left, either may give up and be the Bhabhi. If the last two "
            "hands share no suit, the round ends at once: the player who would lead is the "
            "Bhabhi (the shootout). If the last players all run out of cards in the same trick, "
            "there is no Bhabhi: a draw.",
        ),
        (
            "The reveal",
            "At the end, the two hands held when just two players were left are shown face up, "
            "so everyone can check the result.",
        ),
    ),
}
