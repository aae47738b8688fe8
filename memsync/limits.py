"""Every bound memsync sets on bytes, counts and time, with why, in one place.

A base module: it imports nothing, so any room may read it. The modules that
apply a bound import it from here under the name they always had (``from
memsync.limits import MAX_FILES``; ``... import MAX_RELEASE_BYTES as
MAX_BYTES`` where the old name was shared or private), so ``module.NAME``
still reads, and a test still patches, what that module checks against.

Not here, on purpose:

- numbers another format or tool fixes, kept beside the code that mirrors them:
  OpenSSH's ``SSHBUF_MAX_*`` (``ssh/sshkey.py``), ZIP's ZIP64 thresholds and
  versions (``zip/records.py``), JSON's exact integers (``release.MAX_VERSION``),
  the spec's 200-byte names and 8,192-byte page advice (``names.py``) and the
  reference index's 8,192-byte page prefix (``vectors/embedders.py``), S3's
  1,000 keys an answer (``backends/s3.py``), git's ``gc.autoPackLimit``;
- tuning that picks a way to do the same work, not how much is allowed: chunk,
  batch and pool sizes, thread counts, and thresholds such as ``store.PACK_MIN``,
  ``remote.WHOLE_MIN`` or ``disk.tempwriter.PROCESS_MIN``;
- how much a report shows (``review.SUMMARY_FINDINGS``, the CLI's ``SCREENFUL``).
"""

from __future__ import annotations

KiB = 1024
MiB = 1024 * KiB
GiB = 1024 * MiB

# -- a field ------------------------------------------------------------------------

#: Files a field may hold: the product's fields run to 100,000 pages; each listed file
#: costs a fetch, a write and a plan step, and 64 MiB of short names would list 800,000.
MAX_FILES = 100_000
#: A ``SHA256SUMS`` parsed: 100,000 lines at the longest names take 27 MB.
MAX_MANIFEST_BYTES = 64 * MiB
#: One sidecar read from a remote or an archive (a signature, release statement or key
#: rotation file): a real one is a few KiB; about 100 Ed25519 rotations fit.
SIDECAR_LIMIT = 64 * KiB
#: A release statement: a short JSON object; far more is not one memsync wrote.
MAX_RELEASE_BYTES = 4 * KiB
#: An armored SSH signature file (``SHA256SUMS.sig``): a real one is a few KiB at most.
MAX_SIGNATURE_BYTES = 64 * KiB
#: A page's frontmatter, its YAML nodes and nesting: YAML's aliases and nesting make
#: small inputs expensive (billion laughs), and real frontmatter is a few fields deep.
MAX_FRONTMATTER_BYTES = 16 * KiB
MAX_FRONTMATTER_NODES = 2000
MAX_FRONTMATTER_DEPTH = 16
#: A field's ``.memsyncignore``: a few lines of patterns; far more is not a list of rules.
MAX_IGNORE_BYTES = 64 * KiB

# -- an archive (.memoryfield.zip) -------------------------------------------------

#: One entry unpacked: far above any page (the spec asks pages to stay under 8 KiB).
MAX_ENTRY_BYTES = 64 * MiB
#: All entries unpacked together: keeps the archive below ZIP64 sizes memsync does not write.
MAX_TOTAL_BYTES = 2 * GiB
#: Deflate ratio past which an entry is a zip bomb: real text stays far below it...
MAX_RATIO = 100
#: ...and entries smaller than this cannot be bombs, whatever their ratio.
RATIO_FLOOR = 1 * MiB
#: A central directory's record: 46 bytes, a name of 200 at most and under 40 of extra
#: fields; 512 is room to spare, and bounds the directory before a record is read.
DIRECTORY_RECORD_BYTES = 512
#: How much longer ``SHA256SUMS`` may be than its lines for the content entries
#: (67 bytes and the name each) before it is refused unread: room for a few lines
#: too many, so that the error can name one of them.
SUMS_SLACK_BYTES = 64 * KiB
#: An archive remote's archive stays in memory up to this, then spills to a temp file.
ARCHIVE_SPOOL_BYTES = 32 * MiB

# -- what a remote may send -----------------------------------------------------------

#: ``SHA256SUMS`` read from a remote: as ``MAX_MANIFEST_BYTES``.
MANIFEST_LIMIT = 64 * MiB
#: A remote's lock object: a JSON line naming a writer and a time.
LOCK_LIMIT = 4096
#: Objects one listing may name: a field's files, and as many again of others (its
#: own files, hidden litter, subfolders).
MAX_LISTED = 2 * MAX_FILES
#: Bytes a listing's answer may take an entry (an S3 page of 1,000: 512 KiB).
LISTED_BYTES = 512
#: Bytes the answer to a whole listing may take, where a library reads it in one piece.
LISTING_BYTES = MAX_LISTED * LISTED_BYTES
#: An HTTP remote's ``index.md`` or directory listing page, read to find a field's files.
LISTING_LIMIT = 16 * MiB
#: What memsync reads of a WebDAV answer it only needs the status of (an error, a redirect).
ERROR_BYTES = 64 * KiB
#: Of what a git command talking to a remote prints, the tail kept for an error message.
GIT_KEPT_OUTPUT = 64 * KiB
#: Files a git remote read to check ``SHA256SUMS``, kept in memory for the fetch that
#: follows instead of being read again.
GIT_KEEP_BYTES = 32 * MiB

# -- time on the wire -------------------------------------------------------------------

#: Seconds to connect, and the longest a read may wait for its next byte.
DEFAULT_TIMEOUT = 30.0
#: After the first ``timeout`` seconds a transfer must average this many bytes
#: per second, so a body that drips a byte at a time ends at a deadline too.
MIN_RATE = 32 * KiB
#: In the deadline of a store's reads together, each request counts as this many
#: bytes more: a page of a few hundred bytes still costs a round trip.
REQUEST_BYTES = 8 * KiB
#: The status line and headers of an answer must arrive within this many read
#: timeouts: a server dripping them a byte at a time never trips the timeout itself.
HEAD_DEADLINE = 2
#: Timeouts a git command talking to a remote may take before the bytes it brings
#: must keep pace: a server counts and compresses a large repository, printing
#: its progress, before it sends the first byte of it.
GIT_COUNTING_TIMEOUTS = 10
#: Redirects an HTTP request follows (by hand, so credentials stay with their origin).
MAX_REDIRECTS = 5
#: Times an HTTP read that timed out is sent again before the remote is said not to answer.
RETRIED_READS = 2

# -- tries ------------------------------------------------------------------------------

#: Tries of a store's read that failed in transfer (a reset, a short body).
READ_ATTEMPTS = 4
#: Fetches of a file that does not match its ``SHA256SUMS`` hash (a push may be
#: landing) before the remote is reported as damaged.
FETCH_ATTEMPTS = 3
#: Tries of a git push rejected because another writer pushed first (the field untouched).
PUSH_ATTEMPTS = 4
#: Runs of a sync whose remote (or live field) moved while it ran, before it says so.
SYNC_ATTEMPTS = 5

# -- locks and waits ----------------------------------------------------------------------

#: Seconds a writer's lock on a remote lasts if its push dies (``lock_ttl``).
DEFAULT_LOCK_TTL = 120.0
#: Seconds a writer waits after writing its lock before reading it back (``lock_settle``):
#: two writers racing for the lock both see the one that landed.
DEFAULT_LOCK_SETTLE = 1.0
#: A holder commits only with this many settle pauses left before its lock expires.
EXPIRY_MARGIN_SETTLES = 4
#: Bytes a zip spends on an entry beside its data (local and central headers, the name
#: twice, zip64 extras, a data descriptor), in the bound of a whole-field archive.
ZIP_ENTRY_OVERHEAD = 1024
#: Seconds a push waits for another writer's lock on a remote to be released.
REMOTE_LOCK_WAIT_SECONDS = 60.0
#: Seconds a push waits for another push to a folder remote (its flock).
FOLDER_LOCK_SECONDS = 60.0
#: Seconds to let another writer's push commit before reading the remote again.
PUSH_IN_FLIGHT_WAIT = 1.0
#: Seconds a review waits for a running sync before it records what it showed.
REVIEW_LOCK_WAIT = 30.0
#: Seconds a command gets after Ctrl-C or SIGTERM to unwind on its own. A worker
#: thread blocked on a read would hold the exit (the pool joins it) until its timeout.
SIGNAL_GRACE = 1.0

# -- this machine's state -------------------------------------------------------------------

#: A conflict copy read back for its frontmatter.
MAX_COPY_BYTES = 1 * MiB
#: Past these a page version is attributed coarsely (every line gets the set of the
#: operation's origin and the parents' foreign origins; unchanged lines are not told apart).
MAX_PROVENANCE_BYTES = 1 * MiB
MAX_PROVENANCE_LINES = 20_000
#: Seconds SQLite waits for another process writing the provenance record.
PROVENANCE_BUSY_TIMEOUT = 30.0
#: Seconds SQLite waits for another process writing the same vector index.
INDEX_BUSY_TIMEOUT = 30.0
#: A vector index fetched from a remote or opened to be reused.
MAX_INDEX_BYTES = 1 * GiB
#: One embedding in a reused index: far above any real one (4096 floats = 16 KiB).
MAX_BLOB_BYTES = 1 * MiB
#: Base objects a run holds in memory before they are written to a pack.
PACK_BUFFER_BYTES = 8 * MiB
#: Digests a release's previous digest may name and still continue the field.
KEEP_ACCEPTED = 64
#: Characters of a text setting (``memsync config review_judge``): a scheme and a model
#: name are a few dozen; config.json is read by every command.
MAX_SETTING_CHARS = 256

# -- a run ------------------------------------------------------------------------------------

#: The delete guard's default: a run may not delete more than this share of a side...
DELETE_LIMIT_PERCENT = 50
#: ...that holds more than this many files.
DELETE_LIMIT_MIN_FILES = 5
#: Lines of a commit message listing a push's changes (a first push of 100,000 pages
#: needs no 100,000-line message).
COMMIT_MESSAGE_LINES = 1000
#: Diff lines a review prints of one page.
MAX_DIFF_LINES = 400
#: Characters of a base64 token the scanner decodes to look inside (4 per 3 bytes).
SCAN_MAX_DECODED = 2000

# -- memsync watch ----------------------------------------------------------------------------

#: Seconds between polls of each remote.
WATCH_INTERVAL = 30.0
#: Seconds of quiet after a local change before it is synced...
WATCH_DEBOUNCE = 1.0
#: ...but a field written to without pause is still synced this often.
WATCH_MAX_DELAY = 10.0
#: Back-off after a failed sync: doubling from the first, up to the most.
WATCH_BACKOFF_FIRST = 2.0
WATCH_BACKOFF_MAX = 300.0
#: Seconds before trying again while another memsync command holds the workspace.
WATCH_BUSY_RETRY = 1.0
#: A wait for another command longer than this and than a poll interval is said, once.
WATCH_BUSY_REPORT = 5.0

# -- memsync serve ------------------------------------------------------------------------------

#: A request body (a page or sidecar PUT): pages are advised to stay under 8 KiB.
MAX_BODY_BYTES = 1 * MiB
#: Seconds a write waits for the field's lock before the server answers 503 busy.
SERVE_LOCK_WAIT_SECONDS = 30.0
#: Hits a ``/search`` answer may ask for (``k``).
MAX_SEARCH_RESULTS = 100

# -- embedders --------------------------------------------------------------------------------

#: Seconds the Ollama probe waits: ``auto`` must not hold up a pull when nothing listens.
OLLAMA_PROBE_TIMEOUT = 0.5
#: Seconds an embedding call may take: a first call may wait for Ollama to load the model.
OLLAMA_EMBED_TIMEOUT = 300.0

# -- the review's judge ----------------------------------------------------------------------

#: Bytes of one page sent to the judge: the spec advises pages under 8 KiB, and a
#: small local model's context holds that with the prompt; a longer page is judged on its start.
JUDGE_PAGE_BYTES = 8 * KiB
#: Seconds one page's verdict may take: a local model on a CPU reads 8 KiB and answers
#: in well under this, a first call may wait for Ollama to load the model.
JUDGE_TIMEOUT = 120.0
#: Seconds the judge may add to one review in all: past it, the remaining pages go unjudged
#: (the rules' findings are already there; a review must not take an afternoon).
JUDGE_BUDGET = 600.0
#: Tokens the model may answer with: a verdict and a sentence of reason need fewer,
#: and a page that talks the model into rambling cannot make the answer take minutes.
JUDGE_ANSWER_TOKENS = 300
#: Bytes of Ollama's answer read: its JSON wrapper around at most ``JUDGE_ANSWER_TOKENS``.
JUDGE_ANSWER_BYTES = 64 * KiB
