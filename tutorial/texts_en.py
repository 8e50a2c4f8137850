"""English source of the tutorial domain (tut.* keys): scripts/build_tutorials.py --init-po writes
it into locale/en/LC_MESSAGES/tutorial.po (and the template locale/tutorial.pot); after that the .po
files are the catalog translators edit. Kept so a new key has one place to be written first."""
UI = {
    "tut.ui.play": "Play on from here",
    "tut.ui.reset": "Back to the position",
    "tut.ui.again": "Try again",
    "tut.ui.next": "Next lesson",
    "tut.ui.loading": "Starting…",
    "tut.ui.ok": "Well done: that is right.",
    "tut.ui.task": "Your task:",
    "tut.ui.open_app": "Open the app",
    "tut.ui.languages": "Languages:",
    "tut.ui.contents": "Lessons",
    "tut.ui.cite": "Rulebook {pages}",
    "tut.ui.no_start": "The board could not start. Reload the page to try again.",
    "tut.ui.frame_title": "Game board",
    "tut.history.copy_link": "Copy link to this position",
    "tut.history.copy_embed": "Copy embed code",
    "tut.history.copied_link": "Link copied (select it to copy again):",
    "tut.history.copied_embed": "Embed code copied (select it to copy again):",
    "tut.page.barcelona.title": "Barcelona: the rules, one decision at a time",
    "tut.page.barcelona.intro": "Each lesson shows a real position of a two-player game. Read the rule, look at the "
                                "board (the last turn is marked), then press \u201cPlay on from here\u201d and make the "
                                "move the task asks for. The rules engine checks your move. Nothing here touches "
                                "your saved games.",
    # tutorial/examples.html: the embed parameters at work (docs/embedding.md); focus, mark, step
    # and lastmove are parameter names (code), kept as they are in every language.
    "tut.examples.title": "Embedding boards: examples",
    "tut.examples.intro": "One two-player Barcelona game (printed layout), shown with different focus, mark and "
                          "step values. Every board is a picture until you press its button.",
    "tut.examples.block": "A block, with a note",
    "tut.examples.line": "A street line",
    "tut.examples.cerda": "The Cerdà track",
    "tut.examples.player": "A player's board",
    "tut.examples.board": "The whole main board, no last-move marks",
    "tut.examples.frame": "An iframe (the frame sizes itself)",
    "tut.examples.frame_title": "Barcelona: block B1 after a level 2 building",
    "tut.examples.note_building": "Level 2 building",
    "tut.examples.note_street": "The wide street just built",
    "tut.examples.note_improved": "Improved",
    "tut.page.strasbourg.title": "Strasbourg: the rules, one decision at a time",
    "tut.page.strasbourg.intro": "Each lesson shows a real position of a three-player game. Read the rule, look at "
                                 "the board, then press \u201cPlay on from here\u201d and make the move the task asks "
                                 "for. The rules engine checks your move. Nothing here touches your saved games.",
}

STREET = {
    "coins": ("2 coins", "p.7", "The 2 coins action puts 2 coins in your warehouse. Goods that do not fit go back to the supply.",
              "Take the street whose action is 2 coins."),
    "cloth": ("1 cloth and 3 VP", "p.7", "The cloth action gives 1 cloth and 3 victory points at once.",
              "Take the street whose action is 1 cloth + 3 VP."),
    "wide": ("1 wide street", "p.8", "Build one wide street: you gain the bonus it covers and 2 VP for every wide tile in that line.",
             "Take the street whose action is 1 wide street."),
    "narrow": ("2 narrow streets", "p.8", "Build two narrow streets from your left stack first; each gives the bonus it covers and 1 VP per tile in its line.",
               "Take the street whose action is 2 narrow streets."),
    "cross": ("Intersection tile", "p.8", "Build your leftmost intersection tile: pay its cost plus the printed cost and gain the visible bonuses next to it.",
              "Take the street whose action is the intersection tile."),
    "cobble": ("Cobblestone", "p.7", "Put your leftmost cobblestone on the pavement next to another one and gain the bonus of its space.",
               "Take the street whose action is the cobblestone."),
    "improve": ("Improve Modernisme", "p.9", "Move one of your Modernisme markers from the bottom to the top of its space, paying the space's cost: it will score more.",
                "Take the street whose action is Improve Modernisme."),
    "mtake": ("Modernisme project", "p.9", "Take a Modernisme tile from the display onto an empty space of your board, paying its cost.",
              "Take the street whose action is the Modernisme project."),
    "service": ("Public service", "p.10", "Build a public service you do not have yet: pay 3, 2 or 1 coins, gain 10, 6 or 3 VP, Cerdà +2 and its effect.",
                "Take the street whose action is the public service."),
    "cerda": ("Cerdà +2", "", "Advance 2 steps on the Cerdà track: at each Cerdà scoring your position multiplies what you score.",
              "Take the street whose action is Cerdà +2."),
    "tram": ("Tram and passenger", "p.10-11", "Place your tram or move it 1 or 2 spaces (your own streets are free); you may drop a passenger to take that street's action.",
             "Take the street whose action is the tram."),
}

LESSONS = {
    "bcn.place": ("Placing citizens and paying", "p.6",
                  "On your turn you stack the two citizens of your hand, in the order you choose, on an intersection without citizens, and pay the cost shown there. Some intersections cost nothing.",
                  "Place your citizens on an intersection that costs nothing.",
                  "That intersection cost coins. Look for one whose cost is 0."),
    "bcn.cross": ("Intersections and their owners", "p.8",
                  "An intersection tile is yours: when another player places citizens on it, you (its owner) get its reward. Building it costs the tile's cost plus the printed cost, and you gain the visible bonuses next to it.",
                  "Build the intersection that leaves you with the most coins and cloth.",
                  "Another intersection costs less or gives more goods: compare what each one gives."),
    "bcn.owner.place": ("Placing on another player's intersection", "p.8",
                        "An intersection tile covers the printed cost: placing your citizens on another player's intersection costs nothing, but its owner takes a reward.",
                        "Place your citizens on the intersection another player owns.",
                        "That intersection is not another player's: look for one covered by an opponent's intersection tile."),
    "bcn.owner": ("Owner rewards", "p.8",
                  "When another player places on your intersection you take rewards of the intersection tiles you have built: 1 reward with 1 or 2 tiles built, 2 different ones with 3 or 4, 3 with 5. Each tile has its own reward (2 coins, 1 cloth, 3 VP, Cerdà +1, a Sagrada Família tile).",
                  "Another player placed on your intersection: choose the rewards that give you the most victory points.",
                  "Those rewards give fewer victory points: include the 3 VP."),
    "bcn.build": ("Building and levels", "p.12-13",
                  "After your street actions you may build on a block whose corner intersections hold your citizens. The more citizens used, the higher the level; the top citizens used move to the citizen tracks.",
                  "Build the highest level you can.",
                  "A higher level is possible here: use more of the intersections around a block."),
    "bcn.tracks": ("Citizen tracks", "p.13",
                   "When you build, the top citizen of each intersection used moves to its class's citizen track; the building then scores the lowest value visible on the three tracks. Raising the track that lags behind raises that value.",
                   "Build so that the citizen tracks pay you the most.",
                   "Those citizens leave the lowest track where it was: move up the class that lags behind."),
    "bcn.cerda": ("Citizen tracks and Cerdà scoring", "",
                  "Citizens you use for buildings move to the citizen tracks; when a section fills, a Cerdà scoring happens and your place on the Cerdà track multiplies what you score. Cobblestones can move you up the Cerdà track.",
                  "Put your cobblestone where it moves you furthest up the Cerdà track.",
                  "That space gives no Cerdà step (or fewer): look at the pavement bonuses."),
    "bcn.modernisme": ("Modernisme", "p.9",
                       "Modernisme tiles on your board score at the end; a marker moved to the top of its space scores more. Choose where your project pays best.",
                       "Choose the Modernisme space that scores the most.",
                       "Another space would score more: compare the multipliers of the spaces."),
    "bcn.services": ("Public services", "p.10",
                     "Each public service is built once per player. The first one you build gives the most victory points.",
                     "Build the public service that gives you the most victory points now.",
                     "Another service gives more points now."),
    "bcn.sagrada": ("Sagrada Família", "",
                    "Sagrada Família tiles give coins, cloth or points; each level you reach gives its reward.",
                    "Take the Sagrada Família tile that gives you the most.",
                    "Another tile gives more: compare their rewards."),
    "bcn.tram": ("Tram and passengers", "p.10-11",
                 "When your tram moves you may drop a passenger on its street: then you may take that street's action as well.",
                 "Drop a passenger.",
                 "Without a passenger you give up the street's extra action."),
    "bcn.end": ("The end of the game", "",
                "Once the end is triggered the round is finished and the final scoring follows: every point counts now. A building scores by its level.",
                "Build the highest level you can before the game ends.",
                "A higher building is possible: in the last round, aim for the biggest score."),
    "sxb.tasks": ("Task cards", "",
                  "Before the first round you look at your task cards and keep between 1 and 5 of them: a task you fulfil at the end scores its points, one you miss costs them.",
                  "Remove a task card you do not want to keep.",
                  "Keeping every card keeps every risk: remove one first."),
    "sxb.plot.draw": ("Plotting: drawing cards", "",
                      "In the plotting phase you draw lobbying cards from your deck, one at a time, and stop when you want: the cards you draw are your influence for this round.",
                      "Draw a card.",
                      "You stopped with no more cards: draw at least one to have a stack."),
    "sxb.plot.stack": ("Plotting: building stacks", "",
                       "Your drawn cards go on stacks; each stack is one bid for one step of the round. A new stack is a new bid.",
                       "Put a card on a new stack.",
                       "Put the card on a new stack this time."),
    "sxb.bid": ("Bidding and ties", "",
                "At each step the players reveal one stack in turn or pass. The highest total wins; on a tie, the player nearer the start player ranks higher. Losers may put one card back under their deck.",
                "Reveal your strongest stack.",
                "That stack is not your strongest one."),
    "sxb.privilege": ("Privileges", "",
                      "A privilege lets you decide after the others: you skip now and reveal later, once you have seen their bids.",
                      "Use a privilege.",
                      "Use the privilege to wait and see the other bids."),
    "sxb.tie": ("Ties", "",
                "Bids are ranked by value; a tie goes to the player nearer the start player (clockwise from the start player marker). A bigger stack than you need spends cards for nothing.",
                "Win this step with the smallest stack that ranks first.",
                "Either that stack does not rank first (a tie goes to the player nearer the start player) or a smaller one would have won."),
    "sxb.council": ("The council", "",
                    "Council seats are won in the auctions: the Nobility and Church seats at step A, a guild's seat by its master at steps B, D and F, the Merchants seat at step G. In the council phase every seat you hold scores 1 prestige point, and the player with the most seats takes a privilege.",
                    "You choose last at this step: reveal a stack that wins you a council seat.",
                    "That move wins you no council seat: compare your stacks with the bids already revealed."),
    "sxb.return": ("Losing a bid", "",
                   "A bidder who did not win may put one card of the revealed stack back under the deck, so it is not lost.",
                   "Put a card back under your deck.",
                   "Keeping none loses the whole stack: put one card back."),
    "sxb.step.A": ("Step A: the Nobility", "",
                   "Step A: the winner takes the Nobility seat (and builds the edifice at step H); the second takes the Church seat (and places a chapel at step I).",
                   "Reveal your strongest stack.",
                   "That stack is not your strongest one."),
    "sxb.step.B": ("Step B: a guild", "",
                   "Steps B, D and F are guild steps: the winner becomes the guild's master, takes a goods tile and may buy a shop of that guild.",
                   "Buy a shop.",
                   "You bought no shop: shops score at the end and count for tasks."),
    "sxb.step.C": ("Step C: trade", "",
                   "Steps C and E are trade steps: the winner may sell goods tiles for coins.",
                   "Sell goods.",
                   "You ended the sale without selling anything."),
    "sxb.step.D": ("Step D: a guild", "",
                   "A guild step again: buying the shop of the step's guild costs its printed price.",
                   "Buy a shop.",
                   "You bought no shop."),
    "sxb.step.E": ("Step E: trade", "",
                   "Trade again: bid for the right to sell goods.",
                   "Reveal your strongest stack.",
                   "That stack is not your strongest one."),
    "sxb.step.F": ("Step F: a guild", "",
                   "The last guild step of the round.",
                   "Buy a shop.",
                   "You bought no shop."),
    "sxb.step.G": ("Step G and the council", "",
                   "Step G is the election: the winner sells goods and takes the Merchants seat. In the council phase every council seat scores 1 prestige point and the player with the most seats takes a privilege.",
                   "Reveal your strongest stack.",
                   "That stack is not your strongest one."),
    "sxb.step.H": ("Step H: the edifice", "",
                   "The Nobility builds the round's edifice on an empty lot: shops next to it help tasks and score.",
                   "Build the edifice where it scores best for you now.",
                   "Another lot scores more for you."),
    "sxb.step.I": ("Step I: the chapel", "",
                   "The Church places a chapel at a corner where four cells meet: it makes parishes, which score.",
                   "Place the chapel where it scores best for you now.",
                   "Another corner scores more for you."),
    "sxb.end": ("End scoring", "",
                "After the fifth round: council points, shops, parishes, edifices, fulfilled or missed tasks and privileges are added up.",
                "Make the move that leaves you with the highest score.",
                "Another move scores more."),
}
for _tile, (_title, _pages, _text, _task) in STREET.items():
    LESSONS[f"bcn.street.{_tile}"] = (f"Street action: {_title}", _pages, _text, _task,
                                      "That street has a different action: read the action tile at the end of each line.")


# The turning point at the end of each game's page (tutorial/turning_points.py; docs/embedding.md)
TURNING = {
    "tut.turning.title": "From a real game: a turning point",
    "tut.turning.barcelona.text": "This position comes from a finished two-player game between computer players. "
                                  "After a game, its review (the Review button) judges every decision with the Hard "
                                  "level's look-ahead; this placement was the costliest of the game. The ring marked "
                                  "Played is the intersection chosen, the ring marked Better the Hard level's choice: "
                                  "compare the actions each one gives. Press \u201cPlay on from here\u201d "
                                  "to try either move.",
    "tut.turning.strasbourg.text": "This position comes from a finished three-player game between computer players. "
                                   "After a game, its review (the Review button) judges every decision with the Hard "
                                   "level's look-ahead. Here the winner of a guild step bought the shop marked Played; "
                                   "the Hard level prefers the one marked Better, although it costs a coin more: "
                                   "where a shop stands counts as much as its price. Press \u201cPlay on from "
                                   "here\u201d to try either move.",
}


def messages():
    """key -> English text of every tut.* message."""
    out = dict(UI)
    out.update(TURNING)
    for lid, (title, pages, text, task, hint) in LESSONS.items():
        out[f"tut.{lid}.title"] = title
        out[f"tut.{lid}.text"] = text
        out[f"tut.{lid}.task"] = task
        out[f"tut.{lid}.hint"] = hint
    return out
