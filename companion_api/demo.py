"""The bundled demos, so a new user sees a game unfold at once.

- The recorded deal (`demo/demo_deal.mp4`, filmed by the table simulator): played through the real camera
  pipeline at the video's own pace, a new game each time round (`play_recorded_demo`).
- The simulated game: a few deals played by the engine with known hands, written as the observations a camera
  would report (in each deal one unsure attribution and one forgotten call); the fallback when the recording,
  the recogniser's model or the vision extras are missing (`demo_recording`).
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.nain_jaune.cards import BOXES, DECK, RANK, Card
from engine.nain_jaune.game import Game

if TYPE_CHECKING:
    from companion_api.service import TableService
    from companion_api.settings import Settings

DEMO_PLAYERS = ("Anne", "Bruno", "Chloé", "Denis")
DEMO_CHIPS = 120
SECONDS_PER_CARD = 2.5
SECONDS_PER_PASS = 1.5


def simulated_game(seed: int = 5, deals: int = 3, players: tuple[str, ...] = DEMO_PLAYERS,
                   chips: int = DEMO_CHIPS) -> list[dict[str, Any]]:
    """Observation dicts of a few whole deals: set-up, plays, passes, sweeps, showdowns and settlements."""
    rng = random.Random(seed)
    game = Game(players, chips=chips)
    out: list[dict[str, Any]] = [{"type": "game_setup", "players": list(players), "dealer": players[0],
                                  "chips": chips, "rules": "lindor"}]
    t = 1.0
    for _ in range(deals):
        if game.state.game_over:
            break
        t = _deal(game, rng, out, t) + 6.0  # a pause between deals, to read the settlement
    return out


def _deal(game: Game, rng: random.Random, out: list[dict[str, Any]], t: float) -> float:
    """One deal dealt from a shuffled deck and played to its settlement; returns the time it ends."""
    players = game.players
    deck = list(DECK)
    rng.shuffle(deck)
    size = game.rules.deal_sizes(len(players))[0]
    game.new_deal(hands=[deck[i * size:(i + 1) * size] for i in range(len(players))])
    forgot_one = asked_one = False
    st = game.state
    while st.phase == "play":
        seat, card = _choose(game)
        if card is None:
            game.pass_(seat)
            out.append({"t": round(t, 1), "type": "passed", "player": players[seat]})
            t += SECONDS_PER_PASS
            continue
        game.play(seat, card)
        obs: dict[str, Any] = {"t": round(t, 1), "type": "card_played", "card": card, "player": players[seat],
                               "confidence": round(rng.uniform(0.9, 0.995), 3)}
        if not asked_one and len(st.pile) > 6:
            other = players[(seat + 1) % len(players)]
            obs.update(player=None, candidates=[players[seat], other], confidence=0.71)
            asked_one = True
        out.append(obs)
        t += SECONDS_PER_CARD
        box = game.rules.box_for(card)
        if box is not None:
            if forgot_one or rng.random() < 0.2:
                game.sweep(seat, box)
                out.append({"t": round(t - 1.0, 1), "type": "box_swept", "box": box, "player": players[seat]})
            else:
                forgot_one = True  # the page announces it once the next card lands
    winner = st.winner
    assert winner is not None  # a deal played to its end has a winner
    out.append({"t": round(t, 1), "type": "deal_over", "winner": players[winner], "opera": st.opera})
    for s, name in enumerate(players):
        if s != winner:
            t += 1.0
            out.append({"t": round(t, 1), "type": "hand_revealed", "player": name, "cards": list(st.hand_of(s))})
    result = game.settle()
    t += 1.0
    out.append({"t": round(t, 1), "type": "settlement", "chips": dict(zip(players, result.chips)),
                "board": dict(zip(BOXES, result.board))})
    return t


def _choose(game: Game) -> tuple[int, Card | None]:
    """A simple player: lead the lowest card, continue whenever possible, else pass."""
    st = game.state
    if st.wanted is None:
        seat = int(st.to_move)  # type: ignore[arg-type]  # someone is always to move while playing
        return seat, min(st.legal_plays(seat), key=RANK.__getitem__)
    for seat in st.actors():
        legal = st.legal_plays(seat)
        if legal:
            return seat, legal[0]
    return st.actors()[-1], None


def demo_recording(data_dir: Path) -> Path:
    """The recording `nainjaune demo` replays, written next to the demo database."""
    path = data_dir / "demo-deal.jsonl"
    path.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in simulated_game()), encoding="utf-8")
    return path


def recorded_demo_problem() -> str | None:
    """Why the recorded deal cannot be played here (None: it can), in one line for the terminal."""
    try:
        from vision.recognise.classifier import DEFAULT_MODEL
        from vision.tablesim.demo import demo_recording as recorded_deal
        from vision.watch import observe  # noqa: F401 - the pipeline itself must import
    except ImportError as exc:
        return f"the camera pipeline is not installed ({exc})"
    try:
        rec = recorded_deal()
    except FileNotFoundError as exc:
        return str(exc)
    for path in (rec.video, rec.calibration):
        if not path.is_file():
            return f"the demo recording is missing ({path})"
    if not Path(DEFAULT_MODEL).is_file():
        return f"the card recogniser's model is missing ({DEFAULT_MODEL})"
    return None


def install_recorded_demo(data_dir: Path) -> Path:
    """Copy the recording's zones into the demo's data directory (the page draws and may edit them there, never
    the bundled file); returns the video to play."""
    from companion_api.settings import CALIBRATION_NAME
    from vision.tablesim.demo import demo_recording as recorded_deal

    rec = recorded_deal()
    shutil.copyfile(rec.calibration, data_dir / CALIBRATION_NAME)
    return rec.video


def paced_frames(frames: Iterable[Any], speed: float = 1.0, max_frames: int | None = None,
                 stop: threading.Event | None = None, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Any] | None = None) -> Iterator[Any]:
    """Frames of a file (read as fast as possible) held back to their own timestamps divided by `speed`, so the
    recording plays at the pace it was filmed; stops after `max_frames`, or at once when `stop` is set (the
    server shutting down must not wait for the pipeline's thread to reach the end of the video)."""
    stop = stop or threading.Event()
    wait_for = sleep or stop.wait
    start = clock()
    for count, frame in enumerate(frames):
        if stop.is_set() or (max_frames is not None and count >= max_frames):
            return
        wait = frame.t_seconds / speed - (clock() - start)
        if wait > 0:
            wait_for(wait)
        if stop.is_set():
            return
        yield frame


def recorded_observations(video: Path, calibration: Path, *, players: tuple[str, ...], dealer: str, chips: int,
                          speed: float = 1.0, max_frames: int | None = None, stop: threading.Event | None = None,
                          on_frame: Callable[[Any], None] | None = None,
                          on_status: Callable[[str], None] | None = None) -> Iterator[dict[str, Any]]:
    """The recorded deal's observations from the real pipeline (a blocking generator, for a worker thread)."""
    from vision.sources import open_source
    from vision.watch import observe

    def shown(frames: Iterable[Any]) -> Iterator[Any]:
        for frame in frames:
            if on_frame is not None:
                on_frame(frame.image)
            yield frame

    frames = shown(paced_frames(open_source(str(video)), speed, max_frames, stop))
    return observe(frames, str(calibration), players=players, dealer=dealer, chips=chips,  # type: ignore[no-any-return]
                   on_status=on_status)


async def play_recorded_demo(service: TableService, settings: Settings, *, max_frames: int | None = None,
                             rounds: int | None = None) -> None:
    """The recorded deal, over and over (or `rounds` times): each time a new game with the recording's players,
    fed by the pipeline as if the video were the camera, then a pause to read the settlement."""
    from vision.tablesim.demo import demo_recording as recorded_deal

    rec = recorded_deal()
    stop = threading.Event()
    try:
        await _rounds(service, settings, rec, stop, max_frames, rounds)
    finally:
        stop.set()  # cancelled (server stopping): the pipeline's thread ends at its next frame


async def _rounds(service: TableService, settings: Settings, rec: Any, stop: threading.Event,
                  max_frames: int | None, rounds: int | None) -> None:
    from companion_api.runner import DEMO_PAUSE_S, _feed, _live_view, _status_sink, _thread_iter
    from companion_api.schemas import GameCreate

    video = Path(str(settings.source))
    loop = asyncio.get_running_loop()
    played = 0
    while rounds is None or played < rounds:
        await service.new_game(GameCreate(players=list(rec.players), dealer=rec.dealer, chips=rec.chips))
        observations = await asyncio.to_thread(
            recorded_observations, video, settings.calibration_path, players=rec.players, dealer=rec.dealer,
            chips=rec.chips, speed=settings.replay_speed, max_frames=max_frames, stop=stop,
            on_frame=_live_view(service, settings, loop), on_status=_status_sink(service, loop))
        service.set_source(kind="demo", label=f"demo: {video.name}", running=True, error=None)
        await _feed(service, _thread_iter(iter(observations)), "camera")
        service.set_source(running=False)
        played += 1
        if rounds is None or played < rounds:
            await asyncio.sleep(DEMO_PAUSE_S)
