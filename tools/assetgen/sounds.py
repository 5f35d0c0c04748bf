"""The table's three sounds, synthesised here (nothing downloaded): a card laid on the
felt, a trick gathered, and a soft chime for "your turn".  Short 16-bit mono WAVs, made
from a fixed seed so every run writes the same bytes."""

from __future__ import annotations

import io
import math
import random
import struct
import wave

RATE = 22050


def _wav(samples: list[float]) -> bytes:
    """16-bit mono PCM at RATE, peak-normalised to -3 dB, with 5 ms fades at both ends."""
    peak = max(1e-9, max(abs(s) for s in samples))
    fade = int(RATE * 0.005)
    out = bytearray()
    for i, s in enumerate(samples):
        g = min(1.0, i / fade, (len(samples) - 1 - i) / fade)
        out += struct.pack("<h", round(s / peak * 0.707 * g * 32767))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(out))
    return buf.getvalue()


def card_wav() -> bytes:
    """A card laid down: 70 ms of low-passed noise with a quick decay, and a soft knock."""
    rng = random.Random(52)
    n = int(RATE * 0.07)
    samples, lp = [], 0.0
    for i in range(n):
        t = i / RATE
        lp += 0.18 * (rng.uniform(-1, 1) - lp)  # one-pole low-pass: a papery swish
        knock = math.sin(2 * math.pi * 140 * t) * math.exp(-t * 90)
        samples.append((lp * 2.2 + knock * 0.6) * math.exp(-t * 45))
    return _wav(samples)


def trick_wav() -> bytes:
    """A trick gathered: two quick swishes, the second a little lower."""
    rng = random.Random(13)
    samples: list[float] = []
    for start, cut in ((0.0, 0.22), (0.09, 0.14)):
        n = int(RATE * 0.12)
        lp, part = 0.0, []
        for i in range(n):
            t = i / RATE
            lp += cut * (rng.uniform(-1, 1) - lp)
            part.append(lp * math.exp(-t * 32))
        at = int(RATE * start)
        samples += [0.0] * max(0, at + n - len(samples))
        for i, v in enumerate(part):
            samples[at + i] += v
    return _wav(samples)


def turn_wav() -> bytes:
    """Your turn: a soft two-note chime (E6 then A6), 260 ms, sine tones with a bell decay."""
    n = int(RATE * 0.26)
    samples = []
    for i in range(n):
        t = i / RATE
        a = math.sin(2 * math.pi * 1318.5 * t) * math.exp(-t * 14)
        b = math.sin(2 * math.pi * 1760.0 * (t - 0.07)) * math.exp(-(t - 0.07) * 12)
        samples.append(0.6 * a + (0.5 * b if t >= 0.07 else 0.0))
    return _wav(samples)


def sound_files() -> dict[str, bytes]:
    """Every sound, by its path under assets/."""
    return {
        "sounds/card.wav": card_wav(),
        "sounds/trick.wav": trick_wav(),
        "sounds/turn.wav": turn_wav(),
    }
