"""Every string the browser client shows, marked for extraction (``make messages``) so that the
translators find them in the same catalogs as the rest of cardtable. The scripts ask for them
by their English text (``t('Your turn.')``, or ``tn('… point', '… points', n)`` for a text whose
words depend on a number); ``tests/web/test_routes.py`` checks that each one they use is listed
here. Also the short "how to play" page of each game.
"""

from __future__ import annotations

from cardtable.games import descriptors
from cardtable.i18n import N_
from cardtable.web.clock_strings import CLOCK_PLURALS, CLOCK_STRINGS
from cardtable.web.coach_strings import COACH_PLURALS, COACH_STRINGS
from cardtable.web.friends_strings import FRIENDS_PLURALS, FRIENDS_STRINGS
from cardtable.web.friendship_strings import FRIENDSHIP_STRINGS
from cardtable.web.lobby_strings import LOBBY_STRINGS
from cardtable.web.people_strings import PEOPLE_STRINGS
from cardtable.web.push_strings import PUSH_STRINGS
from cardtable.web.quickmatch_strings import QUICKMATCH_PLURALS, QUICKMATCH_STRINGS
from cardtable.web.ratings_strings import RATINGS_PLURALS, RATINGS_STRINGS


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with plural forms for extraction (``make messages`` reads ``N_plural`` like
    ``ngettext``); the client picks the form by the number it shows."""
    return singular, plural


CLIENT_STRINGS: tuple[str, ...] = (
    N_("back of a card"),
    N_("cards in hand: {n}"),
    N_("Your hand"),
    N_("No melds on the table yet."),
    N_("Melds on the table"),
    N_("Lay off here"),
    N_("Stock: {n}"),
    N_("Discard pile"),
    N_("Discard pile: {card} on top ({n})"),
    N_("The discard pile is empty."),
    N_("Burned"),
    N_("Claim round: may anyone advance with {card}?"),
    N_("Advance with {card}?"),
    N_("Select the cards from your hand that meld with it."),
    N_("You cannot meld it now."),
    N_("{n} s left"),
    N_("Advance"),
    N_("Pass"),
    N_("Total: {total} of {bust}"),
    N_("has melded"),
    N_("drawn"),
    N_("Your hand: select cards"),
    N_("Arrange:"),
    N_("by suit"),
    N_("by rank"),
    N_("or drag a card onto another (keys: Shift+←/→)."),
    N_("Draw from the stock"),
    N_("Burn the drawn card"),
    N_("Take {card} into a meld"),
    N_("Meld the selected cards"),
    N_("Discard"),
    N_("Clear the selection"),
    N_("Advance?"),
    N_("Your turn: draw from the stock, or select cards to take the discard into a meld."),
    N_("Your turn: keep or burn the drawn card, then meld and discard."),
    N_("Your turn: select cards to meld, lay off or discard."),
    N_("went out"),
    N_("The trick"),
    N_("takes the trick"),
    N_("best so far"),
    N_("Tricks: {n} of {total}"),
    N_("Points"),
    N_("Your turn: play a card."),
    N_("Cards on the table"),
    N_("The table is empty."),
    N_("{name} swept the table with {card}!"),
    N_("{name} captured {cards}."),
    N_("Capture or play?"),
    N_("Capture with {card}"),
    N_("Play {card} onto the table"),
    N_("Cancel"),
    N_("Captured: {n}"),
    N_("Sweeps: {n}"),
    N_("team {n}"),
    N_("Side"),
    N_("Card points"),
    N_("Sweeps"),
    N_("Primiera suits"),
    N_("Your turn: play or capture with a card."),
    N_("Deal {n}"),
    N_("joker as {card}"),
    N_("Language"),
    N_("Your name"),
    N_("player"),
    N_("Play against bots now"),
    N_("Bots"),
    N_("Play {game}"),
    N_("Who sits where"),
    N_("Seat {n}"),
    N_("a person"),
    N_("bot: {level}"),
    N_("A table with friends"),
    N_("Game"),
    N_("Players"),
    N_("House rules"),
    N_("Turn timer (seconds, 0: none)"),
    N_("Hints allowed"),
    N_("Open to anyone: list it in the open tables"),
    N_("Make the table"),
    N_("Join a table"),
    N_("Table code"),
    N_("Go to the table"),
    N_("Open tables"),
    N_("No open tables right now."),
    N_("Tables {first} to {last} of {total}"),
    N_("Previous tables"),
    N_("Next tables"),
    N_("This table has expired: nobody was connected to it for a long time."),
    N_("free seats: {n}"),
    N_("being played (watch)"),
    N_("free"),
    N_("How to play"),
    N_("Punttu, Pontinho and Putto, online."),
    N_("seat {n}"),
    N_("bot {n} ({level})"),
    N_("Move {n} of {total}: {move}"),
    N_("Final score:"),
    N_("Final penalty points:"),
    N_("to play"),
    N_("Replay: {game}, deal {n}"),
    N_("Back to the table"),
    N_("Replay controls"),
    N_("Start"),
    N_("Back"),
    N_("Forward"),
    N_("End"),
    N_("Move"),
    N_("Download its record"),
    N_("Previous deal"),
    N_("Next deal"),
    N_("Lobby"),
    N_("This deal cannot be replayed: {reason}"),
    N_("Back to the lobby"),
    N_("you"),
    N_("Connection lost; reconnecting…"),
    N_("Table {code}"),
    N_("watching"),
    N_("Copy the link"),
    N_("Share this link"),
    N_("Waiting for players"),
    N_("Share this link: {link}"),
    N_("Sit here"),
    N_("The match is over."),
    N_("Your turn."),
    N_("{name} to play."),
    N_("away: a bot plays"),
    N_("Your only choice: {action}. It is made for you."),
    N_("Deal {n} is over. Press Continue for the next deal."),
    N_("Waiting for {names} to continue."),
    N_("You played {card}."),
    N_("{name} played {card}."),
    N_("You laid {card} on the table."),
    N_("{name} laid {card} on the table."),
    N_("You captured {taken} with {card}."),
    N_("{name} captured {taken} with {card}."),
    N_("You drew from the stock."),
    N_("{name} drew from the stock."),
    N_("You burned the drawn card and drew another from the stock."),
    N_("{name} burned the drawn card and drew another from the stock."),
    N_("You took {card} from the discard pile and melded {meld}."),
    N_("{name} took {card} from the discard pile and melded {meld}."),
    N_("You advanced: took {card} from the discard pile and melded {meld}."),
    N_("{name} advanced: took {card} from the discard pile and melded {meld}."),
    N_("You melded {meld}."),
    N_("{name} melded {meld}."),
    N_("You laid off {cards} on meld {number}."),
    N_("{name} laid off {cards} on meld {number}."),
    N_("You discarded {card}."),
    N_("{name} discarded {card}."),
    N_("You passed."),
    N_("{name} passed."),
    N_("{names} passed."),
    N_("{names} and {last}"),
    N_("Match {total} · {label} {now}"),
    N_("{label} {now}"),
    N_("Sweeps (3 points each)"),
    N_("Primiera (1 point a suit)"),
    N_("You bought back in."),
    N_("{name} bought back in."),
    N_("You stayed out."),
    N_("{name} stayed out."),
    N_("your only choice, made for you"),
    N_("time ran out: played by the timer"),
    N_("away: played by a bot"),
    N_("offline"),
    N_("The table"),
    N_("Play passes to the left ↻"),
    N_("Play passes to the right ↺"),
    N_("You are not dealt in this deal."),
    N_("Actions"),
    N_("Hint (H)"),
    N_("Keys: Tab moves between cards, Enter plays the card, 1–9 pick a card, H asks for a hint."),
    N_("Decide before the next deal:"),
    N_("your total is {total}."),
    N_("The strongest bot would {action}."),
    N_("Hint"),
    N_("{action}: {score}%"),
    N_("Moves"),
    N_("Chat"),
    N_("Message"),
    N_("Send"),
    N_("Spectators read the chat."),
    N_("Player"),
    N_("Total"),
    N_("Deal {n} is over"),
    N_("Replay this deal"),
    N_("Continue"),
    N_("Close"),
    N_("The match is over"),
    N_("Winner: {names}"),
    N_("Replays:"),
    N_("deal {n}"),
    N_("Download the match record"),
    N_("Play again"),
    N_("There is no table with this code."),
    N_("play"),
    N_("capture"),
    N_("draw"),
    N_("burn"),
    N_("take the discard into"),
    N_("meld"),
    N_("lay off on meld"),
    N_("discard"),
    N_("advance with"),
    N_("pass"),
    N_("buy back in"),
    N_("stay out"),
    N_("random"),
    N_("easy"),
    N_("medium"),
    N_("hard"),
    N_("coins"),
    N_("cups"),
    N_("swords"),
    N_("clubs"),
    N_("Table"),
    N_("Replay"),
    N_("Skip to the game"),
    N_("Loading…"),
    N_("This page needs JavaScript."),
    N_("Rules"),
    N_("Rules with these options"),
    N_("The rules of this table"),
    N_("House rules: {name}"),
    N_("yes"),
    N_("no"),
    # the games' titles, as each game declares it (``Game.title``)
    *(game.title for game in descriptors()),
    *FRIENDS_STRINGS,  # friends: web/friends_strings.py
    *COACH_STRINGS,  # the coach's reason in a game's words: web/coach_strings.py
    *PEOPLE_STRINGS,  # players: web/people_strings.py
    *RATINGS_STRINGS,  # ratings: web/ratings_strings.py
    *LOBBY_STRINGS,  # the lobby's games and rule sets: web/lobby_strings.py
    *PUSH_STRINGS,  # notifications: web/push_strings.py
    *CLOCK_STRINGS,  # the game clock: web/clock_strings.py
    *FRIENDSHIP_STRINGS,  # friends and invitations: web/friendship_strings.py
    *QUICKMATCH_STRINGS,  # quick match: web/quickmatch_strings.py
    # the lobby's bot levels (levels.js) and the replay's review marks (review.js)
    N_("The coach is reviewing the moves…"),
    N_("Ask the coach"),
    N_("inaccuracy"),
    N_("mistake"),
    N_("blunder"),
    N_("Better: {move}."),
    N_("Whose moves:"),
    N_("everyone"),
    N_("The coach found no move that surely lost points."),
    N_("The coach marks:"),
    # the table: seats, scores, settings, sound, the memory rule
    N_("1–7, 10, 11, 12"),
    N_("1–7, S, C, R"),
    N_("A, J, Q, K"),
    N_("Bot {n}"),
    N_("Card indices"),
    N_("Card size"),
    N_("Bot speed"),
    N_("Deal"),
    N_("Earlier moves are not shown: remembering them is part of the game."),
    N_("No deal is finished yet."),
    N_("Played cards:"),
    N_("Score sheet"),
    N_("Scoreboard"),
    N_("Settings"),
    N_("Sort my hand"),
    N_("Sound off"),
    N_("Sound on"),
    N_("Tap a card to lift it, tap again to play it"),
    N_("Your turn"),
    N_("as dealt"),
    N_("can capture"),
    N_("dealer"),
    N_("large"),
    N_("none yet"),
    N_("normal"),
    N_("small"),
    N_("slow"),
    N_("fast"),
    N_("sweeps"),
    N_("captured"),
    N_("this deal"),
    N_("{action}: {score} out of 100"),
    N_("You captured with {card}."),
    N_("{name} captured with {card}."),
)

#: Texts whose words depend on a number: (singular, plural) as in ``ngettext``; the catalog
#: endpoint sends every form of each with the language's plural rule.
CLIENT_PLURALS: tuple[tuple[str, str], ...] = (
    # the coach's reason in the replay (review.js): the points lost, and how the better move
    # did in the deals it imagined
    N_plural("About {points} point lost.", "About {points} points lost."),
    N_plural(
        "Better: {move}: it ended ahead in {better} of the {samples} way the deal could go on "
        "from what was known then, and behind in {worse}.",
        "Better: {move}: it ended ahead in {better} of the {samples} ways the deal could go on "
        "from what was known then, and behind in {worse}.",
    ),
    N_plural("Trick to {name} ({points} point).", "Trick to {name} ({points} points)."),
    N_plural("Last trick: {name} ({points} point)", "Last trick: {name} ({points} points)"),
    N_plural("The card left on the table ({cards}) went to {name}, the last to capture.",
             "The {n} cards left on the table ({cards}) went to {name}, the last to capture."),
    N_plural("The deal as dealt ({total} move).", "The deal as dealt ({total} moves)."),
    N_plural("{n} point", "{n} points"),
    N_plural(
        "It imagined {iterations} way the deal could go on from what you can see; this move did "
        "best, scoring {score} out of 100 on average.",
        "It imagined {iterations} ways the deal could go on from what you can see; this move did "
        "best, scoring {score} out of 100 on average.",
    ),
    N_plural(
        "Strongest bot: {action} ({score}%, tried {tries} times in {iterations} playout).",
        "Strongest bot: {action} ({score}%, tried {tries} times in {iterations} playouts).",
    ),
    *FRIENDS_PLURALS,  # friends: web/friends_strings.py
    *COACH_PLURALS,  # the coach's reason in a game's words: web/coach_strings.py
    *RATINGS_PLURALS,  # ratings: web/ratings_strings.py
    *CLOCK_PLURALS,  # the game clock: web/clock_strings.py
    *QUICKMATCH_PLURALS,  # quick match: web/quickmatch_strings.py
)

#: game → (title, paragraphs): a short summary; the full rules live in the rules pages.
HOW_TO_PLAY: dict[str, tuple[str, tuple[str, ...]]] = {
    "punttu": (
        N_("How to play Punttu"),
        (
            N_("Punttu is a trick-taking game for two to eight players with the Latin 40-card "
               "pack. Each player holds three cards and refills from the stock after every "
               "trick."),
            N_("On your turn, play one card into the trick. The table shows who played what and "
               "marks the card winning so far; when the trick is complete, its winner is named "
               "before the cards are taken."),
            N_("Tricks bring the card points they hold. When the stock and the hands are empty, "
               "the most card points wins the deal."),
            N_("Only the cards you may play can be clicked. With the keyboard, Tab moves between "
               "your cards and Enter plays one."),
        ),
    ),
    "putto": (
        N_("How to play Putto"),
        (
            N_("Putto is a fishing game with the Latin 40-card pack, played alone or in pairs. "
               "Some cards lie face up in a row on the table."),
            N_("On your turn, play a card: either capture every table card of its rank, or leave "
               "it on the table. When both are possible, the table asks which you mean."),
            N_("Taking the whole table is a sweep. At the end of the deal, card points, sweeps "
               "and the primiera decide the score, shown in the deal's breakdown."),
        ),
    ),
    "pontinho": (
        N_("How to play Pontinho"),
        (
            N_("Pontinho is a rummy game with two French packs and jokers. Each player gets nine "
               "cards; the aim is to get rid of them in sets and runs."),
            N_("On your turn, draw from the stock, or take the top discard if it goes at once "
               "into a new meld with cards from your hand. Then lay melds or lay off cards on "
               "numbered melds, and discard one card."),
            N_("Select cards in your hand, then choose Meld, Discard or a meld to lay off on. "
               "After someone draws from the stock, the others may advance: take the last "
               "discard out of turn into a new meld. The table asks you with a prompt."),
            N_("When someone goes out, everyone else adds up the points left in their hand. A "
               "total that reaches the bust line puts a player out of the match, unless they "
               "buy back in."),
        ),
    ),
}
