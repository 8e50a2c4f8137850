"""Engine version written into every record.

Records carry the version that produced them. A record from a different
MAJOR version is refused (its action ids may mean something else); minor
and patch versions keep ids stable. A minor version may change a rule: a game
then plays a record of an older minor by the rules that record was made with
(``Game._made_with``; Barcelona: engine/barcelona/game.py, CHANGELOG.md).
"""
ENGINE_VERSION = "2.2.0"
