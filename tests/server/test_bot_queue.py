"""The bot pool's queue: matches share the workers by the worker time they used lately."""

from __future__ import annotations

from wartable.server.bot_queue import HALF_LIFE, FairQueue


def test_a_match_that_thought_less_goes_first_even_if_it_came_later() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.charge("heavy", 20.0, now=0.0)  # one decision of 20 s
    queue.add("heavy", "h1", in_flight=False)
    queue.add("cheap", "c1", in_flight=False)
    assert queue.take(set(), now=1.0) == ("cheap", "c1")
    assert queue.take(set(), now=1.0) == ("heavy", "h1")
    assert queue.take(set(), now=1.0) is None


def test_equals_take_turns_and_a_backlog_goes_behind_later_arrivals() -> None:
    queue: FairQueue[str] = FairQueue()
    for n in range(3):
        queue.add("A", f"a{n}", in_flight=False)
    assert queue.take(set(), now=0.0) == ("A", "a0")
    queue.add("B", "b0", in_flight=False)  # arrives after A was served
    assert [queue.take(set(), now=0.0) for _ in range(3)] == [("B", "b0"), ("A", "a1"), ("A", "a2")]


def test_a_match_with_a_decision_in_flight_is_not_served_again() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.add("A", "a1", in_flight=True)
    queue.add("B", "b1", in_flight=False)
    assert queue.take({"A"}, now=0.0) == ("B", "b1")
    assert queue.take({"A"}, now=0.0) is None
    assert queue.take(set(), now=0.0) == ("A", "a1")


def test_the_record_fades_so_a_heavy_match_is_served_in_the_end() -> None:
    """A match that thought 20 s waits while a busy cheap match keeps the worker (1 s a
    decision); as the cheap match's record grows and the heavy one's fades, the heavy one
    is served after about 20 of the cheap decisions, not never."""
    queue: FairQueue[str] = FairQueue()
    queue.charge("heavy", 20.0, now=0.0)
    queue.add("heavy", "h", in_flight=False)
    now, cheap_served = 0.0, 0
    while True:
        queue.add("cheap", "c", in_flight=False)
        taken = queue.take(set(), now)
        assert taken is not None
        if taken[0] == "heavy":
            break
        cheap_served += 1
        now += 1.0
        queue.charge("cheap", 1.0, now)
    assert 10 <= cheap_served <= 25, cheap_served


def test_used_time_halves_every_half_life() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.charge("A", 8.0, now=0.0)
    assert queue.used("A", HALF_LIFE) == 4.0
    assert queue.used("A", 3 * HALF_LIFE) == 1.0
    assert queue.used("never", 5.0) == 0.0


def test_drain_hands_back_every_waiting_item() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.add("A", "a0", in_flight=False)
    queue.add("A", "a1", in_flight=False)
    queue.add("B", "b0", in_flight=False)
    assert sorted(queue.drain()) == ["a0", "a1", "b0"]
    assert len(queue) == 0 and queue.take(set(), now=0.0) is None
