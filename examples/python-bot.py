#!/usr/bin/env python3
"""A small Battleship bot speaking broadside-bot/1: hunts on a checkerboard, then targets the
neighbours of unsunk hits. Deterministic for a given game number, so runs repeat exactly.

Try it:  broadside simulate --strategy pdf --bot hunter="python3 examples/python-bot.py"
"""
import json
import random
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    width = height = 0
    lengths = []
    shot = set()
    hits = set()
    rng = random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "name": "python hunter"})
        elif kind == "game":
            rules = message["rules"]
            width, height = rules["width"], rules["height"]
            lengths = [ship["length"] for ship in rules["fleet"]]
            shot, hits = set(), set()
            rng = random.Random(message.get("seed", 0) * 1_000_003 + message["game"])
        elif kind == "shoot":
            send({"type": "shot", "cell": choose(width, height, shot, hits, rng)})
        elif kind == "result":
            cell = tuple(message["cell"])
            shot.add(cell)
            if message["result"] != "miss":
                hits.add(cell)
            for sunk in message.get("sunk", []):
                hits.discard(tuple(sunk))
        elif kind == "place":
            send({"type": "layout", "ships": place(lengths, width, height, rng)})
        elif kind == "bye":
            return


def choose(width, height, shot, hits, rng):
    for r, c in sorted(hits):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            cell = (r + dr, c + dc)
            if 0 <= cell[0] < height and 0 <= cell[1] < width and cell not in shot:
                return list(cell)
    open_cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in shot]
    parity = [cell for cell in open_cells if (cell[0] + cell[1]) % 2 == 0]
    return list(rng.choice(parity or open_cells))


def place(lengths, width, height, rng):
    """Ships in fleet order, none touching another even at a corner (legal under every rule)."""
    while True:
        taken, ships = set(), []
        for length in lengths:
            spots = []
            for r in range(height):
                for c in range(width):
                    for dr, dc in ((0, 1), (1, 0)):
                        cells = [(r + dr * k, c + dc * k) for k in range(length)]
                        if all(0 <= y < height and 0 <= x < width and (y, x) not in taken for y, x in cells):
                            spots.append(cells)
            if not spots:
                break
            cells = rng.choice(spots)
            ships.append([list(cell) for cell in cells])
            for y, x in cells:
                taken.update((y + a, x + b) for a in (-1, 0, 1) for b in (-1, 0, 1))
        if len(ships) == len(lengths):
            return ships


if __name__ == "__main__":
    main()
