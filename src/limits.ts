/**
 * Every size cap, retry count, wait and timeout the action works within, named once with the
 * reason for its value. Modules import these instead of writing their own literals, so a reader
 * sees in one file what the action will and will not do, and a value changes in one place.
 * The run's budgets (turns, tokens, time, cost) are inputs and are not here. Left in their modules:
 * constants that describe a format rather than bound the action (TLS field numbers, the tab width,
 * the characters-per-token estimate, the shortest value redaction treats as a secret, how far
 * markdown is cut short of a size), and the waits of the sandbox's own helpers (`src/sandbox/`).
 */

const KiB = 1024;
const MiB = 1024 * KiB;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

// --- GitHub ---

/** GitHub refuses an issue/PR comment, PR body or review body longer than this. */
export const GITHUB_BODY_LIMIT = 65_536;

/** Room a body keeps for its collapsed transcript (at least its summary line) when the text is long. */
export const TRANSCRIPT_RESERVE_CHARS = 4_000;

/** The job summary: GitHub allows 1 MiB per step summary. */
export const JOB_SUMMARY_CHARS = 1_000_000;

/**
 * Longest line of a failure message quoted in the tracking comment: the action's own message
 * names the input to change at its end, so its lines are kept whole up to this; text quoted from
 * a provider or GitHub inside it is already capped where it was quoted.
 */
export const FAILURE_LINE_CHARS = 2_000;

/** The job summary's transcript: leaves room under the summary's size for the rest of it. */
export const JOB_SUMMARY_TRANSCRIPT_CHARS = 900_000;

/**
 * A review body before publishing; under the body limit because the publish filter may lengthen a link
 * or two.
 */
export const REVIEW_BODY_CHARS = 60_000;

/** One inline review comment; long ones are hard to read beside a diff line. */
export const REVIEW_COMMENT_CHARS = 16_000;

/**
 * A review-thread answer shown in the tracking comment instead; under the body limit for the status
 * line around it.
 */
export const THREAD_REPLY_FALLBACK_CHARS = 60_000;

/** The agent's patch shown in a comment-mode answer; the rest is cut. */
export const PUBLISHED_PATCH_CHARS = 40_000;

/** A diff block in a review-thread answer; leaves room under the body limit for the rest of it. */
export const REPLY_DIFF_CHARS = 40_000;

/** A patch shown inline in a publish-failure note; a longer one is only in `changes.patch`. */
export const FAILURE_PATCH_INLINE_CHARS = 30_000;

/** GitHub lists at most 3000 files of a pull request. */
export const PULL_REQUEST_MAX_FILES = 3000;

/**
 * Changes sent through GitHub's API: a file of the web interface, whose commits
 * `createCommitOnBranch` makes, is at most 25 MiB; past 50 MiB in all (where GitHub starts warning
 * about large pushes) git is the safer carrier.
 */
export const API_COMMIT_LIMITS = { fileBytes: 25 * MiB, totalBytes: 50 * MiB };

/** Least time between two edits of the tracking comment: GitHub asks clients to space out writes. */
export const TRACKING_COMMENT_INTERVAL_MS = 3 * SECOND;

// --- Tool output ---

/** Largest output one tool result may carry; tools keep their own, smaller caps, this is the backstop. */
export const TOOL_OUTPUT_MAX_CHARS = 60_000;

/** What a command's output keeps: its first lines (how it started) and its last (the verdict). */
export const COMMAND_OUTPUT_LIMITS = {
  headLines: 200,
  tailLines: 800,
  /** About 10k tokens: a test run's failure fits, a flood does not swamp the context. */
  maxChars: 40_000,
  maxLineChars: 2_000,
};

/** Longest tool-call field (arguments, output) kept in the transcript; the full output is in the logs. */
export const TRANSCRIPT_FIELD_CHARS = 4_000;

/** The result excerpt a transcript row shows; one table cell. */
export const TRANSCRIPT_EXCERPT_CHARS = 500;

// --- Reads ---

/** Lines `read_file` shows when no limit is given; enough for most source files in one call. */
export const DEFAULT_READ_LINES = 2000;

/** Longer lines are cut in `read_file` output (minified files would fill the context with one line). */
export const MAX_LINE_CHARS = 2000;

/** Characters one `read_file` call returns at most, under the tool-output backstop. */
export const READ_OUTPUT_BUDGET = 50_000;

/** Files larger than this are not read whole; the model is pointed at grep or head/sed. */
export const MAX_READ_BYTES = 10 * MiB;

/**
 * Bytes sniffed for a NUL to tell a binary file: text never has one, nearly every binary format has
 * one early.
 */
export const BINARY_SNIFF_BYTES = 8 * KiB;

/** Untrusted text (issue bodies, comments) given to the model, per part. */
export const DEFAULT_UNTRUSTED_MAX_CHARS = 30_000;

/** Each earlier comment of a review thread given to the model. */
export const THREAD_REPLY_COMMENT_CHARS = 4_000;

/**
 * The pull request's diff given to a reviewing model: about 10k tokens, leaving most of the context
 * for work.
 */
export const DIFF_BUDGET_CHARS = 40_000;

/** Files of a pull request listed for the reviewing model; the rest are counted. */
export const MAX_LISTED_FILES = 300;

/** Pages of 50 review threads read per pull request: 500 threads is far more than any review leaves. */
export const REVIEW_THREAD_PAGES = 10;

/**
 * A finding may sit this many lines beyond a hunk of the diff under review and still be posted:
 * the lines a change calls or is called from, as close as GitHub's own diff context.
 */
export const REVIEW_NEAR_DIFF_LINES = 3;

/**
 * Open findings the review marker carries to the next push, and the anchored code kept for each:
 * the marker lives in the review body, under GitHub's limit with the rest of it.
 */
export const REVIEW_MARKER_FINDINGS = 40;
/** Characters of anchored code the marker keeps per finding (see REVIEW_MARKER_FINDINGS). */
export const REVIEW_MARKER_CODE_CHARS = 240;

/** Dismissed fingerprints the marker keeps; older ones fall off. */
export const REVIEW_MARKER_DISMISSED = 100;

/** Each part (the file's change, the lines around) of one finding's re-check. */
export const REVIEW_RECHECK_DIFF_CHARS = 4_000;

/** Open findings re-checked by the model in one run; the rest stay open until the next push. */
export const REVIEW_RECHECK_MAX = 10;

/** Lines either side of a finding's old position shown in its re-check. */
export const REVIEW_RECHECK_CONTEXT_LINES = 12;

/**
 * `verify-command` is run against a review's suggestions only while it is cheap: the head's own run
 * passes within this, and each suggestion's run gets the same time.
 */
export const REVIEW_VERIFY_CHEAP_MS = 2 * MINUTE;

/** Suggestions checked with `verify-command` at most (blocking ones first). */
export const REVIEW_VERIFY_MAX_SUGGESTIONS = 3;

/** A bash command longer than this is refused unparsed: no real command needs more, and parsing costs. */
export const BASH_COMMAND_MAX_CHARS = 10_000;

/** An awk program or sed script file the command policy reads to check; a larger one is refused unread. */
export const POLICY_SCRIPT_FILE_BYTES = 256 * KiB;

/**
 * Files a command line the policy allowed wrote are hashed when the next line is checked, so a
 * copy of their content elsewhere still counts as written by the agent: files up to this size…
 */
export const POLICY_WRITTEN_HASH_BYTES = 1024 * KiB;

/** …and up to this many files below a written folder (the folder itself is recorded either way). */
export const POLICY_WRITTEN_HASH_FILES = 256;

// --- Repository context: instruction files and images ---

/**
 * Bytes of instruction files (`AGENTS.md`, `CLAUDE.md` and the rest, root and folder files
 * together) one run gives the model: about 8k tokens, the size Codex CLI allows its `AGENTS.md`
 * files, so they guide the work without crowding out the task. The file that passes it is cut
 * with a note; later ones are listed as skipped.
 */
export const INSTRUCTION_FILES_MAX_BYTES = 32 * KiB;

/** `@import` hops followed from a `CLAUDE.md`, as Claude Code allows. */
export const CLAUDE_IMPORT_MAX_DEPTH = 5;

/**
 * Images from the issue and the triggering comment sent to the model. Every request of the run
 * carries them again, so a few screenshots, not a gallery.
 */
export const IMAGE_MAX_COUNT = 4;

/**
 * Largest image sent (as downloaded): a full-screen screenshot fits; providers cap one image at
 * 5 MB or more (Anthropic's 5 MB is the tightest), and base64 adds a third on the wire.
 */
export const IMAGE_MAX_BYTES = 4 * MiB;

/** One image download, redirects included. */
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 20 * SECOND;

/** Redirects an image download follows (each to an allowed host); GitHub's take one. */
export const IMAGE_MAX_REDIRECTS = 3;

/**
 * Tokens an image is counted as in the context estimate: about what OpenAI charges for a
 * screenshot at `detail: auto` (its high-detail tiles), rounded up.
 */
export const IMAGE_TOKEN_ESTIMATE = 1_600;

// --- Search ---

/** Matches `grep` returns; more means the pattern should be narrowed. */
export const MAX_GREP_LINES = 200;

/** Longer matching lines are cut in `grep` output. */
export const MAX_GREP_LINE_CHARS = 300;

/** Paths `glob` returns; more means the pattern should be narrowed. */
export const MAX_GLOB_RESULTS = 1000;

/** Names a glob in a bash command may match before the policy refuses it: each one is checked. */
export const POLICY_GLOB_MAX_MATCHES = 2000;

/**
 * Files longer than this are not searched for the closest region (the hint is a courtesy, not worth a
 * slow call).
 */
export const CLOSEST_REGION_MAX_FILE_LINES = 20_000;

// --- Logs ---

/** CI log excerpt (failed jobs or a check run's report) given to the model: about 4k tokens. */
export const CI_LOG_CHARS = 16_000;

/** Default excerpt of a run's failed-job logs, shared among the jobs. */
export const FAILURE_LOG_CHARS = 12_000;

/** Failed jobs whose logs are read; more rarely add a different cause. */
export const FAILURE_LOG_MAX_JOBS = 3;

/** Default excerpt of a check run's output. */
export const CHECK_RUN_OUTPUT_CHARS = 12_000;

/** Default size of a formatted check-run report. */
export const CHECK_RUN_REPORT_CHARS = 16_000;

/** Lines kept from the end of a failing step's log, where the verdict usually is. */
export const LOG_TAIL_LINES = 40;

/** Lines of context kept around each error line of a log. */
export const LOG_CONTEXT_LINES = 3;

/** A provider's error message quoted to the user; enough for the reason, not a whole HTML page. */
export const PROVIDER_ERROR_CHARS = 600;

// --- Retries and waits ---

/** LLM calls: attempts in total (the first included), for rate limits, 5xx and broken streams. */
export const LLM_MAX_ATTEMPTS = 5;

/** LLM calls: the delay before the second attempt, doubling each time. */
export const LLM_RETRY_BASE_DELAY_MS = 1 * SECOND;

/** LLM calls: cap of the exponential delay. */
export const LLM_RETRY_MAX_DELAY_MS = 30 * SECOND;

/** LLM calls: the longest `retry-after` honoured; longer waits are quotas that will not refill in time. */
export const LLM_MAX_RETRY_AFTER_MS = 2 * MINUTE;

/** A stream with no data for this long is broken: reasoning models can think for minutes between tokens. */
export const LLM_IDLE_TIMEOUT_MS = 3 * MINUTE;

/** `auth: oidc`: a token endpoint that has not answered in this long is down (retried like a 5xx). */
export const OIDC_EXCHANGE_TIMEOUT_MS = 30 * SECOND;

/** `auth: oidc`: a bearer is renewed once this share of its lifetime has passed (48 min of an hour). */
export const OIDC_REFRESH_AT = 0.8;

/** `auth: oidc`: while renewal fails for a passing reason, the old bearer is still sent up to this share. */
export const OIDC_USABLE_UNTIL = 0.95;

/** `auth: oidc`: the lifetime assumed when a token endpoint does not say (RFC 8693 only recommends `expires_in`). */
export const OIDC_ASSUMED_LIFETIME_S = 300;

/** `auth: oidc`: a runner clock further than this from GitHub's (the token's `iat`) is named in a refusal. */
export const OIDC_CLOCK_SKEW_NOTE_S = 60;

/** `auth: oidc` with Google: the service account token's lifetime asked of IAM Credentials (its default maximum). */
export const OIDC_GOOGLE_TOKEN_LIFETIME_S = 3600;

/** GitHub requests: retries after a rate limit before the request fails. */
export const GITHUB_RATE_LIMIT_RETRIES = 2;

/**
 * GitHub requests to a loopback server: the retry plugin's base wait in ms (1000, so 1, 4, 9 s, on
 * GitHub); a local server answers at once or not at all.
 */
export const LOOPBACK_RETRY_AFTER_BASE = 10;

/** GitHub's wait after a rate limit that names no reset time: GitHub says at least a minute. */
export const GITHUB_RATE_LIMIT_WAIT_MS = 1 * MINUTE;

/** The shortest wait after a rate limit whose reset time is already (nearly) past. */
export const GITHUB_RATE_LIMIT_MIN_WAIT_MS = 1 * SECOND;

/** Growth of a CI poll's delay per attempt. */
export const CI_POLL_FACTOR = 1.5;

/** Polling for a dispatched run to appear: soon after dispatch it usually does. */
export const CI_FIND_POLL = { initialMs: 1 * SECOND, maxMs: 10 * SECOND };

/**
 * Polling a CI run until it completes: runs take minutes; GitHub asks clients not to poll faster than
 * needed.
 */
export const CI_WAIT_POLL = { initialMs: 5 * SECOND, maxMs: 30 * SECOND };

/** How long a dispatched run may take to appear before the action gives up looking. */
export const CI_FIND_TIMEOUT_MS = 2 * MINUTE;

/**
 * Run timestamps have whole seconds and clocks drift; a run this much older than the dispatch may
 * still be ours.
 */
export const CI_CREATED_SLACK_MS = 2 * SECOND;

/** Dispatch time assumed when GitHub's answer has no `Date` header: a minute back, to be safe. */
export const CI_DISPATCH_FALLBACK_MS = 1 * MINUTE;

// --- Timeouts ---

/**
 * Tools that walk the tree (`grep`, `glob`, `apply_patch`): a large repository takes seconds, not
 * minutes.
 */
export const TREE_TOOL_TIMEOUT_MS = 1 * MINUTE;

/** Tools that touch one file (`read_file`, `edit_file`, `write_file`). */
export const FILE_TOOL_TIMEOUT_MS = 30 * SECOND;

/** How long a tool may take to wind down after its signal aborts before the wrapper gives up on it. */
export const TOOL_ABORT_GRACE_MS = 2 * SECOND;

/** A `bash` call without its own timeout: most test suites finish in two minutes. */
export const BASH_DEFAULT_TIMEOUT_MS = 2 * MINUTE;

/** The longest timeout the model may ask of `bash`, in seconds. */
export const BASH_MAX_TIMEOUT_SECONDS = 600;

/** `verify-command` gets half the run's time, but never more than this. */
export const VERIFY_MAX_TIMEOUT_MS = 10 * MINUTE;

/** The egress proxy's wait for an upstream connection: a host that does not answer in this is down. */
export const EGRESS_CONNECT_TIMEOUT_MS = 10 * SECOND;

/** The egress proxy's wait for a client's whole request (headers and body). */
export const EGRESS_REQUEST_TIMEOUT_MS = 1 * MINUTE;

/** Request headers the egress proxy accepts, as Node's own default. */
export const EGRESS_MAX_HEADER_BYTES = 16 * KiB;

/** A ClientHello longer than this is refused (real ones are a few KiB, post-quantum key shares included). */
export const EGRESS_MAX_CLIENT_HELLO_BYTES = 64 * KiB;

/** A tunnel's first bytes (the TLS ClientHello, whose server name is checked): clients send them at once. */
export const EGRESS_CLIENT_HELLO_TIMEOUT_MS = 10 * SECOND;

/** Distinct refused hosts the proxy keeps by name; past that only their requests are counted. */
export const EGRESS_BLOCKED_HOSTS_KEPT = 500;

/** Refused hosts the notes list by name (the PR body, tracking comment, job summary); the rest are counted. */
export const EGRESS_BLOCKED_HOSTS_SHOWN = 10;

/** Refused hosts in the `blocked-hosts` output. */
export const EGRESS_BLOCKED_HOSTS_OUTPUT = 100;

/** The local runner's first call to the model endpoint (`GET /models`): a live endpoint answers at once. */
export const ENDPOINT_PROBE_TIMEOUT_MS = 10 * SECOND;

// --- MCP servers ---

/**
 * An MCP server's start: spawn (or connect), `initialize` and the tool list. A server started with
 * `npx` may download its package first; one that takes longer is reported as not started.
 */
export const MCP_START_TIMEOUT_MS = 1 * MINUTE;

/** One MCP tool call when the server's config names no `timeout`: a search or an API call, not a build. */
export const MCP_CALL_TIMEOUT_MS = 2 * MINUTE;

/** The longest `timeout` a server's config may give, in seconds. */
export const MCP_MAX_TIMEOUT_SECONDS = 3600;

/**
 * Largest single message read from an MCP server (a stdio line, an HTTP response): a 5 MB result
 * is read and then cut to the tool-output cap; past this the server is treated as broken.
 */
export const MCP_MESSAGE_MAX_BYTES = 16 * MiB;

/**
 * Total MCP tools up to which all are loaded up front: ten small schemas cost less than the extra
 * turn a `tool_search` would; past it they wait on the shelf until the model loads them.
 */
export const MCP_PRELOAD_MAX_TOOLS = 10;

/** Tools one `tool_search` lists; more means the query should be narrowed. */
export const TOOL_SEARCH_MAX_RESULTS = 20;

/** A loaded MCP tool's description as the model sees it; some servers write pages. */
export const MCP_DESCRIPTION_CHARS = 1_000;

/** Tool names listed per server in the job summary; the rest are counted. */
export const MCP_SUMMARY_TOOL_NAMES = 30;

/** How long a stdio server gets to exit after its stdin closed (and again after SIGTERM). */
export const MCP_STOP_GRACE_MS = 2 * SECOND;

// --- Output schema, transcript artifact, telemetry ---

/**
 * Final answers a run with `output-schema` may give before it fails: the first, and one repair
 * turn with the validator's errors. A model that misses twice rarely gets it on the third try.
 */
export const FINAL_ANSWER_ATTEMPTS = 2;

/** Validation errors shown to the model (and in the failure) for one answer; the rest are counted. */
export const SCHEMA_ERRORS_SHOWN = 10;

/** A schema file read from the trusted branch: a JSON Schema is a few KiB; more is a mistake. */
export const OUTPUT_SCHEMA_MAX_BYTES = 256 * KiB;

/**
 * The whole transcript artifact upload (create, blob, finalize). The client retries within it; a
 * run never waits longer than this at its end for a courtesy copy of its log.
 */
export const ARTIFACT_UPLOAD_TIMEOUT_MS = 2 * MINUTE;

/** Each OTLP export request, and the final flush of the run's trace; a slow collector is a warning. */
export const OTEL_EXPORT_TIMEOUT_MS = 10 * SECOND;

/** Prompt or tool content in one span attribute with `otel-content: true`; longer text is cut. */
export const OTEL_CONTENT_MAX_CHARS = 16 * KiB;

// --- Moved here from the modules that use them: commands, context, MCP, surfaces ---

/**
 * How often a command's watchdog looks at its log while it prints nothing new: often enough that a
 * cap is enforced within a fraction of a second, rarely enough to cost nothing measurable.
 */
export const COMMAND_WATCH_INTERVAL_MS = 50;

/** One read of a command's log by its watchdog: large enough to keep up with a fast writer. */
export const COMMAND_LOG_READ_BYTES = MiB;

/**
 * How far past its cap a command's log may grow while the watchdog is behind the command, before
 * the command is killed: a bound on the disk a runaway printer can take.
 */
export const COMMAND_LOG_SLACK_BYTES = 64 * MiB;

/**
 * A `length` finish with nothing to act on is retried this often before it is reported: once, with
 * the conversation compacted, is what recovers a turn cut by a full window.
 */
export const LENGTH_FINISH_RETRIES = 1;

/**
 * The context window of a model the table in `src/llm/context-window.ts` does not know and no
 * `context-window` input names: the smallest window of current tool-calling models, so compaction
 * starts early rather than late.
 */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 128_000;

/**
 * How long a stopped MCP server's exit is awaited to say why it stopped: a process that has exited
 * reports at once; a second covers a loaded runner.
 */
export const MCP_EXIT_WAIT_MS = SECOND;

/** Longest Unix socket path used: Linux takes 107 bytes (`sun_path`); the rest is room. */
export const UNIX_SOCKET_PATH_MAX = 100;

/** Lines of `verify-command` output kept for the PR body: enough for a test runner's failure summary. */
export const VERIFY_TAIL_LINES = 40;

/** Symbolic links followed while resolving one path: Linux's own limit (`ELOOP` after 40). */
export const SYMLINK_HOPS_MAX = 40;

/** Larger `.gitattributes` files are not read, only noted (any real one is far smaller). */
export const ATTRIBUTE_FILE_MAX_BYTES = MiB;

/** How many paths or lines a `.git` guard message names; the rest are counted. */
export const GIT_GUARD_SHOWN = 10;

/** Hosts the blocked-hosts note does not list (a capped list) shown with their command, at most. */
export const BLOCKED_HOSTS_UNPLACED_SHOWN = 10;

/** Refusal rules named in the refusals line; more would bury the one example it quotes. */
export const REFUSAL_RULES_SHOWN = 8;

/** Files listed in a run's change list; the rest are counted (the diff has them all). */
export const CHANGE_LIST_SHOWN = 50;

/** A pull request or commit title: git's conventional subject length. */
export const TITLE_CHARS = 72;

/** Lines of GitHub's answer quoted in a publish-failure note; enough for its errors, not a page. */
export const FAILURE_QUOTE_LINES = 15;

/** Activity lines the tracking comment keeps (the latest); the transcript has all of them. */
export const TRACKING_ACTIVITY_LINES = 30;

/** An image's alt text given to the model: a caption, not a place for a second prompt. */
export const IMAGE_ALT_CHARS = 300;

/** Room left in a plan comment for its hidden marker after the visible text. */
export const PLAN_MARKER_ROOM_CHARS = 4_000;

/** Pages of an MCP server's `tools/list` read at most: a server paging forever is not waited for. */
export const MCP_TOOL_PAGES_MAX = 50;

/** Function names providers accept: letters, digits, `_` and `-`, at most 64. */
export const TOOL_NAME_MAX_CHARS = 64;

/**
 * Time kept back from `timeout-minutes` for publishing (commit, push, PR), at most: a quarter of a
 * short run, and a minute of a longer one, which a push and a pull request take with room to spare.
 */
export const PUBLISH_RESERVE_MAX_MS = MINUTE;

/** The MCP SDK's own call timeout is this much later than the action's, so the clearer message comes first. */
export const MCP_SDK_TIMEOUT_GRACE_MS = SECOND;

/**
 * How long the index refresh after an ACL set-up may take: minutes on a 100k-file tree on a slow
 * disk; one that does not finish only leaves the agent's git slower, never wrong.
 */
export const INDEX_REFRESH_TIMEOUT_MS = 5 * MINUTE;
