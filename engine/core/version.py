"""Engine version written into every record.

Records carry the version that produced them. A record from a different
MAJOR version is refused (its action ids may mean something else); minor
and patch versions only add features and keep ids stable.
"""

ENGINE_VERSION = "2.4.0"
