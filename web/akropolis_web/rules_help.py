"""The in-game rules help: a concise summary of the rules and scoring, with our clarifications."""

HTML = """
<h2>How to play Akropolis</h2>
<p>Each player builds a city of hexes. The richest city — districts placed where they thrive,
multiplied by plazas — wins.</p>

<h3>Your turn</h3>
<ol>
<li><b>Take a tile</b> from the Construction Site. The first is free; each tile costs one stone
per tile before it. With no stones you must take the first. The tiles after it slide left.</li>
<li><b>Add it to your city</b>, rotated as you like:
  <ul>
  <li>on the ground: touching your city along at least one edge; or</li>
  <li>on top: over three hexes that are all built and all at the same height (no gaps, no
  slopes), covering hexes of at least two different tiles. Your starting tile counts as one
  tile.</li>
  </ul></li>
<li><b>Take one stone</b> for each quarry you cover.</li>
</ol>
<p>When one tile is left in the Construction Site, it moves to the front, the next stack is
added and the Chief Architect passes to the left (the next player, so play simply goes on).
When no stack is left, the game ends: the last tile is never played.</p>

<h3>Scoring</h3>
<p>Only the visible (top) hexes count. For each district kind:
<b>sum of the values of its districts that meet their condition × the stars of your plazas of
that kind</b>. A district's value is its level (ground = 1). No plaza of a kind means no points
for it. Plazas score nothing themselves. Plus one point per stone.</p>
<ul>
<li><b>Houses</b> (blue, 1 star per plaza): only your largest group of adjacent houses counts
(most hexes; between equal groups, the higher value).</li>
<li><b>Markets</b> (yellow, 2 stars): a market counts if no other market is next to it.</li>
<li><b>Barracks</b> (red, 2 stars): a barracks counts if it is on the outer edge of your city.
An enclosed hole (a lake) is not the edge: this is the reading of the licensed online edition;
some players also count holes.</li>
<li><b>Temples</b> (purple, 2 stars): a temple counts if all six neighbours are built (any
height).</li>
<li><b>Gardens</b> (green, 3 stars): always count.</li>
</ul>
<p>Highest total wins; on a tie, most stones; still tied, a shared victory.</p>

<h3>Variants</h3>
<p>Each doubles a district's value when it also meets an extra condition (the normal condition
still applies):
houses — a group worth 10 or more; markets — next to a market plaza; barracks — 3 or 4 empty
outside neighbours; temples — on level 2 or higher; gardens — next to a lake.</p>

<h3>Setup</h3>
<p>2 players use 37 tiles in 11 stacks of 3; 3 players 49 tiles in stacks of 4; 4 players all
61 in stacks of 5; the rest start the Construction Site. Seats start with 1, 2, 3 and 4 stones.
With <i>all tiles</i>, 2 players use 19 stacks of 3; 3 players 14 stacks of 4 (the rulebook
says 15, but 61 tiles make 14).</p>

<h3>Controls</h3>
<p>Click a tile in the Construction Site, then move over your city: green dots mark where it
fits in the current rotation; the ghost shows the level and the stones you would gain. Rotate
with <kbd>R</kbd> (<kbd>Shift</kbd>+<kbd>R</kbd> back), the mouse wheel or the ⟳ button; click
to place; <kbd>Esc</kbd> puts the tile back. On a touch screen: tap a tile, tap a spot, rotate,
then “Place here”. With the keyboard: the arrows or <kbd>W</kbd> <kbd>E</kbd> <kbd>D</kbd>
<kbd>S</kbd> <kbd>A</kbd> <kbd>Q</kbd> move the tile, <kbd>Enter</kbd> places it. Drag to pan,
<kbd>Ctrl</kbd>+wheel or pinch to zoom; <kbd>Ctrl</kbd>+<kbd>Z</kbd> undoes.</p>
"""
