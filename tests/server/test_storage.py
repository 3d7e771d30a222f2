"""The storage layer on SQLite and PostgreSQL: versioned schema, the (match, index) guard, group commit."""

from __future__ import annotations

from sqlalchemy import text

from wartable.server.storage import (
    SCHEMA_VERSION,
    ActionRow,
    MatchRow,
    SeatRow,
    StaleVersion,
    Storage,
)


def _match(storage: Storage, mid: str) -> None:
    storage.create_match(
        MatchRow(
            id=mid,
            game="skirm",
            config={},
            seed=2**62 + 5,
            name="t",
            status="playing",
            seats=[SeatRow(0, "human", None, "h" * 64), SeatRow(1, "bot", "random", None, True)],
        )
    )


def test_schema_is_versioned_and_migrating_twice_changes_nothing(db_url: str) -> None:
    storage = Storage(db_url)
    assert storage.migrate() == 0
    assert storage.migrate() == SCHEMA_VERSION
    with storage.engine.connect() as conn:
        assert conn.execute(text("SELECT version FROM schema_version")).scalar() == SCHEMA_VERSION
    storage.close()


def test_an_index_is_stored_once_and_a_batch_refuses_only_the_taken_one(db_url: str) -> None:
    storage = Storage(db_url)
    storage.migrate()
    _match(storage, "a")
    _match(storage, "b")
    storage.append_action("a", ActionRow(0, 0, 3, "x"))
    try:
        storage.append_action("a", ActionRow(0, 1, 4, "y"))
        raise AssertionError("a second action at index 0 was stored")
    except StaleVersion:
        pass
    batch = [
        ("a", ActionRow(1, 0, 5, "p"), None),
        ("b", ActionRow(0, 1, 6, "q"), None),
        ("a", ActionRow(1, 1, 7, "r"), None),  # the same index as the first entry
        ("b", ActionRow(1, 0, 8, "s"), "finished"),
    ]
    assert storage.append_actions(batch) == [True, True, False, True]
    a = storage.load_match("a")
    b = storage.load_match("b")
    assert a is not None and b is not None
    assert [(x.idx, x.seat, x.action, x.notation) for x in a.actions] == [
        (0, 0, 3, "x"),
        (1, 0, 5, "p"),
    ]
    assert [x.notation for x in b.actions] == ["q", "s"] and b.status == "finished"
    assert a.seed == 2**62 + 5 and a.seats[0].token_hash == "h" * 64
    assert storage.match_ids() == ["a"]
    assert [x.notation for x in (storage.load_match("a", 1) or a).actions] == ["p"]
    storage.close()


def test_sqlite_checkpoints_run_aside_from_commits(sqlite_url: str) -> None:
    """Commits leave the write-ahead log alone; ``checkpoint`` folds it into the file."""
    storage = Storage(sqlite_url)
    storage.migrate()
    _match(storage, "a")
    for i in range(50):
        storage.append_action("a", ActionRow(i, 0, i, "x"))
    frames, copied = storage.checkpoint()
    assert frames > 0 and copied == frames
    assert len((storage.load_match("a") or MatchRow("", "", {}, 0, "", "")).actions) == 50
    storage.close()
