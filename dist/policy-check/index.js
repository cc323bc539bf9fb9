#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 4:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  dm: () => (/* binding */ createBashPolicy)
});

// UNUSED EXPORTS: describeRuleProblem, isNamespaceLevel, isolationOf, parseAllowedCommands, ruleLines

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(24);
;// CONCATENATED MODULE: ./src/limits.ts
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
const GITHUB_BODY_LIMIT = 65_536;
/** Room a body keeps for its collapsed transcript (at least its summary line) when the text is long. */
const TRANSCRIPT_RESERVE_CHARS = 4_000;
/** The job summary: GitHub allows 1 MiB per step summary. */
const JOB_SUMMARY_CHARS = 1_000_000;
/**
 * Longest line of a failure message quoted in the tracking comment: the action's own message
 * names the input to change at its end, so its lines are kept whole up to this; text quoted from
 * a provider or GitHub inside it is already capped where it was quoted.
 */
const FAILURE_LINE_CHARS = 2_000;
/** The job summary's transcript: leaves room under the summary's size for the rest of it. */
const JOB_SUMMARY_TRANSCRIPT_CHARS = 900_000;
/**
 * A review body before publishing; under the body limit because the publish filter may lengthen a link
 * or two.
 */
const REVIEW_BODY_CHARS = 60_000;
/** One inline review comment; long ones are hard to read beside a diff line. */
const REVIEW_COMMENT_CHARS = 16_000;
/**
 * A review-thread answer shown in the tracking comment instead; under the body limit for the status
 * line around it.
 */
const THREAD_REPLY_FALLBACK_CHARS = 60_000;
/** The agent's patch shown in a comment-mode answer; the rest is cut. */
const PUBLISHED_PATCH_CHARS = 40_000;
/** A diff block in a review-thread answer; leaves room under the body limit for the rest of it. */
const REPLY_DIFF_CHARS = 40_000;
/** A patch shown inline in a publish-failure note; a longer one is only in `changes.patch`. */
const FAILURE_PATCH_INLINE_CHARS = 30_000;
/** GitHub lists at most 3000 files of a pull request. */
const PULL_REQUEST_MAX_FILES = 3000;
/**
 * Changes sent through GitHub's API: a file of the web interface, whose commits
 * `createCommitOnBranch` makes, is at most 25 MiB; past 50 MiB in all (where GitHub starts warning
 * about large pushes) git is the safer carrier.
 */
const API_COMMIT_LIMITS = { fileBytes: 25 * MiB, totalBytes: 50 * MiB };
/** Least time between two edits of the tracking comment: GitHub asks clients to space out writes. */
const TRACKING_COMMENT_INTERVAL_MS = 3 * SECOND;
// --- Tool output ---
/** Largest output one tool result may carry; tools keep their own, smaller caps, this is the backstop. */
const TOOL_OUTPUT_MAX_CHARS = 60_000;
/** What a command's output keeps: its first lines (how it started) and its last (the verdict). */
const COMMAND_OUTPUT_LIMITS = {
    headLines: 200,
    tailLines: 800,
    /** About 10k tokens: a test run's failure fits, a flood does not swamp the context. */
    maxChars: 40_000,
    maxLineChars: 2_000,
};
/** Longest tool-call field (arguments, output) kept in the transcript; the full output is in the logs. */
const TRANSCRIPT_FIELD_CHARS = 4_000;
/** The result excerpt a transcript row shows; one table cell. */
const TRANSCRIPT_EXCERPT_CHARS = 500;
// --- Reads ---
/** Lines `read_file` shows when no limit is given; enough for most source files in one call. */
const DEFAULT_READ_LINES = 2000;
/** Longer lines are cut in `read_file` output (minified files would fill the context with one line). */
const MAX_LINE_CHARS = 2000;
/** Characters one `read_file` call returns at most, under the tool-output backstop. */
const READ_OUTPUT_BUDGET = 50_000;
/** Files larger than this are not read whole; the model is pointed at grep or head/sed. */
const MAX_READ_BYTES = 10 * MiB;
/**
 * Bytes sniffed for a NUL to tell a binary file: text never has one, nearly every binary format has
 * one early.
 */
const BINARY_SNIFF_BYTES = 8 * KiB;
/** Untrusted text (issue bodies, comments) given to the model, per part. */
const DEFAULT_UNTRUSTED_MAX_CHARS = 30_000;
/** Each earlier comment of a review thread given to the model. */
const THREAD_REPLY_COMMENT_CHARS = 4_000;
/**
 * The pull request's diff given to a reviewing model: about 10k tokens, leaving most of the context
 * for work.
 */
const DIFF_BUDGET_CHARS = 40_000;
/** Files of a pull request listed for the reviewing model; the rest are counted. */
const MAX_LISTED_FILES = 300;
/** Pages of 50 review threads read per pull request: 500 threads is far more than any review leaves. */
const REVIEW_THREAD_PAGES = 10;
/**
 * A finding may sit this many lines beyond a hunk of the diff under review and still be posted:
 * the lines a change calls or is called from, as close as GitHub's own diff context.
 */
const REVIEW_NEAR_DIFF_LINES = 3;
/**
 * Open findings the review marker carries to the next push, and the anchored code kept for each:
 * the marker lives in the review body, under GitHub's limit with the rest of it.
 */
const REVIEW_MARKER_FINDINGS = 40;
/** Characters of anchored code the marker keeps per finding (see REVIEW_MARKER_FINDINGS). */
const REVIEW_MARKER_CODE_CHARS = 240;
/** Dismissed fingerprints the marker keeps; older ones fall off. */
const REVIEW_MARKER_DISMISSED = 100;
/** Each part (the file's change, the lines around) of one finding's re-check. */
const REVIEW_RECHECK_DIFF_CHARS = 4_000;
/** Open findings re-checked by the model in one run; the rest stay open until the next push. */
const REVIEW_RECHECK_MAX = 10;
/** Lines either side of a finding's old position shown in its re-check. */
const REVIEW_RECHECK_CONTEXT_LINES = 12;
/**
 * `verify-command` is run against a review's suggestions only while it is cheap: the head's own run
 * passes within this, and each suggestion's run gets the same time.
 */
const REVIEW_VERIFY_CHEAP_MS = 2 * MINUTE;
/** Suggestions checked with `verify-command` at most (blocking ones first). */
const REVIEW_VERIFY_MAX_SUGGESTIONS = 3;
/** A bash command longer than this is refused unparsed: no real command needs more, and parsing costs. */
const BASH_COMMAND_MAX_CHARS = 10_000;
/** An awk program or sed script file the command policy reads to check; a larger one is refused unread. */
const POLICY_SCRIPT_FILE_BYTES = 256 * KiB;
/**
 * Files a command line the policy allowed wrote are hashed when the next line is checked, so a
 * copy of their content elsewhere still counts as written by the agent: files up to this size…
 */
const POLICY_WRITTEN_HASH_BYTES = 1024 * KiB;
/** …and up to this many files below a written folder (the folder itself is recorded either way). */
const POLICY_WRITTEN_HASH_FILES = 256;
// --- Repository context: instruction files and images ---
/**
 * Bytes of instruction files (`AGENTS.md`, `CLAUDE.md` and the rest, root and folder files
 * together) one run gives the model: about 8k tokens, the size Codex CLI allows its `AGENTS.md`
 * files, so they guide the work without crowding out the task. The file that passes it is cut
 * with a note; later ones are listed as skipped.
 */
const INSTRUCTION_FILES_MAX_BYTES = 32 * KiB;
/** `@import` hops followed from a `CLAUDE.md`, as Claude Code allows. */
const CLAUDE_IMPORT_MAX_DEPTH = 5;
/**
 * Images from the issue and the triggering comment sent to the model. Every request of the run
 * carries them again, so a few screenshots, not a gallery.
 */
const IMAGE_MAX_COUNT = 4;
/**
 * Largest image sent (as downloaded): a full-screen screenshot fits; providers cap one image at
 * 5 MB or more (Anthropic's 5 MB is the tightest), and base64 adds a third on the wire.
 */
const IMAGE_MAX_BYTES = 4 * MiB;
/** One image download, redirects included. */
const IMAGE_DOWNLOAD_TIMEOUT_MS = 20 * SECOND;
/** Redirects an image download follows (each to an allowed host); GitHub's take one. */
const IMAGE_MAX_REDIRECTS = 3;
/**
 * Tokens an image is counted as in the context estimate: about what OpenAI charges for a
 * screenshot at `detail: auto` (its high-detail tiles), rounded up.
 */
const IMAGE_TOKEN_ESTIMATE = 1_600;
// --- Search ---
/** Matches `grep` returns; more means the pattern should be narrowed. */
const MAX_GREP_LINES = 200;
/** Longer matching lines are cut in `grep` output. */
const MAX_GREP_LINE_CHARS = 300;
/** Paths `glob` returns; more means the pattern should be narrowed. */
const MAX_GLOB_RESULTS = 1000;
/** Names a glob in a bash command may match before the policy refuses it: each one is checked. */
const POLICY_GLOB_MAX_MATCHES = 2000;
/**
 * Files longer than this are not searched for the closest region (the hint is a courtesy, not worth a
 * slow call).
 */
const CLOSEST_REGION_MAX_FILE_LINES = 20_000;
// --- Logs ---
/** CI log excerpt (failed jobs or a check run's report) given to the model: about 4k tokens. */
const CI_LOG_CHARS = 16_000;
/** Default excerpt of a run's failed-job logs, shared among the jobs. */
const FAILURE_LOG_CHARS = 12_000;
/** Failed jobs whose logs are read; more rarely add a different cause. */
const FAILURE_LOG_MAX_JOBS = 3;
/** Default excerpt of a check run's output. */
const CHECK_RUN_OUTPUT_CHARS = 12_000;
/** Default size of a formatted check-run report. */
const CHECK_RUN_REPORT_CHARS = 16_000;
/** Lines kept from the end of a failing step's log, where the verdict usually is. */
const LOG_TAIL_LINES = 40;
/** Lines of context kept around each error line of a log. */
const LOG_CONTEXT_LINES = 3;
/** A provider's error message quoted to the user; enough for the reason, not a whole HTML page. */
const PROVIDER_ERROR_CHARS = 600;
// --- Retries and waits ---
/** LLM calls: attempts in total (the first included), for rate limits, 5xx and broken streams. */
const LLM_MAX_ATTEMPTS = 5;
/** LLM calls: the delay before the second attempt, doubling each time. */
const LLM_RETRY_BASE_DELAY_MS = 1 * SECOND;
/** LLM calls: cap of the exponential delay. */
const LLM_RETRY_MAX_DELAY_MS = 30 * SECOND;
/** LLM calls: the longest `retry-after` honoured; longer waits are quotas that will not refill in time. */
const LLM_MAX_RETRY_AFTER_MS = 2 * MINUTE;
/** A stream with no data for this long is broken: reasoning models can think for minutes between tokens. */
const LLM_IDLE_TIMEOUT_MS = 3 * MINUTE;
/** `auth: oidc`: a token endpoint that has not answered in this long is down (retried like a 5xx). */
const OIDC_EXCHANGE_TIMEOUT_MS = 30 * SECOND;
/** `auth: oidc`: a bearer is renewed once this share of its lifetime has passed (48 min of an hour). */
const OIDC_REFRESH_AT = 0.8;
/** `auth: oidc`: while renewal fails for a passing reason, the old bearer is still sent up to this share. */
const OIDC_USABLE_UNTIL = 0.95;
/** `auth: oidc`: the lifetime assumed when a token endpoint does not say (RFC 8693 only recommends `expires_in`). */
const OIDC_ASSUMED_LIFETIME_S = 300;
/** `auth: oidc`: a runner clock further than this from GitHub's (the token's `iat`) is named in a refusal. */
const OIDC_CLOCK_SKEW_NOTE_S = 60;
/** `auth: oidc` with Google: the service account token's lifetime asked of IAM Credentials (its default maximum). */
const OIDC_GOOGLE_TOKEN_LIFETIME_S = 3600;
/** GitHub requests: retries after a rate limit before the request fails. */
const GITHUB_RATE_LIMIT_RETRIES = 2;
/**
 * GitHub requests to a loopback server: the retry plugin's base wait in ms (1000, so 1, 4, 9 s, on
 * GitHub); a local server answers at once or not at all.
 */
const LOOPBACK_RETRY_AFTER_BASE = 10;
/** GitHub's wait after a rate limit that names no reset time: GitHub says at least a minute. */
const GITHUB_RATE_LIMIT_WAIT_MS = 1 * MINUTE;
/** The shortest wait after a rate limit whose reset time is already (nearly) past. */
const GITHUB_RATE_LIMIT_MIN_WAIT_MS = 1 * SECOND;
/** Growth of a CI poll's delay per attempt. */
const CI_POLL_FACTOR = 1.5;
/** Polling for a dispatched run to appear: soon after dispatch it usually does. */
const CI_FIND_POLL = { initialMs: 1 * SECOND, maxMs: 10 * SECOND };
/**
 * Polling a CI run until it completes: runs take minutes; GitHub asks clients not to poll faster than
 * needed.
 */
const CI_WAIT_POLL = { initialMs: 5 * SECOND, maxMs: 30 * SECOND };
/** How long a dispatched run may take to appear before the action gives up looking. */
const CI_FIND_TIMEOUT_MS = 2 * MINUTE;
/**
 * Run timestamps have whole seconds and clocks drift; a run this much older than the dispatch may
 * still be ours.
 */
const CI_CREATED_SLACK_MS = 2 * SECOND;
/** Dispatch time assumed when GitHub's answer has no `Date` header: a minute back, to be safe. */
const CI_DISPATCH_FALLBACK_MS = 1 * MINUTE;
// --- Timeouts ---
/**
 * Tools that walk the tree (`grep`, `glob`, `apply_patch`): a large repository takes seconds, not
 * minutes.
 */
const TREE_TOOL_TIMEOUT_MS = 1 * MINUTE;
/** Tools that touch one file (`read_file`, `edit_file`, `write_file`). */
const FILE_TOOL_TIMEOUT_MS = 30 * SECOND;
/** How long a tool may take to wind down after its signal aborts before the wrapper gives up on it. */
const TOOL_ABORT_GRACE_MS = 2 * SECOND;
/** A `bash` call without its own timeout: most test suites finish in two minutes. */
const BASH_DEFAULT_TIMEOUT_MS = 2 * MINUTE;
/** The longest timeout the model may ask of `bash`, in seconds. */
const BASH_MAX_TIMEOUT_SECONDS = 600;
/** `verify-command` gets half the run's time, but never more than this. */
const VERIFY_MAX_TIMEOUT_MS = 10 * MINUTE;
/** The egress proxy's wait for an upstream connection: a host that does not answer in this is down. */
const EGRESS_CONNECT_TIMEOUT_MS = 10 * SECOND;
/** The egress proxy's wait for a client's whole request (headers and body). */
const EGRESS_REQUEST_TIMEOUT_MS = 1 * MINUTE;
/** Request headers the egress proxy accepts, as Node's own default. */
const EGRESS_MAX_HEADER_BYTES = 16 * KiB;
/** A ClientHello longer than this is refused (real ones are a few KiB, post-quantum key shares included). */
const EGRESS_MAX_CLIENT_HELLO_BYTES = 64 * KiB;
/** A tunnel's first bytes (the TLS ClientHello, whose server name is checked): clients send them at once. */
const EGRESS_CLIENT_HELLO_TIMEOUT_MS = 10 * SECOND;
/** Distinct refused hosts the proxy keeps by name; past that only their requests are counted. */
const EGRESS_BLOCKED_HOSTS_KEPT = 500;
/** Refused hosts the notes list by name (the PR body, tracking comment, job summary); the rest are counted. */
const EGRESS_BLOCKED_HOSTS_SHOWN = 10;
/** Refused hosts in the `blocked-hosts` output. */
const EGRESS_BLOCKED_HOSTS_OUTPUT = 100;
/** The local runner's first call to the model endpoint (`GET /models`): a live endpoint answers at once. */
const ENDPOINT_PROBE_TIMEOUT_MS = 10 * SECOND;
// --- MCP servers ---
/**
 * An MCP server's start: spawn (or connect), `initialize` and the tool list. A server started with
 * `npx` may download its package first; one that takes longer is reported as not started.
 */
const MCP_START_TIMEOUT_MS = 1 * MINUTE;
/** One MCP tool call when the server's config names no `timeout`: a search or an API call, not a build. */
const MCP_CALL_TIMEOUT_MS = 2 * MINUTE;
/** The longest `timeout` a server's config may give, in seconds. */
const MCP_MAX_TIMEOUT_SECONDS = 3600;
/**
 * Largest single message read from an MCP server (a stdio line, an HTTP response): a 5 MB result
 * is read and then cut to the tool-output cap; past this the server is treated as broken.
 */
const MCP_MESSAGE_MAX_BYTES = 16 * MiB;
/**
 * Total MCP tools up to which all are loaded up front: ten small schemas cost less than the extra
 * turn a `tool_search` would; past it they wait on the shelf until the model loads them.
 */
const MCP_PRELOAD_MAX_TOOLS = 10;
/** Tools one `tool_search` lists; more means the query should be narrowed. */
const TOOL_SEARCH_MAX_RESULTS = 20;
/** A loaded MCP tool's description as the model sees it; some servers write pages. */
const MCP_DESCRIPTION_CHARS = 1_000;
/** Tool names listed per server in the job summary; the rest are counted. */
const MCP_SUMMARY_TOOL_NAMES = 30;
/** How long a stdio server gets to exit after its stdin closed (and again after SIGTERM). */
const MCP_STOP_GRACE_MS = 2 * SECOND;
// --- Output schema, transcript artifact, telemetry ---
/**
 * Final answers a run with `output-schema` may give before it fails: the first, and one repair
 * turn with the validator's errors. A model that misses twice rarely gets it on the third try.
 */
const FINAL_ANSWER_ATTEMPTS = 2;
/** Validation errors shown to the model (and in the failure) for one answer; the rest are counted. */
const SCHEMA_ERRORS_SHOWN = 10;
/** A schema file read from the trusted branch: a JSON Schema is a few KiB; more is a mistake. */
const OUTPUT_SCHEMA_MAX_BYTES = 256 * KiB;
/**
 * The whole transcript artifact upload (create, blob, finalize). The client retries within it; a
 * run never waits longer than this at its end for a courtesy copy of its log.
 */
const ARTIFACT_UPLOAD_TIMEOUT_MS = 2 * MINUTE;
/** Each OTLP export request, and the final flush of the run's trace; a slow collector is a warning. */
const OTEL_EXPORT_TIMEOUT_MS = 10 * SECOND;
/** Prompt or tool content in one span attribute with `otel-content: true`; longer text is cut. */
const OTEL_CONTENT_MAX_CHARS = 16 * KiB;
// --- Moved here from the modules that use them: commands, context, MCP, surfaces ---
/**
 * How often a command's watchdog looks at its log while it prints nothing new: often enough that a
 * cap is enforced within a fraction of a second, rarely enough to cost nothing measurable.
 */
const COMMAND_WATCH_INTERVAL_MS = 50;
/** One read of a command's log by its watchdog: large enough to keep up with a fast writer. */
const COMMAND_LOG_READ_BYTES = (/* unused pure expression or super */ null && (MiB));
/**
 * How far past its cap a command's log may grow while the watchdog is behind the command, before
 * the command is killed: a bound on the disk a runaway printer can take.
 */
const COMMAND_LOG_SLACK_BYTES = 64 * MiB;
/**
 * A `length` finish with nothing to act on is retried this often before it is reported: once, with
 * the conversation compacted, is what recovers a turn cut by a full window.
 */
const LENGTH_FINISH_RETRIES = 1;
/**
 * The context window of a model the table in `src/llm/context-window.ts` does not know and no
 * `context-window` input names: the smallest window of current tool-calling models, so compaction
 * starts early rather than late.
 */
const DEFAULT_CONTEXT_WINDOW_TOKENS = 128_000;
/**
 * How long a stopped MCP server's exit is awaited to say why it stopped: a process that has exited
 * reports at once; a second covers a loaded runner.
 */
const MCP_EXIT_WAIT_MS = (/* unused pure expression or super */ null && (SECOND));
/** Longest Unix socket path used: Linux takes 107 bytes (`sun_path`); the rest is room. */
const UNIX_SOCKET_PATH_MAX = 100;
/** Lines of `verify-command` output kept for the PR body: enough for a test runner's failure summary. */
const VERIFY_TAIL_LINES = 40;
/** Symbolic links followed while resolving one path: Linux's own limit (`ELOOP` after 40). */
const SYMLINK_HOPS_MAX = 40;
/** Larger `.gitattributes` files are not read, only noted (any real one is far smaller). */
const ATTRIBUTE_FILE_MAX_BYTES = (/* unused pure expression or super */ null && (MiB));
/** How many paths or lines a `.git` guard message names; the rest are counted. */
const GIT_GUARD_SHOWN = 10;
/** Hosts the blocked-hosts note does not list (a capped list) shown with their command, at most. */
const BLOCKED_HOSTS_UNPLACED_SHOWN = 10;
/** Refusal rules named in the refusals line; more would bury the one example it quotes. */
const REFUSAL_RULES_SHOWN = 8;
/** Files listed in a run's change list; the rest are counted (the diff has them all). */
const CHANGE_LIST_SHOWN = 50;
/** A pull request or commit title: git's conventional subject length. */
const TITLE_CHARS = 72;
/** Lines of GitHub's answer quoted in a publish-failure note; enough for its errors, not a page. */
const FAILURE_QUOTE_LINES = 15;
/** Activity lines the tracking comment keeps (the latest); the transcript has all of them. */
const TRACKING_ACTIVITY_LINES = 30;
/** An image's alt text given to the model: a caption, not a place for a second prompt. */
const IMAGE_ALT_CHARS = 300;
/** Room left in a plan comment for its hidden marker after the visible text. */
const PLAN_MARKER_ROOM_CHARS = 4_000;
/** Pages of an MCP server's `tools/list` read at most: a server paging forever is not waited for. */
const MCP_TOOL_PAGES_MAX = 50;
/** Function names providers accept: letters, digits, `_` and `-`, at most 64. */
const TOOL_NAME_MAX_CHARS = 64;
/**
 * Time kept back from `timeout-minutes` for publishing (commit, push, PR), at most: a quarter of a
 * short run, and a minute of a longer one, which a push and a pull request take with room to spare.
 */
const PUBLISH_RESERVE_MAX_MS = (/* unused pure expression or super */ null && (MINUTE));
/** The MCP SDK's own call timeout is this much later than the action's, so the clearer message comes first. */
const MCP_SDK_TIMEOUT_GRACE_MS = (/* unused pure expression or super */ null && (SECOND));
/**
 * How long the index refresh after an ACL set-up may take: minutes on a 100k-file tree on a slow
 * disk; one that does not finish only leaves the agent's git slower, never wrong.
 */
const INDEX_REFRESH_TIMEOUT_MS = 5 * MINUTE;

;// CONCATENATED MODULE: ./src/bash-policy/approval.ts
/** An empty record for one line. */
function newApproval() {
    return { commands: [], paths: [] };
}
/** Records a simple command; returns its index for the commands it wraps and its project-code mark. */
function recordCommand(approval, words, cwds, parent) {
    approval.commands.push({
        argv: words.map((w) => w.value),
        glob: words.some((w) => w.glob),
        cwds: [...cwds],
        ...(parent === undefined ? {} : { parent }),
        projectCode: false,
        byAllowedCommands: false,
    });
    return approval.commands.length - 1;
}
/** Records a typed path once per folder the line may be in. */
function recordPath(approval, word, kind, resolve, cwds) {
    for (const cwd of word.value.startsWith('/') ? ['/'] : cwds) {
        let real;
        try {
            real = resolve(`${cwd}/${word.value}`);
        }
        catch {
            continue; // unresolvable paths were refused by the path check already
        }
        if (!approval.paths.some((p) => p.path === real && p.kind === kind))
            approval.paths.push({ path: real, kind, glob: word.glob });
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/safety/path-policy.ts
/**
 * The one place that decides which paths the agent may touch. Every path is resolved the way the
 * kernel would (symlinks followed, `..` removed) and the rules are checked on the *real* path, so a
 * symlink inside the workspace cannot lead to `/proc/self/environ` or to a file outside.
 * The bash policy reuses {@link checkPathRules} and {@link PathPolicy} for path-like arguments.
 */



/**
 * Real path of `target` as the kernel walks it: segment by segment from the root, each symlink
 * replaced by where it points *before* the next `..` is applied (so `link/..` is the parent of
 * the link's target, not the folder holding the link). Parts that do not exist yet are kept as
 * written; a dangling symlink is followed to where a write would land.
 */
function realPathOf(target, hops = 0) {
    if (hops > SYMLINK_HOPS_MAX)
        throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' });
    const absolute = external_node_path_default().isAbsolute(target) ? target : external_node_path_default().resolve(target);
    let current = '/';
    const segments = absolute.split('/').filter((s) => s !== '' && s !== '.');
    for (let i = 0; i < segments.length; i++) {
        const segment = segments[i];
        if (segment === '..') {
            current = external_node_path_default().dirname(current);
            continue;
        }
        const next = external_node_path_default().join(current, segment);
        let link;
        try {
            if ((0,external_node_fs_.lstatSync)(next).isSymbolicLink())
                link = (0,external_node_fs_.readlinkSync)(next);
        }
        catch {
            // Does not exist: the rest is a path about to be created, kept as written.
            return external_node_path_default().resolve(next, ...segments.slice(i + 1));
        }
        current = link === undefined ? next : realPathOf(external_node_path_default().resolve(current, link), hops + 1);
    }
    return current;
}
function segmentsOf(relative) {
    return relative.split((external_node_path_default()).sep).map((s) => s.toLowerCase());
}
function hasPair(segments, first, second) {
    return segments.some((s, i) => s === first && segments[i + 1] === second);
}
/**
 * The rules, on an already-resolved real path. Returns the refusal, or undefined when allowed.
 * Segment names compare case-insensitively because macOS and Windows file systems do.
 */
function checkPathRules(realPath, root, access) {
    const refuse = (rule, why) => ({
        kind: 'refused',
        rule,
        message: `Refused by path policy (rule ${rule}): ${why}`,
    });
    if (realPath === '/proc' || realPath.startsWith('/proc/')) {
        return refuse('proc', `${realPath} is under /proc, which is never accessible.`);
    }
    const relative = external_node_path_default().relative(root, realPath);
    if (relative === '..' || relative.startsWith(`..${(external_node_path_default()).sep}`) || external_node_path_default().isAbsolute(relative)) {
        return refuse('outside-workspace', `${realPath} is outside the workspace ${root}. Use paths inside it.`);
    }
    const segments = segmentsOf(relative);
    if (access === 'write' && hasPair(segments, '.git', 'hooks')) {
        return refuse('git-hooks', `${relative} is a git hook; hooks may not be written.`);
    }
    if (segments.includes('.git')) {
        return refuse('git-internals', `${relative} is inside .git, which is off limits (use git commands instead).`);
    }
    // All of `.github/`, not only workflows: composite actions, CODEOWNERS and dependabot settings
    // there change what later workflows run or who reviews; `.github` itself too (`rm -rf .github`).
    if (access === 'write' && segments.includes('.github')) {
        return refuse('workflows', `${relative} is under .github/, which holds workflows, actions and repository settings; it may not be written.`);
    }
    return undefined;
}
/**
 * A file with more than one name (a hard link) is not written through: its other names may be a
 * protected file (`.git/config`, a workflow) or lie outside the workspace (a runner's dotfile, a
 * package store), and a write changes them all. Commands can make such links where no sandbox
 * stops them (level `none`), and the path rules only see the name given.
 */
function hardLinkRefusal(real) {
    let links;
    try {
        const info = lstatSync(real);
        if (!info.isFile())
            return undefined;
        links = info.nlink;
    }
    catch {
        return undefined; // a new file
    }
    if (links <= 1)
        return undefined;
    return {
        kind: 'refused',
        rule: 'hard-link',
        message: `Refused by path policy (rule hard-link): ${real} has ${links} names (hard links); writing it would change the others too, which may be protected files or lie outside the workspace. Delete it first, then write a new file.`,
    };
}
/** Creates the policy for one workspace. Throws if the workspace itself does not exist (a misconfiguration). */
function createPathPolicy(workspaceRoot) {
    const root = realpathSync.native(path.resolve(workspaceRoot));
    const resolve = (p, access) => {
        let real;
        try {
            real = realPathOf(path.resolve(root, p));
        }
        catch (error) {
            const reason = error.message;
            return {
                kind: 'refused',
                rule: 'unresolvable',
                message: `Refused by path policy (rule unresolvable): ${p}: ${reason}`,
            };
        }
        const refusal = checkPathRules(real, root, access) ?? (access === 'write' ? hardLinkRefusal(real) : undefined);
        if (refusal)
            return refusal;
        return { kind: 'allowed', path: real, relative: path.relative(root, real) || '.' };
    };
    return {
        root,
        resolve,
        resolveForRead: (p) => resolve(p, 'read'),
        resolveForWrite: (p) => resolve(p, 'write'),
    };
}

;// CONCATENATED MODULE: ./src/bash-policy/denial.ts
/** A hard denial: the `allowed-commands` input cannot override it. */
function deny(rule, message) {
    return { rule, message, hard: true };
}
/** A soft denial: an `allowed-commands` rule matching the command lifts it. */
function notAllowed(rule, message) {
    return { rule, message, hard: false };
}

;// CONCATENATED MODULE: ./src/bash-policy/core.ts
/**
 * The core allowed where the policy is the only barrier (isolation `none`): commands whose every
 * option and operand the policy types, that run no program the workspace names and read no
 * configuration that names one. Reading, listing and searching, read-only git, print-only sed,
 * jq/yq filters built from known operators, and moving files inside the workspace. No awk
 * programs, no interpreters, package managers, build tools, test runners, linters or formatters
 * (each reads workspace configuration or code), no `xargs` (its words are unseen).
 */

const core = new Set([
    // Text and look-ups.
    'echo printf true false : pwd date sleep seq uname nproc whoami id yes locale which exit test [ type command',
    // Readers.
    'cat tac nl rev fold fmt expand unexpand cut paste join comm wc head tail tr sort uniq column',
    'md5sum sha1sum sha256sum sha512sum b2sum cksum base64 od hexdump strings xxd file stat du tree',
    'readlink realpath basename dirname diff cmp ls',
    // Searching and filters.
    'grep egrep fgrep rg fd find sed jq yq',
    // Files inside the workspace (typed writes), archive listings.
    'mkdir rmdir touch tee chmod cp mv rm tar unzip',
    // Read-only git, and wrappers whose command is checked again.
    'git time timeout nice stdbuf env',
]
    .join(' ')
    .split(' '));
/** The refusal for a command outside the core when the policy is the only barrier. */
function coreDenial(name, isolation) {
    if (isolation !== 'none' || core.has(name))
        return undefined;
    return deny('unsandboxed-core', `\`${name}\` is not allowed on this runner: it has no sandbox (no user namespaces or passwordless sudo) to isolate arbitrary code from the action's own secrets, so only reading, listing and searching commands, read-only git and file moves inside the workspace run here (no interpreters, build tools, test runners, linters, awk or xargs: each can run code or reads configuration that names programs). Use the file tools to read and change code; to run the project's tools, use a runner with user namespaces or passwordless sudo, or set \`sandbox: off\` to accept the risk.`);
}

// EXTERNAL MODULE: ./src/bash-policy/web-tree-sitter.cjs
var web_tree_sitter = __nccwpck_require__(413);
;// CONCATENATED MODULE: ./src/bash-policy/parser.ts
/**
 * Loads the tree-sitter bash grammar once per process. Bundling notes (checked with ncc 0.45):
 * - each `.wasm` file is read through `readFileSync(new URL(<literal>, import.meta.url))`, the
 *   shape ncc's asset relocator recognises, so `npm run build` copies both files byte for byte
 *   next to `dist/index.js` and the bundle runs without `node_modules` (any other shape, or a
 *   `??=` anywhere in this file, makes the relocator skip it and webpack emits a corrupted copy);
 * - web-tree-sitter's CommonJS build is used (see `web-tree-sitter.cjs`), and it reads the free
 *   variable `__dirname` once while initialising, which an ESM bundle does not define.
 */


let loading;
/** The shared bash parser; the first call loads the grammar, later calls reuse it. */
function parser_loadBashParser() {
    if (loading === undefined)
        loading = load();
    return loading;
}
async function load() {
    const { Language, Parser } = web_tree_sitter;
    const wasmBinary = (0,external_node_fs_.readFileSync)(__nccwpck_require__.ab + "tree-sitter.wasm");
    await withDirname(() => Parser.init({ wasmBinary }));
    const bash = (0,external_node_fs_.readFileSync)(__nccwpck_require__.ab + "tree-sitter-bash.wasm");
    const parser = new Parser();
    parser.setLanguage(await Language.load(bash));
    return parser;
}
/** Defines a placeholder global `__dirname` while `run` is pending, if there is none. */
async function withDirname(run) {
    const global = globalThis;
    if ('__dirname' in globalThis)
        return run();
    // Only used to locate `tree-sitter.wasm`, which is handed over as bytes instead.
    global.__dirname = '/';
    try {
        return await run();
    }
    finally {
        delete global.__dirname;
    }
}

;// CONCATENATED MODULE: ./src/bash-policy/heredoc.ts

const delimiterPiece = /'[\w.-]*'|"[\w.-]*"|\\[\w.-]|[\w.-]+/y;
/** The delimiter after quote removal, and whether any part of it was quoted. */
function delimiterOf(raw) {
    let word = '';
    let quoted = false;
    delimiterPiece.lastIndex = 0;
    while (delimiterPiece.lastIndex < raw.length) {
        const at = delimiterPiece.lastIndex;
        const match = delimiterPiece.exec(raw);
        if (!match || match.index !== at)
            return undefined;
        const piece = match[0];
        if (piece.startsWith("'") || piece.startsWith('"')) {
            quoted = true;
            word += piece.slice(1, -1);
        }
        else if (piece.startsWith('\\')) {
            quoted = true;
            word += piece.slice(1);
        }
        else
            word += piece;
    }
    return word === '' ? undefined : { word, quoted };
}
const refuse = (why) => deny('heredoc', `${why} Write here-documents as \`<<'EOF'\` … \`EOF\`, one per line, with a plain delimiter.`);
/**
 * Checks a `heredoc_redirect` node against `source` (the whole command line). Returns the
 * ranges of its delimiter, body and end line, or why it is refused.
 */
function checkHeredoc(node, source) {
    const children = node.children.filter((c) => c !== null);
    const operator = children.find((c) => c.type === '<<' || c.type === '<<-');
    const start = children.find((c) => c.type === 'heredoc_start');
    const body = children.find((c) => c.type === 'heredoc_body');
    const end = children.find((c) => c.type === 'heredoc_end');
    if (!operator || !start || !end)
        return refuse('A here-document without a delimiter line is not allowed.');
    const delimiter = delimiterOf(start.text);
    if (!delimiter)
        return refuse(`The here-document delimiter \`${start.text}\` is not a plain word.`);
    const stripTabs = operator.type === '<<-';
    const bodyFrom = body?.startIndex ?? end.startIndex;
    // Bash starts the body on the line after the one holding the operator.
    const lineStart = source.lastIndexOf('\n', bodyFrom - 1) + 1;
    if (lineStart === 0 ||
        !/^\t*$/.test(source.slice(lineStart, bodyFrom)) ||
        (!stripTabs && lineStart !== bodyFrom))
        return refuse('The here-document body does not start where bash starts it.');
    if (source.slice(start.endIndex, lineStart - 1).includes('\n'))
        return refuse('Only one here-document per line is allowed, and its command may not continue on another line.');
    // Bash's end: the first line equal to the delimiter (leading tabs removed for `<<-`).
    let at = lineStart;
    let endLine = -1;
    while (at <= source.length) {
        const newline = source.indexOf('\n', at);
        const lineEnd = newline === -1 ? source.length : newline;
        const line = source.slice(at, lineEnd);
        if ((stripTabs ? line.replace(/^\t+/, '') : line) === delimiter.word) {
            endLine = at;
            break;
        }
        if (newline === -1)
            break;
        at = newline + 1;
    }
    if (endLine === -1)
        return refuse(`The here-document has no line \`${delimiter.word}\` that ends it.`);
    const endLineEnd = endLine + source.slice(endLine).search(/\n|$/);
    if (end.endIndex !== endLineEnd ||
        end.startIndex < endLine ||
        end.text.replace(/^\t+/, '') !== delimiter.word)
        return refuse(`The here-document ends at a different line for bash (\`${delimiter.word}\`) than for the parser.`);
    const text = source.slice(lineStart, endLine);
    if (!delimiter.quoted && /[$`]|\\\n/.test(text))
        return refuse('An unquoted here-document expands `$…` and backquotes (and joins lines ending in `\\`); quote the delimiter so the body is literal text.');
    return [
        [operator.startIndex, operator.endIndex],
        [start.startIndex, start.endIndex],
        [lineStart, endLineEnd],
    ];
}

;// CONCATENATED MODULE: ./src/bash-policy/words.ts

const dynamicNodes = {
    simple_expansion: ['parameter-expansion', 'a `$variable` expansion'],
    expansion: ['parameter-expansion', 'a `${…}` expansion'],
    arithmetic_expansion: ['arithmetic-expansion', 'a `$((…))` expansion'],
    command_substitution: ['command-substitution', 'a command substitution'],
    process_substitution: ['process-substitution', 'a process substitution'],
    ansi_c_string: ['ansi-c-quoting', "ANSI-C quoting (`$'…'`)"],
    translated_string: ['translated-string', 'a `$"…"` string'],
    brace_expression: ['brace-expansion', 'a `{a..b}` brace expansion'],
    extglob_pattern: ['extglob', 'an extended glob'],
};
const literalOnly = 'Write every argument as a literal word (plain or quoted); the policy cannot check values computed by the shell.';
/** Evaluates an argument node to its literal value, or refuses it. */
function evaluateWord(node) {
    // Each piece is [text, quoted]; brace and tilde expansion only apply to unquoted text.
    const pieces = [];
    const problem = collectPieces(node, pieces);
    if (problem)
        return problem;
    const skeleton = pieces.map(([text, quoted]) => (quoted ? '\0'.repeat(text.length) : text)).join('');
    if (/\{[^{}]*(,|\.\.)[^{}]*\}/.test(skeleton.replace(/\0+/g, '_'))) {
        return deny('brace-expansion', `\`${node.text}\` is a brace expansion. ${literalOnly}`);
    }
    if (/(^|[=:])~/.test(skeleton)) {
        return deny('tilde-expansion', `\`${node.text}\` expands \`~\` to the home directory, outside the workspace.`);
    }
    return { value: pieces.map(([text]) => text).join(''), glob: /[*?[]/.test(skeleton) };
}
function collectPieces(node, pieces) {
    const dynamic = dynamicNodes[node.type];
    if (dynamic)
        return deny(dynamic[0], `\`${node.text}\` uses ${dynamic[1]}. ${literalOnly}`);
    switch (node.type) {
        case 'word':
        case 'number':
            return unquoted(node.text, pieces);
        case 'raw_string':
            pieces.push([node.text.slice(1, -1), true]);
            return undefined;
        case 'string':
            return doubleQuoted(node, pieces);
        case 'concatenation':
            for (const [i, child] of node.children.entries()) {
                // A `$` that ends a word starts no expansion: bash passes it as is (`-run=^$`).
                if (child?.type === '$' && i === node.childCount - 1) {
                    pieces.push(['$', true]);
                    continue;
                }
                if (!child?.isNamed)
                    return deny('shell-syntax', `Unexpected \`${child?.text}\` in \`${node.text}\`.`);
                const problem = collectPieces(child, pieces);
                if (problem)
                    return problem;
            }
            return undefined;
        default:
            return deny('shell-syntax', `\`${node.text}\` (${node.type}) is not a literal word. ${literalOnly}`);
    }
}
/** Unquoted text: `\x` → `x`; characters the grammar might have folded into a word are refused. */
function unquoted(raw, pieces) {
    let plain = '';
    for (let i = 0; i < raw.length; i++) {
        const ch = raw[i];
        if (ch === '\\') {
            if (plain)
                pieces.push([plain, false]);
            plain = '';
            pieces.push([raw[i + 1] ?? '', true]);
            i++;
        }
        else if ('$`()<>;&|!'.includes(ch)) {
            return deny('shell-syntax', `\`${raw}\` contains an unquoted \`${ch}\`. Quote it, or use a literal word.`);
        }
        else
            plain += ch;
    }
    if (plain)
        pieces.push([plain, false]);
    return undefined;
}
/** Double quotes: only `string_content` children; backslash escapes `$ \` " \\` like bash. */
function doubleQuoted(node, pieces) {
    for (const child of node.namedChildren) {
        if (child && child.type !== 'string_content') {
            return collectPieces(child, []) ?? deny('shell-syntax', `\`${node.text}\` is not a literal string.`);
        }
    }
    const raw = node.text.slice(1, -1);
    let value = '';
    for (let i = 0; i < raw.length; i++) {
        const ch = raw[i];
        const next = raw[i + 1];
        if (ch === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
            if (next !== '\n')
                value += next; // backslash-newline inside double quotes is removed
            i++;
        }
        else if (ch === '$' && (next === undefined || /[\s"'/.,:;)|\]}-]/.test(next))) {
            value += ch; // a `$` that starts no expansion (`"^Test$"`, `"$ 5"`) is literal in bash
        }
        else if (ch === '$' || ch === '`') {
            return deny('parameter-expansion', `\`${node.text}\` contains \`${ch}\` inside double quotes. ${literalOnly}`);
        }
        else
            value += ch;
    }
    pieces.push([value, true]);
    return undefined;
}
/** True when `value` is a denial rather than a word. */
function isDenial(value) {
    return 'rule' in value;
}

;// CONCATENATED MODULE: ./src/bash-policy/syntax.ts



/** Node types that are refused wherever they appear, with the rule that names them. */
const refusedStructure = {
    subshell: ['subshell', 'Subshells `( … )` are not allowed; run the commands directly.'],
    compound_statement: ['compound-command', 'Command groups `{ …; }` are not allowed.'],
    function_definition: ['function-definition', 'Defining shell functions is not allowed.'],
    if_statement: [
        'control-flow',
        'Shell control flow (if/for/while/case) is not allowed; run one command at a time.',
    ],
    for_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
    c_style_for_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
    while_statement: ['control-flow', 'Shell loops are not allowed; run one command at a time.'],
    case_statement: ['control-flow', 'Shell control flow (if/for/while/case) is not allowed.'],
    declaration_command: ['environment', '`export`/`declare`/`local`/`readonly` are not allowed.'],
    unset_command: ['environment', '`unset` is not allowed.'],
    variable_assignment: [
        'assignment',
        'Standalone variable assignments are not allowed; the shell state is not kept.',
    ],
    variable_assignments: ['assignment', 'Standalone variable assignments are not allowed.'],
    command_substitution: ['command-substitution', 'Command substitution is not allowed.'],
    process_substitution: ['process-substitution', 'Process substitution is not allowed.'],
    arithmetic_expansion: ['arithmetic-expansion', 'Arithmetic expansion is not allowed.'],
};
const operators = new Set(['&&', '||', ';', '|', '|&', '\n', '!']);
const redirectTypes = new Set(['file_redirect', 'herestring_redirect', 'heredoc_redirect']);
/** Parses `command` and returns its steps, or the first reason to refuse it. */
function syntax_parseCommandLine(parser, command) {
    const tree = parser.parse(command);
    if (!tree)
        return deny('parse-error', 'The command could not be parsed.');
    try {
        if (tree.rootNode.hasError) {
            return deny('parse-error', 'The command does not parse as bash (or uses syntax the policy cannot check).');
        }
        const walk = { parser, source: command, steps: [], covered: [] };
        return visit(tree.rootNode, walk) ?? unaccounted(walk) ?? walk.steps;
    }
    finally {
        tree.delete();
    }
}
/** The first character outside every understood node that is not blank space, as a denial. */
function unaccounted(walk) {
    const { source } = walk;
    const inside = new Uint8Array(source.length);
    for (const [start, end] of walk.covered)
        inside.fill(1, start, end);
    for (let i = 0; i < source.length; i++) {
        if (inside[i] || source[i] === ' ' || source[i] === '\t' || source[i] === '\n')
            continue;
        if (source[i] === '\\' && source[i + 1] === '\n') {
            i++; // a line continuation between words
            continue;
        }
        return deny('unparsed-text', `The policy could not account for \`${source.slice(i, i + 20)}\` in the command (the parser did not place it in any command it understood); rewrite the line plainly.`);
    }
    return undefined;
}
function cover(walk, node) {
    walk.covered.push([node.startIndex, node.endIndex]);
}
function visit(node, walk) {
    if (node.isMissing)
        return deny('parse-error', `The command is incomplete near \`${node.parent?.text}\`.`);
    if (!node.isNamed) {
        if (node.type === '&')
            return deny('background', 'Background jobs (`&`) are not allowed; commands run to completion.');
        if (!operators.has(node.type))
            return deny('shell-syntax', `\`${node.type}\` is not allowed here.`);
        cover(walk, node);
        return undefined;
    }
    const refused = refusedStructure[node.type];
    if (refused)
        return deny(refused[0], refused[1]);
    switch (node.type) {
        case 'comment':
            cover(walk, node);
            return undefined;
        case 'program':
        case 'list':
        case 'pipeline':
        case 'negated_command':
        case 'redirected_statement':
            return visitChildren(node, walk);
        case 'command':
            return visitCommand(node, walk);
        case 'file_redirect':
        case 'herestring_redirect':
            return visitRedirect(node, walk);
        case 'heredoc_redirect':
            return visitHeredoc(node, walk);
        case 'test_command':
            return visitTest(node, walk);
        default:
            return deny('shell-syntax', `\`${node.text}\` (${node.type}) is not allowed by the bash policy.`);
    }
}
function visitChildren(node, walk) {
    for (const child of node.children) {
        const problem = child && visit(child, walk);
        if (problem)
            return problem;
    }
    return undefined;
}
function visitCommand(node, walk) {
    const command = { kind: 'command', words: [], assignments: [] };
    const redirects = { ...walk, steps: [] };
    for (const child of node.children) {
        if (!child)
            continue;
        if (!child.isNamed)
            return deny('shell-syntax', `\`${child.type}\` is not allowed in a command.`);
        if (child.type === 'variable_assignment') {
            const assignment = evaluateAssignment(child);
            if ('rule' in assignment)
                return assignment;
            command.assignments.push(assignment);
            cover(walk, child);
        }
        else if (redirectTypes.has(child.type)) {
            const problem = visit(child, redirects);
            if (problem)
                return problem;
        }
        else {
            const target = child.type === 'command_name' ? child.namedChildren : [child];
            if (target.length !== 1 || !target[0])
                return deny('shell-syntax', `\`${child.text}\` is not a literal word.`);
            const word = evaluateWord(target[0]);
            if (isDenial(word))
                return word;
            command.words.push(word);
            cover(walk, child);
        }
    }
    if (command.words.length === 0)
        return deny('assignment', 'A command line must run a command.');
    walk.steps.push(command, ...redirects.steps);
    return undefined;
}
function evaluateAssignment(node) {
    const [name, value, ...rest] = node.namedChildren;
    const operator = node.children.find((c) => c && !c.isNamed)?.type;
    if (name?.type !== 'variable_name' || rest.length > 0 || operator !== '=') {
        return deny('env-prefix', `\`${node.text}\` is not a plain \`NAME=value\` assignment.`);
    }
    if (!value)
        return { name: name.text, value: { value: '', glob: false } };
    const word = evaluateWord(value);
    return isDenial(word) ? word : { name: name.text, value: word };
}
function visitRedirect(node, walk) {
    let fd;
    let op;
    let target;
    for (const child of node.children) {
        if (!child)
            continue;
        if (!child.isNamed) {
            if (op !== undefined)
                return deny('redirect', `\`${node.text}\` is not a redirect the policy understands.`);
            op = child.type;
        }
        else if (child.type === 'file_descriptor')
            fd = Number(child.text);
        else {
            if (target)
                return deny('redirect', `\`${node.text}\` has more than one target.`);
            const word = evaluateWord(child);
            if (isDenial(word))
                return word;
            target = word;
        }
    }
    if (op === undefined)
        return deny('redirect', `\`${node.text}\` is not a redirect the policy understands.`);
    walk.steps.push({ kind: 'redirect', fd, op, target });
    cover(walk, node);
    return undefined;
}
/**
 * `<<EOF` feeds stdin (checked as bash reads it: heredoc.ts); commands and redirects the grammar
 * nests under it are walked too.
 */
function visitHeredoc(node, walk) {
    const ranges = checkHeredoc(node, walk.source);
    if (!Array.isArray(ranges))
        return ranges;
    for (const child of node.children) {
        if (!child || ['<<', '<<-', 'heredoc_start', 'heredoc_body', 'heredoc_end'].includes(child.type))
            continue;
        const problem = visit(child, walk);
        if (problem)
            return problem;
    }
    walk.covered.push(...ranges);
    walk.steps.push({ kind: 'redirect', fd: 0, op: '<<', target: undefined });
    return undefined;
}
/**
 * `[ … ]` is the `test` builtin with a closing bracket: checked as the command `[ … ]` (the
 * grammar gives it its own node). `[[ … ]]` evaluates array subscripts and arithmetic as code.
 */
function visitTest(node, walk) {
    const text = node.text;
    if (text.startsWith('[[') || !text.startsWith('[') || !text.endsWith(']')) {
        return deny('test-expression', '`[[ … ]]` is not allowed (bash evaluates subscripts and arithmetic in it as code); use `test` or `[` with literal words.');
    }
    // The inner text is parsed (and accounted for) as a command line of its own.
    const inner = syntax_parseCommandLine(walk.parser, `test ${text.slice(1, -1)}`);
    if (!Array.isArray(inner))
        return inner;
    if (inner.length !== 1 || inner[0]?.kind !== 'command')
        return deny('test-expression', `\`${text}\` is not a plain test.`);
    walk.steps.push(inner[0]);
    cover(walk, node);
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/extra-rules.ts
/**
 * The `allowed-commands` input: one rule per line, written like the command it allows.
 *
 *     cargo clippy *        `cargo clippy` with any further arguments
 *     make lint             exactly `make lint`
 *     ./scripts/check.sh *  a workspace script with any arguments
 *
 * Words are literal (quotes allowed); a final unquoted `*` matches any further arguments and
 * is the only wildcard. A rule lifts soft denials only: shell structure, paths, secrets,
 * network, interpreters given code, and the other hard rules still apply.
 *
 * The lines are parsed once, where the run is admitted (the action's `runFromEvent`, the local
 * runner's `--allow`), into `ExtraRule`s that the policy takes as they are.
 */


/** The rule lines of the input's text or of repeated flags: trimmed, blank lines and `#` comments left out. */
function ruleLines(lines) {
    return lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}
/** Parses rule lines (see `ruleLines`); the first line that is not a plain command is `invalid`. */
async function parseAllowedCommands(lines) {
    const parser = await loadBashParser();
    const rules = [];
    for (const source of lines) {
        const steps = parseCommandLine(parser, source);
        const step = Array.isArray(steps) && steps.length === 1 ? steps[0] : undefined;
        if (step?.kind !== 'command' || step.assignments.length > 0) {
            return { kind: 'invalid', line: source, problem: 'not-plain-command' };
        }
        const last = step.words.at(-1);
        const rest = last?.glob === true && last.value === '*';
        const words = (rest ? step.words.slice(0, -1) : step.words).map((w) => w.value);
        if (words.length === 0 || step.words.slice(0, rest ? -1 : undefined).some((w) => w.glob)) {
            return { kind: 'invalid', line: source, problem: 'wildcard-not-last' };
        }
        rules.push({ words, rest, source });
    }
    return { kind: 'rules', rules };
}
/** An invalid line explained; the caller puts the name of its input (`allowed-commands`, `--allow`) first. */
function describeRuleProblem(invalid) {
    switch (invalid.problem) {
        case 'not-plain-command':
            return `\`${invalid.line}\` is not a plain command such as \`cargo clippy *\`.`;
        case 'wildcard-not-last':
            return `\`${invalid.line}\` may use \`*\` only as its last word, after the command name.`;
    }
}
/** The first rule that allows `words` (command name first), if any. */
function matchExtraRule(words, rules) {
    return rules.find((rule) => (rule.rest ? words.length >= rule.words.length : words.length === rule.words.length) &&
        rule.words.every((w, i) => words[i] === w));
}

;// CONCATENATED MODULE: ./src/bash-policy/hard-denies.ts
/**
 * Commands refused by name whatever their arguments, and whatever `allowed-commands` says:
 * privilege changes, wrappers that run another command past the policy, the network, and
 * everything that prints or changes the environment.
 */

const groups = [
    [
        'privilege',
        'Changing privileges is not allowed.',
        ['sudo', 'su', 'doas', 'pkexec', 'runuser', 'sg', 'newgrp', 'chroot', 'fakeroot'],
    ],
    [
        'wrapper',
        'runs another command, which the policy could not check; call the command directly.',
        [
            'eval',
            'exec',
            'source',
            '.',
            'builtin',
            'nohup',
            'setsid',
            'watch',
            'flock',
            'unshare',
            'nsenter',
            'strace',
            'ltrace',
            'gdb',
            'script',
            'parallel',
            'busybox',
            'ionice',
            'taskset',
            'chrt',
            'proot',
            'firejail',
            'bwrap',
            'systemd-run',
            'at',
            'batch',
            'crontab',
            'expect',
            'caffeinate',
            'coproc',
            'trap',
            'find-exec',
            'entr',
        ],
    ],
    [
        'network',
        'Network access is not available to commands (and would expose the runner); use the files in the workspace.',
        [
            'curl',
            'wget',
            'nc',
            'ncat',
            'netcat',
            'socat',
            'ssh',
            'scp',
            'sftp',
            'rsync',
            'ftp',
            'tftp',
            'telnet',
            'lftp',
            'aria2c',
            'http',
            'https',
            'xh',
            'ping',
            'dig',
            'nslookup',
            'host',
            'openssl',
            'gh',
            'hub',
            'git-remote-http',
            'ssh-keyscan',
            'nmap',
            'ws',
            'websocat',
        ],
    ],
    [
        'environment',
        'prints or changes the environment, which is not allowed.',
        [
            'printenv',
            'set',
            'export',
            'declare',
            'typeset',
            'local',
            'readonly',
            'unset',
            'alias',
            'unalias',
            'shopt',
            'ps',
            'top',
            'htop',
            'pgrep',
            'compgen',
            'hash',
            'history',
            'fc',
            'ulimit',
            'enable',
            'bind',
            'complete',
            'getent',
        ],
    ],
    [
        'system',
        'changes the system or other processes, which is not allowed.',
        [
            'kill',
            'pkill',
            'killall',
            'shutdown',
            'reboot',
            'halt',
            'poweroff',
            'mount',
            'umount',
            'dd',
            'mkfs',
            'fdisk',
            'chown',
            'chgrp',
            'useradd',
            'usermod',
            'passwd',
            'iptables',
            'systemctl',
            'service',
            'docker',
            'podman',
            'kubectl',
            'apt',
            'apt-get',
            'yum',
            'dnf',
            'apk',
            'brew',
            'snap',
            'gem',
            'ln',
            'link',
            'mknod',
            'mkfifo',
            'install',
            'sysctl',
            'modprobe',
            'insmod',
            'setcap',
            'chattr',
        ],
    ],
    [
        'interactive',
        'is interactive (and can run shell commands); use read_file to read and edit_file to change files.',
        [
            'less',
            'more',
            'most',
            'man',
            'vi',
            'vim',
            'nvim',
            'nano',
            'emacs',
            'ed',
            'ex',
            'view',
            'pico',
            'screen',
            'tmux',
            'mc',
        ],
    ],
];
const hardDenies = new Map();
for (const [rule, message, names] of groups) {
    for (const name of names) {
        const text = /^[A-Z]/.test(message) ? `\`${name}\`: ${message}` : `\`${name}\` ${message}`;
        hardDenies.set(name, deny(rule, text));
    }
}
/** The hard denial for a command name, if it has one (`mkfs.ext4` counts as `mkfs`). */
function hardDenial(name) {
    return hardDenies.get(name) ?? hardDenies.get(name.split('.')[0]);
}

;// CONCATENATED MODULE: ./src/bash-policy/isolation.ts
/**
 * How far the sandbox isolates the commands, which decides how much the policy must stop on its
 * own. Only a namespace level puts a kernel boundary around commands; any other level string
 * (`none`, or one this policy does not know) gets the strictest reading, where the policy is the
 * only barrier and allows only the small core it models completely (core.ts).
 */

/** The sandbox levels that confine commands in namespaces (as src/sandbox reports them). */
function isNamespaceLevel(level) {
    return level === 'userns' || level === 'sudo+unshare' || level === 'root+unshare';
}
/** The isolation a sandbox level gives commands. */
function isolationOf(sandbox) {
    if (isNamespaceLevel(sandbox.level))
        return 'namespace';
    return sandbox.deliberate ? 'none-deliberate' : 'none';
}
/** The refusal for workspace code at level `none`, unless the user turned the sandbox off. */
function workspaceCodeDenial(isolation, what) {
    if (isolation !== 'none')
        return undefined;
    return deny('workspace-code-unsandboxed', `${what}, which is arbitrary code (a test, build script, Makefile, plugin or tool configuration can do anything), and this runner has no sandbox that isolates it from the action's own secrets. Read and check the code with the file tools instead; to run it, use a runner with user namespaces or passwordless sudo, or set \`sandbox: off\` to accept the risk.`);
}

;// CONCATENATED MODULE: ./src/bash-policy/glob.ts
/**
 * Pathname expansion as bash does it with its default options (no `dotglob`, `extglob` or
 * `globstar`): used to check every name a glob argument can become. A leading `.` must be
 * matched by a literal `.`; a segment starting with a bracket is assumed to reach dotfiles too,
 * since bash versions differ there.
 */


const globChars = /[*?[]/;
/** The segment as a regular expression, or undefined when it has no glob characters. */
function segmentRegExp(segment) {
    if (!globChars.test(segment))
        return undefined;
    let source = '';
    for (let i = 0; i < segment.length; i++) {
        const ch = segment[i];
        if (ch === '*')
            source += '[^/]*';
        else if (ch === '?')
            source += '[^/]';
        else if (ch === '[') {
            const close = segment.indexOf(']', i + (segment[i + 1] === ']' ? 2 : 1));
            if (close === -1) {
                source += '\\[';
                continue;
            }
            let body = segment.slice(i + 1, close);
            const negated = body.startsWith('!') || body.startsWith('^');
            if (negated)
                body = body.slice(1);
            // POSIX classes become "any character": wider than bash, which only makes the check stricter.
            body = body
                .replace(/\[:[a-z]+:\]/g, '\\s\\S')
                .replace(/\\/g, '\\\\')
                .replace(/\[/g, '\\[');
            source += negated ? `[^${body}/]` : `[${body}]`;
            i = close;
        }
        else
            source += ch.replace(/[\\^$.+(){}|\]-]/g, '\\$&');
    }
    try {
        return new RegExp(`^${source}$`, 's');
    }
    catch {
        return /^[\s\S]*$/; // a bracket expression JavaScript cannot read: assume it matches anything
    }
}
/** True when a glob segment could match `.` or `..`. */
function segmentMatchesDots(segment) {
    const re = segmentRegExp(segment);
    if (!re)
        return false;
    return (reachesDotfiles(segment) && (re.test('.') || re.test('..'))) || false;
}
function reachesDotfiles(segment) {
    return segment.startsWith('.') || segment.startsWith('[');
}
/** The names `pattern` expands to from `cwd` (absolute paths), at most `limit` of them. */
function expandGlob(cwd, pattern, limit) {
    const absolute = pattern.startsWith('/');
    const segments = pattern.split('/').filter((s, i) => s !== '' || (i === 0 && absolute));
    let current = [absolute ? '/' : cwd];
    for (const segment of segments) {
        if (segment === '')
            continue;
        const re = segmentRegExp(segment);
        const next = [];
        for (const dir of current) {
            if (!re) {
                next.push(`${dir}/${segment}`.replace(/^\/\//, '/'));
                continue;
            }
            let names;
            try {
                names = (0,external_node_fs_.readdirSync)(dir);
            }
            catch {
                continue;
            }
            const dots = reachesDotfiles(segment);
            for (const name of names) {
                if (name.startsWith('.') && !dots)
                    continue;
                if (re.test(name))
                    next.push(external_node_path_default().join(dir, name));
                if (next.length >= limit)
                    return next;
            }
        }
        current = next;
        if (current.length === 0)
            return [];
    }
    return current;
}

;// CONCATENATED MODULE: ./src/bash-policy/paths.ts
/**
 * Checks on path-valued words (operands, option values, glued values, redirect targets). The
 * literal text is checked first (network devices, credentials files, system folders); then the
 * path is resolved the way the kernel walks it and the file tools' own rules
 * ({@link checkPathRules}) decide, so both tools refuse the same paths. A glob is checked against
 * every name it matches on disk, and refused where a segment could match `.` or `..`.
 */





const readFileHint = 'Use read_file/glob/grep for files inside the workspace.';
/** Secret-bearing names refused in any position of any word. */
const secretNames = /(^|[/=:])(\.ssh|\.npmrc|\.netrc|\.git-credentials|\.gnupg|\.aws|\.docker|\.kube|\.pypirc|\.gitconfig|\.yarnrc|\.config\/gh|id_rsa|id_ed25519|id_ecdsa|id_dsa)([/.]|$)/i;
const streams = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin']);
/** Refuses `word` if it names a secret, a device or system directory, or leaves the workspace. */
function checkPathWord(word, ctx, use) {
    const value = word.value;
    if (/\/dev\/(tcp|udp)\//.test(value)) {
        return deny('network-device', `\`${value}\` opens a network connection; network access is not available.`);
    }
    if (secretNames.test(value)) {
        return deny('secret-path', `\`${value}\` names a credentials file; those are off limits.`);
    }
    if (streams.has(value))
        return undefined;
    const system = /^\/(proc|sys|dev|etc|root|run|var|boot|home|tmp)(\/|$)/.exec(value);
    if (system && !inside(external_node_path_default().resolve(value), ctx.workspace)) {
        return deny('system-path', `\`${value}\` is outside the workspace (/${system[1]}). ${readFileHint}`);
    }
    if (word.glob)
        return checkGlob(word, ctx, use);
    for (const cwd of value.startsWith('/') ? ['/'] : ctx.cwds) {
        // Joined as text, not with path.join: `..` must be applied after the symlinks before it.
        const problem = checkResolved(`${cwd}/${value}`, value, ctx, use);
        if (problem)
            return problem;
    }
    return undefined;
}
function checkResolved(joined, shown, ctx, use) {
    let real;
    try {
        real = realPathOf(joined);
    }
    catch (error) {
        return deny('unresolvable', `\`${shown}\` cannot be resolved (${error.message}).`);
    }
    ctx.resolved?.(joined);
    const refusal = checkPathRules(real, ctx.workspace, use);
    if (!refusal)
        return undefined;
    const lexical = external_node_path_default().resolve(joined);
    const viaLink = lexical !== real && !refusalFor(lexical, ctx.workspace, use);
    switch (refusal.rule) {
        case 'outside-workspace':
            return viaLink
                ? deny('symlink-escape', `\`${shown}\` resolves (through a symlink) to a path outside the workspace.`)
                : deny('outside-workspace', `\`${shown}\` is outside the workspace. Use paths relative to the workspace root. ${readFileHint}`);
        case 'proc':
            return deny('system-path', `\`${shown}\` is under /proc. ${readFileHint}`);
        case 'git-internals':
        case 'git-hooks':
            return deny('git-internals', `\`${shown}\` points into \`.git/\`; use git status/diff/log to inspect the repository.`);
        case 'workflows':
            return deny('workflow-files', `\`${shown}\` is under \`.github/\`; workflows, actions and repository settings cannot be changed by the agent.`);
        default:
            return deny(refusal.rule, refusal.message);
    }
}
function refusalFor(p, root, use) {
    return checkPathRules(p, root, use) !== undefined;
}
/** Every name the glob matches is checked; a pattern that could match `.`/`..` is refused. */
function checkGlob(word, ctx, use) {
    const value = word.value;
    if (value.split('/').some(segmentMatchesDots)) {
        return deny('glob-dot-segment', `\`${value}\` has a pattern that can match \`.\` or \`..\` (bash does on some versions); name the folder.`);
    }
    for (const cwd of value.startsWith('/') ? ['/'] : ctx.cwds) {
        const matches = expandGlob(cwd, value, POLICY_GLOB_MAX_MATCHES + 1);
        if (matches.length > POLICY_GLOB_MAX_MATCHES) {
            return deny('glob-too-wide', `\`${value}\` matches more than ${POLICY_GLOB_MAX_MATCHES} names; narrow it.`);
        }
        // No match: bash passes the pattern itself, which then names a file to create or read.
        const names = matches.length === 0 ? [external_node_path_default().join(cwd, value.replace(/[*?[\]]/g, '_'))] : matches;
        if (matches.length === 0 && value.startsWith('/'))
            return outsideGlob(value);
        for (const name of names) {
            const problem = checkResolved(name, `${value}\` (matching \`${external_node_path_default().relative(cwd, name)}`, ctx, use);
            if (problem)
                return problem;
        }
    }
    return undefined;
}
function outsideGlob(value) {
    return deny('outside-workspace', `\`${value}\` is outside the workspace. ${readFileHint}`);
}
/** True when `p` is `root` or below it. */
function inside(p, root) {
    return p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);
}

;// CONCATENATED MODULE: ./src/bash-policy/options.ts
/**
 * The one option parser every command rule uses: a table per tool, read the way that tool's own
 * parser reads its argv. GNU getopt_long semantics by default: short clusters (`-abc`), values
 * glued (`-ofile`) or separate, optional values only glued or after `=`, `--name=value`,
 * unambiguous prefixes of long names (`--in` is `--in-place`), options after operands (GNU
 * permutation) and `--`. Tools whose parser differs (git's `--no-` negations, `-name` long
 * options, stopping at the first operand) say so in the table. An option the table does not know
 * is refused: a guess about it is how a bypass starts.
 */

const kinds = {
    read: 'read',
    r: 'read',
    write: 'write',
    w: 'write',
    tree: 'tree',
    links: 'links',
    link: 'link',
    list0: 'list0',
    list: 'list',
    walk: 'walk',
    load: 'load',
    num: 'number',
    number: 'number',
    pat: 'pattern',
    pattern: 'pattern',
    text: 'text',
    t: 'text',
};
/** Builds a table from the compact spec strings (see {@link TableSpec}). */
function optionTable(spec) {
    const long = new Map();
    const reason = (name) => spec.reasons?.[name] ?? 'it runs a program, loads code or writes outside the workspace rules';
    const kindOf = (text) => {
        if (text.startsWith('e:')) {
            const values = spec.enums?.[text.slice(2)] ?? text.slice(2).split('|');
            return { enum: values };
        }
        const kind = kinds[text];
        if (!kind)
            throw new Error(`option table: unknown value kind ${text}`);
        return kind;
    };
    for (const token of (spec.long ?? '').split(/\s+/).filter(Boolean)) {
        const refused = token.endsWith('!');
        const body = refused ? token.slice(0, -1) : token;
        const [rawName, kind] = body.split('=');
        const optional = rawName.endsWith('?');
        const name = optional ? rawName.slice(0, -1) : rawName;
        const def = { name };
        if (kind !== undefined)
            def.value = kindOf(kind);
        if (optional)
            def.optional = true;
        if (refused) {
            def.refuse = reason(name);
            def.rule = spec.rules?.[name] ?? spec.rule ?? 'refused-option';
        }
        long.set(name, def);
    }
    const short = new Map();
    for (const raw of (spec.short ?? '').split(/\s+/).filter(Boolean)) {
        const terminates = raw.length > 1 && raw.endsWith('$');
        const unterminated = terminates ? raw.slice(0, -1) : raw;
        const refused = unterminated.length > 1 && unterminated.endsWith('!');
        const token = refused ? unterminated.slice(0, -1) : unterminated;
        const letter = token[0];
        const rest = token.slice(1);
        if (rest.startsWith('/')) {
            const target = long.get(rest.slice(1));
            if (!target)
                throw new Error(`option table: -${letter} aliases unknown --${rest.slice(1)}`);
            short.set(letter, target);
            continue;
        }
        const def = { name: letter };
        if (rest.startsWith('::')) {
            def.value = kindOf(rest.slice(2));
            def.optional = true;
        }
        else if (rest.startsWith(':'))
            def.value = kindOf(rest.slice(1));
        else if (rest !== '')
            throw new Error(`option table: bad short token ${token}`);
        if (refused) {
            def.refuse = reason(letter);
            def.rule = spec.rules?.[letter] ?? spec.rule ?? 'refused-option';
        }
        if (terminates)
            def.terminates = true;
        short.set(letter, def);
    }
    return {
        short,
        long,
        abbreviations: spec.abbreviations ?? true,
        permute: spec.permute ?? true,
        singleDash: spec.singleDash ?? false,
        negatable: spec.negatable ?? false,
    };
}
/** Extends a table with more options (same parser behaviour unless `overrides` says otherwise). */
function extendTable(base, spec) {
    const more = optionTable({
        abbreviations: base.abbreviations,
        permute: base.permute,
        singleDash: base.singleDash,
        negatable: base.negatable,
        ...spec,
    });
    return {
        ...more,
        short: new Map([...base.short, ...more.short]),
        long: new Map([...base.long, ...more.long]),
    };
}
const unknown = (command, spelled) => notAllowed('unknown-option', `\`${command} ${spelled}\` is not an option the policy knows for \`${command}\`, so it is refused (options that are not understood could run programs or write files).`);
/** Looks up a long name, with `--no-` forms and abbreviations as the table allows. */
function lookupLong(table, given) {
    const exact = table.long.get(given);
    if (exact)
        return exact;
    if (table.negatable && given.startsWith('no-') && table.long.has(given.slice(3))) {
        return { name: given, value: undefined }; // `--no-x` turns x off: a flag
    }
    if (!table.abbreviations)
        return undefined;
    // By name: an explicit `--no-x` and the negation of `--x` are the same option.
    const candidates = new Map();
    for (const [name, def] of table.long) {
        if (name.startsWith(given))
            candidates.set(name, def);
        const negated = `no-${name}`;
        if (table.negatable && negated.startsWith(given) && !candidates.has(negated))
            candidates.set(negated, table.long.get(negated) ?? { name: negated });
    }
    if (candidates.size === 1)
        return [...candidates.values()][0];
    return candidates.size > 1 ? 'ambiguous' : undefined;
}
/** Parses `args` with `table`; a denial for an unknown, ambiguous or malformed option. */
function parseOptions(command, table, args) {
    const result = { options: [], operands: [], rest: [], dashDash: false };
    const valueWord = (word, value) => ({ value, glob: word.glob });
    for (let i = 0; i < args.length; i++) {
        const word = args[i];
        const arg = word.value;
        if (arg === '--') {
            result.dashDash = true;
            const tail = args.slice(i + 1);
            result.operands.push(...tail);
            if (!table.permute)
                result.rest.push(...tail);
            break;
        }
        if (!arg.startsWith('-') || arg === '-') {
            result.operands.push(word);
            if (!table.permute) {
                result.rest.push(...args.slice(i));
                result.operands.push(...args.slice(i + 1));
                break;
            }
            continue;
        }
        if (arg.startsWith('--') || table.singleDash) {
            const body = arg.slice(arg.startsWith('--') ? 2 : 1);
            const eq = body.indexOf('=');
            const given = eq === -1 ? body : body.slice(0, eq);
            let def = lookupLong(table, given);
            if (def === undefined && table.singleDash && !arg.startsWith('--')) {
                def = table.short.get(given);
                // `-Dkey=value`, `-Xmx4g`: a one-letter option with its value glued.
                const letter = table.short.get(body[0]);
                if (def === undefined && letter?.value && body.length > 1) {
                    result.options.push({ def: letter, spelled: `-${body[0]}`, value: valueWord(word, body.slice(1)) });
                    continue;
                }
            }
            if (def === 'ambiguous')
                return notAllowed('ambiguous-option', `\`${command} ${arg}\` is an ambiguous abbreviation.`);
            if (!def)
                return unknown(command, arg.split('=')[0]);
            const parsed = { def, spelled: arg.split('=')[0] };
            if (eq !== -1) {
                if (!def.value)
                    return notAllowed('option-value', `\`${command} ${parsed.spelled}\` does not take a value.`);
                parsed.value = valueWord(word, body.slice(eq + 1));
            }
            else if (def.value && !def.optional) {
                const next = args[++i];
                if (!next)
                    return notAllowed('option-value', `\`${command} ${arg}\` needs a value.`);
                parsed.value = next;
            }
            result.options.push(parsed);
            continue;
        }
        // A cluster of short options: `-abc`, `-ofile`, `-n5`.
        for (let j = 1; j < arg.length; j++) {
            const letter = arg[j];
            const def = table.short.get(letter);
            if (!def)
                return unknown(command, `-${letter}${j > 1 ? ` (in \`${arg}\`)` : ''}`);
            const parsed = { def, spelled: `-${letter}` };
            if (def.value) {
                const glued = arg.slice(j + 1);
                if (glued !== '')
                    parsed.value = valueWord(word, glued);
                else if (!def.optional) {
                    const next = args[++i];
                    if (!next)
                        return notAllowed('option-value', `\`${command} -${letter}\` needs a value.`);
                    parsed.value = next;
                }
                result.options.push(parsed);
                break;
            }
            result.options.push(parsed);
        }
        const last = result.options.at(-1);
        if (last?.def.terminates) {
            result.rest.push(...args.slice(i + 1));
            break;
        }
    }
    return result;
}
/** The first parsed option with one of `names` (canonical names). */
function findParsed(parsed, ...names) {
    return parsed.options.find((o) => names.includes(o.def.name));
}
/** The hard denial for the first refused option, if any. */
function refusedOption(command, parsed) {
    const bad = parsed.options.find((o) => o.def.refuse);
    return bad
        ? deny(bad.def.rule ?? 'refused-option', `\`${command} ${bad.spelled}\` is not allowed: ${bad.def.refuse}.`)
        : undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/rule.ts


/** Allows any arguments that are not options (the operands are checked as `operands`). */
function literal(value) {
    return { value, glob: false };
}
/** Checks one value of `kind`; `what` names it in messages. */
function checkValue(word, kind, what, ctx) {
    if (typeof kind === 'object') {
        return kind.enum.includes(word.value)
            ? undefined
            : notAllowed('option-value', `${what}: \`${word.value}\` is not one of ${kind.enum.join(', ')}.`);
    }
    switch (kind) {
        case 'read':
        case 'write':
        case 'tree':
        case 'links':
        case 'link':
        case 'walk':
        case 'load':
            return ctx.checkPath(word, kind);
        case 'list0':
        case 'list':
            return checkFileList(word, kind === 'list0' ? '\0' : '\n', what, ctx);
        case 'number':
            return /^[+-]?[\w.:%]{1,24}$/.test(word.value)
                ? undefined
                : notAllowed('option-value', `${what}: \`${word.value}\` is not a number.`);
        default:
            return undefined;
    }
}
/**
 * A file that names the files a tool reads (`--files0-from`, `tar -T`, `file -f`): the list
 * itself and every name in it are checked as reads, from the folders the command runs in.
 */
function checkFileList(word, separator, what, ctx) {
    const contents = ctx.readChecked(word, false);
    if (rule_isDenial(contents))
        return contents;
    for (const content of contents) {
        for (const name of content.split(separator)) {
            const entry = separator === '\n' ? name.replace(/\r$/, '') : name;
            if (entry === '')
                continue;
            const problem = ctx.checkPath(literal(entry), 'read');
            if (problem)
                return { ...problem, message: `${what} lists \`${entry}\`: ${problem.message}` };
        }
    }
    return undefined;
}
/** Checks the value of every parsed option by its kind. */
function checkOptionValues(command, options, ctx) {
    for (const option of options) {
        if (option.value && option.def.value) {
            const problem = checkValue(option.value, option.def.value, `\`${command} ${option.spelled}\``, ctx);
            if (problem)
                return problem;
        }
    }
    return undefined;
}
/** Checks operands by position. */
function checkOperands(command, operands, kinds, ctx) {
    const list = Array.isArray(kinds) ? kinds : [kinds];
    for (let i = 0; i < operands.length; i++) {
        const kind = list[Math.min(i, list.length - 1)];
        const problem = checkValue(operands[i], kind, `\`${command}\` operand`, ctx);
        if (problem)
            return problem;
    }
    return undefined;
}
const tablesInUse = new Map();
/** The option table of every command checked so far, by name (the differential test reads it). */
function optionTablesInUse() {
    return tablesInUse;
}
/**
 * Parses and checks `args`: refused options, option values and operands. Returns the parse for
 * the rule's own further checks, or the first denial.
 */
function checkArgs(command, table, args, ctx, operands) {
    tablesInUse.set(command, table);
    const parsed = parseOptions(command, table, args);
    if (rule_isDenial(parsed))
        return parsed;
    const problem = refusedOption(command, parsed) ??
        checkOptionValues(command, parsed.options, ctx) ??
        checkOperands(command, parsed.operands, typeof operands === 'function' ? operands(parsed) : operands, ctx);
    return problem ?? parsed;
}
/** A rule that is only the table and the operand kinds. */
function tableRule(command, table, operands) {
    return (args, ctx) => {
        const result = checkArgs(command, table, args, ctx, operands);
        return rule_isDenial(result) ? result : undefined;
    };
}
/** True when `value` is a denial. */
function rule_isDenial(value) {
    return typeof value === 'object' && value !== null && 'rule' in value && 'hard' in value;
}
/** A hard denial for options or operands that evaluate code. */
function evalDenial(command, what) {
    return deny('interpreter-eval', `\`${command} ${what}\` runs code given on the command line or from stdin. Write the code to a file in the workspace (write_file) and run that file, or run the project tests.`);
}
/** The hard denial for an interpreter with no script: it would read code from stdin. */
function stdinDenial(command, what = '(no script)') {
    return deny('interpreter-stdin', `\`${command} ${what}\` reads code from stdin. Write the code to a file in the workspace (write_file) and run that file, or run the project tests.`);
}
function words(...values) {
    return values.map(literal);
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/archives.ts
/**
 * Archives, listed only: `tar -t` and `unzip -l`. tar's old-style first word (`tar tvf x.tar`)
 * is a bundle of letters whose values are taken from the following words in order, the way tar
 * reads it (`tar tfC a.tar dir` gives `-f a.tar -C dir`), so it is rewritten into separate
 * options before the table reads it. A file list (`-T`) may hold options for tar, so it is
 * refused; so is every option that runs a program.
 */



const tarTable = optionTable({
    short: 't v f:read z j J a Z C:read O! x! c! r! u! A! I! F! T! X:read w! k h P! p',
    long: 'list verbose file=read gzip gunzip bzip2 xz zstd lzma auto-compress directory=read wildcards no-wildcards exclude=pat exclude-from=read anchored no-anchored numeric-owner full-time utc null force-local extract! get! create! append! update! delete! to-command! use-compress-program! checkpoint-action! rsh-command! info-script! new-volume-script! to-stdout! files-from! absolute-names!',
    reasons: {
        x: 'it extracts (use `tar -t` to list)',
        extract: 'it extracts (use `tar -t` to list)',
        get: 'it extracts (use `tar -t` to list)',
        c: 'it creates archives',
        create: 'it creates archives',
        'to-command': 'it runs a program',
        'use-compress-program': 'it runs a program',
        I: 'it runs a program',
        'checkpoint-action': 'it runs a program',
        'rsh-command': 'it runs a program',
        'info-script': 'it runs a program',
        F: 'it runs a program',
        'new-volume-script': 'it runs a program',
        T: 'a file list can hold options for tar (`--to-command`)',
        'files-from': 'a file list can hold options for tar (`--to-command`)',
    },
});
/** `tar tvf x.tar …` → `tar -t -v -f x.tar …`: each letter that takes a value takes the next word. */
function expandOldStyle(args) {
    const [first, ...rest] = args;
    if (!first || first.value.startsWith('-'))
        return [...args];
    const out = [];
    const queue = [...rest];
    for (const letter of first.value) {
        const def = tarTable.short.get(letter);
        if (!def)
            return undefined;
        out.push(literal(`-${letter}`));
        if (def.value) {
            const value = queue.shift();
            if (!value)
                return undefined;
            out.push(value);
        }
    }
    return [...out, ...queue];
}
/** tar: listing only (`-t`), from a workspace file; no programs, no remote archives. */
const tar = (args, ctx) => {
    const expanded = expandOldStyle(args);
    if (!expanded)
        return deny('tar-mode', `\`tar ${args[0]?.value}\` is not a bundle of options the policy knows.`);
    const parsed = checkArgs('tar', tarTable, expanded, ctx, 'pattern');
    if (rule_isDenial(parsed))
        return parsed;
    if (!findParsed(parsed, 'list', 't'))
        return notAllowed('tar-mode', '`tar` may only list archives (`tar -tf file`).');
    const file = findParsed(parsed, 'file', 'f')?.value?.value ?? '';
    if (file.includes(':') && !findParsed(parsed, 'force-local'))
        return deny('tar-remote', `\`tar -f ${file}\` names a remote archive (it runs rsh); not allowed.`);
    return undefined;
};
/** unzip -l / -v / -t / -Z: listing and testing only. */
const unzip = (args, ctx) => {
    const options = args.filter((a) => a.value.startsWith('-'));
    const mode = options.map((o) => o.value).join('');
    if (!/^(-[lvtZq1hmsz]+)+$/.test(mode) || !/[lvtZ]/.test(mode))
        return notAllowed('unzip-mode', '`unzip` may only list or test archives (`unzip -l file.zip`).');
    const [archive, ...members] = args.filter((a) => !a.value.startsWith('-'));
    if (!archive)
        return deny('unzip-mode', '`unzip -l` needs an archive.');
    return ctx.checkPath(archive, 'read') ?? checkOperands('unzip', members, 'pattern', ctx);
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/awk-lexer.ts
/**
 * The awk lexer, driven by the parser (awk-program.ts): whether `/` starts a regular expression
 * or divides depends on whether the grammar expects an operand there, as in gawk's and mawk's
 * lexers. Strings, regular expressions (with their bracket expressions) and comments are read
 * whole, so `;`, `|` or `#` inside them are text. What different awks could read differently
 * is refused: a `/` inside a bracket expression (gawk keeps it in the regex, older awks end the
 * regex there), a newline or backslash-newline inside a string or regex, a comment line that
 * ends in a backslash, and any character outside the grammar.
 */

const ops = [
    '**=',
    '|&',
    '||',
    '&&',
    '>>',
    '>=',
    '<=',
    '==',
    '!=',
    '!~',
    '++',
    '--',
    '+=',
    '-=',
    '*=',
    '/=',
    '%=',
    '^=',
    '**',
];
const singles = '{}()[],;+-*/%^!<>=~?:$|@';
const awkDenial = (why) => deny('awk-program', `The awk program ${why}; awk may only compute and print to stdout.`);
/** Reads one token at a time; `regexAllowed` tells whether `/` would start an operand here. */
class AwkLexer {
    src;
    i = 0;
    constructor(src) {
        this.src = src;
    }
    /** The position, to come back to after a look-ahead. */
    mark() {
        return this.i;
    }
    reset(mark) {
        this.i = mark;
    }
    next(regexAllowed) {
        const s = this.src;
        let spaced = false;
        for (;;) {
            const ch = s[this.i];
            if (ch === ' ' || ch === '\t') {
                this.i++;
                spaced = true;
            }
            else if (ch === '\\' && s[this.i + 1] === '\n') {
                this.i += 2;
                spaced = true;
            }
            else if (ch === '#') {
                const end = s.indexOf('\n', this.i);
                const comment = s.slice(this.i, end === -1 ? s.length : end);
                if (comment.endsWith('\\'))
                    return awkDenial('has a comment ending in `\\`');
                this.i = end === -1 ? s.length : end;
            }
            else
                break;
        }
        const start = this.i;
        const ch = s[start];
        if (ch === undefined)
            return { kind: 'eof', text: '', spaced };
        if (ch === '\n' || ch === ';') {
            this.i++;
            return { kind: ch === ';' ? 'op' : 'newline', text: ch, spaced };
        }
        if (ch === '"')
            return this.quoted('"', 'string', spaced);
        if (ch === '/' && regexAllowed)
            return this.quoted('/', 'regex', spaced);
        const name = /[A-Za-z_][A-Za-z0-9_]*/y;
        name.lastIndex = start;
        const word = name.exec(s);
        if (word) {
            this.i += word[0].length;
            return { kind: s[this.i] === '(' ? 'funcname' : 'name', text: word[0], spaced };
        }
        const number = /(0[xX][0-9a-fA-F]+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/y;
        number.lastIndex = start;
        const num = number.exec(s);
        if (num) {
            this.i += num[0].length;
            return { kind: 'number', text: num[0], spaced };
        }
        const op = ops.find((o) => s.startsWith(o, start)) ?? (singles.includes(ch) ? ch : undefined);
        if (!op)
            return awkDenial(`uses \`${ch}\`, which the policy does not parse`);
        this.i += op.length;
        return { kind: 'op', text: op, spaced };
    }
    /** A string or regex literal from its opening quote; bracket expressions read whole in a regex. */
    quoted(quote, kind, spaced) {
        const s = this.src;
        let j = this.i + 1;
        while (j < s.length && s[j] !== quote) {
            if (s[j] === '\n')
                return awkDenial(`has a ${kind} that is not closed on its line`);
            if (s[j] === '\\') {
                if (s[j + 1] === '\n' || s[j + 1] === undefined)
                    return awkDenial(`continues a ${kind} on another line`);
                j += 2;
                continue;
            }
            if (kind === 'regex' && s[j] === '[') {
                const end = bracketEnd(s, j);
                if (end === -1)
                    return awkDenial('has a bracket expression that is not closed');
                if (s.slice(j, end).includes('/'))
                    return awkDenial('has `/` inside a bracket expression (awks disagree on where such a regex ends)');
                j = end;
                continue;
            }
            j++;
        }
        if (j >= s.length)
            return awkDenial(`has a ${kind} that is not closed`);
        const text = s.slice(this.i, j + 1);
        this.i = j + 1;
        return { kind, text, spaced };
    }
}
/** The index after the `]` closing the bracket expression at `open`, or -1 (POSIX rules). */
function bracketEnd(s, open) {
    let j = open + 1;
    if (s[j] === '^')
        j++;
    if (s[j] === ']')
        j++; // a leading `]` is literal
    while (j < s.length && s[j] !== '\n') {
        if (s[j] === '[' && ':.='.includes(s[j + 1] ?? '')) {
            const close = s.indexOf(`${s[j + 1]}]`, j + 2);
            if (close === -1)
                return -1;
            j = close + 2;
            continue;
        }
        if (s[j] === '\\') {
            j += 2;
            continue;
        }
        if (s[j] === ']')
            return j + 1;
        j++;
    }
    return -1;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/awk-program.ts

const refusedNames = {
    system: 'runs a shell command',
    getline: 'reads other files or command output',
    close: 'closes pipes and files',
    fflush: 'flushes pipes and files',
    ENVIRON: "reads the environment (the runner's secrets)",
    PROCINFO: 'reads process information and the environment',
    SYMTAB: 'reaches any variable by name, ARGV included',
    FUNCTAB: 'calls functions by name',
    ARGV: 'changes which files awk reads',
    ARGC: 'changes which files awk reads',
    bindtextdomain: 'reads message catalogues from a folder',
    dcgettext: 'reads message catalogues',
    dcngettext: 'reads message catalogues',
};
const builtins = new Set('length substr index split sub gsub match sprintf sin cos atan2 exp log sqrt int rand srand tolower toupper gensub strftime systime mktime asort asorti patsplit isarray typeof and or xor compl lshift rshift strtonum mkbool'.split(' '));
const keywords = new Set('BEGIN END BEGINFILE ENDFILE function func if else while for do break continue next nextfile exit return delete print printf in switch case default'.split(' '));
const binary = new Set([
    '||',
    '&&',
    '~',
    '!~',
    '<',
    '<=',
    '!=',
    '==',
    '>',
    '>=',
    '+',
    '-',
    '*',
    '/',
    '%',
    '^',
    '**',
    'in',
]);
const assignOps = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=', '**=']);
/** Thrown inside the parser; turned into the denial by {@link checkAwkProgram}. */
class Refusal {
    denial;
    constructor(denial) {
        this.denial = denial;
    }
}
class Parser {
    tok = { kind: 'eof', text: '', spaced: false };
    lexer;
    defined = new Set();
    called = [];
    /** Open `(` and `[` not yet closed. */
    depth = 0;
    inPattern = false;
    constructor(program) {
        this.lexer = new AwkLexer(program);
    }
    /** Advances; `operand` says whether the grammar now expects an operand (so `/` is a regex). */
    advance(operand) {
        const t = this.lexer.next(operand);
        if ('rule' in t)
            throw new Refusal(t);
        if ((t.kind === 'name' || t.kind === 'funcname') && refusedNames[t.text])
            this.fail(`uses \`${t.text}\`, which ${refusedNames[t.text]}`);
        if (t.kind === 'op') {
            if (t.text === '@')
                this.fail('uses `@` (indirect calls, `@include`, `@load`)');
            if (t.text === '|' || t.text === '|&')
                this.fail('uses a pipe');
            if ((t.text === '>' || t.text === '>>') && this.depth === 0 && !this.inPattern)
                this.fail('uses `>` outside parentheses in an action (awk reads it as output into a file)');
            if (t.text === '(' || t.text === '[')
                this.depth++;
            if (t.text === ')' || t.text === ']')
                this.depth--;
        }
        this.tok = t;
    }
    fail(why) {
        throw new Refusal(awkDenial(why));
    }
    is(text) {
        return this.tok.kind !== 'string' && this.tok.kind !== 'regex' && this.tok.text === text;
    }
    expect(text, operandAfter) {
        if (!this.is(text))
            this.fail(`has \`${this.tok.text || 'the end'}\` where \`${text}\` was expected`);
        this.advance(operandAfter);
    }
    newlines() {
        while (this.tok.kind === 'newline')
            this.advance(true);
    }
    skipTerminators() {
        while (this.tok.kind === 'newline' || this.is(';'))
            this.advance(true);
    }
    parse() {
        this.advance(true);
        for (;;) {
            this.skipTerminators();
            if (this.tok.kind === 'eof')
                break;
            const endedWithAction = this.item();
            const separated = this.endsStatement() && !this.is('}');
            if (!separated && !endedWithAction)
                this.fail(`has \`${this.tok.text}\` after a pattern`);
        }
        for (const name of this.called)
            if (!this.defined.has(name))
                this.fail(`calls \`${name}\`, which it does not define`);
    }
    /** One pattern-action item or function; true when it ended with an action's `}`. */
    item() {
        if (this.is('function') || this.is('func')) {
            this.functionDef();
            return true;
        }
        if (['BEGIN', 'END', 'BEGINFILE', 'ENDFILE'].some((k) => this.is(k))) {
            this.advance(false);
            if (!this.is('{'))
                this.fail('has a BEGIN/END without an action');
        }
        else if (!this.is('{')) {
            this.inPattern = true;
            this.expr();
            if (this.is(',')) {
                this.advance(true);
                this.newlines();
                this.expr();
            }
            this.inPattern = false;
            if (!this.is('{'))
                return false;
        }
        this.expect('{', true);
        this.statements();
        this.expect('}', true);
        return true;
    }
    functionDef() {
        this.advance(false);
        if (this.tok.kind !== 'funcname' && this.tok.kind !== 'name')
            this.fail('has a function without a name');
        const name = this.tok.text;
        if (builtins.has(name) || keywords.has(name))
            this.fail(`redefines \`${name}\``);
        this.defined.add(name);
        this.advance(false);
        this.expect('(', false);
        while (!this.is(')')) {
            if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
                this.fail('has a parameter that is not a name');
            this.advance(false);
            if (this.is(',')) {
                this.advance(false);
                this.newlines();
            }
            else if (!this.is(')'))
                this.fail('has a malformed parameter list');
        }
        this.advance(true);
        this.newlines();
        this.expect('{', true);
        this.statements();
        this.expect('}', true);
    }
    statements() {
        for (;;) {
            this.skipTerminators();
            if (this.is('}') || this.tok.kind === 'eof')
                return;
            this.statement();
        }
    }
    terminator() {
        if (this.tok.kind === 'newline' || this.is(';')) {
            this.advance(true);
            return;
        }
        if (this.is('}') || this.tok.kind === 'eof')
            return;
        this.fail(`has \`${this.tok.text}\` where a statement should end`);
    }
    endsStatement() {
        return this.tok.kind === 'newline' || this.tok.kind === 'eof' || this.is(';') || this.is('}');
    }
    /** A statement body after a header's `)`, `do` or `else`. */
    body() {
        this.newlines();
        if (this.is(';')) {
            this.advance(true);
            return;
        }
        if (this.tok.kind === 'regex')
            this.fail('starts a statement with a regex right after `)` (awks disagree)');
        this.statement();
    }
    statement() {
        if (this.is('{')) {
            this.advance(true);
            this.statements();
            this.expect('}', true);
            return;
        }
        if (this.is('if')) {
            this.advance(false);
            this.condition();
            this.body();
            this.skipTerminators();
            if (this.is('else')) {
                this.advance(true);
                this.body();
            }
            return;
        }
        if (this.is('while')) {
            this.advance(false);
            this.condition();
            this.body();
            return;
        }
        if (this.is('do')) {
            this.advance(true);
            this.body();
            this.skipTerminators();
            this.expect('while', false);
            this.condition();
            this.terminator();
            return;
        }
        if (this.is('for')) {
            this.forStatement();
            return;
        }
        if (['break', 'continue', 'next', 'nextfile'].some((k) => this.is(k))) {
            this.advance(false);
            this.terminator();
            return;
        }
        if (this.is('exit') || this.is('return')) {
            this.advance(true);
            if (!this.endsStatement())
                this.expr();
            this.terminator();
            return;
        }
        this.simpleStatement();
        this.terminator();
    }
    /** `( expr )` of if/while; the token after `)` is read as an operand position. */
    condition() {
        this.expect('(', true);
        this.expr();
        this.expect(')', true);
    }
    forStatement() {
        this.advance(false);
        this.expect('(', true);
        if (this.tok.kind === 'name' && !keywords.has(this.tok.text)) {
            // `for (k in arr)`: looked ahead, then the lexer is put back.
            const mark = this.lexer.mark();
            const saved = { tok: this.tok, depth: this.depth };
            this.advance(false);
            if (this.is('in')) {
                this.advance(false);
                if (this.tok.kind === 'name' && !keywords.has(this.tok.text)) {
                    this.advance(false);
                    if (this.is(')')) {
                        this.advance(true);
                        this.body();
                        return;
                    }
                }
            }
            this.lexer.reset(mark);
            this.tok = saved.tok;
            this.depth = saved.depth;
        }
        if (!this.is(';'))
            this.simpleStatement();
        this.expect(';', true);
        this.newlines();
        if (!this.is(';'))
            this.expr();
        this.expect(';', true);
        this.newlines();
        if (!this.is(')'))
            this.simpleStatement();
        this.expect(')', true);
        this.body();
    }
    simpleStatement() {
        if (this.is('print') || this.is('printf')) {
            this.advance(true);
            if (this.endsStatement())
                return;
            this.exprList();
            return;
        }
        if (this.is('delete')) {
            this.advance(false);
            if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
                this.fail('deletes something that is not an array');
            this.advance(false);
            if (this.is('['))
                this.subscript();
            return;
        }
        this.expr();
    }
    exprList() {
        this.expr();
        while (this.is(',')) {
            this.advance(true);
            this.newlines();
            this.expr();
        }
    }
    /** `[ expr, … ]` after an array name. */
    subscript() {
        this.advance(true);
        this.exprList();
        this.expect(']', false);
    }
    /** Operands joined by binary operators or by juxtaposition, then `?:` or an assignment. */
    expr() {
        this.operand();
        for (;;) {
            const t = this.tok;
            if (t.kind === 'op' || t.kind === 'name') {
                if (t.kind === 'op' ? binary.has(t.text) : t.text === 'in') {
                    const op = t.text;
                    this.advance(op !== 'in');
                    if (op === '||' || op === '&&')
                        this.newlines();
                    if (op === 'in') {
                        if (this.tok.kind !== 'name' || keywords.has(this.tok.text))
                            this.fail('uses `in` without an array name');
                        this.advance(false);
                    }
                    else
                        this.operand();
                    continue;
                }
                if (t.text === '?') {
                    this.advance(true);
                    this.expr();
                    this.expect(':', true);
                    this.expr();
                    return;
                }
                if (assignOps.has(t.text)) {
                    this.advance(true);
                    this.expr();
                    return;
                }
            }
            if (!this.startsConcatenation())
                return;
            this.operand();
        }
    }
    startsConcatenation() {
        const t = this.tok;
        if (t.kind === 'number' || t.kind === 'string' || t.kind === 'funcname')
            return true;
        if (t.kind === 'name')
            return !keywords.has(t.text);
        return t.kind === 'op' && (t.text === '$' || t.text === '(');
    }
    /** Unary operators, a primary, and a postfix `++`/`--`. */
    operand() {
        while (this.is('!') || this.is('-') || this.is('+'))
            this.advance(true);
        if (this.is('++') || this.is('--')) {
            this.advance(true);
            if (!this.is('$') && (this.tok.kind !== 'name' || keywords.has(this.tok.text)))
                this.fail('increments something that is not a variable');
        }
        this.primary();
        if (this.is('++') || this.is('--')) {
            this.advance(false);
            if (this.is('/'))
                this.fail('divides right after `++`/`--` (awks disagree)');
        }
    }
    primary() {
        const t = this.tok;
        if (t.kind === 'number' || t.kind === 'string' || t.kind === 'regex') {
            this.advance(false);
            return;
        }
        if (t.kind === 'funcname' || (t.kind === 'name' && builtins.has(t.text))) {
            this.call();
            return;
        }
        if (t.kind === 'name' && !keywords.has(t.text)) {
            this.advance(false);
            if (this.is('['))
                this.subscript();
            return;
        }
        if (this.is('$')) {
            this.advance(true);
            if (this.is('++') || this.is('--') || this.is('-') || this.is('!'))
                this.fail(`uses \`$${this.tok.text}\``);
            if (this.tok.kind === 'regex')
                this.fail('uses `$` before a regex');
            this.primary();
            return;
        }
        if (this.is('(')) {
            this.advance(true);
            this.newlines();
            this.exprList(); // `(a, b) in arr` and print's `(a, b)`
            this.expect(')', false);
            return;
        }
        if (this.is('-') || this.is('+') || this.is('!') || this.is('++') || this.is('--')) {
            this.operand();
            return;
        }
        this.fail(`has \`${t.text || 'the end'}\` where a value was expected`);
    }
    /** A call of a built-in (space before `(` allowed, bare `length` too) or of a defined function. */
    call() {
        const name = this.tok.text;
        if (keywords.has(name))
            this.fail(`has \`${name}\` where a value was expected`);
        const builtin = builtins.has(name);
        if (!builtin)
            this.called.push(name);
        this.advance(false);
        if (!this.is('(')) {
            if (name === 'length')
                return;
            this.fail(`uses \`${name}\` without calling it`);
        }
        this.advance(true);
        this.newlines();
        if (!this.is(')'))
            this.exprList();
        this.expect(')', false);
    }
}
/** Why a variable or function name is outside the subset, or undefined. */
function refusedAwkName(name) {
    return refusedNames[name];
}
/** Checks a program against the safe subset; `undefined` when it is allowed. */
function checkAwkProgram(program) {
    try {
        new Parser(program).parse();
        return undefined;
    }
    catch (error) {
        if (error instanceof Refusal)
            return error.denial;
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/awk.ts
/**
 * awk, gawk, mawk: the program (inline, `-e`, or a `-f` file the policy reads) must parse in
 * the safe subset of awk-program.ts; operands are files, or `name=value` assignments. A `-f`
 * file is read from every folder the command may run in, and refused when the agent wrote it
 * this run or another command of the line writes it: what is checked is what runs.
 */




const table = optionTable({
    short: 'F:text v:text f:load e:text b c C d! D! E:load g h i! l! L::text M n N o! O p! P r s S t V W:e:version|interactive|posix_space|sprintf',
    long: 'field-separator=text assign=text file=load source=text characters-as-bytes traditional copyright dump-variables! debug! exec=load gen-pot help include! load! lint?=text bignum use-lc-numeric non-decimal-data optimize profile! pretty-print! posix re-interval no-optimize sandbox lint-old version',
    reasons: {
        include: 'it loads an awk library',
        i: 'it loads an awk library',
        load: 'it loads a shared library',
        l: 'it loads a shared library',
        'dump-variables': 'it writes a file',
        d: 'it writes a file',
        debug: 'it reads debugger commands',
        D: 'it reads debugger commands',
        profile: 'it writes a file',
        p: 'it writes a file',
        'pretty-print': 'it writes a file',
        o: 'it writes a file',
    },
});
/** The rule for one awk implementation. */
function awk(name) {
    return (args, ctx) => {
        const parsed = checkArgs(name, table, args, ctx, 'text');
        if (rule_isDenial(parsed))
            return parsed;
        const programs = [];
        for (const option of parsed.options) {
            const value = option.value?.value ?? '';
            if (['source', 'e'].includes(option.def.name))
                programs.push(value);
            if (['file', 'f', 'E', 'exec'].includes(option.def.name) && option.value) {
                const texts = ctx.readChecked(option.value, true);
                if (rule_isDenial(texts))
                    return texts;
                programs.push(...texts);
            }
            if (['assign', 'v'].includes(option.def.name)) {
                const problem = checkAssignment(name, value, true);
                if (problem)
                    return problem;
            }
        }
        let operands = parsed.operands;
        if (programs.length === 0) {
            const [program, ...rest] = operands;
            if (program === undefined)
                return deny('awk-program', `\`${name}\` needs a program.`);
            programs.push(program.value);
            operands = rest;
        }
        // awk reads its `-e`/`-f` sources as one program, joined by newlines; each piece must parse too.
        for (const program of programs.length > 1 ? [...programs, programs.join('\n')] : programs) {
            const problem = checkAwkProgram(program);
            if (problem)
                return problem;
        }
        for (const operand of operands) {
            if (/^[A-Za-z_]\w*=/.test(operand.value)) {
                const problem = checkAssignment(name, operand.value, false);
                if (problem)
                    return problem;
                continue;
            }
            const problem = checkValue(operand, 'read', `\`${name}\``, ctx);
            if (problem)
                return problem;
        }
        return undefined;
    };
}
/** `-v name=value` and `name=value` operands: a plain name that is not one the subset refuses. */
function checkAssignment(awkName, text, option) {
    const shown = option ? `${awkName} -v ${text}` : text;
    const name = /^([A-Za-z_]\w*)=/.exec(text)?.[1];
    if (!name)
        return deny('awk-option', `\`${shown}\` is not a \`name=value\` assignment.`);
    const refused = refusedAwkName(name);
    return refused ? deny('awk-option', `\`${shown}\` sets \`${name}\`, which ${refused}.`) : undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/build-tools.ts
/**
 * make, shells and the interpreters that are not on the allowlist. Recipes and scripts are the
 * project's code; code given on the command line or stdin is refused.
 */



const makeTable = optionTable({
    short: 'b m B C:read d e f:load h i I:read j::num k l::num L n o:text O::text p q r R s S t v w W:text',
    long: 'always-make directory=read debug?=text environment-overrides eval! file=load makefile=load help ignore-errors include-dir=read jobs?=num jobserver-style=text keep-going load-average?=num max-load?=num check-symlink-times just-print dry-run recon no-print-directory old-file=text assume-old=text output-sync?=text print-data-base question no-builtin-rules no-builtin-variables shuffle?=text silent quiet no-silent stop no-keep-going touch trace version print-directory what-if=text new-file=text assume-new=text warn-undefined-variables',
    reasons: { eval: 'it evaluates text as a makefile' },
});
/** make: recipes are the project's code; `VAR=…` overrides and `--eval` replace them. */
const make = (name) => (args, outer) => {
    const parsed = checkArgs(name, makeTable, args, outer, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    // make changes to every `-C` folder before it reads a makefile: `-f` resolves there.
    let ctx = outer;
    for (const option of parsed.options) {
        if (!['directory', 'C'].includes(option.def.name) || !option.value)
            continue;
        const moved = ctx.chdir(option.value);
        if (rule_isDenial(moved))
            return moved;
        ctx = moved;
    }
    for (const option of parsed.options) {
        if (!['file', 'f', 'makefile'].includes(option.def.name) || !option.value || option.value.value === '-')
            continue;
        const problem = ctx.checkPath(option.value, 'load');
        if (problem)
            return problem;
    }
    const override = parsed.operands.find((o) => o.value.includes('='));
    if (override)
        return deny('make-variable-override', `\`${name} ${override.value}\` overrides a variable, which can replace the commands a recipe runs; run a target as written.`);
    const stdin = parsed.options.find((o) => ['file', 'f', 'makefile'].includes(o.def.name) && o.value?.value === '-');
    if (stdin)
        return stdinDenial(name, '-f -');
    if (findParsed(parsed, 'version', 'help', 'h'))
        return undefined;
    return ctx.workspaceCode(`\`${name}\` runs the recipes of the project's Makefile`);
};
const shellTable = optionTable({
    short: 'a b c! C e E f h H i! k l! m n o:e:errexit|nounset|pipefail|xtrace|verbose|noclobber|noglob|errtrace|functrace|posix|noexec|allexport|braceexpand|hashall|monitor|notify|physical|privileged|keyword|onecmd|histexpand|history|ignoreeof|interactive-comments|vi|emacs O! p P r s! t T u v x',
    long: 'norc noprofile posix restricted verbose version help debugger! dump-strings! dump-po-strings! rcfile! init-file! login! noediting',
    permute: false,
    abbreviations: false,
    reasons: {
        c: 'it runs a command string',
        s: 'it reads commands from stdin',
        i: 'it is interactive',
        l: 'a login shell runs profile files',
        O: 'shell options are not needed',
        rcfile: 'it runs another file first',
        'init-file': 'it runs another file first',
        login: 'a login shell runs profile files',
    },
});
/** `bash [-euo pipefail] script.sh`: a workspace script; `-c`/stdin is code from the command line. */
const shell = (name) => (args, ctx) => {
    const plus = args.filter((a) => a.value.startsWith('+'));
    const bad = plus.find((a) => !/^\+[euxvo]+$/.test(a.value));
    if (bad)
        return notAllowed('shell-option', `\`${name} ${bad.value}\` is not on the allowlist.`);
    const parsed = checkArgs(name, shellTable, args.filter((a) => !a.value.startsWith('+') || a.value === '+o'), ctx, 'text');
    if (rule_isDenial(parsed)) {
        return parsed.rule === 'refused-option'
            ? deny('shell-eval', `${parsed.message} Run the commands directly, or write a script file and run it.`)
            : parsed;
    }
    if (findParsed(parsed, 'version', 'help'))
        return undefined;
    const [script] = parsed.rest;
    if (!script || script.value === '-' || script.value.startsWith('/dev/'))
        return stdinDenial(name, script?.value);
    const problem = ctx.checkPath(script, 'read');
    if (problem)
        return problem;
    if (findParsed(parsed, 'n'))
        return undefined; // syntax check only
    return ctx.workspaceCode(`\`${name} ${script.value}\` runs a script`);
};
/** Interpreters that are not on the allowlist, with the options that evaluate code: hard denials. */
function otherInterpreter(name, evalOptions) {
    return (args) => {
        const bad = args.find((a) => evalOptions.some((o) => a.value === o || (o.startsWith('-') && !o.startsWith('--') && a.value.startsWith(o))));
        if (bad)
            return evalDenial(name, bad.value);
        if (!args.some((a) => !a.value.startsWith('-')))
            return stdinDenial(name);
        return notAllowed('command-not-allowed', `\`${name}\` is not on the allowlist.`);
    };
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/open-rule.ts
/**
 * The rule shape for tools with large command lines (test runners, linters, build tools):
 * only the options that matter are typed — the ones that load a plugin, reporter or config
 * (never a file the agent wrote this run), write or read a file, move the tool to another
 * folder (`-C dir`: later paths resolve there), evaluate code, or are refused — plus
 * subcommands that are refused, that run another command (`bundle exec …`), or that run no
 * project code. A tool that runs project code needs the sandbox, and its other options cannot
 * make that worse; a tool that runs none has its operands checked as reads.
 */


/** A rule for a tool whose options are typed only where they load, write or are refused. */
function openRule(name, spec) {
    const lower = (s) => s.toLowerCase();
    const kindOf = (option, long) => {
        const o = lower(option);
        const lists = [
            ['load', spec.load],
            ['write', spec.write],
            ['read', spec.read],
            ['chdir', spec.chdir],
            ['valued', spec.valued],
        ];
        for (const [kind, list] of lists)
            if (list?.includes(long ? o : option))
                return kind;
        // Long options are matched by prefix too, in case the tool's parser abbreviates.
        if (long && o.length >= 3)
            for (const [kind, list] of lists)
                if (kind !== 'valued' && list?.some((l) => l.startsWith(o)))
                    return kind;
        return undefined;
    };
    const operandKind = spec.operands ?? (spec.code ? 'text' : 'read');
    return (args, outer) => {
        let ctx = outer;
        const operands = [];
        const checkOperand = (word) => {
            if (spec.interpreter && (word.value === '-' || word.value.startsWith('/dev/')))
                return stdinDenial(name, word.value);
            if (spec.noUrls && /^[a-z][\w+.-]*:\/\//i.test(word.value))
                return deny(`${name}-url`, `\`${name} ${word.value}\` runs code from the network; not allowed.`);
            operands.push(word);
            if (operands.length === 1 && spec.refusedSubcommands?.[word.value])
                return deny(`${name}-subcommand`, `\`${name} ${word.value}\` is not allowed: ${spec.refusedSubcommands[word.value]}.`);
            if (operands.length === 1 && spec.nested?.includes(word.value))
                return 'nested';
            // A checker that runs no project code is only safe on files the policy checked.
            return operandKind === 'read' ? ctx.checkPath(word, 'read') : undefined;
        };
        for (let i = 0; i < args.length; i++) {
            const word = args[i];
            const arg = word.value;
            if (arg === '--') {
                for (const rest of args.slice(i + 1)) {
                    const problem = checkOperand(rest);
                    if (problem === 'nested')
                        return nestedCommand(name, args.slice(i + 2), ctx);
                    if (problem)
                        return problem;
                }
                break;
            }
            if (!arg.startsWith('-') || arg === '-') {
                const problem = checkOperand(word);
                if (problem === 'nested')
                    return nestedCommand(name, args.slice(i + 1), ctx);
                if (problem)
                    return problem;
                continue;
            }
            const long = arg.startsWith('--') || spec.singleDash === true;
            const body = arg.slice(arg.startsWith('--') ? 2 : 1);
            const eq = body.indexOf('=');
            // A long option is one key; a short cluster (`-vo file`) is read letter by letter.
            const keys = long
                ? [eq === -1 ? body : body.slice(0, eq)]
                : [...(eq === -1 ? body : body.slice(0, eq))];
            for (let k = 0; k < keys.length; k++) {
                const key = keys[k];
                if (spec.writeMode?.includes(long ? lower(key) : key))
                    return notAllowed('formatter-write-mode', `\`${name} ${arg}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`);
                if (spec.evaluate?.includes(long ? lower(key) : key))
                    return evalDenial(name, arg);
                const refused = Object.entries(spec.refuse ?? {}).find(([o]) => long ? lower(o) === lower(key) || (key.length >= 3 && lower(o).startsWith(lower(key))) : o === key);
                if (refused)
                    return deny(`${name}-option`, `\`${name} ${arg}\` is not allowed: ${refused[1]}.`);
                const kind = kindOf(key, long);
                if (!kind)
                    continue;
                // The value: after `=`, the rest of a short cluster, or the next word.
                const glued = long
                    ? eq === -1
                        ? undefined
                        : body.slice(eq + 1)
                    : body.slice(k + 1).replace(/^=/, '');
                let value;
                if (glued !== undefined && glued !== '')
                    value = { value: glued, glob: word.glob };
                else
                    value = args[++i];
                if (value && kind !== 'valued') {
                    if (kind === 'chdir') {
                        const moved = ctx.chdir(value);
                        if (rule_isDenial(moved))
                            return moved;
                        ctx = moved;
                    }
                    else {
                        const problem = checkOpenValue(value, kind, ctx);
                        if (problem)
                            return problem;
                    }
                }
                break;
            }
        }
        const sub = operands[0]?.value;
        const versionOnly = args.length > 0 && args.every((a) => /^(-v|-V|--version|-version|-h|--help)$/.test(a.value));
        if (spec.interpreter && sub === undefined && !versionOnly)
            return stdinDenial(name);
        if (!spec.code || (sub !== undefined && spec.noCode?.includes(sub)))
            return undefined;
        return ctx.workspaceCode(`\`${name}${sub ? ` ${sub}` : ''}\` runs the project's code (tests, build scripts, configuration files, plugins)`);
    };
}
/** `bundle exec rake test`: the command is checked as its own, and runs in the project's environment. */
function nestedCommand(name, rest, ctx) {
    if (rest.length === 0)
        return notAllowed(`${name}-subcommand`, `\`${name}\` needs a command to run.`);
    return (ctx.checkNested(rest) ??
        ctx.workspaceCode(`\`${name}\` runs \`${rest[0].value}\` in the project's environment`));
}
function checkOpenValue(value, kind, ctx) {
    // Comma-separated lists (`--reporters=a,b`, `--setupFiles a,b`) name several modules.
    // `--node-arg=--require=./x.js`: a node option naming the module.
    const text = kind === 'load' ? value.value.replace(/^--?[\w-]+=/, '') : value.value;
    const parts = kind === 'load' ? text.split(',') : [text];
    for (const part of parts) {
        const problem = ctx.checkPath(part === value.value ? value : literal(part), kind);
        if (problem)
            return problem;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/checkers.ts
/**
 * Checkers and test runners outside JavaScript: pytest, tox, nox, coverage, mypy, pylint,
 * flake8, bandit, pyright, yamllint, shellcheck, actionlint, hadolint, staticcheck,
 * golangci-lint. Those that run the project's code (test files, plugins, configuration that
 * names programs) need the sandbox; the others have their operands checked as reads.
 */

const checkerRules = {
    pytest: openRule('pytest', {
        code: true,
        load: ['p', 'c', 'config-file', 'confcutdir', 'rootdir', 'override-ini', 'o', 'pyargs'],
        write: [
            'junitxml',
            'junit-xml',
            'resultlog',
            'result-log',
            'basetemp',
            'cov-report',
            'html',
            'report-log',
            'debug',
        ],
        valued: [
            'k',
            'm',
            'n',
            'numprocesses',
            'maxfail',
            'tb',
            'cov',
            'durations',
            'r',
            'w',
            'w',
            'count',
            'timeout',
            'deselect',
            'ignore',
            'ignore-glob',
            'import-mode',
            'log-level',
            'dist',
            'reruns',
            'cov-fail-under',
            'cov-config',
            'color',
            'capture',
            'randomly-seed',
            'junit-prefix',
        ],
        refuse: {
            pdb: 'it opens an interactive debugger',
            pdbcls: 'it loads a debugger class',
            trace: 'it opens an interactive debugger',
        },
    }),
    tox: openRule('tox', {
        code: true,
        load: ['c', 'conf', 'configfile', 'workdir'],
        valued: ['e', 'envlist', 'p', 'parallel', 'x', 'override', 'm', 'f'],
    }),
    nox: openRule('nox', {
        code: true,
        load: ['f', 'noxfile'],
        valued: ['s', 'session', 'sessions', 'p', 'python', 'k', 't', 'tags'],
    }),
    coverage: openRule('coverage', {
        code: true,
        load: ['rcfile', 'include', 'source'],
        write: ['o', 'd', 'directory', 'data-file'],
        valued: ['m', 'module', 'omit', 'fail-under', 'precision', 'format'],
    }),
    mypy: openRule('mypy', {
        code: true,
        load: ['config-file', 'custom-typeshed-dir', 'custom-typing-module', 'python-executable', 'plugins'],
        write: [
            'cache-dir',
            'html-report',
            'xml-report',
            'txt-report',
            'linecount-report',
            'junit-xml',
            'any-exprs-report',
            'cobertura-xml-report',
            'lineprecision-report',
            'linecoverage-report',
            'memory-xml-report',
            'xslt-html-report',
            'xslt-txt-report',
        ],
        valued: [
            'm',
            'module',
            'p',
            'package',
            'python-version',
            'platform',
            'exclude',
            'always-true',
            'always-false',
            'enable-error-code',
            'disable-error-code',
            'follow-imports',
        ],
        operands: 'read',
    }),
    pylint: openRule('pylint', {
        code: true,
        load: ['rcfile', 'load-plugins', 'init-hook', 'output-format', 'f'],
        write: ['output'],
        valued: [
            'disable',
            'd',
            'enable',
            'e',
            'j',
            'jobs',
            'fail-under',
            'ignore',
            'ignore-patterns',
            'max-line-length',
            'py-version',
            'recursive',
        ],
        refuse: { 'init-hook': 'it runs Python code given on the command line' },
        operands: 'read',
    }),
    flake8: openRule('flake8', {
        code: true,
        load: ['config', 'append-config', 'format', 'enable-extensions', 'require-plugins', 'benchmark'],
        write: ['output-file', 'tee'],
        valued: [
            'max-line-length',
            'max-complexity',
            'select',
            'ignore',
            'extend-ignore',
            'extend-select',
            'exclude',
            'extend-exclude',
            'per-file-ignores',
            'count',
            'j',
            'jobs',
        ],
        operands: 'read',
    }),
    bandit: openRule('bandit', {
        code: false,
        load: ['c', 'configfile', 'profile', 'p'],
        write: ['o', 'output'],
        valued: [
            'f',
            'format',
            'x',
            'exclude',
            's',
            'skip',
            't',
            'tests',
            'l',
            'i',
            'severity-level',
            'confidence-level',
        ],
    }),
    // pyright runs the configured Python interpreter to find its search paths.
    pyright: openRule('pyright', {
        code: true,
        load: ['project', 'p', 'pythonpath', 'venvpath', 'v', 'typeshedpath', 't'],
        write: ['outputjson', 'createstub', 'writebaseline'],
        valued: ['pythonversion', 'pythonplatform', 'level', 'threads'],
        refuse: { watch: 'not needed' },
        operands: 'read',
    }),
    yamllint: openRule('yamllint', {
        code: false,
        load: ['c', 'config-file'],
        valued: ['d', 'config-data', 'f', 'format'],
        operands: 'read',
    }),
    shellcheck: openRule('shellcheck', {
        code: false,
        load: ['rcfile'],
        valued: [
            's',
            'shell',
            'e',
            'exclude',
            'i',
            'include',
            'f',
            'format',
            'S',
            'severity',
            'o',
            'enable',
            'P',
            'source-path',
            'W',
            'wiki-link-count',
        ],
        operands: 'read',
    }),
    actionlint: openRule('actionlint', {
        code: false,
        load: ['config-file', 'shellcheck', 'pyflakes'],
        valued: ['format', 'ignore', 'oneline'],
        operands: 'read',
    }),
    hadolint: openRule('hadolint', {
        code: false,
        load: ['c', 'config'],
        valued: ['ignore', 'f', 'format', 't', 'failure-threshold', 'trusted-registry'],
        operands: 'read',
    }),
    // staticcheck loads packages through `go list` (go.mod's toolchain, cgo).
    staticcheck: openRule('staticcheck', {
        code: true,
        valued: ['checks', 'f', 'fail', 'go', 'tags', 'matrix'],
        load: ['debug.cpuprofile', 'debug.memprofile', 'debug.trace'],
    }),
    'golangci-lint': openRule('golangci-lint', {
        code: true,
        load: ['c', 'config', 'plugins'],
        write: ['out-format', 'output.text.path', 'output.json.path'],
        valued: [
            'timeout',
            'enable',
            'E',
            'disable',
            'D',
            'presets',
            'p',
            'j',
            'concurrency',
            'new-from-rev',
            'build-tags',
            'skip-dirs',
            'max-issues-per-linter',
            'max-same-issues',
        ],
        writeMode: ['fix'],
    }),
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/coreutils.ts
/**
 * GNU coreutils and the other small file and text tools, each with the option table of its own
 * getopt_long call. Files they read are `read` operands, files they write (`sort -o`,
 * `uniq IN OUT`, `xxd IN OUT`) are `write`; files that name more files (`--files0-from`,
 * `file -f`, a checksum list under `-c`) are read and every name in them is checked. Options
 * that follow symlinks while walking (`du -L`, `tree -l`, `ls -RL`, `diff -r` without
 * `--no-dereference`) are refused: a walk would leave the workspace through a link inside it.
 */



const help = 'help version';
const digits = '0 1 2 3 4 5 6 7 8 9';
const readers = {
    cat: [
        'A b e E n s t T u v',
        `show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting ${help}`,
    ],
    tac: ['b r s:text', `before regex separator=text ${help}`],
    nl: [
        'b:text d:text f:text h:text i:num l:num n:text p s:text v:num w:num',
        `body-numbering=text section-delimiter=text footer-numbering=text header-numbering=text line-increment=num join-blank-lines=num number-format=text no-renumber number-separator=text starting-line-number=num number-width=num ${help}`,
    ],
    rev: ['', help],
    fold: ['b s w:num', `bytes spaces width=num ${help}`],
    fmt: [
        'c p:text s t u w:num g:num',
        `crown-margin prefix=text split-only tagged-paragraph uniform-spacing width=num goal=num ${help}`,
    ],
    expand: ['i t:text', `initial tabs=text ${help}`],
    unexpand: ['a t:text', `all first-only tabs=text ${help}`],
    cut: [
        'b:text c:text d:text f:text n s z',
        `bytes=text characters=text delimiter=text fields=text complement only-delimited output-delimiter=text zero-terminated ${help}`,
    ],
    paste: ['d:text s z', `delimiters=text serial zero-terminated ${help}`],
    join: [
        'a:text e:text i j:num o:text t:text v:text z 1:num 2:num',
        `check-order nocheck-order header ignore-case zero-terminated ${help}`,
    ],
    comm: ['1 2 3 z', `check-order nocheck-order output-delimiter=text total zero-terminated ${help}`],
    wc: [
        'c m l L w',
        `bytes chars lines max-line-length words files0-from=list0 total=e:auto|always|only|never ${help}`,
    ],
    head: [
        `c/bytes n/lines q/quiet v/verbose z/zero-terminated ${digits}`,
        `bytes=num lines=num quiet silent verbose zero-terminated ${help}`,
    ],
    tail: [
        `c/bytes f F n/lines q s/sleep-interval v z ${digits}`,
        `bytes=num follow?=e:name|descriptor lines=num max-unchanged-stats=num pid=num quiet retry silent sleep-interval=num verbose zero-terminated ${help}`,
    ],
    md5sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
    sha1sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
    sha256sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
    sha512sum: ['b c t w z', `binary check tag text ignore-missing quiet status strict warn zero ${help}`],
    b2sum: [
        'b c l:num t w z',
        `binary check length=num tag text ignore-missing quiet status strict warn zero ${help}`,
    ],
    cksum: ['a:text l:num', `algorithm=text base64 length=num raw tag untagged check ${help}`],
    base64: ['d i w:num', `decode ignore-garbage wrap=num ${help}`],
    od: [
        'A:text j:num N:num t:text v w::num a b c d f i l o s x',
        `address-radix=text skip-bytes=num read-bytes=num format=text output-duplicates width?=num traditional endian=e:big|little strings?=num ${help}`,
    ],
    hexdump: ['b c C d o x e:text f:read n:num s:num v', ''],
    strings: [
        'a d f n:num t:e:o|d|x e:text w s:text',
        `all data print-file-name bytes=num radix=e:o|d|x encoding=text include-all-whitespace output-separator=text ${help}`,
    ],
    xxd: ['a b C c:num E e g:num i l:num n:text o:num p r d s:text u', ''],
    file: [
        'b c E e:text F:text f/files-from h i k L l m:read N n p r s S v z Z 0',
        `brief checking-printout exclude=text exclude-quiet=text separator=text files-from=list no-dereference mime mime-type mime-encoding keep-going list dereference magic-file=read no-buffer no-pad preserve-date raw special-files no-sandbox uncompress uncompress-noreport print0 extension apple ${help}`,
    ],
    stat: ['L f c:text t', `dereference file-system format=text printf=text terse cached=text ${help}`],
    du: [
        '0 a A b B:text c D d:num H h k L! l m P s S t:text x X:read',
        `null all apparent-size block-size=text bytes total dereference-args max-depth=num human-readable inodes dereference! count-links no-dereference separate-dirs si summarize threshold=text time?=text time-style=text exclude-from=read exclude=pat one-file-system files0-from=list0 ${help}`,
    ],
    tree: [
        'a d l! f x L:num P:pat I:pat o! i s h u g D F q N Q p C n r t c U v J X',
        'noreport dirsfirst gitignore charset=text filelimit=num du si prune matchdirs ignore-case info sort=text timefmt=text help version',
    ],
    readlink: [
        'f e m n q s v z',
        `canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero ${help}`,
    ],
    realpath: [
        'e L m P q s z',
        `canonicalize-existing canonicalize-missing logical physical quiet relative-to=read relative-base=read strip no-symlinks zero ${help}`,
    ],
    basename: ['a s:text z', `multiple suffix=text zero ${help}`],
    dirname: ['z', `zero ${help}`],
    column: [
        'c:num e J l:num L n:text N:text o:text O:text r:text s:text t T:text x d H:text E:text W:text R:text i:text p:text',
        `columns=num table output-separator=text separator=text fillrows json ${help}`,
    ],
    diff: [
        'a b B c C:num d D:text e E f F:pat i I:pat l n N p P q r s S:text t T u U:num v w W:num x:pat X:read y Z',
        `text ignore-space-change ignore-blank-lines context?=num minimal ifdef=text ed expand-tabs ignore-tab-expansion show-function-line=pat ignore-case ignore-matching-lines=pat paginate! rcs new-file brief recursive report-identical-files starting-file=text initial-tab unified?=num exclude=pat exclude-from=read side-by-side ignore-trailing-space ignore-all-space width=num color?=e:never|always|auto no-dereference strip-trailing-cr suppress-common-lines suppress-blank-empty left-column label=text line-format=text old-line-format=text new-line-format=text unchanged-line-format=text old-group-format=text new-group-format=text changed-group-format=text unchanged-group-format=text normal speed-large-files horizontal-lines=num unidirectional-new-file ignore-file-name-case no-ignore-file-name-case from-file=read to-file=read tabsize=num palette=text ${help}`,
    ],
    cmp: ['b i:text l n:num s', `print-bytes ignore-initial=text verbose bytes=num quiet silent ${help}`],
    cut_: ['', ''],
};
const textOnly = {
    echo: ['n e E', ''],
    printf: ['', ''],
    true: ['', ''],
    false: ['', ''],
    ':': ['', ''],
    pwd: ['L P', ''],
    date: [
        'd:text I::text R u s! f:read r:read',
        `date=text iso-8601?=text rfc-email rfc-3339=text utc universal reference=read debug ${help}`,
    ],
    sleep: ['', help],
    seq: ['f:text s:text w', `format=text separator=text equal-width ${help}`],
    uname: [
        'a s n r v m p i o',
        `all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system ${help}`,
    ],
    nproc: ['', `all ignore=num ${help}`],
    whoami: ['', help],
    id: ['a Z g G n r u z', `context group groups name real user zero ${help}`],
    yes: ['', help],
    locale: ['a m c k v', 'all-locales charmaps category-name keyword-name verbose help version'],
    which: ['a s', ''],
    exit: ['', ''],
};
const followReasons = {
    L: 'it follows every symlink while walking, out of the workspace',
    dereference: 'it follows every symlink while walking, out of the workspace',
    l: 'it follows symlinks to folders while walking, out of the workspace',
};
/** Tools whose operands are not all read files. */
const operandKinds = {
    // xxd [IN [OUT]]: the second operand is written (uniq's is, below).
    xxd: () => ['read', 'write'],
};
/** Tools that expand `@file` arguments into more arguments (binutils' response files). */
const responseFiles = new Set(['strings']);
const checksumTools = new Set(['md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'b2sum']);
const coreutilRules = {};
for (const [name, [short, long]] of Object.entries(readers)) {
    if (name.endsWith('_'))
        continue;
    const table = optionTable({ short, long, reasons: followReasons });
    coreutilRules[name] = (args, ctx) => {
        if (responseFiles.has(name)) {
            const at = args.find((a) => a.value.startsWith('@'));
            if (at)
                return deny('response-file', `\`${name} ${at.value}\` reads more arguments from a file, which the policy cannot see.`);
        }
        const check = checksumTools.has(name) && args.some((a) => /^(-[a-z]*c[a-z]*|--check)$/.test(a.value));
        const parsed = checkArgs(name, table, args, ctx, check ? 'read' : (operandKinds[name] ?? (() => 'read')));
        if (rule_isDenial(parsed))
            return parsed;
        if (check)
            return checkChecksumLists(name, parsed.operands, ctx);
        if (name === 'diff' && findParsed(parsed, 'recursive', 'r'))
            return recursiveDiff(parsed, ctx);
        return undefined;
    };
}
/** `diff -r` follows symlinks inside the trees unless told not to. */
function recursiveDiff(parsed, ctx) {
    if (!findParsed(parsed, 'no-dereference'))
        return deny('recursive-follow', '`diff -r` follows symlinks inside the folders, out of the workspace; add `--no-dereference`.');
    for (const op of parsed.operands) {
        const problem = checkValue(op, 'walk', '`diff -r`', ctx);
        if (problem)
            return problem;
    }
    return undefined;
}
/** `sha256sum -c LIST`: every file the list names is read and checked. */
function checkChecksumLists(name, lists, ctx) {
    if (lists.length === 0)
        return deny('unchecked-file', `\`${name} -c\` without a list reads it from stdin.`);
    for (const list of lists) {
        const contents = ctx.readChecked(list, false);
        if (rule_isDenial(contents))
            return contents;
        for (const line of contents.flatMap((c) => c.split('\n'))) {
            if (line.trim() === '')
                continue;
            // `HASH  name`, `HASH *name`, or the BSD form `ALGO (name) = HASH`; `\` escapes are refused.
            const file = /^[0-9a-fA-F]+ [ *](.+)$/.exec(line)?.[1] ?? /^\w+ \((.+)\) = [0-9a-fA-F]+$/.exec(line)?.[1];
            if (file === undefined || line.startsWith('\\'))
                return deny('unchecked-file', `\`${name} -c ${list.value}\` has a line the policy cannot read: \`${line.slice(0, 60)}\`.`);
            const problem = checkValue(literal(file), 'read', `\`${name} -c ${list.value}\``, ctx);
            if (problem)
                return problem;
        }
    }
    return undefined;
}
for (const [name, [short, long]] of Object.entries(textOnly)) {
    // `printf`/`echo` take no options that name files; `printf -v` assigns a variable, and bash
    // evaluates an array subscript in its name (`printf -v 'a[$(id)]'`), so it is not in the table.
    const table = optionTable({ short, long, permute: !['echo', 'printf', ':', 'true', 'false', 'exit'].includes(name) });
    coreutilRules[name] = (args, ctx) => {
        if (['echo', 'printf', ':', 'true', 'false'].includes(name)) {
            if (name === 'printf' && args[0]?.value.startsWith('-') && args[0].value !== '--')
                return deny('printf-option', '`printf -v` assigns a shell variable (and evaluates its subscript); print instead.');
            return undefined; // every argument is text (echo's own flags included)
        }
        const parsed = checkArgs(name, table, args, ctx, 'text');
        return rule_isDenial(parsed) ? parsed : undefined;
    };
}
const lsTable = optionTable({
    short: 'a A b B c C d D f F g G h H i I:pat k l L m n N o p q Q r R s S t T:num u U v w:num x X Z 1',
    long: `all almost-all author escape block-size=text ignore-backups color?=e:always|auto|never|yes|no|tty|force|if-tty|none classify?=e:always|auto|never file-type format=text full-time group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide=pat hyperlink?=e:always|auto|never indicator-style=text inode ignore=pat kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style=text reverse recursive size sort=text time=text time-style=text tabsize=num width=num context zero ${help}`,
});
/** ls: `-R` with `-L` lists what symlinks inside the tree lead to. */
coreutilRules['ls'] = (args, ctx) => {
    const parsed = checkArgs('ls', lsTable, args, ctx, 'read');
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'recursive', 'R') && findParsed(parsed, 'dereference', 'L'))
        return deny('recursive-follow', '`ls -R` with `-L` follows symlinks out of the workspace.');
    return undefined;
};
/** `test`/`[`: the expression is text, except `-v NAME` (bash evaluates an array subscript). */
const testRule = (args) => {
    const v = args.find((a) => a.value === '-v' || a.value === '-R');
    if (v)
        return deny('test-variable', '`test -v`/`-R` evaluates an array subscript as code in bash; it is not allowed.');
    return undefined;
};
coreutilRules['test'] = testRule;
coreutilRules['['] = testRule;
/** sort: `-o FILE` is a write; `--compress-program` runs a program. */
coreutilRules['sort'] = tableRule('sort', optionTable({
    short: 'b c C d f g h i k:text M m n o:write R r s S:text t:text T:write u V z',
    rule: 'sort-compress-program',
    reasons: { 'compress-program': 'it runs a program' },
    long: `ignore-leading-blanks check?=text dictionary-order ignore-case general-numeric-sort human-numeric-sort ignore-nonprinting key=text month-sort merge numeric-sort output=write random-sort random-source=read reverse sort=text stable buffer-size=text field-separator=text temporary-directory=write unique version-sort zero-terminated batch-size=num compress-program=text! debug files0-from=list0 parallel=num ${help}`,
}), 'read');
/** uniq [IN [OUT]]: the second operand is written. */
coreutilRules['uniq'] = tableRule('uniq', optionTable({
    short: 'c d D f:num i s:num u w:num z',
    long: `count repeated all-repeated?=text skip-fields=num group?=text ignore-case skip-chars=num unique zero-terminated check-chars=num ${help}`,
}), ['read', 'write']);
coreutilRules['tr'] = tableRule('tr', optionTable({ short: 'c C d s t', long: `complement delete squeeze-repeats truncate-set1 ${help}` }), 'text');
/** `type`, `command -v`: look-ups by name. */
coreutilRules['type'] = tableRule('type', optionTable({ short: 'a f p P t', abbreviations: false }), 'text');
coreutilRules['command'] = (args) => args[0]?.value === '-v' || args[0]?.value === '-V'
    ? undefined
    : deny('wrapper', '`command` runs another command past the shell functions; call the command directly.');

;// CONCATENATED MODULE: ./src/bash-policy/rules/jq-filter.ts
/**
 * jq and yq filters read as tokens, with an allowlist instead of a list of bad words: every
 * name a filter calls must be a known operator that only transforms its input (or a function
 * the filter defines), every `$variable` must not be `$ENV` or a `$__…` one, every `@format` a
 * known encoder. Strings are read with their `\(…)` interpolations (code inside a string is
 * tokenised too), `.name` and `."name"` are field accesses, and a name right before `:` in an
 * object is a key; anything else the lexer does not know is refused. Both yqs are covered: the
 * jq wrapper passes its filter to jq, mikefarah's has its own operators (its `load`, `eval`,
 * `env`, `strenv` are not on the list).
 */

const safeNames = new Set([
    // jq built-ins that only transform their input.
    'length utf8bytelength not keys keys_unsorted values has in map map_values path del getpath setpath delpaths to_entries from_entries with_entries select recurse recurse_down empty error halt halt_error paths leaf_paths add any all flatten range floor sqrt pow log log2 log10 exp exp2 exp10 tostring tonumber type infinite nan isinfinite isnan isnormal isvalid sort sort_by group_by min max min_by max_by unique unique_by reverse contains inside startswith endswith combinations ltrimstr rtrimstr trimstr trim ltrim rtrim explode implode split join ascii_downcase ascii_upcase ascii while until repeat limit first last nth isempty splits sub gsub test match capture scan tojson fromjson todate fromdate now mktime gmtime localtime strftime strptime strflocaltime todateiso8601 fromdateiso8601 dateadd datesub date tostream fromstream truncate_stream indices index rindex walk transpose bsearch objects iterables booleans numbers strings nulls arrays scalars abs toarray pick have_literal_numbers have_decnum significand gamma lgamma tgamma lgamma_r frexp modf ldexp scalb scalbln nearbyint trunc round ceil fabs acos acosh asin asinh atan atanh cbrt cos cosh expm1 log1p logb rint sin sinh tan tanh y0 y1 j0 j1 atan2 copysign drem fdim fmax fmin fmod hypot nextafter nexttoward fma erf erfc pow10 remainder getpath tojson ltrimstr skip toboolean getpath splits ascii env_not_allowed IN INDEX GROUP_BY UNIQUE_BY ANY ALL',
    // jq keywords and literals.
    'def as if then elif else end reduce foreach try catch label break and or null true false',
    // mikefarah yq operators that only transform their input.
    'sort_keys shuffle omit pivot array_to_map ireduce collect splitDoc document_index di file_index fi filename key kind tag style anchor alias explode parent parents line column head_comment line_comment foot_comment to_json to_yaml to_props to_csv to_tsv to_xml to_string to_number to_uri from_json from_yaml from_props from_csv from_tsv from_xml from_base64 to_base64 from_unix to_unix format_datetime with_dtf tz upcase downcase any_c all_c eval_not_allowed with entries compare divide modulo unique_by sort_by_keys subtract select has',
]
    .join(' ')
    .split(' ')
    .filter((n) => !n.endsWith('_not_allowed')));
/** Built-ins that reach the environment, other files, modules or stderr. */
const refusedBuiltins = new Set('env input inputs debug stderr input_filename input_line_number builtins get_search_list get_prog_origin get_jq_origin modulemeta include import load load_str load_xml load_props load_base64 strenv envsubst eval __loc__'.split(' '));
const safeFormats = new Set('text json html uri urid csv tsv base64 base64d base32 base32d yaml props xml'.split(' '));
const why = (what) => `uses \`${what}\`, which is not one of the operators that only transform the input (the environment, other files, modules and shell-quoted output are off limits)`;
const jq_filter_refuse = (tool, what) => deny(`${tool}-filter`, `The ${tool} filter ${what}; filter the input only.`);
/** Checks a jq or yq filter; `undefined` when every token is allowed. */
function checkFilter(tool, filter) {
    const defined = new Set();
    // Names a filter defines (`def f:`, `def f(g; $x):`) may be called, unless they shadow a
    // refused built-in (the check below still sees the built-in's name).
    for (const match of filter.matchAll(/\bdef\s+([A-Za-z_]\w*)\s*(\(([^)]*)\))?/g)) {
        const names = [match[1], ...(match[3] ?? '').split(';').map((p) => p.trim())];
        for (const name of names) {
            if (!/^[A-Za-z_]\w*$/.test(name))
                continue;
            // Definitions are scoped, the check is not: a refused name defined in one place would
            // let the built-in through elsewhere.
            if (refusedBuiltins.has(name))
                return jq_filter_refuse(tool, `defines \`${name}\`, the name of a built-in that is off limits`);
            defined.add(name);
        }
    }
    const problem = scan(tool, filter, 0, filter.length, defined);
    return typeof problem === 'number' ? undefined : problem;
}
/**
 * Scans `src` from `i` until `end` or, inside an interpolation, the `)` closing it; returns the
 * index reached or a denial.
 */
function scan(tool, src, start, end, defined, interpolation = false) {
    let i = start;
    // Open brackets, innermost last; a name right after `{` or an object's `,` is a key.
    const open = [];
    let keyPosition = false;
    while (i < end) {
        const ch = src[i];
        if (/\s/.test(ch)) {
            i++;
            continue;
        }
        if (ch === '#') {
            const eol = src.indexOf('\n', i);
            const comment = src.slice(i, eol === -1 ? end : eol);
            // jq 1.7.1 continues a comment after a trailing backslash; older versions do not.
            if (comment.endsWith('\\'))
                return jq_filter_refuse(tool, 'has a comment ending in `\\`');
            i = eol === -1 ? end : eol;
            continue;
        }
        if (ch === '"') {
            const after = string(tool, src, i, end, defined);
            if (typeof after !== 'number')
                return after;
            i = after;
            keyPosition = false;
            continue;
        }
        if (ch === '.') {
            // `.name` and `."name"` are fields; `..` is recursion; `.[` indexing.
            const field = /\.[A-Za-z_]\w*/y;
            field.lastIndex = i;
            const m = field.exec(src);
            i = m ? i + m[0].length : i + 1;
            keyPosition = false;
            continue;
        }
        if (ch === '$') {
            const m = /\$(__loc__|[A-Za-z_]\w*)/y;
            m.lastIndex = i;
            const v = m.exec(src);
            if (!v)
                return jq_filter_refuse(tool, 'has a `$` the policy cannot read');
            if (v[1] === 'ENV' || v[1].startsWith('__'))
                return jq_filter_refuse(tool, why(v[0]));
            i += v[0].length;
            keyPosition = false;
            continue;
        }
        if (ch === '@') {
            const m = /@([A-Za-z_]\w*)/y;
            m.lastIndex = i;
            const f = m.exec(src);
            if (!f || !safeFormats.has(f[1]))
                return jq_filter_refuse(tool, why(f?.[0] ?? '@'));
            i += f[0].length;
            continue;
        }
        if (/[A-Za-z_]/.test(ch)) {
            const m = /[A-Za-z_]\w*(::[A-Za-z_]\w*)*/y;
            m.lastIndex = i;
            const name = m.exec(src)[0];
            i += name.length;
            const next = src.slice(i).match(/^\s*(.)/)?.[1];
            // An object key (`{name: …}`, `{name, …}`, `{name}`) is a literal, not a call.
            if (keyPosition && (next === ':' || next === ',' || next === '}')) {
                keyPosition = false;
                continue;
            }
            keyPosition = false;
            if (name.includes('::'))
                return jq_filter_refuse(tool, why(name));
            if (!safeNames.has(name) && !defined.has(name))
                return jq_filter_refuse(tool, why(name));
            continue;
        }
        if (/[0-9]/.test(ch)) {
            const m = /[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?/y;
            m.lastIndex = i;
            i += m.exec(src)[0].length;
            continue;
        }
        if (!'|,;:()[]{}+-*/%=<>!?'.includes(ch))
            return jq_filter_refuse(tool, `has \`${ch}\`, which the policy does not read`);
        if (ch === ')' && open.length === 0 && interpolation)
            return i + 1;
        if ('([{'.includes(ch))
            open.push(ch);
        if (')]}'.includes(ch) && open.pop() !== { ')': '(', ']': '[', '}': '{' }[ch])
            return jq_filter_refuse(tool, `has an unmatched \`${ch}\``);
        i++;
        keyPosition = (ch === '{' || ch === ',') && open.at(-1) === '{';
    }
    return interpolation ? jq_filter_refuse(tool, 'has an unclosed `\\(` in a string') : i;
}
/** A string from its opening quote: escapes skipped, `\(…)` scanned as code. Returns the index after it. */
function string(tool, src, open, end, defined) {
    let i = open + 1;
    while (i < end) {
        const ch = src[i];
        if (ch === '"')
            return i + 1;
        if (ch === '\\') {
            if (src[i + 1] === '(') {
                const after = scan(tool, src, i + 2, end, defined, true);
                if (typeof after !== 'number')
                    return after;
                i = after;
                continue;
            }
            i += 2;
            continue;
        }
        i++;
    }
    return jq_filter_refuse(tool, 'has a string that is not closed');
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/data-tools.ts
/**
 * jq and yq: their filters are programs too, checked token by token against the operators that
 * only transform the input (jq-filter.ts); yq's in-place editing is a write.
 */




const jqTable = optionTable({
    short: 'c n r j a s S e C M R f:load L! h V 0 0 t:text',
    long: 'compact-output null-input raw-output join-output raw-output0 ascii-output slurp sort-keys exit-status color-output monochrome-output raw-input from-file=load tab indent=num stream stream-errors seq unbuffered arg! args jsonargs rawfile! slurpfile! argjson! help version build-configuration',
    abbreviations: false,
    reasons: {
        L: 'it loads jq modules from a folder',
        arg: 'named arguments are not needed (write values into the filter)',
        rawfile: 'it reads another file into the filter',
        slurpfile: 'it reads another file into the filter',
        argjson: 'named arguments are not needed',
    },
});
const jq = (args, ctx) => {
    const parsed = checkArgs('jq', jqTable, args, ctx, (p) => findParsed(p, 'from-file', 'f') ? 'read' : ['text', 'read']);
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'from-file', 'f'))
        return deny('jq-filter', 'Write the jq filter inline instead of `-f`.');
    const filter = parsed.operands[0]?.value;
    return filter === undefined ? undefined : checkFilter('jq', filter);
};
const yqTable = optionTable({
    short: 'i C M e P p:e:auto|a|yaml|y|json|j|props|p|xml|x|csv|c|tsv|t|toml|lua|l|uri|shell|s|base64|ini o:e:auto|a|yaml|y|json|j|props|p|xml|x|csv|c|tsv|t|toml|lua|l|uri|shell|s|base64|ini I:num r N n s:text v V h 0 y Y c S w:num',
    long: 'inplace in-place colors no-colors exit-status prettyPrint input-format=text output-format=text indent=num unwrapScalar raw-output no-doc null-input split-exp=text verbose version help expression=text from-file! front-matter=e:extract|process header-preprocess nul-output no-colors yaml-output yml-output yaml-roundtrip yml-roundtrip width=num indentless-lists indentless compact-output sort-keys tab',
    reasons: { 'from-file': 'write the expression inline' },
});
const yq = (args, ctx) => {
    // yq v4 subcommands: `yq eval …`, `yq e …`, `yq eval-all …`.
    const rest = ['eval', 'e', 'eval-all', 'ea'].includes(args[0]?.value ?? '') ? args.slice(1) : args;
    const parsed = checkArgs('yq', yqTable, rest, ctx, (p) => {
        const inPlace = findParsed(p, 'inplace', 'in-place', 'i') !== undefined;
        const hasExpression = findParsed(p, 'expression') !== undefined;
        const files = inPlace ? 'write' : 'read';
        return hasExpression ? files : ['text', files];
    });
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'split-exp', 's'))
        return deny('yq-filter', '`yq -s` writes files named by an expression.');
    const expressions = [findParsed(parsed, 'expression')?.value?.value ?? parsed.operands[0]?.value ?? ''];
    for (const e of expressions) {
        const problem = checkFilter('yq', e);
        if (problem)
            return problem;
    }
    return undefined;
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/ecosystems.ts
/**
 * Build systems and toolchains beyond Node, Python, Go, Rust, Java and .NET, as real projects'
 * CI runs them: C and C++ (cmake, ctest, ninja, meson), Ruby (ruby, bundle, rake, rspec,
 * rubocop), Deno, Bun, PHP (composer, phpunit), Elixir (mix), Swift, docs (sphinx-build,
 * mkdocs), infrastructure (terraform, helm) and task runners (just, pre-commit). Almost all of
 * them run the project's code or read configuration that names programs, so they need the
 * sandbox; what publishes, deploys, installs by name, serves, or takes code on the command line
 * is refused.
 */

const publishes = 'it publishes, deploys or uses credentials';
const installs = 'it adds or upgrades dependencies (the lockfile is what you have)';
const serves = 'it starts a server or an interactive session';
const ecosystemRules = {
    cmake: openRule('cmake', {
        code: true,
        read: ['S'],
        write: ['B', 'install-prefix', 'prefix', 'graphviz', 'trace-redirect', 'profiling-output'],
        load: ['C', 'toolchain', 'P'],
        valued: [
            'D',
            'G',
            'A',
            'T',
            'U',
            'W',
            'target',
            't',
            'config',
            'j',
            'parallel',
            'build',
            'install',
            'component',
            'log-level',
        ],
        // `cmake -E env|chdir|time …` runs another command, past the policy.
        refuse: { E: 'command mode runs other commands; use the shell command itself' },
    }),
    ctest: openRule('ctest', {
        code: true,
        read: ['test-dir', 'resource-spec-file'],
        write: ['output-junit', 'output-log', 'O'],
        load: ['S', 'script'],
        valued: [
            'C',
            'build-config',
            'j',
            'parallel',
            'R',
            'tests-regex',
            'E',
            'exclude-regex',
            'L',
            'label-regex',
            'timeout',
            'repeat',
            'I',
            'tests-information',
        ],
        refuse: {
            D: 'dashboard mode submits results over the network',
            dashboard: 'dashboard mode submits results over the network',
            T: 'dashboard steps submit results over the network',
            M: 'dashboard mode submits results over the network',
        },
    }),
    ninja: openRule('ninja', { code: true, chdir: ['C'], load: ['f'], valued: ['j', 'k', 'l', 'd', 't', 'w'] }),
    meson: openRule('meson', {
        code: true,
        chdir: ['C'],
        valued: ['buildtype', 'backend', 'd', 'suite', 'num-processes', 'setup', 'wrap-mode'],
        refusedSubcommands: {
            wrap: installs,
            subprojects: installs,
            install: 'it installs outside the workspace',
            dist: publishes,
        },
    }),
    ruby: openRule('ruby', {
        code: true,
        interpreter: true,
        evaluate: ['e'],
        load: ['r', 'require'],
        read: ['I', 'C'],
    }),
    bundle: openRule('bundle', {
        code: true,
        nested: ['exec'],
        load: ['gemfile'],
        write: ['path'],
        valued: ['jobs', 'j', 'retry', 'without', 'with', 'deployment'],
        refusedSubcommands: {
            add: installs,
            update: installs,
            remove: installs,
            outdated: 'it queries the registry',
            open: serves,
            console: serves,
            gem: 'it creates a gem',
            inject: installs,
            lock: installs,
            plugin: installs,
            binstubs: 'it writes programs',
            viz: 'not needed',
        },
    }),
    rake: openRule('rake', {
        code: true,
        load: ['f', 'rakefile', 'r', 'require', 'i', 'libdir'],
        evaluate: ['e', 'execute', 'p', 'execute-print', 'e'],
    }),
    rspec: openRule('rspec', {
        code: true,
        load: ['r', 'require', 'options', 'i'],
        write: ['o', 'out'],
        valued: ['e', 'example', 't', 'tag', 'f', 'format', 'seed', 'order', 'pattern'],
    }),
    rubocop: openRule('rubocop', {
        code: true,
        load: ['c', 'config', 'r', 'require', 'plugin'],
        write: ['o', 'out', 'cache-root'],
        valued: ['f', 'format', 'only', 'except', 'fail-level'],
        writeMode: [
            'a',
            'autocorrect',
            'A',
            'autocorrect-all',
            'auto-correct',
            'auto-correct-all',
            'x',
            'fix-layout',
        ],
    }),
    deno: openRule('deno', {
        code: true,
        interpreter: true,
        noUrls: true,
        load: ['config', 'c', 'import-map', 'preload', 'require', 'env-file'],
        write: ['output', 'o', 'coverage', 'junit-path'],
        valued: ['filter', 'reporter', 'ext', 'seed', 'shuffle'],
        evaluate: ['eval', 'e', 'print', 'p'],
        writeMode: [],
        refuse: { inspect: serves, 'inspect-brk': serves, 'inspect-wait': serves },
        refusedSubcommands: {
            eval: 'it runs code given on the command line',
            repl: serves,
            serve: serves,
            jupyter: serves,
            install: installs,
            uninstall: installs,
            add: installs,
            remove: installs,
            upgrade: 'it replaces deno',
            publish: publishes,
            deploy: publishes,
            compile: 'it builds an executable',
            lsp: serves,
        },
    }),
    bun: openRule('bun', {
        code: true,
        interpreter: true,
        noUrls: true,
        load: ['preload', 'r', 'require', 'config', 'c', 'env-file', 'tsconfig-override'],
        chdir: ['cwd'],
        write: ['outdir', 'outfile', 'coverage-dir'],
        valued: ['t', 'test-name-pattern', 'timeout', 'filter', 'target', 'format'],
        evaluate: ['e', 'eval', 'p', 'print'],
        refuse: { inspect: serves, 'inspect-brk': serves, 'inspect-wait': serves },
        refusedSubcommands: {
            x: 'it downloads and runs a package',
            add: installs,
            a: installs,
            remove: installs,
            rm: installs,
            update: installs,
            upgrade: 'it replaces bun',
            create: 'it downloads a template',
            c: 'it downloads a template',
            publish: publishes,
            link: installs,
            unlink: installs,
            pm: 'it changes the package cache or registry settings',
            repl: serves,
        },
    }),
    composer: openRule('composer', {
        code: true,
        chdir: ['d', 'working-dir'],
        valued: ['no-interaction'],
        refusedSubcommands: {
            require: installs,
            remove: installs,
            update: installs,
            upgrade: installs,
            global: installs,
            'self-update': 'it replaces composer',
            selfupdate: 'it replaces composer',
            config: 'it changes configuration (repositories, scripts)',
            'create-project': 'it downloads a project',
            exec: 'it runs a program of its own choosing',
        },
    }),
    phpunit: openRule('phpunit', {
        code: true,
        load: ['c', 'configuration', 'bootstrap'],
        write: ['log-junit', 'coverage-clover', 'coverage-html'],
        valued: ['filter', 'group', 'testsuite'],
    }),
    mix: openRule('mix', {
        code: true,
        refusedSubcommands: {
            'hex.publish': publishes,
            'archive.install': installs,
            'local.hex': installs,
            'local.rebar': installs,
            'deps.update': installs,
            'escript.install': installs,
        },
    }),
    swift: openRule('swift', {
        code: true,
        chdir: ['package-path'],
        refusedSubcommands: { repl: serves, 'package-registry': publishes },
    }),
    'sphinx-build': openRule('sphinx-build', {
        code: true,
        read: ['c'],
        write: ['d', 'w'],
        valued: ['b', 'j', 'jobs', 'D', 'A', 't'],
        operands: 'read',
    }),
    mkdocs: openRule('mkdocs', {
        code: true,
        load: ['f', 'config-file'],
        write: ['d', 'site-dir'],
        refusedSubcommands: { 'gh-deploy': publishes, serve: serves },
    }),
    terraform: openRule('terraform', {
        code: true,
        singleDash: true,
        chdir: ['chdir'],
        load: ['plugin-dir'],
        valued: ['var', 'var-file', 'backend-config'],
        noCode: ['fmt', 'version', '-version'],
        refusedSubcommands: {
            apply: publishes,
            destroy: publishes,
            plan: 'it reads remote state and providers with credentials',
            import: publishes,
            state: publishes,
            taint: publishes,
            untaint: publishes,
            refresh: publishes,
            login: publishes,
            logout: publishes,
            console: serves,
            output: 'it reads remote state',
            workspace: publishes,
            'force-unlock': publishes,
        },
        writeMode: [],
    }),
    helm: openRule('helm', {
        code: false,
        read: ['f', 'values', 'set-file'],
        write: ['output-dir'],
        valued: [
            'set',
            'set-string',
            'set-json',
            'namespace',
            'n',
            'kube-version',
            'api-versions',
            'a',
            'show-only',
            's',
            'version',
            'name-template',
            'release-name',
        ],
        refuse: {
            'post-renderer': 'it runs a program',
            kubeconfig: 'it reaches a cluster',
            'kube-context': 'it reaches a cluster',
        },
        refusedSubcommands: {
            install: publishes,
            upgrade: publishes,
            uninstall: publishes,
            delete: publishes,
            rollback: publishes,
            push: publishes,
            registry: publishes,
            repo: installs,
            plugin: 'it installs or runs plugins',
            dependency: installs,
            dep: installs,
            pull: installs,
            fetch: installs,
            test: 'it runs tests in a cluster',
            get: 'it reads a cluster',
            status: 'it reads a cluster',
            history: 'it reads a cluster',
            list: 'it reads a cluster',
            ls: 'it reads a cluster',
            package: 'it signs or packages charts',
            search: 'it queries the network',
            env: 'it prints the environment',
        },
    }),
    just: openRule('just', {
        code: true,
        load: ['f', 'justfile'],
        chdir: ['d', 'working-directory'],
        evaluate: ['evaluate'],
    }),
    'pre-commit': openRule('pre-commit', {
        code: true,
        load: ['c', 'config'],
        valued: ['hook-stage', 'from-ref', 'to-ref', 's', 'o'],
        refusedSubcommands: {
            install: 'it writes git hooks',
            uninstall: 'it changes git hooks',
            'install-hooks': installs,
            autoupdate: installs,
            'try-repo': 'it downloads and runs another repository',
            'init-templatedir': 'it writes git hooks',
            'migrate-config': 'it rewrites the configuration',
        },
    }),
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/file-ops.ts
/**
 * The commands that change files: mkdir, rmdir, touch, tee, chmod, cp, mv, rm. Every name they
 * write is a typed write (recorded for the line, for review runs and for "written this run").
 * What runs where the typing would be a guess is a `tree` write: cp/mv targets (they can create
 * symlinks and move folders), mv sources, and recursive rm/chmod, which may not take the
 * workspace, a folder above it or a folder holding `.git`/`.github`. A copy lands at the
 * destination or inside it (`dest/<name>`) depending on what exists when it runs, so both are
 * checked.
 */







const file_ops_help = 'help version';
const fileOpRules = {};
fileOpRules['mkdir'] = tableRule('mkdir', optionTable({ short: 'm:text p v Z', long: `mode=text parents verbose context?=text ${file_ops_help}` }), 'write');
fileOpRules['rmdir'] = tableRule('rmdir', optionTable({ short: 'p v', long: `ignore-fail-on-non-empty parents verbose ${file_ops_help}` }), 'write');
fileOpRules['touch'] = tableRule('touch', optionTable({
    short: 'a c d:text f h m r:read t:text',
    long: `no-create date=text no-dereference reference=read time=text ${file_ops_help}`,
}), 'write');
fileOpRules['tee'] = tableRule('tee', optionTable({ short: 'a i p', long: `append ignore-interrupts output-error?=text ${file_ops_help}` }), 'write');
const chmodTable = optionTable({
    short: 'c f v R',
    long: `changes silent quiet verbose no-preserve-root preserve-root reference=read recursive ${file_ops_help}`,
});
/** chmod MODE FILE… or chmod --reference=RFILE FILE… (then every operand is a file). */
fileOpRules['chmod'] = (args, ctx) => {
    const recursive = (p) => findParsed(p, 'recursive', 'R') !== undefined;
    const parsed = checkArgs('chmod', chmodTable, args, ctx, (p) => {
        const files = recursive(p) ? 'tree' : 'write';
        return findParsed(p, 'reference') ? files : ['text', files];
    });
    if (rule_isDenial(parsed))
        return parsed;
    const mode = findParsed(parsed, 'reference') ? undefined : parsed.operands[0]?.value;
    if (mode !== undefined && !/^([ugoa]*[-+=][rwxX]*,?)+$|^0?[0-7]{3}$/.test(mode))
        return deny('chmod-mode', `\`chmod ${mode}\`: only plain read/write/execute modes are allowed (no setuid/setgid).`);
    return undefined;
};
const cpTable = optionTable({
    short: 'a b d f i H l! L n P p R r s! S:text t:text T u v x Z',
    long: `archive attributes-only backup?=text copy-contents force interactive dereference no-clobber no-dereference preserve?=text no-preserve=text parents recursive reflink?=text remove-destination sparse=text strip-trailing-slashes suffix=text target-directory=text no-target-directory update?=text verbose one-file-system context?=text debug link! symbolic-link! ${file_ops_help}`,
    reasons: {
        link: 'it creates hard links, which can share a file outside the workspace',
        'symbolic-link': 'it creates symlinks, which can point outside the workspace',
        l: 'it creates hard links',
        s: 'it creates symlinks',
    },
});
const mvTable = optionTable({
    short: 'b f i n S:text t:text T u v Z',
    long: `backup?=text force interactive no-clobber no-copy strip-trailing-slashes suffix=text target-directory=text no-target-directory update?=text verbose context exchange debug ${file_ops_help}`,
});
/** Where a source lands: the destination itself, or `dest/<name>` when it is (or becomes) a folder. */
function landings(source, dest, parsed, ctx) {
    // A glob's matches decide where they land (`cp sub/.g* .` can land on `.github`).
    const names = source.glob
        ? ctx.cwds.flatMap((cwd) => expandGlob(cwd, source.value, POLICY_GLOB_MAX_MATCHES).map((m) => external_node_path_default().relative(cwd, m)))
        : [source.value];
    if (names.length === 0)
        names.push(source.value);
    // An existing folder is entered (another step of the line changing it is a line conflict).
    const intoFolder = findParsed(parsed, 'target-directory', 't') !== undefined ||
        dest.value.endsWith('/') ||
        ctx.cwds.some((cwd) => isFolder(external_node_path_default().resolve(cwd, dest.value)));
    const asFile = findParsed(parsed, 'no-target-directory', 'T') !== undefined;
    const parents = findParsed(parsed, 'parents') !== undefined;
    const out = [];
    for (const name of names) {
        if (parents) {
            out.push(literal(`${dest.value}/${name}`));
            continue;
        }
        const base = external_node_path_default().basename(name.replace(/\/+$/, ''));
        if (base === '.' || base === '..' || base === '')
            return undefined;
        // `-T`: onto the destination itself; an existing folder or `-t`: inside it; else either.
        if (asFile || !intoFolder)
            out.push(dest);
        if (!asFile)
            out.push(literal(`${dest.value.replace(/\/+$/, '')}/${base}`));
    }
    return out;
}
/**
 * With `-b`/`--backup`/`--suffix`, a replaced file is first renamed to `<name><suffix>` or
 * `<name>.~N~`: more names written, beside each landing place.
 */
function backups(places, parsed) {
    const option = findParsed(parsed, 'backup', 'b', 'suffix', 'S');
    if (!option)
        return [];
    const suffix = findParsed(parsed, 'suffix', 'S')?.value?.value ?? '~';
    return places.flatMap((p) => [literal(`${p.value}${suffix}`), literal(`${p.value}.~1~`)]);
}
/** cp/mv: sources are read (cp -r: walked; mv: moved away), every landing place written. */
function copyRule(name) {
    return (args, ctx) => {
        const parsed = checkArgs(name, name === 'cp' ? cpTable : mvTable, args, ctx, 'text');
        if (rule_isDenial(parsed))
            return parsed;
        const ops = parsed.operands;
        const target = findParsed(parsed, 'target-directory', 't')?.value;
        const dest = target ?? ops.at(-1);
        const sources = target ? ops : ops.slice(0, -1);
        const suffix = findParsed(parsed, 'suffix', 'S')?.value?.value;
        if (suffix !== undefined && !/^[\w.~+-]+$/.test(suffix))
            return deny(`${name}-backup`, `\`${name} --suffix=${suffix}\`: a backup suffix may not name another folder.`);
        if (!dest || sources.length === 0)
            return deny(`${name}-operands`, `\`${name}\` needs a source and a destination.`);
        const recursive = findParsed(parsed, 'recursive', 'R', 'r', 'archive', 'a') !== undefined;
        // `cp -rL` copies what symlinks inside the tree point to (e.g. /etc) into the workspace.
        if (recursive && findParsed(parsed, 'dereference', 'L'))
            return deny('recursive-follow', `\`${name} -r\` with \`-L\` copies through symlinks out of the workspace.`);
        // A copy of symlinks as symlinks (`-r`, `-a`, `-P`, `-d`) can leave one at the landing place.
        const copiesLinks = recursive || findParsed(parsed, 'no-dereference', 'P', 'd') !== undefined;
        for (const src of sources) {
            const kind = name === 'mv' ? 'tree' : recursive ? 'walk' : 'read';
            const problem = checkValue(src, kind, `\`${name}\``, ctx);
            if (problem)
                return problem;
            const places = landings(src, dest, parsed, ctx);
            if (!places)
                return deny(`${name}-operands`, `\`${name} ${src.value}\`: name the file or folder to copy, not \`.\` or \`..\`.`);
            const linkKind = src.glob
                ? 'link'
                : strongest([
                    ...ctx.cwds.map((cwd) => landingKind(external_node_path_default().resolve(cwd, src.value), name, copiesLinks, recursive)),
                    ...ctx.lineWritesAt(src).map((k) => (k === 'plain' ? 'tree' : 'link')),
                ]);
            for (const place of [...places, ...backups(places, parsed)]) {
                const landing = checkValue(place, linkKind, `\`${name}\``, ctx);
                if (landing)
                    return landing;
            }
        }
        return undefined;
    };
}
fileOpRules['cp'] = copyRule('cp');
fileOpRules['mv'] = copyRule('mv');
const rmTable = optionTable({
    short: 'd f i I r R v',
    long: `force interactive?=text one-file-system no-preserve-root! preserve-root?=text recursive dir verbose ${file_ops_help}`,
    reasons: { 'no-preserve-root': 'it lets `rm -r /` run' },
});
/** rm: files are writes; `-r` makes them tree writes (never the workspace or a folder holding .git/.github). */
fileOpRules['rm'] = (args, ctx) => {
    const parsed = checkArgs('rm', rmTable, args, ctx, (p) => findParsed(p, 'recursive', 'r', 'R') ? 'tree' : 'write');
    if (rule_isDenial(parsed))
        return parsed;
    // `rm -r *` at the workspace root is every file of the project.
    for (const operand of parsed.operands) {
        if (!operand.glob || !/^(\.\/)*\*$/.test(operand.value))
            continue;
        if (ctx.cwds.some((cwd) => cwd === ctx.workspace))
            return deny('rm-workspace', 'Removing every file of the workspace is not allowed; name the files to delete.');
    }
    return undefined;
};
/**
 * What a source leaves where it lands: a symlink itself (`link`: mv of a symlink, or a copy
 * that keeps symlinks), a folder that may hold symlinks (`links`: mv of a folder, `cp -r`), or
 * neither (`tree`).
 */
function landingKind(p, name, copiesLinks, recursive) {
    let stat;
    try {
        stat = (0,external_node_fs_.lstatSync)(p);
    }
    catch {
        return 'absent';
    }
    if (stat.isSymbolicLink())
        return name === 'mv' || copiesLinks ? 'link' : 'tree';
    if (stat.isDirectory())
        return name === 'mv' || recursive ? 'links' : 'tree';
    return 'tree';
}
/**
 * The strongest kind. A source absent now is made by another step of the line: a plain write
 * there makes a regular file; otherwise (a copy, or a step the policy cannot order before this
 * one) a symlink may be there.
 */
function strongest(kinds) {
    if (kinds.includes('link'))
        return 'link';
    if (kinds.includes('links'))
        return 'links';
    if (kinds.includes('absent') && !kinds.includes('tree'))
        return 'link';
    return 'tree';
}
function isFolder(p) {
    try {
        return (0,external_node_fs_.statSync)(p).isDirectory();
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/formatters.ts
/**
 * Formatters and fixers that run no project code: allowed in check mode; the options that make
 * them rewrite files are soft denials (an `allowed-commands` rule can lift them).
 */


/** The soft denial for a formatter or fixer asked to rewrite files. */
function writeModeDenial(command) {
    return notAllowed('formatter-write-mode', `\`${command}\` rewrites files; run it in check mode and fix the findings with edit_file (or add a rule to \`allowed-commands\`).`);
}
/** A formatter that rewrites files unless one of `checkFlags` is given. */
function requireCheckFlag(name, checkFlags, base) {
    return (args, ctx) => args.some((a) => checkFlags.includes(a.value))
        ? base(args, ctx)
        : writeModeDenial(`${name} ${args.map((a) => a.value).join(' ')}`.trim());
}
const black = openRule('black', {
    code: false,
    load: ['config'],
    valued: [
        'l',
        'line-length',
        't',
        'target-version',
        'include',
        'exclude',
        'extend-exclude',
        'force-exclude',
        'workers',
        'W',
    ],
    operands: 'read',
});
const isort = openRule('isort', {
    code: false,
    load: ['settings-path', 'settings-file', 'sp', 'settings'],
    valued: ['profile', 'l', 'line-length', 'skip', 's', 'skip-glob', 'py', 'm', 'multi-line'],
    operands: 'read',
});
// rustfmt is a rustup proxy: it runs the toolchain rust-toolchain.toml names.
const rustfmt = openRule('rustfmt', {
    code: true,
    load: ['config-path'],
    valued: ['edition', 'config', 'emit', 'color'],
    operands: 'read',
});
const ruffCheck = openRule('ruff', {
    code: false,
    load: ['config'],
    write: ['o', 'output-file', 'cache-dir'],
    valued: [
        'select',
        'ignore',
        'extend-select',
        'extend-ignore',
        'output-format',
        'target-version',
        'line-length',
        'exclude',
        'extend-exclude',
        'per-file-ignores',
        'stdin-filename',
    ],
    writeMode: ['fix', 'unsafe-fixes', 'add-noqa'],
});
const formatterRules = {
    black: requireCheckFlag('black', ['--check', '--diff'], black),
    isort: requireCheckFlag('isort', ['--check', '--check-only', '-c', '--diff'], isort),
    rustfmt: requireCheckFlag('rustfmt', ['--check'], rustfmt),
    ruff: (args, ctx) => args.some((a) => a.value === 'format')
        ? requireCheckFlag('ruff format', ['--check', '--diff'], ruffCheck)(args, ctx)
        : ruffCheck(args, ctx),
    gofmt: openRule('gofmt', {
        code: false,
        writeMode: ['w'],
        write: ['cpuprofile'],
        valued: ['r'],
        refuse: {},
        operands: 'read',
    }),
    // goimports loads packages through `go list`.
    goimports: openRule('goimports', { code: true, writeMode: ['w'], valued: ['local'], operands: 'read' }),
    biome: openRule('biome', {
        code: false,
        load: ['config-path'],
        write: ['log-path', 'reporter-file'],
        writeMode: ['write', 'fix', 'apply', 'apply-unsafe', 'unsafe'],
        valued: [
            'max-diagnostics',
            'diagnostic-level',
            'reporter',
            'log-level',
            'log-kind',
            'skip',
            'only',
            'vcs-root',
            'stdin-file-path',
        ],
        refusedSubcommands: {
            start: 'it starts a server',
            'lsp-proxy': 'it starts a server',
            migrate: 'it rewrites configuration',
            init: 'it writes configuration',
            clean: 'not needed',
            search: 'not needed',
        },
    }),
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/git-discovery.ts
/**
 * Which repository a git command would open. git looks for it from the folder it runs in up to
 * the file-system root: the first folder holding `.git` (a folder, or a file redirecting with
 * `gitdir: …`), or that itself looks like a bare repository (`HEAD` with `objects/` or `refs/`),
 * wins, and that repository's `config` can name programs git runs (`core.fsmonitor`,
 * `core.pager`, diff drivers). A workspace folder holding such a thing would hand agent-run git
 * to a configuration the repository's author wrote, so git is allowed only where discovery
 * reaches the workspace's own `.git` folder first.
 */




function kind(p) {
    try {
        const stat = (0,external_node_fs_.lstatSync)(p);
        return stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other';
    }
    catch {
        return undefined;
    }
}
/** True when `dir` would be taken by git for a (bare) repository of its own. */
function looksLikeGitDir(dir) {
    if (kind(external_node_path_default().join(dir, 'HEAD')) === undefined)
        return false;
    return ['objects', 'refs', 'commondir', 'config'].some((name) => kind(external_node_path_default().join(dir, name)) !== undefined);
}
/** The refusal when git run in any of `cwds` would open a repository other than the workspace's. */
function discoveryDenial(cwds, workspace) {
    for (const cwd of cwds) {
        if (!inside(cwd, workspace))
            continue; // outside paths are refused by the path rules
        for (let dir = cwd;; dir = external_node_path_default().dirname(dir)) {
            const dotGit = kind(external_node_path_default().join(dir, '.git'));
            if (dir === workspace) {
                if (dotGit === 'dir')
                    break;
                return deny('git-discovery', "The workspace's `.git` is not a repository folder (a `gitdir:` file redirects git), so git would read a configuration the policy cannot vouch for.");
            }
            if (dotGit !== undefined || looksLikeGitDir(dir)) {
                return deny('git-discovery', `\`${external_node_path_default().relative(workspace, dir)}\` holds a \`.git\` or looks like a bare repository, so git run there would use its configuration (which can name programs git runs). Run git from the workspace root with paths instead.`);
            }
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/git.ts
/**
 * git: read-only subcommands, each with the option table of git's parse-options (clusters,
 * glued values, unambiguous abbreviations, `--no-` forms). The action commits and pushes, so
 * write and network subcommands are hard denials; options that run programs (`--ext-diff`,
 * `--textconv`, `-O<pager>`, `--show-signature` with `gpg.program`) are refused, and the ones
 * that write a file (`--output`) are checked as writes.
 */




const owner = 'The action commits and pushes your changes itself when you finish; just edit the files.';
const hardSubcommands = {
    push: owner,
    commit: owner,
    config: 'git configuration is fixed for the run.',
    remote: 'Remotes are managed by the action.',
    credential: 'Credentials are off limits.',
    fetch: 'Network access is not available.',
    pull: 'Network access is not available.',
    clone: 'Network access is not available.',
    'ls-remote': 'Network access is not available.',
    submodule: 'Submodules are managed by the action.',
    'filter-branch': 'History rewriting is not allowed.',
    daemon: 'Not allowed.',
    'upload-pack': 'Not allowed.',
    'receive-pack': 'Not allowed.',
    'upload-archive': 'Not allowed.',
    'send-email': 'Not allowed.',
    'send-pack': 'Not allowed.',
    'fetch-pack': 'Not allowed.',
    'http-fetch': 'Not allowed.',
    'http-push': 'Not allowed.',
    'imap-send': 'Not allowed.',
    'remote-ext': 'Not allowed.',
    archive: 'Not allowed.',
    bundle: 'Not allowed.',
    hook: 'Running hooks is not allowed.',
    difftool: 'External tools are not allowed.',
    mergetool: 'External tools are not allowed.',
    bisect: '`git bisect run` executes programs; not allowed.',
    instaweb: 'Not allowed.',
    'credential-store': 'Credentials are off limits.',
    'credential-cache': 'Credentials are off limits.',
    'update-ref': 'Refs are managed by the action.',
    'symbolic-ref': 'Refs are managed by the action.',
    replace: 'Not allowed.',
    worktree: 'Not allowed (except `git worktree list`).',
    gc: 'Not allowed.',
    maintenance: 'Not allowed.',
    'fsmonitor--daemon': 'Not allowed.',
    'run-command': 'Not allowed.',
    'sh-setup': 'Not allowed.',
    'web--browse': 'Not allowed.',
    p4: 'Not allowed.',
    svn: 'Not allowed.',
    cvsimport: 'Not allowed.',
    cvsexportcommit: 'Not allowed.',
    cvsserver: 'Not allowed.',
    shell: 'Not allowed.',
    'filter-repo': 'Not allowed.',
};
const globalTable = optionTable({
    short: 'C:text c! p! P h v',
    long: 'no-pager paginate! no-optional-locks literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-replace-objects no-lazy-fetch no-advice version help config-env! exec-path?=text! git-dir! work-tree! namespace! bare! super-prefix! list-cmds=text attr-source=text',
    permute: false,
    abbreviations: false,
    rule: 'git-global-option',
    reasons: {
        c: 'it sets configuration, which can name programs git runs (core.pager, core.fsmonitor, diff.external)',
        'config-env': 'it sets configuration, which can name programs git runs',
        'exec-path': 'it changes where git finds its programs',
        'git-dir': 'it points git at another repository',
        'work-tree': 'it points git at another folder',
        namespace: 'not needed',
        bare: 'not needed',
        'super-prefix': 'internal',
        paginate: 'it runs the pager',
        p: 'it runs the pager',
    },
});
const color = 'color?=e:always|never|auto|true|false no-color';
const diffOptions = `patch p s u U::num unified=num raw patch-with-raw z t! output=write output-indicator-new=text output-indicator-old=text output-indicator-context=text indent-heuristic minimal patience histogram anchored=text diff-algorithm=e:patience|minimal|histogram|myers|default stat?=text compact-summary numstat shortstat dirstat?=text cumulative dirstat-by-file?=text summary patch-with-stat name-only name-status submodule?=text ${color} color-moved?=text color-moved-ws=text word-diff?=e:color|plain|porcelain|none word-diff-regex=pat color-words?=pat no-renames rename-empty check ws-error-highlight=text full-index binary abbrev?=num break-rewrites?=text find-renames?=text find-copies?=text find-copies-harder irreversible-delete l:num diff-filter=text S:pat G:pat find-object=text pickaxe-all pickaxe-regex O:read skip-to=text rotate-to=text R relative?=text a text ignore-cr-at-eol ignore-space-at-eol b ignore-space-change w ignore-all-space ignore-blank-lines I:pat ignore-matching-lines=pat inter-hunk-context=num W function-context exit-code quiet ext-diff! textconv! ignore-submodules?=text src-prefix=text dst-prefix=text no-prefix default-prefix line-prefix=text ita-invisible-in-index ita-visible-in-index base ours theirs cached staged merge-base no-index! M::text C::text B::text D 0 1 2 3 q`;
/** Splits the mixed notation above into the long and short halves of a table spec. */
function split(options) {
    const short = [];
    const long = [];
    for (const token of options.split(/\s+/).filter(Boolean)) {
        const name = token
            .replace(/[?!]?(=.*)?$/, '')
            .replace(/:.*$/, '')
            .replace(/!$/, '');
        if (name.length === 1)
            short.push(token.replace('=', ':'));
        else
            long.push(token);
    }
    return { short: short.join(' '), long: long.join(' ') };
}
const reasons = {
    'ext-diff': 'it runs the external diff program from the configuration',
    textconv: 'it runs text conversion programs from the configuration',
    t: 'not needed',
    'show-signature': 'it runs gpg.program',
    'open-files-in-pager': 'it runs a program',
    'no-index': 'it compares files outside the repository',
};
function git_table(options, extra = {}) {
    return optionTable({ ...split(options), negatable: true, reasons, rule: 'git-dangerous-option', ...extra });
}
const revOptions = `0 1 2 3 4 5 6 7 8 9 n:num max-count=num skip=num since=text after=text until=text before=text author=pat committer=pat grep-reflog=pat grep=pat all-match invert-grep i regexp-ignore-case basic-regexp E extended-regexp F fixed-strings P perl-regexp remove-empty merges no-merges min-parents=num max-parents=num first-parent exclude-first-parent-only not all branches?=pat tags?=pat remotes?=pat glob=pat exclude=pat exclude-hidden=text reflog alternate-refs single-worktree ignore-missing bisect stdin! cherry-mark cherry-pick left-only right-only cherry walk-reflogs g merge boundary simplify-by-decoration full-history dense sparse simplify-merges ancestry-path?=text show-pulls date-order author-date-order topo-order reverse no-walk?=text do-walk format=text pretty?=text abbrev-commit no-abbrev-commit oneline encoding=text expand-tabs?=num notes?=text show-notes?=text standard-notes show-signature! relative-date date=text parents children left-right graph show-linear-break?=text c cc dd remerge-diff diff-merges=text m r T follow decorate?=text decorate-refs=pat decorate-refs-exclude=pat clear-decorations source mailmap use-mailmap full-diff log-size L:text count objects objects-edge unpacked object-names no-object-names timestamp header`;
const diffTable = git_table(diffOptions);
const logTable = git_table(`${diffOptions} ${revOptions}`);
const subcommands = {
    status: git_table('s short b branch show-stash porcelain?=text long v verbose u::e:no|normal|all untracked-files?=e:no|normal|all ignored?=e:traditional|no|matching ignore-submodules?=text z column?=text ahead-behind renames find-renames?=text no-renames ' +
        color),
    diff: diffTable,
    'diff-files': diffTable,
    'diff-index': diffTable,
    'diff-tree': git_table(`${diffOptions} ${revOptions} stdin! root merge-base no-commit-id`),
    log: logTable,
    whatchanged: logTable,
    show: logTable,
    'rev-list': logTable,
    shortlog: git_table(`${revOptions} ${diffOptions} numbered summary email committer w::text group=text n s e c`),
    blame: git_table(`b root show-stats score-debug f show-name n show-number p porcelain line-porcelain l t c s e show-email w incremental L:text S! contents=read reverse=text first-parent progress M::num C::num date=text ignore-rev=text ignore-revs-file=read color-lines color-by-age minimal abbrev?=num encoding=text`, { reasons: { ...reasons, S: 'not needed' } }),
    annotate: git_table('b root show-stats f n p l t c s e w incremental L:text contents=read M::num C::num date=text abbrev?=num'),
    'ls-files': git_table('c cached d deleted m modified o others i ignored s stage k killed u unmerged t v f z directory no-empty-directory eol x:pat exclude=pat X:read exclude-from=read exclude-per-directory=text exclude-standard error-unmatch with-tree=text full-name recurse-submodules abbrev?=num debug deduplicate sparse format=text resolve-undo'),
    'ls-tree': git_table('d r t l long z name-only name-status object-only full-name full-tree abbrev?=num format=text'),
    grep: git_table(`cached untracked no-index! exclude-standard recurse-submodules a text textconv! I i ignore-case w word-regexp v invert-match h H full-name E extended-regexp G basic-regexp P perl-regexp F fixed-strings n line-number column l files-with-matches name-only L files-without-match z null o only-matching c count ${color} break heading p show-function W function-context A:num after-context=num B:num before-context=num C:num context=num threads=num f:read e:pat and or not all-match q quiet max-depth=num r recursive m:num max-count=num O::text! open-files-in-pager?=text! 0 1 2 3 4 5 6 7 8 9`, { reasons: { ...reasons, O: 'it runs a program on the matching files' } }),
    'rev-parse': git_table('abbrev-ref?=text short?=num verify q quiet sq-quote sq not revs-only no-revs flags no-flags default=text prefix=text symbolic symbolic-full-name all branches?=pat tags?=pat remotes?=pat glob=pat exclude=pat disambiguate=text local-env-vars path-format=e:absolute|relative git-dir git-common-dir absolute-git-dir is-inside-git-dir is-inside-work-tree is-bare-repository is-shallow-repository resolve-git-dir=read git-path=text show-toplevel show-superproject-working-tree shared-index-path show-prefix show-cdup show-object-format?=text show-ref-format since=text after=text until=text before=text end-of-options'),
    describe: git_table('contains tags all long abbrev?=num always dirty?=text broken?=text exact-match match=pat exclude=pat first-parent candidates=num debug'),
    'cat-file': git_table('t s e p textconv! filters! batch?=text batch-check?=text batch-command?=text batch-all-objects buffer unordered follow-symlinks allow-unknown-type use-mailmap mailmap z Z path=text'),
    'merge-base': git_table('a all octopus independent is-ancestor fork-point'),
    'name-rev': git_table('tags refs=pat exclude=pat all annotate-stdin name-only undefined always'),
    'show-ref': git_table('head tags branches heads verify exists d dereference s hash?=num abbrev?=num q quiet exclude-existing?=text'),
    'for-each-ref': git_table(`count=num shell perl python tcl sort=text format=text points-at=text merged?=text no-merged?=text contains?=text no-contains?=text ignore-case omit-empty exclude=pat include-root-refs ${color} stdin!`),
    'count-objects': git_table('v verbose H human-readable'),
    'check-ignore': git_table('q quiet v verbose n non-matching no-index z stdin!'),
    'check-attr': git_table('a all cached source=text z stdin!'),
    version: git_table('build-options'),
    'merge-tree': git_table('write-tree name-only messages quiet z allow-unrelated-histories merge-base=text trivial-merge'),
    'range-diff': git_table(`${diffOptions} creation-factor=num no-dual-color left-only right-only notes?=text`),
    cherry: git_table('v abbrev?=num'),
    'verify-commit': git_table('v raw'),
};
/** Subcommands with modes: only the listing forms are allowed. */
const listings = {
    branch: {
        table: git_table(`l list a all r remotes v vv verbose show-current contains?=text no-contains?=text merged?=text no-merged?=text points-at=text sort=text format=text ${color} column?=text no-column i ignore-case omit-empty abbrev?=num d! D! delete! m! M! move! c! C! copy! f force u! set-upstream-to! unset-upstream! edit-description! t track?=text create-reflog`),
        writes: [],
    },
    tag: {
        table: git_table(`l list n::num sort=text format=text contains?=text no-contains?=text merged?=text no-merged?=text points-at=text ${color} column?=text no-column i ignore-case omit-empty d! delete! v! verify! a! annotate! s! sign! u! local-user! m! message! F! file! f force e edit create-reflog`),
        writes: [],
    },
};
/**
 * git [-C dir]… <subcommand> …: each `-C` moves where git runs (and where its paths resolve),
 * git must discover the workspace's own repository from there, and every operand is checked
 * as a path read (a revision is a harmless name inside the workspace; a path outside it is
 * refused, which also closes `git diff <outside path>` turning into `--no-index`).
 */
const git = (args, outer) => {
    const global = checkArgs('git', globalTable, args, outer, 'text');
    if (rule_isDenial(global))
        return global;
    let ctx = outer;
    for (const option of global.options) {
        if (option.def.name !== 'C' || !option.value)
            continue;
        const moved = ctx.chdir(option.value);
        if (rule_isDenial(moved))
            return moved;
        ctx = moved;
    }
    const discovery = discoveryDenial(ctx.cwds, ctx.workspace);
    if (discovery)
        return discovery;
    const [subWord, ...restWords] = global.rest;
    if (!subWord)
        return undefined; // `git --version`
    const sub = subWord.value;
    const hard = hardSubcommands[sub];
    if (hard !== undefined || sub.startsWith('credential')) {
        if (sub === 'worktree' && restWords[0]?.value === 'list')
            return undefined;
        return deny('git-write-subcommand', `\`git ${sub}\` is not allowed. ${hard ?? ''}`.trim());
    }
    if (sub === 'stash')
        return stash(restWords.map((w) => w.value));
    if (sub === 'reflog') {
        const first = restWords[0]?.value;
        if (first !== undefined && first !== 'show' && !first.startsWith('-'))
            return notAllowed('git-subcommand', `\`git reflog ${first}\` changes the repository.`);
        const parsed = checkArgs('git reflog', logTable, first === 'show' ? restWords.slice(1) : restWords, ctx, 'read');
        return rule_isDenial(parsed) ? parsed : undefined;
    }
    if (sub === 'help') {
        const parsed = checkArgs('git help', git_table('a all g guides c config user-interfaces developer-interfaces verbose no-verbose external-commands aliases i! info! m! man! w! web!'), restWords, ctx, 'text');
        return rule_isDenial(parsed) ? parsed : undefined;
    }
    const listing = listings[sub];
    if (listing) {
        const parsed = checkArgs(`git ${sub}`, listing.table, restWords, ctx, 'read');
        if (rule_isDenial(parsed))
            return parsed;
        const listMode = findParsed(parsed, 'list', 'l') !== undefined ||
            (sub === 'branch' && findParsed(parsed, 'show-current') !== undefined);
        if (parsed.operands.length > 0 && !listMode)
            return notAllowed('git-subcommand', `\`git ${sub} ${parsed.operands[0].value}\` creates a ${sub}; only listing is allowed.`);
        return undefined;
    }
    const subTable = subcommands[sub];
    if (!subTable) {
        return notAllowed('git-subcommand', `\`git ${sub}\` is not allowed: only read-only git subcommands (status, diff, log, show, blame, grep, …) run here. ${owner}`);
    }
    // `git grep PATTERN [path…]`: the pattern is not a path unless `-e`/`-f` gave it.
    const parsed = checkArgs(`git ${sub}`, subTable, restWords, ctx, (p) => sub === 'grep' && !findParsed(p, 'e', 'f') ? ['pattern', 'read'] : 'read');
    return rule_isDenial(parsed) ? parsed : undefined;
};
function stash(rest) {
    const [mode, ...more] = rest;
    if (mode === 'list' || (mode === 'show' && more.every((a) => !/^--?(ext|textconv|output|O)/.test(a))))
        return undefined;
    return notAllowed('git-subcommand', `\`git stash ${mode ?? ''}\` changes the working tree; only \`git stash list\`/\`show\` are allowed.`.replace('  ', ' '));
}


;// CONCATENATED MODULE: ./src/bash-policy/rules/go-rust.ts
/**
 * Go and Rust. Both read workspace files that choose which toolchain runs (`go.mod`'s
 * `toolchain`, `rust-toolchain.toml`) before doing anything, so every command needs the
 * sandbox; the rules type the rest (outputs, refused options, downloads by version).
 */



const goBuild = 'C=read a n p=num race msan asan cover covermode=e:set|count|atomic coverpkg=text v work x asmflags=text buildmode=text buildvcs=text compiler=text gccgoflags=text gcflags=text installsuffix=text ldflags=text linkshared mod=e:readonly|vendor|mod modcacherw modfile=read overlay=read pgo=read pkgdir=write tags=text trimpath toolexec! exec! o=write json';
const goTest = `${goBuild} run=pat skip=pat bench=pat benchtime=text benchmem count=num cpu=text failfast fullpath fuzz=pat fuzztime=text fuzzminimizetime=text list=pat parallel=num short shuffle=text timeout=text coverprofile=write cpuprofile=write memprofile=write blockprofile=write mutexprofile=write trace=write outputdir=write vet=text args c i`;
const goTables = {
    build: goBuild,
    test: goTest,
    vet: `${goBuild} vettool! c=num`,
    list: `${goBuild} m f=text e deps find test compiled export retracted reuse=read u versions`,
    run: goBuild,
    generate: goBuild,
    mod: 'json',
};
const goTable = (spec) => optionTable({
    long: spec,
    singleDash: true,
    abbreviations: false,
    reasons: {
        toolexec: 'it runs another program',
        exec: 'it runs another program',
        vettool: 'it runs another program',
    },
});
const goTablesBuilt = Object.fromEntries(Object.entries(goTables).map(([k, v]) => [k, goTable(v)]));
/**
 * go: every subcommand reads `go.mod`, whose `toolchain` line makes the `go` command download
 * and run another Go, and building runs cgo directives and generators: the project's code.
 */
const go = (args, ctx) => {
    const verdict = goSubcommand(args, ctx);
    return verdict ?? ctx.workspaceCode('`go` reads go.mod, whose `toolchain` line selects the Go that runs');
};
const goSubcommand = (args, ctx) => {
    const [subWord, ...rest] = args;
    const sub = subWord?.value;
    switch (sub) {
        case undefined:
        case 'version':
        case 'help':
        case 'doc':
            return undefined;
        case 'env': {
            const bad = rest.find((a) => a.value === '-w' || a.value === '-u');
            return bad ? deny('go-env-write', '`go env -w`/`-u` changes the Go configuration.') : undefined;
        }
        case 'tool': {
            const tool = rest[0]?.value;
            if (tool !== 'cover')
                return notAllowed('go-tool', `\`go tool ${tool ?? ''}\` is not on the allowlist (only \`go tool cover\`).`);
            const parsed = checkArgs('go tool cover', optionTable({
                long: 'func=read html=read o=write mode=text var=text pkgcfg=read',
                singleDash: true,
                abbreviations: false,
            }), rest.slice(1), ctx, 'read');
            return rule_isDenial(parsed) ? parsed : undefined;
        }
        case 'mod': {
            const mode = rest[0]?.value;
            if (!['tidy', 'verify', 'why', 'graph', 'download', 'vendor'].includes(mode ?? ''))
                return notAllowed('go-subcommand', `\`go mod ${mode ?? ''}\` is not on the allowlist.`);
            return undefined;
        }
        case 'fmt':
            return notAllowed('formatter-write-mode', '`go fmt` rewrites files; run `gofmt -l .` and fix the findings with edit_file.');
        case 'install':
        case 'get':
            return deny('go-install', `\`go ${sub}\` downloads code; it is not allowed.`);
        case 'build':
        case 'test':
        case 'vet':
        case 'list':
        case 'run':
        case 'generate': {
            const parsed = checkArgs(`go ${sub}`, goTablesBuilt[sub], rest, ctx, 'text');
            if (rule_isDenial(parsed))
                return parsed;
            const remote = parsed.operands.find((o) => o.value.includes('@'));
            if (remote)
                return deny('go-install', `\`go ${sub} ${remote.value}\` downloads a module version; build the workspace's packages.`);
            return undefined;
        }
        default:
            return notAllowed('go-subcommand', `\`go ${sub}\` is not on the allowlist; use go test/vet/build.`);
    }
};
const cargoCommon = 'p:text package=text workspace all exclude=text all-features features=text F:text no-default-features release r profile=text lib bins bin?=text tests test?=text examples example?=text benches bench?=text all-targets target=text target-dir=write j:num jobs=num no-deps document-private-items open locked frozen offline v verbose q quiet color=e:auto|always|never message-format=text manifest-path=read no-run no-fail-fast doc timings?=text keep-going ignore-rust-version unit-graph future-incompat-report check h help Z! config!';
const cargoTable = optionTable({
    ...splitCargo(cargoCommon),
    abbreviations: false,
    reasons: { Z: 'unstable flags can name programs', config: 'configuration can name programs to run' },
});
function splitCargo(spec) {
    const short = [];
    const long = [];
    for (const token of spec.split(' '))
        (token.replace(/[:!].*$/, '').length === 1 ? short : long).push(token);
    return { short: short.join(' '), long: long.join(' ') };
}
/**
 * cargo (and rustup's other proxies): every command, `--version` and `metadata` included, runs
 * the toolchain `rust-toolchain.toml` names (which can be a folder of the workspace) and reads
 * `.cargo/config.toml` (`rustc`, `rustc-wrapper`, `runner` name programs): the project's code.
 */
const cargo = (args, ctx) => cargoSubcommand(args, ctx) ??
    ctx.workspaceCode('`cargo` runs the toolchain `rust-toolchain.toml` names and programs `.cargo/config.toml` names');
const cargoSubcommand = (args, ctx) => {
    const toolchain = args[0]?.value.startsWith('+') ? 1 : 0;
    const [subWord, ...rest] = args.slice(toolchain);
    const sub = subWord?.value;
    if (sub === undefined || sub === '--version' || sub === '-V' || sub === 'version' || sub === '--help')
        return undefined;
    if ([
        'install',
        'publish',
        'login',
        'logout',
        'owner',
        'yank',
        'add',
        'remove',
        'update',
        'search',
        'new',
        'init',
        'uninstall',
        'vendor',
        'generate-lockfile',
        'fix',
    ].includes(sub))
        return deny('cargo-subcommand', `\`cargo ${sub}\` downloads code, changes dependencies or uses credentials; it is not allowed.`);
    const dashDash = rest.findIndex((a) => a.value === '--');
    const own = dashDash === -1 ? rest : rest.slice(0, dashDash);
    if (sub === 'fmt') {
        const checkMode = rest.some((a) => a.value === '--check');
        return checkMode
            ? undefined
            : notAllowed('formatter-write-mode', '`cargo fmt` rewrites files; run `cargo fmt --check` and fix the findings with edit_file.');
    }
    if (['tree', 'metadata', 'pkgid', 'locate-project', 'read-manifest', 'verify-project'].includes(sub))
        return undefined;
    if (![
        'test',
        't',
        'build',
        'b',
        'check',
        'c',
        'clippy',
        'doc',
        'd',
        'bench',
        'run',
        'r',
        'nextest',
        'llvm-cov',
        'tarpaulin',
        'fetch',
    ].includes(sub))
        return notAllowed('cargo-subcommand', `\`cargo ${sub}\` is not on the allowlist; use cargo test/build/check/clippy.`);
    const parsed = checkArgs(`cargo ${sub}`, cargoTable, own.filter((a) => !['--fix', '--open', '--allow-dirty', '--allow-staged'].includes(a.value) || sub === 'x'), ctx, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    if (own.some((a) => a.value === '--fix'))
        return notAllowed('formatter-write-mode', `\`cargo ${sub} --fix\` rewrites files; fix the findings with edit_file.`);
    if (own.some((a) => a.value === '--open'))
        return notAllowed('cargo-subcommand', '`--open` opens a browser.');
    return undefined;
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/jvm.ts
/**
 * Java and .NET: mvn, gradle, java, dotnet. Each reads workspace files that give the runtime
 * options or select the SDK before it does anything (`.mvn/jvm.config`, `gradle.properties`,
 * `global.json`), so every command, version queries included, needs the sandbox; publishing,
 * other settings files, agents and package sources are refused.
 */

/** mvn / ./mvnw: every goal runs plugins; deploy and release publish. */
const maven = (name) => (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
        const a = args[i].value;
        if (
        // No other mvn option starts with a lower-case `s` or `t`: glued forms are covered too.
        /^(-s|-gs|-t|-gt|--settings|--global-settings|--toolchains|--global-toolchains)/.test(a))
            return deny('maven-option', `\`${name} ${a}\` replaces the settings (repositories, credentials, proxies); not allowed.`);
        if (a === '-f' || a === '--file') {
            const problem = args[i + 1] && ctx.checkPath(args[i + 1], 'read');
            if (problem)
                return problem;
        }
        if (!a.startsWith('-') && /^(deploy|release:|site-deploy|gpg:|wagon:|scm:|deploy:)/.test(a))
            return deny('maven-goal', `\`${name} ${a}\` publishes or uses credentials; not allowed.`);
    }
    // Even `-v`: `.mvn/jvm.config` and `.mvn/maven.config` give the JVM and Maven options first.
    return ctx.workspaceCode(`\`${name}\` runs the build's plugins and tests (and \`.mvn/jvm.config\`)`);
};
/** gradle / ./gradlew: the build script is code; init scripts and publishing are refused. */
const gradle = (name) => (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
        const a = args[i].value;
        if (/^(-I|--init-script|-c|--settings-file|-g|--gradle-user-home|--scan|--include-build|-b|--build-file)(=|$)/.test(a) ||
            /^-I./.test(a))
            return deny('gradle-option', `\`${name} ${a}\` loads another script or settings; not allowed.`);
        if (a === '-p' || a === '--project-dir') {
            const problem = args[i + 1] && ctx.checkPath(args[i + 1], 'read');
            if (problem)
                return problem;
        }
        if (!a.startsWith('-') && /^(:?[\w-]+:)*(publish|upload|wrapper|closeAndRelease|release)/i.test(a))
            return deny('gradle-task', `\`${name} ${a}\` publishes or downloads a distribution; not allowed.`);
    }
    // Even `--version`: the wrapper and `gradle.properties` (`org.gradle.jvmargs`) come first.
    return ctx.workspaceCode(`\`${name}\` runs the build script, plugins and tests`);
};
/**
 * java: running a jar, class or source file of the project; agents, native libraries and
 * argument files refused. Even `-version` with `-D…` properties runs project code (a
 * `java.system.class.loader` from the class path is loaded first), so every form needs the sandbox.
 */
const java = (args, ctx) => javaOptions(args, ctx) ??
    ctx.workspaceCode("`java` loads the project's classes (a class loader named by `-D` runs first)");
const javaOptions = (args, ctx) => {
    for (let i = 0; i < args.length; i++) {
        const a = args[i].value;
        if (a.startsWith('@'))
            return deny('response-file', `\`java ${a}\` reads more options from a file, which the policy cannot see.`);
        if ([
            '-version',
            '--version',
            '-showversion',
            '--show-version',
            '-help',
            '--help',
            '-h',
            '-?',
            '-fullversion',
            '--full-version',
        ].includes(a))
            return undefined;
        if (/^-(javaagent|agentlib|agentpath|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|XX:\+?StartFlightRecording|Xrunjdwp|Xdebug)/.test(a))
            return deny('java-agent', `\`java ${a}\` loads an agent or runs a program; not allowed.`);
        if ([
            '-cp',
            '-classpath',
            '--class-path',
            '-p',
            '--module-path',
            '--add-opens',
            '--add-exports',
            '--add-modules',
            '--enable-native-access',
        ].includes(a)) {
            i++;
            continue;
        }
        if (a === '-jar') {
            const jar = args[i + 1];
            if (!jar)
                return deny('java-option', '`java -jar` needs a file.');
            return ctx.checkPath(jar, 'read');
        }
        if (a.startsWith('-')) {
            if (/^-(D[\w.-]+=?|X[\w:+-]+|ea|da|esa|dsa|enableassertions|disableassertions|server|client|verbose:\w+|XX:[\w+=.-]+|Xmx\w+|Xms\w+|Xss\w+|Duser\.\w+=.*|-enable-preview|-source)/.test(a))
                continue;
            return notAllowed('unknown-option', `\`java ${a}\` is not an option the policy knows.`);
        }
        const source = args[i];
        return source.value.endsWith('.java') ? ctx.checkPath(source, 'read') : undefined;
    }
    return notAllowed('java-option', '`java` needs a class, a jar or -version.');
};
/**
 * dotnet: build, test, run, restore (MSBuild runs project code); pack/publish to a feed refused.
 * Even `--version` resolves the SDK through `global.json`, which can name a folder of the workspace.
 */
const dotnet = (args, ctx) => dotnetSubcommand(args, ctx) ??
    ctx.workspaceCode('`dotnet` runs the SDK `global.json` selects and MSBuild tasks');
const dotnetSubcommand = (args, ctx) => {
    const sub = args[0]?.value;
    if (sub === undefined ||
        ['--version', '--info', '--list-sdks', '--list-runtimes', '-h', '--help'].includes(sub))
        return undefined;
    if ([
        'nuget',
        'tool',
        'workload',
        'new',
        'add',
        'remove',
        'dev-certs',
        'user-secrets',
        'sdk',
        'exec',
    ].includes(sub))
        return deny('dotnet-subcommand', `\`dotnet ${sub}\` installs, publishes, reads secrets or runs an arbitrary file; not allowed.`);
    const rest = args.slice(1);
    const bad = rest.find((a) => /^(-s|--source|--add-source|--interactive|--configfile|-a|--api-key)(=|:|$)/i.test(a.value));
    if (bad)
        return deny('dotnet-option', `\`dotnet ${sub} ${bad.value}\` names a package source or credentials; not allowed.`);
    for (let i = 0; i < rest.length; i++) {
        const a = rest[i].value;
        if (/^(-o|--output|--results-directory|--diag|-d)$/.test(a) && rest[i + 1]) {
            const problem = ctx.checkPath(rest[i + 1], 'write');
            if (problem)
                return problem;
        }
    }
    if (sub === 'format') {
        const verify = rest.some((a) => a.value === '--verify-no-changes');
        if (!verify)
            return notAllowed('formatter-write-mode', '`dotnet format` rewrites files; run it with `--verify-no-changes`.');
    }
    if ([
        'build',
        'test',
        'run',
        'restore',
        'format',
        'pack',
        'publish',
        'clean',
        'msbuild',
        'vstest',
        'list',
        'sln',
        'watch',
    ].includes(sub)) {
        return undefined;
    }
    return notAllowed('dotnet-subcommand', `\`dotnet ${sub}\` is not on the allowlist.`);
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/node.ts
/**
 * Node.js tools. `node <file>`, test runners and package scripts run the workspace's code, so
 * they need an isolating sandbox; so does `node --check` (preloads and `--env-file`, whose
 * `NODE_OPTIONS` can preload anything), every binary run from `node_modules/.bin` (`npx`,
 * `pnpm exec`: the file is the workspace's, whatever its name), `yarn <name>`/`pnpm <name>`
 * (a package script of that name runs first) and `yarn --version` (`yarnPath` in `.yarnrc.yml`
 * runs a workspace file). Code given on the command line is refused, and every option that loads
 * a module (`--import`, `--require`, `--loader`, `--test-reporter`, `--env-file` …) names a file
 * that is checked (never one the agent wrote this run, never a URL).
 */



const nodeTable = optionTable({
    short: 'e! p! i! c v h r:load C:text',
    long: 'eval! print! interactive! check version help require=load import=load loader=load experimental-loader=load test-reporter=load test-reporter-destination=write test test-only test-name-pattern=pat test-skip-pattern=pat test-concurrency=num test-timeout=num test-force-exit test-update-snapshots test-shard=text test-isolation=e:process|none test-coverage-include=pat test-coverage-exclude=pat test-coverage-lines=num test-coverage-branches=num test-coverage-functions=num test-global-setup=load experimental-test-coverage experimental-test-module-mocks experimental-test-snapshots experimental-test-isolation=text experimental-strip-types no-experimental-strip-types experimental-transform-types experimental-vm-modules experimental-specifier-resolution=text experimental-detect-module experimental-require-module no-experimental-require-module experimental-wasm-modules experimental-json-modules experimental-import-meta-resolve experimental-sqlite experimental-websocket experimental-eventsource experimental-network-inspection! experimental-policy! experimental-permission permission allow-fs-read=read allow-fs-write=write allow-child-process allow-worker allow-wasi allow-addons enable-source-maps no-warnings no-deprecation trace-warnings trace-deprecation trace-uncaught throw-deprecation pending-deprecation unhandled-rejections=e:strict|warn|throw|none|warn-with-error-code max-old-space-size=num max-semi-space-size=num stack-size=num stack-trace-limit=num conditions=text input-type=e:module|commonjs|module-typescript|commonjs-typescript env-file=load env-file-if-exists=load watch watch-path=read watch-preserve-output preserve-symlinks preserve-symlinks-main abort-on-uncaught-exception disable-warning=text dns-result-order=text no-addons no-global-search-paths frozen-intrinsics heapsnapshot-near-heap-limit=num title=text tls-min-v1.2 tls-max-v1.3 use-openssl-ca use-bundled-ca zero-fill-buffers expose-gc inspect! inspect-brk! inspect-port! inspect-wait! debug-port! openssl-config! openssl-legacy-provider snapshot-blob! build-snapshot! experimental-sea-config! redirect-warnings=write report-dir=write diagnostic-dir=write cpu-prof cpu-prof-dir=write heap-prof heap-prof-dir=write prof trace-exit icu-data-dir! secure-heap=num localstorage-file=write experimental-default-type=e:module|commonjs',
    permute: false,
    rule: 'interpreter-eval',
    reasons: {
        inspect: 'the inspector accepts code over a socket',
        'inspect-brk': 'the inspector accepts code over a socket',
        'inspect-port': 'the inspector',
        'inspect-wait': 'the inspector',
        'debug-port': 'the inspector',
        'experimental-network-inspection': 'the inspector',
        'experimental-policy': 'it loads a policy file',
        'openssl-config': 'it loads an OpenSSL configuration (which can load engines)',
        'snapshot-blob': 'it loads a heap snapshot (code)',
        'build-snapshot': 'it writes a snapshot',
        'experimental-sea-config': 'it builds an executable',
        'icu-data-dir': 'it loads data from a folder',
        e: 'it evaluates code given on the command line',
        p: 'it evaluates code given on the command line',
        i: 'it reads code from stdin',
        eval: 'it evaluates code given on the command line',
        print: 'it evaluates code given on the command line',
        interactive: 'it reads code from stdin',
    },
});
/** `node [options] <file> …`, `node --test …`; never code from `-e`/`-p`/stdin. */
function node(name) {
    return (args, ctx) => {
        const parsed = checkArgs(name, nodeTable, args, ctx, 'text');
        if (rule_isDenial(parsed))
            return parsed;
        if (findParsed(parsed, 'version', 'v', 'help', 'h'))
            return undefined;
        const test = findParsed(parsed, 'test') !== undefined;
        const [script] = parsed.rest;
        if (!script && !test)
            return stdinDenial(name);
        if (script && (script.value === '-' || script.value.startsWith('/dev/')))
            return stdinDenial(name, script.value);
        if (script) {
            const problem = ctx.checkPath(script, 'read');
            if (problem)
                return problem;
        }
        return ctx.workspaceCode(`\`${name}\` runs ${script ? `\`${script.value}\` (with \`--check\`, still its preloads and \`--env-file\`)` : 'the test files'}`);
    };
}
const installHint = 'Installing packages is not allowed; the dependencies in the lockfile are what you have.';
/**
 * npm reads every `--key=value` as configuration (`--script-shell`, `--node-options`,
 * `--userconfig` name programs and files) and expands abbreviations and shorthands (`-reg` is
 * `--registry`), so only these exact spellings are accepted.
 */
const npmOptions = new Set([
    '--silent',
    '-s',
    '--quiet',
    '-q',
    '--loglevel=silent',
    '--loglevel=error',
    '--loglevel=warn',
    '--loglevel=info',
    '--loglevel=verbose',
    '--if-present',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--offline',
    '--no-progress',
    '--json',
    '--parseable',
    '--long',
    '-l',
    '--all',
    '-a',
    '--production',
    '--omit=dev',
    '--omit=optional',
    '--omit=peer',
    '--include=dev',
    '--legacy-peer-deps',
    '--strict-peer-deps',
    '--workspaces',
    '-ws',
    '--include-workspace-root',
    '--no-workspaces',
    '--color=false',
    '--color=always',
    '--no-color',
    '--depth=0',
    '--depth=1',
    '--depth=2',
    '--version',
    '-v',
    '--help',
    '-h',
    '--foreground-scripts',
    '--no-save',
    '--frozen-lockfile',
    '--dry-run',
    '--audit-level=low',
    '--audit-level=moderate',
    '--audit-level=high',
    '--audit-level=critical',
    '--global-style',
    '--install-links=false',
]);
/** `npm install` and every alias npm accepts for it: with package names they install packages. */
const npmInstalls = new Set([
    'install',
    'i',
    'in',
    'ins',
    'inst',
    'insta',
    'instal',
    'isnt',
    'isntal',
    'isntall',
    'add',
]);
const npmScripts = new Set([
    ...npmInstalls,
    'test',
    't',
    'tst',
    'run',
    'run-script',
    'rum',
    'urn',
    'ci',
    'clean-install',
    'ic',
    'install-clean',
    'start',
    'stop',
    'restart',
    'rebuild',
    'rb',
    'pack',
    'install-test',
    'it',
    'install-ci-test',
    'cit',
]);
const npmReadOnly = new Set([
    'ls',
    'list',
    'la',
    'll',
    'outdated',
    'why',
    'explain',
    'version',
    'view',
    'info',
    'show',
    'v',
    'audit',
    'query',
    'fund',
    'doctor',
    'prefix',
    'root',
]);
/** npm: scripts and lockfile installs run the project's code; the rest is read-only or refused. */
const npm = (args, ctx) => {
    const positional = [];
    let afterDashDash = false;
    for (let i = 0; i < args.length; i++) {
        const arg = args[i].value;
        if (afterDashDash) {
            // After `--` npm reads no more options, but the first word is still the subcommand
            // (`npm -- test` runs the test script); the rest are arguments for the script.
            if (positional.length === 0)
                positional.push(arg);
            continue;
        }
        if (arg === '--') {
            afterDashDash = true;
            continue;
        }
        if (arg === '-w' || arg === '--workspace') {
            const value = args[++i];
            if (!value)
                return notAllowed('npm-option', `\`npm ${arg}\` needs a workspace name.`);
            const problem = ctx.checkPath(value, 'read');
            if (problem)
                return problem;
            continue;
        }
        if (/^--workspace=/.test(arg)) {
            const problem = ctx.checkPath({ value: arg.slice(12), glob: false }, 'read');
            if (problem)
                return problem;
            continue;
        }
        if (arg.startsWith('-')) {
            if (npmOptions.has(arg))
                continue;
            return deny('npm-config-option', `\`npm ${arg}\`: npm reads options as configuration (some name the shell, registry or config files it uses), so only a fixed set of spellings is allowed (e.g. --silent, --if-present, --ignore-scripts).`);
        }
        positional.push(arg);
    }
    const [sub, ...rest] = positional;
    if (sub === undefined)
        return undefined; // `npm --version`
    if (npmReadOnly.has(sub)) {
        if (sub === 'audit' && rest.includes('fix'))
            return notAllowed('npm-subcommand', '`npm audit fix` changes dependencies.');
        // `npm version <new>` rewrites package.json, commits and runs the version scripts.
        if (sub === 'version' && rest.length > 0)
            return deny('npm-subcommand', '`npm version <new>` changes package.json, commits and runs scripts; edit the version with edit_file.');
        if (['view', 'info', 'show', 'v', 'doctor', 'fund', 'help'].includes(sub))
            return deny('npm-subcommand', `\`npm ${sub}\` queries the registry; network access is not available.`);
        return undefined;
    }
    if (npmScripts.has(sub)) {
        if (npmInstalls.has(sub) && rest.length > 0)
            return deny('npm-install-package', `\`npm ${sub} ${rest.join(' ')}\`: ${installHint}`);
        return ctx.workspaceCode(`\`npm ${sub}\` runs the project's scripts`);
    }
    if ([
        'exec',
        'x',
        'explore',
        'publish',
        'unpublish',
        'config',
        'c',
        'set',
        'get',
        'adduser',
        'login',
        'logout',
        'token',
        'owner',
        'access',
        'team',
        'whoami',
        'profile',
        'star',
        'deprecate',
        'dist-tag',
        'update',
        'up',
        'upgrade',
        'uninstall',
        'remove',
        'rm',
        'un',
        'unlink',
        'link',
        'ln',
        'init',
        'create',
        'edit',
        'hook',
        'org',
        'sbom',
        'search',
        'repo',
        'docs',
        'bugs',
        'pkg',
        'cache',
        'dedupe',
        'prune',
        'shrinkwrap',
        'exec-sh',
    ].includes(sub))
        return deny('npm-subcommand', `\`npm ${sub}\` is not allowed (it runs remote code, changes dependencies or configuration, or reads credentials).`);
    return notAllowed('npm-subcommand', `\`npm ${sub}\` is not on the allowlist; use \`npm test\` or \`npm run <script>\`.`);
};
/** `npx --no-install <bin> …` is checked as `<bin> …`; without `--no-install` npx may download code. */
const npx = (args, ctx) => {
    let i = 0;
    let noInstall = false;
    for (; i < args.length && args[i].value.startsWith('-'); i++) {
        const arg = args[i].value;
        if (arg === '--no-install' || arg === '--no' || arg === '--offline')
            noInstall = true;
        else if (arg === '--quiet' || arg === '-q' || arg === '--')
            continue;
        else
            return deny('npx-option', `\`npx ${arg}\` is not allowed (it can install packages or run a shell string).`);
    }
    if (!noInstall)
        return deny('npx-install', `\`npx\` without \`--no-install\` can download and run any package. Use \`npx --no-install ${args[i]?.value ?? '<bin>'} …\` for a tool the project already has.`);
    const rest = args.slice(i);
    if (rest.length === 0)
        return deny('npx-install', '`npx --no-install` needs a command.');
    return (ctx.checkNested(rest) ??
        ctx.workspaceCode(`\`npx ${rest[0].value}\` runs \`node_modules/.bin/${rest[0].value}\`, a file of the workspace`));
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/package-managers.ts
/**
 * pnpm and yarn: lockfile installs and package scripts (the project's code); `exec` and
 * `<name>` run a file from `node_modules/.bin` or a package script of that name, so they are
 * the project's code too, and `-C`/`--dir`/`--cwd` move where everything they run resolves.
 */


const package_managers_installHint = 'Installing packages is not allowed; the dependencies in the lockfile are what you have.';
const pmRefused = new Set([
    'add',
    'dlx',
    'global',
    'create',
    'up',
    'upgrade',
    'update',
    'remove',
    'rm',
    'node',
    'config',
    'set',
    'plugin',
    'publish',
    'npm',
    'login',
    'logout',
    'link',
    'unlink',
    'import',
    'patch',
    'patch-commit',
    'env',
    'setup',
    'self-update',
    'policies',
    'version',
    'pack',
    'info',
    'view',
    'whoami',
]);
const pmReadOnly = new Set(['list', 'ls', 'why', 'outdated', 'licenses', 'audit', 'workspaces']);
const pmScripts = new Set([
    'test',
    't',
    'run',
    'run-script',
    'install',
    'i',
    'ci',
    'rebuild',
    'start',
    'build',
    'lint',
    'typecheck',
    'check',
    'format',
    'coverage',
]);
/** pnpm and yarn: scripts and lockfile installs; `exec`, `dlx`-free binaries checked as that command. */
function packageManager(name) {
    return (args, outer) => {
        let ctx = outer;
        const words = [];
        for (let i = 0; i < args.length; i++) {
            const arg = args[i].value;
            if (words.length > 0) {
                words.push(args[i]);
                continue;
            }
            if (['--filter', '-F', '--cwd', '-C', '--dir', '-w', '--workspace-root'].includes(arg)) {
                if (arg === '-w' || arg === '--workspace-root')
                    continue;
                const value = args[++i];
                if (!value)
                    return notAllowed(`${name}-option`, `\`${name} ${arg}\` needs a value.`);
                if (arg !== '--filter' && arg !== '-F') {
                    // The package manager, and what it runs, work in that folder.
                    const moved = ctx.chdir(value);
                    if (rule_isDenial(moved))
                        return moved;
                    ctx = moved;
                }
                continue;
            }
            if ([
                '--frozen-lockfile',
                '--immutable',
                '--prefer-offline',
                '--offline',
                '--silent',
                '-s',
                '--reporter=silent',
                '--recursive',
                '-r',
                '--parallel',
                '--if-present',
                '--no-bail',
                '--stream',
                '--version',
                '-v',
                '--help',
                '-h',
                '--ignore-scripts',
                '--prod',
                '--production',
                '--dev',
                '--no-optional',
                '--non-interactive',
                '--check-files',
                '--strict-peer-dependencies',
                '--aggregate-output',
                '--workspace-concurrency=1',
            ].includes(arg))
                continue;
            if (arg.startsWith('-'))
                return deny(`${name}-option`, `\`${name} ${arg}\` is not an option the policy knows (package-manager options can name registries, shells and config files).`);
            words.push(args[i]);
        }
        const [subWord, ...rest] = words;
        if (args.some((a) => ['--version', '-v', '--help', '-h'].includes(a.value)) && words.length === 0)
            return ctx.workspaceCode(`\`${name} --version\` runs the package manager the project's configuration names (\`yarnPath\`, \`packageManager\`)`);
        if (subWord === undefined)
            return name === 'yarn'
                ? ctx.workspaceCode('`yarn` installs and runs lifecycle scripts')
                : notAllowed(`${name}-subcommand`, `\`${name}\` needs a subcommand.`);
        const sub = subWord.value;
        if (pmRefused.has(sub))
            return deny(`${name}-subcommand`, `\`${name} ${sub}\` is not allowed (it installs or runs remote code, or changes configuration).`);
        if (pmReadOnly.has(sub)) {
            // `yarn workspaces foreach run …` runs every workspace's scripts.
            if (sub === 'workspaces' && !['list', 'info'].includes(rest[0]?.value ?? ''))
                return ctx.workspaceCode(`\`${name} workspaces ${rest[0]?.value ?? ''}\` runs the workspaces' scripts`);
            return undefined;
        }
        if (sub === 'install' || sub === 'i') {
            const packages = rest.filter((a) => !a.value.startsWith('-'));
            if (packages.length > 0)
                return deny(`${name}-install-package`, `\`${name} ${sub} ${packages.map((p) => p.value).join(' ')}\`: ${package_managers_installHint}`);
        }
        if (sub === 'exec') {
            if (rest.length === 0)
                return notAllowed(`${name}-subcommand`, `\`${name} exec\` needs a command.`);
            return (ctx.checkNested(rest) ??
                ctx.workspaceCode(`\`${name} exec ${rest[0].value}\` runs a file from \`node_modules/.bin\``));
        }
        if (pmScripts.has(sub))
            return ctx.workspaceCode(`\`${name} ${sub}\` runs the project's scripts`);
        // `yarn jest`, `pnpm tsc`: a package script of that name if there is one, else the binary
        // from node_modules/.bin: the project's code either way.
        return (ctx.checkNested(words) ??
            ctx.workspaceCode(`\`${name} ${sub}\` runs the package script \`${sub}\` (or \`node_modules/.bin/${sub}\`)`));
    };
}
const pnpm = packageManager('pnpm');
const yarn = packageManager('yarn');

;// CONCATENATED MODULE: ./src/bash-policy/rules/python.ts
/**
 * Python: python, pip, uv, poetry and the `python -m` targets without a command of their own.
 * Everything Python runs can import workspace code (`sys.path` starts with the current folder
 * or the script's, and `PYTHONPATH` brings `sitecustomize`), so all of it needs the sandbox;
 * code given on the command line, installs by package name, other package indexes and
 * publishing are refused, and the options that write (`-X pycache_prefix`, `compileall`,
 * `json.tool IN OUT`) are typed writes.
 */



const pythonTable = optionTable({
    short: 'b B c! d E h i! I m:text$ O P q s S u v V W:text x X:text',
    long: 'help version help-env help-xoptions help-all check-hash-based-pycs=e:always|default|never',
    permute: false,
    abbreviations: false,
    rule: 'interpreter-eval',
    reasons: { c: 'it runs code given on the command line', i: 'it reads code from stdin' },
});
/** Modules `python -m` may run, mapped to the command whose rule checks the rest. */
const pythonModules = {
    pytest: 'pytest',
    unittest: 'python-unittest',
    mypy: 'mypy',
    black: 'black',
    ruff: 'ruff',
    flake8: 'flake8',
    pylint: 'pylint',
    isort: 'isort',
    pip: 'pip',
    coverage: 'coverage',
    compileall: 'python-compileall',
    py_compile: 'python-compileall',
    'json.tool': 'python-json.tool',
    doctest: 'python-unittest',
    pyflakes: 'flake8',
    pycodestyle: 'flake8',
    bandit: 'bandit',
    tox: 'tox',
    nox: 'nox',
    pyright: 'pyright',
    venv: 'python-venv',
    build: 'python-build',
    mkdocs: 'python-build',
    sphinx: 'python-build',
};
/** `-X` options: `pycache_prefix` writes a folder, `presite` imports a module before anything else. */
function checkXOptions(parsed, ctx) {
    for (const option of parsed.options) {
        if (option.def.name !== 'X' || !option.value)
            continue;
        const [key, value] = option.value.value.split(/=(.*)/s);
        if (key === 'presite')
            return deny('python-option', '`python -X presite=…` imports a module before the program; not allowed.');
        if (key === 'pycache_prefix' && value !== undefined) {
            const problem = ctx.checkPath(literal(value), 'write');
            if (problem)
                return problem;
        }
    }
    return undefined;
}
/**
 * python: every form runs code from the workspace: a script, a module (`-m` puts the current
 * folder first on `sys.path`, so even `-m json.tool` imports a workspace `json/`), and
 * `sitecustomize` from `PYTHONPATH` before either. Only `--version`/`--help` run none.
 */
const python = (name) => (args, ctx) => {
    const parsed = checkArgs(name, pythonTable, args, ctx, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'version', 'V', 'help', 'h'))
        return undefined;
    const xProblem = checkXOptions(parsed, ctx);
    if (xProblem)
        return xProblem;
    const module = findParsed(parsed, 'm');
    if (module) {
        const target = pythonModules[module.value?.value ?? ''];
        if (!target)
            return notAllowed('python-module', `\`${name} -m ${module.value?.value}\` is not on the allowlist.`);
        return (ctx.checkNested([{ value: target, glob: false }, ...parsed.rest]) ??
            ctx.workspaceCode(`\`${name} -m ${module.value?.value}\` imports modules from the current folder first`));
    }
    const [script] = parsed.rest;
    if (!script || script.value === '-' || script.value.startsWith('/dev/'))
        return stdinDenial(name, script?.value);
    return ctx.checkPath(script, 'read') ?? ctx.workspaceCode(`\`${name} ${script.value}\` runs a script`);
};
/** `python -m` targets without their own command name. */
const pythonModuleRules = {
    'python-unittest': (_args, ctx) => ctx.workspaceCode('`python -m unittest` runs the tests'),
    'python-build': (_args, ctx) => ctx.workspaceCode("building runs the project's build code"),
    'python-compileall': (args, ctx) => {
        // It writes `__pycache__` next to every file it compiles: its operands are writes.
        const parsed = checkArgs('compileall', optionTable({
            short: 'l r:num f q b d:text s:text p:text x:pat i:list j:num o:num e:text',
            long: 'invalidation-mode=text hardlink-dupes',
        }), args, ctx, 'write');
        return rule_isDenial(parsed) ? parsed : undefined;
    },
    'python-json.tool': (args, ctx) => {
        const parsed = checkArgs('json.tool', optionTable({ long: 'sort-keys no-ensure-ascii json-lines indent=num tab no-indent compact help', short: 'h' }), args, ctx, ['read', 'write']);
        return rule_isDenial(parsed) ? parsed : undefined;
    },
    'python-venv': (args, ctx) => {
        const parsed = checkArgs('venv', optionTable({
            long: 'system-site-packages symlinks copies clear upgrade without-pip prompt=text upgrade-deps without-scm-ignore-files help',
            short: 'h',
        }), args, ctx, 'write');
        return rule_isDenial(parsed) ? parsed : undefined;
    },
};
const pipInstall = optionTable({
    short: 'r:read c:read e:read U t:write q v I i! f! h',
    long: 'requirement=read constraint=read editable=read upgrade user no-deps pre no-cache-dir quiet verbose break-system-packages require-hashes no-build-isolation only-binary=text no-binary=text prefer-binary target=write ignore-installed force-reinstall upgrade-strategy=e:eager|only-if-needed no-warn-script-location disable-pip-version-check no-color progress-bar=text index-url! extra-index-url! find-links! trusted-host! no-index prefix! root! src! config-settings=text global-option! install-option! dry-run report=write group=text help',
    reasons: {
        i: 'it installs from another index',
        f: 'it installs from other links',
        'index-url': 'it installs from another index',
        'extra-index-url': 'it installs from another index',
        'find-links': 'it installs from other links',
        'trusted-host': 'it trusts another host',
        prefix: 'it installs outside the environment',
        root: 'it installs outside the environment',
        src: 'not needed',
        'global-option': 'it passes options to setup.py',
        'install-option': 'it passes options to setup.py',
    },
});
const urlLike = /^[a-z][\w+.-]*:|:\/\/|^git@|@\s*(https?|git|file):/i;
/** pip: listings; `install -r <file>`, `-e <dir>`, `.`: never by package name or from a URL. */
const pip = (args, ctx) => {
    const [sub, ...rest] = args;
    if (sub === undefined ||
        ['list', 'show', 'freeze', 'check', 'help', '--version', '-V', 'inspect'].includes(sub.value))
        return undefined;
    if (sub.value !== 'install')
        return notAllowed('pip-subcommand', `\`pip ${sub.value}\` is not on the allowlist.`);
    for (const word of rest) {
        if (urlLike.test(word.value.replace(/^-[erc]|^--(editable|requirement|constraint)=/, '')))
            return deny('pip-url', `\`pip install ${word.value}\` installs from a URL; network sources are not allowed.`);
    }
    const parsed = checkArgs('pip install', pipInstall, rest, ctx, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    const byName = parsed.operands.find((o) => !(o.value === '.' || o.value.startsWith('./') || /^\.\[[\w,-]+\]$/.test(o.value)));
    if (byName)
        return deny('pip-install-package', `\`pip install ${byName.value}\`: installing packages by name is not allowed; use \`pip install -r <file>\` or \`pip install -e .\`.`);
    return ctx.workspaceCode('`pip install` of the project runs its build code');
};
/** uv and poetry: project environments; `run <cmd>` is checked as that command too. */
function pythonProject(name) {
    return (args, outer) => {
        // `--directory`/`--project`/`-C`: the tool and what it runs work in that folder.
        let ctx = outer;
        for (let i = 0; i < args.length; i++) {
            const match = /^(--directory|--project|-C|-P)(=(.*))?$/.exec(args[i].value);
            if (!match)
                continue;
            const dir = match[2] !== undefined ? literal(match[3]) : args[i + 1];
            if (!dir)
                return notAllowed(`${name}-option`, `\`${name} ${match[1]}\` needs a folder.`);
            const moved = ctx.chdir(dir);
            if (rule_isDenial(moved))
                return moved;
            ctx = moved;
        }
        // uv's `--with` adds packages to the run; poetry's `--with` names dependency groups.
        const refused = name === 'uv'
            ? /^--?(index(-url)?|extra-index-url|find-links|default-index|with|with-requirements|from|trusted-host|f)$/
            : /^--?(index(-url)?|source)$/;
        const bad = args.find((a) => refused.test(a.value.split('=')[0]));
        if (bad)
            return deny(`${name}-option`, `\`${name} ${bad.value}\` adds packages or package sources; not allowed.`);
        const operands = args.filter((a, i) => !a.value.startsWith('-') && !/^(--directory|--project|-C|-P)$/.test(args[i - 1]?.value ?? ''));
        const sub = operands[0]?.value;
        if (sub === undefined)
            return args.some((a) => ['--version', '-V', '--help', '-h'].includes(a.value))
                ? undefined
                : notAllowed(`${name}-subcommand`, `\`${name}\` needs a subcommand.`);
        if (sub === 'pip' && operands[1]?.value === 'install') {
            const at = args.findIndex((a) => a.value === 'install');
            return ctx.checkNested([{ value: 'pip', glob: false }, ...args.slice(at)]);
        }
        if ([
            'add',
            'remove',
            'publish',
            'self',
            'tool',
            'toolchain',
            'python',
            'upgrade',
            'config',
            'source',
            'cache',
            'auth',
            'env',
            'shell',
        ].includes(sub))
            return deny(`${name}-subcommand`, `\`${name} ${sub}\` changes dependencies, downloads tools or publishes; not allowed.`);
        if (['tree', 'show', 'check', 'version', 'help', 'list'].includes(sub) ||
            (sub === 'pip' && ['list', 'freeze', 'show', 'check', 'tree'].includes(operands[1]?.value ?? '')))
            return undefined;
        if (sub === 'run') {
            const runIndex = args.findIndex((a) => a.value === 'run');
            const rest = args.slice(runIndex + 1);
            let i = 0;
            for (; i < rest.length && rest[i].value.startsWith('-'); i++) {
                if (rest[i].value === '--') {
                    i++;
                    break;
                }
                if (['--extra', '--group', '--package', '-p', '--python', '--env-file'].includes(rest[i].value))
                    i++;
            }
            const inner = rest.slice(i);
            if (inner.length === 0)
                return notAllowed(`${name}-run`, `\`${name} run\` needs a command.`);
            return ctx.checkNested(inner) ?? ctx.workspaceCode(`\`${name} run\` runs in the project's environment`);
        }
        if (['sync', 'install', 'lock', 'build', 'venv', 'pip', 'export'].includes(sub))
            return ctx.workspaceCode(`\`${name} ${sub}\` builds the project (its build code runs)`);
        return notAllowed(`${name}-subcommand`, `\`${name} ${sub}\` is not on the allowlist.`);
    };
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/runners.ts
/**
 * JavaScript test runners, linters and checkers with large command lines. Those that run the workspace's
 * code by design (a test file or an `eslint.config.js` can do anything) need the sandbox, and
 * their other options cannot make that worse, so only the options that matter are typed: the
 * ones that load a plugin, reporter or config (never a file the agent wrote this run), write a
 * file, or are refused. Checkers that run no project code keep the same typed options.
 */

const jsConfig = ['config', 'c'];
const refuseInspect = {
    inspect: 'the inspector accepts code over a socket',
    'inspect-brk': 'the inspector accepts code over a socket',
};
const runnerRules = {
    jest: openRule('jest', {
        code: true,
        load: [
            ...jsConfig,
            'reporters',
            'setupfiles',
            'setupfilesafterenv',
            'globalsetup',
            'globalteardown',
            'testenvironment',
            'testrunner',
            'testsequencer',
            'resolver',
            'transform',
            'snapshotresolver',
            'preset',
            'runner',
            'watchplugins',
            'filter',
            'testresultsprocessor',
            'moduledirectories',
        ],
        write: ['outputfile', 'coveragedirectory', 'cachedirectory'],
        valued: [
            't',
            'testnamepattern',
            'maxworkers',
            'w',
            'shard',
            'testtimeout',
            'selectprojects',
            'testpathpattern',
            'coveragereporters',
            'collectcoveragefrom',
        ],
    }),
    vitest: openRule('vitest', {
        code: true,
        load: [
            ...jsConfig,
            'reporter',
            'setupfiles',
            'globalsetup',
            'environment',
            'pool',
            'workspace',
            'project-config',
            'r',
            'root',
            'dir',
        ],
        write: ['outputfile', 'coverage.reportsdirectory'],
        valued: ['t', 'testnamepattern', 'shard', 'maxworkers', 'project', 'mode', 'testtimeout'],
        refuse: {
            ui: 'it opens a server',
            api: 'it opens a server',
            inspect: refuseInspect.inspect,
            'inspect-brk': refuseInspect['inspect-brk'],
            browser: 'it launches a browser',
        },
    }),
    mocha: openRule('mocha', {
        code: true,
        load: [...jsConfig, 'r', 'require', 'reporter', 'R', 'ui', 'u', 'file', 'package', 'opts', 'loader'],
        write: ['reporter-option'],
        valued: [
            'g',
            'grep',
            'f',
            'fgrep',
            'timeout',
            't',
            'slow',
            's',
            'retries',
            'j',
            'jobs',
            'extension',
            'spec',
            'ignore',
        ],
        refuse: refuseInspect,
    }),
    ava: openRule('ava', {
        code: true,
        load: ['config'],
        valued: ['match', 'm', 'timeout', 'T', 'concurrency', 'c'],
    }),
    tap: openRule('tap', {
        code: true,
        load: ['node-arg', 'reporter', 'R', 'before', 'after', 'test-env', 'rcfile'],
        write: ['output-file', 'o', 'output-dir', 'd'],
        valued: ['grep', 'g', 'timeout', 't', 'jobs', 'j'],
    }),
    c8: openRule('c8', {
        code: true,
        load: ['config', 'c'],
        write: ['reports-dir', 'o', 'temp-directory', 'report-dir'],
        valued: [
            'reporter',
            'r',
            'include',
            'exclude',
            'n',
            'x',
            'src',
            'extension',
            'e',
            'lines',
            'branches',
            'functions',
            'statements',
        ],
    }),
    nyc: openRule('nyc', {
        code: true,
        load: ['require', 'i', 'nycrc-path', 'config'],
        write: ['report-dir', 'temp-dir', 't', 'cache-dir'],
        valued: ['reporter', 'r', 'include', 'n', 'exclude', 'x', 'extension', 'e'],
    }),
    playwright: openRule('playwright', {
        code: true,
        load: ['config', 'c', 'reporter', 'global-setup'],
        write: ['output', 'o'],
        valued: [
            'grep',
            'g',
            'grep-invert',
            'project',
            'workers',
            'j',
            'retries',
            'timeout',
            'shard',
            'repeat-each',
            'max-failures',
            'x',
        ],
        refusedSubcommands: {
            install: 'it downloads browsers',
            'install-deps': 'it installs system packages',
            codegen: 'it opens a browser',
            open: 'it opens a browser',
            'show-report': 'it starts a server',
            'show-trace': 'it opens a browser',
        },
        refuse: { ui: 'it starts a server', debug: 'it opens the inspector' },
    }),
    eslint: openRule('eslint', {
        code: true,
        load: [
            'c',
            'config',
            'f',
            'format',
            'plugin',
            'resolve-plugins-relative-to',
            'rulesdir',
            'parser',
            'parser-options',
            'ignore-path',
            'output-file-format',
            'inspect-config',
            'flag',
        ],
        write: ['o', 'output-file', 'cache-location'],
        valued: [
            'ext',
            'max-warnings',
            'rule',
            'env',
            'global',
            'ignore-pattern',
            'cache-strategy',
            'report-unused-disable-directives-severity',
        ],
        writeMode: ['fix', 'fix-type'],
        refuse: { 'inspect-config': 'it starts a server' },
    }),
    prettier: openRule('prettier', {
        code: true,
        load: [
            'config',
            'plugin',
            'plugin-search-dir',
            'parser',
            'ignore-path',
            'config-precedence',
            'stdin-filepath',
        ],
        write: ['cache-location'],
        valued: [
            'log-level',
            'loglevel',
            'print-width',
            'tab-width',
            'end-of-line',
            'trailing-comma',
            'quote-props',
            'arrow-parens',
            'prose-wrap',
            'html-whitespace-sensitivity',
            'embedded-language-formatting',
            'object-wrap',
            'cache-strategy',
            'experimental-operator-position',
        ],
        writeMode: ['write', 'w'],
        operands: 'read',
    }),
    stylelint: openRule('stylelint', {
        code: true,
        load: [
            'config',
            'c',
            'config-basedir',
            'custom-syntax',
            'custom-formatter',
            'formatter',
            'f',
            'ignore-path',
            'i',
        ],
        write: ['output-file', 'o', 'cache-location'],
        writeMode: ['fix'],
        valued: ['max-warnings', 'ignore-pattern', 'ip'],
    }),
    'vue-tsc': openRule('vue-tsc', {
        code: true,
        load: ['p', 'project', 'plugins'],
        write: ['outdir', 'outfile', 'declarationdir', 'tsbuildinfofile'],
    }),
    'svelte-check': openRule('svelte-check', {
        code: true,
        load: ['workspace', 'tsconfig'],
        valued: ['output', 'threshold', 'fail-on-warnings', 'compiler-warnings', 'diagnostic-sources'],
    }),
    // tsconfig.json can name language-service plugins and an `outFile` anywhere.
    tsc: openRule('tsc', {
        code: true,
        read: ['p', 'project', 'rootdir', 'basedir', 'baseurl'],
        write: [
            'outdir',
            'outfile',
            'out',
            'declarationdir',
            'tsbuildinfofile',
            'generatetrace',
            'generatecpuprofile',
            'mapRoot'.toLowerCase(),
            'sourceroot',
        ],
        valued: ['target', 't', 'module', 'm', 'lib', 'jsx', 'moduleresolution', 'types', 'typeroots'],
        refuse: { watch: 'it never ends', w: 'it never ends', plugins: 'it loads plugins' },
    }),
    markdownlint: openRule('markdownlint', {
        code: true,
        load: ['config', 'c', 'rules', 'r'],
        write: ['output', 'o'],
        writeMode: ['fix'],
        valued: ['ignore', 'i', 'p', 'ignore-path'],
        operands: 'read',
    }),
    htmlhint: openRule('htmlhint', {
        code: true,
        load: ['c', 'config', 'r', 'rulesdir', 'f', 'format'],
        valued: ['ignore', 'i'],
        operands: 'read',
    }),
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/search.ts
/**
 * Searching tools: grep, ripgrep, find and fd. They walk folders, so a recursive search must
 * not enter `.git/` (where a checkout's credentials live) nor follow symlinks out of the workspace,
 * and the options that run a program per file (`rg --pre`, `find -exec`, `fd -x`) are refused.
 */



const grepTable = optionTable({
    short: 'A:num B:num C:num D/devices E F G P e/regexp f/file i y w x z s v V m:num b n H h o q a I d/directories r/recursive R/dereference-recursive l L c T u U Z 0 1 2 3 4 5 6 7 8 9',
    long: 'extended-regexp fixed-strings basic-regexp perl-regexp regexp=pat file=read ignore-case no-ignore-case word-regexp line-regexp null-data no-messages invert-match version help max-count=num byte-offset line-number no-line-number line-buffered with-filename no-filename label=text only-matching quiet silent binary-files=e:binary|text|without-match text devices=e:read|skip directories=e:read|recurse|skip exclude=pat exclude-from=read exclude-dir=pat include=pat recursive dereference-recursive files-without-match files-with-matches count initial-tab null after-context=num before-context=num context=num color?=e:never|always|auto colour?=e:never|always|auto binary',
});
/** grep/egrep/fgrep: the first operand is the pattern unless `-e`/`-f` gave one. */
function grep(name) {
    return (args, ctx) => {
        const parsed = checkArgs(name, grepTable, args, ctx, (p) => findParsed(p, 'regexp', 'file') ? 'read' : ['pattern', 'read']);
        if (rule_isDenial(parsed))
            return parsed;
        if (findParsed(parsed, 'dereference-recursive'))
            return deny('recursive-follow', `\`${name} -R\` follows symlinks out of the workspace; use \`-r\`.`);
        const recursive = findParsed(parsed, 'recursive') ||
            parsed.options.some((o) => o.def.name === 'directories' && o.value?.value === 'recurse');
        if (!recursive)
            return undefined;
        const excluded = parsed.options.some((o) => o.def.name === 'exclude-dir' && ['.git', '.git/', '.*'].includes(o.value?.value ?? ''));
        const hasPattern = findParsed(parsed, 'regexp', 'file') !== undefined;
        const dirs = parsed.operands.slice(hasPattern ? 0 : 1);
        return walkAll(name, dirs.length > 0 ? dirs : [{ value: '.', glob: false }], excluded, ctx);
    };
}
function walkAll(name, dirs, gitExcluded, ctx) {
    if (gitExcluded)
        return undefined;
    for (const dir of dirs) {
        const problem = checkValue(dir, 'walk', `\`${name}\``, ctx);
        if (problem)
            return problem;
    }
    return undefined;
}
const rgTable = optionTable({
    short: 'A:num B:num C:num c d:num E:text e:pat f:read F g:pat H h i I j:num L l M:num m:num N n o p P q r:text S s t:text T:text U u v V w x z! 0 .',
    long: 'after-context=num before-context=num context=num count count-matches crlf no-crlf debug trace dfa-size-limit=text encoding=text no-encoding engine=e:default|pcre2|auto regexp=pat file=read files files-with-matches files-without-match fixed-strings no-fixed-strings follow no-follow glob=pat iglob=pat glob-case-insensitive no-glob-case-insensitive heading no-heading hidden no-hidden ignore-case ignore-file=read ignore-file-case-insensitive include-zero invert-match json no-json line-buffered block-buffered line-number no-line-number line-regexp max-columns=num max-columns-preview max-count=num max-depth=num maxdepth=num max-filesize=text mmap no-mmap multiline no-multiline multiline-dotall no-config no-ignore no-ignore-dot no-ignore-exclude no-ignore-files no-ignore-global no-ignore-parent no-ignore-vcs no-messages no-pcre2-unicode no-unicode null null-data one-file-system only-matching passthru pcre2 no-pcre2 pcre2-version path-separator=text pretty quiet regex-size-limit=text replace=text search-zip! pre! pre-glob! hostname-bin! case-sensitive smart-case sort=text sortr=text stats no-stats text no-text threads=num trim no-trim type=text type-not=text type-add=text type-clear=text type-list unrestricted vimgrep with-filename no-filename word-regexp auto-hybrid-regex binary no-binary color=e:never|auto|always|ansi colors=text column no-column context-separator=text field-context-separator=text field-match-separator=text heading help version generate=text ignore no-ignore-messages no-require-git sort-files files-from=list hyperlink-format=text',
    rule: 'rg-preprocessor',
    reasons: {
        pre: 'it runs a program on every file',
        'pre-glob': 'it runs a program on every file',
        'search-zip': 'it runs decompression programs',
        z: 'it runs decompression programs',
        'hostname-bin': 'it runs a program',
    },
});
/** ripgrep: skips hidden files (so `.git/`) and symlinks by default; asking for them is a walk. */
const rg = (args, ctx) => {
    const parsed = checkArgs('rg', rgTable, args, ctx, (p) => findParsed(p, 'regexp', 'file', 'files', 'type-list') ? 'read' : ['pattern', 'read']);
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'follow', 'L'))
        return deny('recursive-follow', '`rg -L`/`--follow` follows symlinks out of the workspace.');
    const unrestricted = parsed.options.filter((o) => o.def.name === 'u' || o.def.name === 'unrestricted').length;
    const hidden = findParsed(parsed, 'hidden', '.') !== undefined || unrestricted >= 2;
    if (!hidden)
        return undefined;
    const excluded = parsed.options.some((o) => ['glob', 'g', 'iglob'].includes(o.def.name) &&
        /^!(\*\*\/)?\.git(\/(\*\*)?)?$/.test(o.value?.value ?? ''));
    const patternGiven = findParsed(parsed, 'regexp', 'file', 'files') !== undefined;
    const dirs = parsed.operands.slice(patternGiven ? 0 : 1);
    return walkAll('rg', dirs.length > 0 ? dirs : [{ value: '.', glob: false }], excluded, ctx);
};
/** find's expression words: tests and actions by how many arguments they take, and their kind. */
const findPrimaries = {};
for (const w of '-a -and -o -or -not ! ( ) , -true -false -print -print0 -ls -prune -quit -depth -d -mount -xdev -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -follow -empty -executable -readable -writable -nogroup -nouser -help -version'.split(' '))
    findPrimaries[w] = 'flag';
for (const w of '-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname'.split(' '))
    findPrimaries[w] = 'pattern';
for (const w of '-maxdepth -mindepth -amin -atime -cmin -ctime -mmin -mtime -size -links -inum -uid -gid -used'.split(' '))
    findPrimaries[w] = 'number';
for (const w of '-type -xtype -perm -user -group -fstype -printf -regextype -samefile -context -files0-from -D -O'.split(' '))
    findPrimaries[w] = 'text';
for (const w of '-newer -anewer -cnewer -samefile'.split(' '))
    findPrimaries[w] = 'read';
for (const w of '-exec -execdir -ok -okdir -delete -fprint -fprint0 -fprintf -fls -files0-from'.split(' '))
    findPrimaries[w] = 'refuse';
/** find [-H|-L|-P] [start…] [expression]: starting points walked, expression words by table. */
const find = (args, ctx) => {
    let i = 0;
    for (; i < args.length && /^-[HLP]+$/.test(args[i].value); i++) {
        if (/[HL]/.test(args[i].value))
            return deny('recursive-follow', '`find -L`/`-H` follows symlinks out of the workspace.');
    }
    const starts = [];
    for (; i < args.length; i++) {
        const v = args[i].value;
        if (v.startsWith('-') || v === '!' || v === '(')
            break;
        starts.push(args[i]);
    }
    for (const start of starts.length ? starts : [{ value: '.', glob: false }]) {
        const problem = checkValue(start, 'read', '`find`', ctx);
        if (problem)
            return problem;
    }
    for (; i < args.length; i++) {
        const word = args[i].value;
        const kind = findPrimaries[word];
        if (kind === undefined)
            return deny('find-expression', `\`find ${word}\` is not a test or action the policy knows.`);
        if (kind === 'refuse')
            return deny('find-action', `\`find ${word}\` runs a program, deletes or writes files; only searching and printing are allowed. Use glob/grep to search, edit_file to change files.`);
        if (word === '-follow')
            return deny('recursive-follow', '`find -follow` follows symlinks out of the workspace.');
        if (kind === 'flag')
            continue;
        const value = args[++i];
        if (!value)
            return deny('find-expression', `\`find ${word}\` needs a value.`);
        if (kind === 'read') {
            const problem = checkValue(value, 'read', `\`find ${word}\``, ctx);
            if (problem)
                return problem;
        }
    }
    return undefined;
};
const fdTable = optionTable({
    short: 'H I u s i g F a l L p d:num t:text e:text E:pat S:text o:text c:text j:num x! X! 0 h V q',
    long: 'hidden no-hidden no-ignore no-ignore-vcs no-ignore-parent no-global-ignore-file unrestricted case-sensitive ignore-case glob regex fixed-strings and=pat absolute-path relative-path list-details follow full-path max-depth=num min-depth=num exact-depth=num prune type=text extension=text exclude=pat size=text changed-within=text changed-before=text owner=text format=text color=e:auto|always|never threads=num max-results=num one-file-system base-directory=read path-separator=text search-path=read strip-cwd-prefix?=text print0 quiet show-errors ignore-file=read exec! exec-batch! batch-size=num help version',
    rule: 'fd-exec',
    reasons: {
        exec: 'it runs a program for each match',
        'exec-batch': 'it runs a program',
        x: 'it runs a program for each match',
        X: 'it runs a program',
    },
});
/** fd [pattern] [path…]: skips hidden files unless asked. */
const fd = (args, ctx) => {
    const parsed = checkArgs('fd', fdTable, args, ctx, ['pattern', 'read']);
    if (rule_isDenial(parsed))
        return parsed;
    if (findParsed(parsed, 'follow', 'L'))
        return deny('recursive-follow', '`fd -L` follows symlinks out of the workspace.');
    return undefined;
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/sed.ts
/**
 * sed: every script command that runs a program or touches another file is refused: `e`, `r`,
 * `R`, `w`, `W` and the `e`/`w` flags of `s`; `-i` is refused (edits go through edit_file).
 * The script is scanned command by command, the way GNU sed reads it: `-e` pieces and `-f`
 * files joined by newlines into one script; anything the scanner does not recognise is refused
 * rather than guessed. A `-f` file is read from every folder the command may run in, and
 * refused when the agent wrote it this run or another command of the line writes it.
 */



const editHint = 'Use edit_file to modify files; sed may only print.';
const sed_table = optionTable({
    short: 'n/quiet e/expression f/file i! l/line-length E r s/separate u/unbuffered z/null-data',
    long: 'quiet silent debug expression=pat file=load follow-symlinks in-place?=text! line-length=num posix regexp-extended separate sandbox unbuffered null-data binary help version',
    rule: 'sed-in-place',
    reasons: { i: `it edits files in place. ${editHint}`, 'in-place': `it edits files in place. ${editHint}` },
});
/**
 * sed: the scripts (inline, `-e`, or a `-f` file the policy reads) are scanned; the files are
 * read, or written with `-i` (whose backup suffix may not name another folder).
 */
const sed = (args, ctx) => {
    const parsed = checkArgs('sed', sed_table, args, ctx, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    const scripts = [];
    let inPlace = false;
    for (const option of parsed.options) {
        const value = option.value?.value ?? '';
        if (option.def.name === 'expression')
            scripts.push(value);
        if (option.def.name === 'file' && option.value) {
            const problem = checkValue(option.value, 'load', '`sed -f`', ctx);
            if (problem)
                return problem;
            const texts = ctx.readChecked(option.value, true);
            if (rule_isDenial(texts))
                return texts;
            scripts.push(...texts);
        }
        if (option.def.name === 'in-place' || option.def.name === 'i') {
            inPlace = true;
            if (!/^[\w.~-]*$/.test(value))
                return deny('sed-in-place', `\`sed -i${value}\`: a backup suffix may not contain \`/\` or \`*\` (it can name another folder).`);
        }
    }
    let files = parsed.operands;
    if (scripts.length === 0) {
        const [script, ...rest] = files;
        if (script === undefined)
            return deny('sed-syntax', '`sed` needs a script.');
        scripts.push(script.value);
        files = rest;
    }
    for (const script of scripts.length > 1 ? [...scripts, scripts.join('\n')] : scripts) {
        const problem = scanSedScript(script);
        if (problem)
            return problem;
    }
    if (inPlace && files.length === 0)
        return deny('sed-in-place', '`sed -i` needs files.');
    return checkOperands('sed', files, inPlace ? 'write' : 'read', ctx);
};
const simpleCommands = new Set([
    '=',
    'd',
    'D',
    'g',
    'G',
    'h',
    'H',
    'n',
    'N',
    'p',
    'P',
    'x',
    'z',
    'F',
    '{',
    '}',
]);
/** Scans one sed script; returns a denial for program-running or file-touching commands. */
function scanSedScript(script) {
    const s = script;
    let i = 0;
    const refuse = (what) => deny('sed-command', `The sed script uses ${what}, which runs a program or reads/writes another file. ${editHint}`);
    const skipTo = (stops) => {
        while (i < s.length && !stops.includes(s[i]))
            i++;
    };
    const skipDelimited = (delim) => {
        while (i < s.length && s[i] !== delim) {
            if (s[i] === '\\')
                i++;
            if (s[i] === '\n')
                return false;
            i++;
        }
        if (i >= s.length)
            return false;
        i++;
        return true;
    };
    const address = () => {
        const ch = s[i];
        if (ch === undefined)
            return true;
        if (/[0-9$+~]/.test(ch)) {
            while (i < s.length && /[0-9$~+]/.test(s[i]))
                i++;
        }
        else if (ch === '/' || ch === '\\') {
            const delim = ch === '\\' ? s[i + 1] : '/';
            i += ch === '\\' ? 2 : 1;
            if (!delim || !skipDelimited(delim))
                return false;
            while (s[i] === 'I' || s[i] === 'M')
                i++;
        }
        return true;
    };
    while (i < s.length) {
        while (i < s.length && /[\s;]/.test(s[i]))
            i++;
        if (i >= s.length)
            break;
        if (s[i] === '#') {
            skipTo('\n');
            continue;
        }
        if (!address())
            return deny('sed-syntax', 'The sed script has an address the policy cannot parse.');
        if (s[i] === ',') {
            i++;
            if (!address())
                return deny('sed-syntax', 'The sed script has an address the policy cannot parse.');
        }
        while (s[i] === ' ' || s[i] === '!')
            i++;
        const cmd = s[i++];
        if (cmd === undefined)
            break;
        if (simpleCommands.has(cmd))
            continue;
        switch (cmd) {
            case 'e':
            case 'r':
            case 'R':
            case 'w':
            case 'W':
                return refuse(`the \`${cmd}\` command`);
            case 's': {
                const delim = s[i++];
                if (!delim || delim === '\\' || delim === '\n' || !skipDelimited(delim) || !skipDelimited(delim)) {
                    return deny('sed-syntax', 'The sed `s` command could not be parsed.');
                }
                const flags = /^[^;}\n\s#]*/.exec(s.slice(i))?.[0] ?? '';
                if (/[ew]/.test(flags))
                    return refuse(`the \`${flags.includes('e') ? 'e' : 'w'}\` flag of \`s\``);
                if (!/^[gpiImM0-9]*$/.test(flags))
                    return deny('sed-syntax', `Unknown \`s\` flags \`${flags}\`.`);
                i += flags.length;
                break;
            }
            case 'y': {
                const delim = s[i++];
                if (!delim || !skipDelimited(delim) || !skipDelimited(delim))
                    return deny('sed-syntax', 'The sed `y` command could not be parsed.');
                break;
            }
            case 'a':
            case 'i':
            case 'c':
                skipTo('\n'); // the text runs to the end of the line, `;` included
                break;
            case ':':
            case 'b':
            case 't':
            case 'T':
            case 'v':
                skipTo(';\n}');
                break;
            case 'q':
            case 'Q':
            case 'l':
            case 'L':
                while (i < s.length && /[0-9 ]/.test(s[i]))
                    i++;
                break;
            default:
                return deny('sed-syntax', `The sed command \`${cmd}\` is not one the policy knows.`);
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/rules/wrappers.ts
/**
 * Commands that run another command: the wrapped command is checked as a command of its own,
 * so `timeout 300 npm test` is exactly as allowed as `npm test`.
 */



const wrapped = (name, table, leading) => (args, ctx) => {
    const parsed = checkArgs(name, table, args, ctx, 'text');
    if (rule_isDenial(parsed))
        return parsed;
    const inner = parsed.rest.slice(leading);
    if (inner.length === 0)
        return deny('wrapper', `\`${name}\` needs a command.`);
    return ctx.checkNested(inner);
};
const wrapperRules = {
    time: wrapped('time', optionTable({ short: 'p', permute: false }), 0),
    timeout: wrapped('timeout', optionTable({
        short: 'k:number s:text v',
        long: 'kill-after=number signal=text foreground preserve-status verbose',
        permute: false,
    }), 1),
    nice: wrapped('nice', optionTable({ short: 'n:number', long: 'adjustment=number', permute: false }), 0),
    stdbuf: wrapped('stdbuf', optionTable({ short: 'i:text o:text e:text', long: 'input=text output=text error=text', permute: false }), 0),
    /** `xargs` appends words from stdin the policy never sees, so it needs the sandbox too. */
    xargs: (args, ctx) => {
        const table = optionTable({
            short: '0 a:read d:text E:text e::text I:text i::text L:number l::number n:number P:number p! r s:number t x o',
            long: 'null arg-file=read delimiter=text eof?=text replace?=text max-lines?=number max-args=number max-procs=number interactive! no-run-if-empty max-chars=number verbose exit open-tty show-limits process-slot-var=text',
            permute: false,
        });
        const parsed = checkArgs('xargs', table, args, ctx, 'text');
        if (rule_isDenial(parsed))
            return parsed;
        if (parsed.rest.length === 0)
            return deny('wrapper', '`xargs` needs a command.');
        return (ctx.checkNested(parsed.rest) ??
            ctx.workspaceCode('`xargs` passes words from its input that the policy cannot check (they could be options or any path)'));
    },
};

;// CONCATENATED MODULE: ./src/bash-policy/rules/index.ts
/**
 * The table of allowed commands: a name maps to its rule; a name that is absent is a soft
 * denial. Every rule parses its argv with the option-table engine (options.ts).
 */



















const commandRules = {
    ...coreutilRules,
    ...fileOpRules,
    ...ecosystemRules,
    ...runnerRules,
    ...checkerRules,
    ...formatterRules,
    ...wrapperRules,
    ...pythonModuleRules,
    git: git,
    find: find,
    fd: fd,
    rg: rg,
    grep: grep('grep'),
    egrep: grep('egrep'),
    fgrep: grep('fgrep'),
    sed: sed,
    awk: awk('awk'),
    gawk: awk('gawk'),
    mawk: awk('mawk'),
    nawk: awk('nawk'),
    jq: jq,
    yq: yq,
    tar: tar,
    unzip: unzip,
    npm: npm,
    npx: npx,
    pnpm: pnpm,
    yarn: yarn,
    node: node('node'),
    nodejs: node('nodejs'),
    tsx: node('tsx'),
    'ts-node': node('ts-node'),
    pip: pip,
    pip3: pip,
    python: python('python'),
    python3: python('python3'),
    uv: pythonProject('uv'),
    poetry: pythonProject('poetry'),
    go: go,
    cargo: cargo,
    make: make('make'),
    gmake: make('gmake'),
    mvn: maven('mvn'),
    mvnw: maven('mvnw'),
    gradle: gradle('gradle'),
    gradlew: gradle('gradlew'),
    java: java,
    dotnet: dotnet,
    bash: shell('bash'),
    sh: shell('sh'),
    dash: shell('dash'),
    zsh: shell('zsh'),
    ksh: shell('ksh'),
    perl: otherInterpreter('perl', ['-e', '-E']),
    php: otherInterpreter('php', ['-r', '-a']),
    lua: otherInterpreter('lua', ['-e']),
    Rscript: otherInterpreter('Rscript', ['-e']),
    osascript: otherInterpreter('osascript', ['-e']),
};

;// CONCATENATED MODULE: ./src/bash-policy/variables.ts
/**
 * `NAME=value` in front of a command (or given to `env`): allowed by variable *and* value shape.
 * Variables like `NODE_OPTIONS`, `PYTHONPATH` or `GOFLAGS` can load code, so only the values
 * real projects use are accepted (`--max-old-space-size=4096`, `src`, `-mod=mod`).
 */

const flag = /^[\w.,:*+-]{0,100}$/;
const bool = /^(1|0|true|false|yes|no|on|off)?$/i;
const nodeOption = '--max-old-space-size=\\d+|--max-semi-space-size=\\d+|--stack-size=\\d+|--enable-source-maps|--no-warnings|--no-deprecation|--trace-warnings|--trace-deprecation|--trace-uncaught|--experimental-vm-modules|--experimental-strip-types|--no-experimental-strip-types|--experimental-test-coverage|--expose-gc|--openssl-legacy-provider|--unhandled-rejections=(strict|warn|throw|none)|--disable-warning=[\\w-]+|--dns-result-order=\\w+';
const goFlag = '-mod=(mod|vendor|readonly)|-count=\\d+|-race|-v|-trimpath|-buildvcs=(true|false)|-tags=[\\w,]+|-p=\\d+|-timeout=\\w+';
const rustFlag = '-D ?warnings|-Dwarnings|-C debuginfo=\\d|-Cdebuginfo=\\d|-C instrument-coverage|-Cinstrument-coverage|-C target-cpu=native|--cfg [\\w]+|-A [\\w:-]+|-W [\\w:-]+';
const jvmFlag = '-Xmx\\w+|-Xms\\w+|-Xss\\w+|-XX:MaxMetaspaceSize=\\w+|-XX:\\+UseParallelGC|-XX:\\+HeapDumpOnOutOfMemoryError|-Dfile\\.encoding=[\\w-]+|-Dorg\\.gradle\\.[\\w.]+=[\\w.-]+|-Dmaven\\.[\\w.]+=[\\w.-]+|-Djava\\.awt\\.headless=true|-Duser\\.timezone=[\\w/]+';
const list = (alternatives) => new RegExp(`^(${alternatives})( +(${alternatives}))*$`);
const shapes = {
    CI: bool,
    NODE_ENV: /^[\w-]{1,30}$/,
    FORCE_COLOR: /^[0-3]?$|^true|false$/,
    NO_COLOR: flag,
    RUST_BACKTRACE: /^(0|1|full|short)$/,
    RUST_LOG: flag,
    RUST_TEST_THREADS: /^\d+$/,
    RUST_MIN_STACK: /^\d+$/,
    CARGO_TERM_COLOR: /^(always|never|auto)$/,
    CARGO_INCREMENTAL: bool,
    CARGO_NET_OFFLINE: bool,
    RUSTFLAGS: list(rustFlag),
    RUSTDOCFLAGS: list(rustFlag),
    PYTHONDONTWRITEBYTECODE: bool,
    PYTHONUNBUFFERED: bool,
    PYTHONHASHSEED: /^\d+|random$/,
    PYTHONWARNINGS: /^[\w:,.]{0,80}$/,
    PYTHONUTF8: bool,
    PYTHONPATH: 'path-list',
    MYPYPATH: 'path-list',
    COVERAGE_FILE: 'write-path',
    PIP_DISABLE_PIP_VERSION_CHECK: bool,
    PIP_NO_INPUT: bool,
    TZ: /^(:?[A-Za-z][\w+-]*(\/[\w+-]+)*|UTC[+-]?\d{0,2})?$/,
    LANG: flag,
    LC_ALL: flag,
    LANGUAGE: flag,
    DEBUG: flag,
    TERM: /^[\w-]{0,30}$/,
    COLUMNS: /^\d+$/,
    LINES: /^\d+$/,
    CGO_ENABLED: bool,
    GOOS: /^\w+$/,
    GOARCH: /^\w+$/,
    GOFLAGS: list(goFlag),
    GOTOOLCHAIN: /^local$/,
    GOPROXY: /^off$/,
    GOMAXPROCS: /^\d+$/,
    GOEXPERIMENT: /^[\w,]+$/,
    TS_NODE_TRANSPILE_ONLY: bool,
    TS_NODE_PROJECT: 'path-list',
    NODE_OPTIONS: list(nodeOption),
    NODE_NO_WARNINGS: bool,
    JEST_WORKERS: /^\d+$/,
    HUSKY: bool,
    SKIP_ENV_VALIDATION: bool,
    NEXT_TELEMETRY_DISABLED: bool,
    DOTNET_CLI_TELEMETRY_OPTOUT: bool,
    DOTNET_NOLOGO: bool,
    DOTNET_SKIP_FIRST_TIME_EXPERIENCE: bool,
    GRADLE_OPTS: list(jvmFlag),
    MAVEN_OPTS: list(jvmFlag),
    JAVA_OPTS: list(jvmFlag),
    VERBOSE: bool,
    UPDATE_SNAPSHOTS: bool,
    TEST_TIMEOUT: /^\d+$/,
};
/**
 * Variables that make the program load workspace files as code whatever their value (Python
 * imports `sitecustomize` from `PYTHONPATH` before any program runs; ts-node reads `require`
 * from the project file): the command counts as running the project's code. Returns why.
 */
const loaders = {
    PYTHONPATH: 'makes Python import modules from those folders (`sitecustomize`) before the program starts',
    TS_NODE_PROJECT: 'names a project file whose settings load modules',
};
/** Why setting `name` makes the command run workspace code, or undefined. */
function loaderVariable(name) {
    return loaders[name];
}
/** The denial for `name=value`, or undefined when the variable and its value are allowed. */
function variables_checkAssignment(name, value, checkPath) {
    const shape = shapes[name];
    if (!shape) {
        return deny('env-prefix', `Setting \`${name}\` for a command is not allowed (variables like it can change what runs). Allowed: ${Object.keys(shapes).join(', ')}.`);
    }
    if (shape === 'write-path')
        return checkPath(value, 'write');
    if (shape === 'path-list') {
        for (const part of value.value.split(':')) {
            if (part === '')
                continue;
            const problem = checkPath({ value: part, glob: value.glob }, 'read');
            if (problem)
                return problem;
        }
        return undefined;
    }
    if (value.value.length > 200 || !shape.test(value.value))
        return deny('env-prefix', `\`${name}=${value.value}\` is not a value the policy allows for \`${name}\`.`);
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/check-command.ts
/**
 * Checks one simple command: its `NAME=value` prefixes (by variable and value shape), the
 * command name (a path is mapped to the tool it is, or treated as workspace code), the hard
 * denials by name, the core allowed without a sandbox, then the command's own rule;
 * `allowed-commands` lifts soft denials only.
 */













const maxDepth = 8;
function checkCommand(command, ctx) {
    let loads = false;
    for (const assignment of command.assignments) {
        const problem = variables_checkAssignment(assignment.name, assignment.value, (w, use) => checkPathKind(w, use, ctx));
        if (problem)
            return problem;
        const loader = loaderVariable(assignment.name);
        if (loader) {
            const code = workspaceCode(ctx, `\`${assignment.name}\` ${loader}`);
            if (code)
                return code;
            loads = true;
        }
    }
    const [nameWord] = command.words;
    if (!nameWord || nameWord.glob || nameWord.value === '') {
        return deny('command-name', 'The command name must be a literal word.');
    }
    const first = ctx.approval?.commands.length;
    const denial = checkWords(command.words, ctx, 0);
    // A loader variable makes the command load workspace code (allowed above by the sandbox).
    if (!denial && loads && first !== undefined)
        markProjectCode(ctx, first);
    return denial;
}
/** Marks an approved command as running the project's code (with the record only). */
function markProjectCode(ctx, entry) {
    const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
    if (approved)
        approved.projectCode = true;
}
function checkWords(words, ctx, depth, parent) {
    if (depth > maxDepth)
        return deny('wrapper', 'Too many nested wrapper commands.');
    const [nameWord, ...args] = words;
    const entry = ctx.approval && recordCommand(ctx.approval, words, ctx.paths.cwds, parent);
    if (nameWord.glob)
        return deny('command-name', 'The command name must be a literal word.');
    // After the `time` keyword bash reads `NAME=value` as a variable for the command, not a name.
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(nameWord.value))
        return deny('env-prefix', `\`${nameWord.value}\` stands where a command name is expected; bash may read it as a variable for the command that follows (after \`time\`). Put variables in front of the whole command.`);
    let name = nameWord.value;
    if (name.includes('/')) {
        const mapped = mapPathCommand(nameWord, ctx);
        if (typeof mapped !== 'string')
            return mapped;
        if (mapped === '') {
            const problem = workspaceCode(ctx, `\`${name}\` runs a program from the workspace`);
            if (!problem)
                markProjectCode(ctx, entry);
            return problem;
        }
        name = mapped;
    }
    const hard = hardDenial(name) ?? coreDenial(name, ctx.isolation);
    if (hard)
        return hard;
    if (name === 'env')
        return checkEnv(args, ctx, depth, entry);
    if (name === 'exit')
        return args.every((a) => /^\d{1,3}$/.test(a.value)) ? undefined : deny('exit', '`exit` takes a number.');
    const rule = commandRules[name];
    const verdict = rule
        ? rule(args, ruleContext(ctx, depth, entry))
        : notAllowed('command-not-allowed', `\`${name}\` is not on the allowlist of commands. Use the file tools for reading and editing, and the project's own test/build/lint commands for checks.`);
    if (verdict &&
        !verdict.hard &&
        matchExtraRule([nameWord.value, ...args.map((a) => a.value)], ctx.extraRules)) {
        ctx.line.unmodelled = true;
        const approved = entry === undefined ? undefined : ctx.approval?.commands[entry];
        if (approved)
            approved.byAllowedCommands = true;
        return undefined;
    }
    return verdict;
}
function ruleContext(ctx, depth, entry) {
    return {
        cwds: ctx.paths.cwds,
        workspace: ctx.paths.workspace,
        isolation: ctx.isolation,
        checkNested: (inner) => (inner.length === 0 ? undefined : checkWords(inner, ctx, depth + 1, entry)),
        checkPath: (word, kind) => checkPathKind(word, kind, ctx),
        workspaceCode: (what) => {
            const problem = workspaceCode(ctx, what);
            if (!problem)
                markProjectCode(ctx, entry);
            return problem;
        },
        chdir: (dir) => {
            const problem = checkPathWord(dir, ctx.paths, 'read');
            if (problem)
                return problem;
            const cwds = dir.value.startsWith('/')
                ? [realPathOf(dir.value)]
                : ctx.paths.cwds.map((cwd) => realPathOf(`${cwd}/${dir.value}`));
            return ruleContext({ ...ctx, paths: { ...ctx.paths, cwds: [...new Set(cwds)] } }, depth, entry);
        },
        readChecked: (word, refuseWritten) => readChecked(word, refuseWritten, ctx),
        lineWritesAt: (word) => {
            const reals = realPaths(word.value, ctx);
            return ctx.line.writes
                .filter((w) => reals.some((real) => inside(real, w.path)))
                .map((w) => w.links ?? 'plain');
        },
    };
}
/** The refusal for workspace code at level `none`, unless the user turned the sandbox off. */
function workspaceCode(ctx, what) {
    return workspaceCodeDenial(ctx.isolation, what);
}
/** Real paths `value` names from each folder the command may run in. */
function realPaths(value, ctx) {
    const froms = value.startsWith('/') ? ['/'] : ctx.paths.cwds;
    return [...new Set(froms.map((cwd) => realPathOf(`${cwd}/${value}`)))];
}
/**
 * Paths by kind: `walk` may not enter `.git/`; `load` may not name a URL or a file written this
 * run; writes are recorded as the line's; `tree`, `links` and `link` may not take the workspace
 * or a folder holding `.git`/`.github`; `links`/`link` mark where symlinks may appear (line-state.ts).
 */
function checkPathKind(word, kind, ctx) {
    if (ctx.approval)
        recordPath(ctx.approval, word, kind, realPathOf, ctx.paths.cwds);
    if (kind === 'load')
        return checkLoad(word, ctx);
    const problem = checkPathWord(word, ctx.paths, kind === 'read' || kind === 'walk' ? 'read' : 'write');
    if (problem)
        return problem;
    const writes = kind === 'write' || kind === 'tree' || kind === 'links' || kind === 'link';
    if (writes && !/^\/dev\/(null|stdout|stderr|stdin)$/.test(word.value)) {
        for (const real of realPaths(word.value, ctx)) {
            if (kind !== 'write') {
                const guard = treeGuard(real, word.value, ctx);
                if (guard)
                    return guard;
            }
            const links = kind === 'link' ? 'at' : kind === 'links' ? 'below' : undefined;
            ctx.line.writes.push({ path: real, ...(links ? { links } : {}), step: ctx.line.step });
        }
    }
    if (kind === 'walk' && !word.glob) {
        for (const real of realPaths(word.value, ctx)) {
            if ((0,external_node_fs_.existsSync)(external_node_path_default().join(real, '.git')) || inside(ctx.paths.workspace, real)) {
                return deny('recursive-git', `A recursive read of \`${word.value}\` walks into \`.git/\`; exclude it (grep: \`--exclude-dir=.git\`, rg: \`-g '!.git'\`), name the folders to search, or use the grep tool.`);
            }
        }
    }
    return undefined;
}
/** A folder moved, removed or changed recursively may not be the workspace or hold `.git`/`.github`. */
function treeGuard(real, shown, ctx) {
    const protectedInside = ['.git', '.github'].some((name) => (0,external_node_fs_.existsSync)(external_node_path_default().join(real, name)));
    if (inside(ctx.paths.workspace, real) || protectedInside)
        return deny('rm-workspace', `\`${shown}\` is the workspace, a folder above it, or a folder holding \`.git\`/\`.github\`; removing, moving or changing it recursively is not allowed. Name the files or folders inside it.`);
    return undefined;
}
/**
 * True when a step of this line checked so far writes `real`, a folder above it, or a file below
 * it (the steps after it are compared when the line ends: line-state.ts).
 */
function writtenByLine(real, ctx) {
    ctx.line.pinned.push({
        path: real,
        shown: external_node_path_default().relative(ctx.paths.workspace, real) || real,
        step: ctx.line.step,
    });
    return ctx.line.writes.some((w) => inside(real, w.path) || inside(w.path, real));
}
function checkLoad(word, ctx) {
    const value = word.value;
    if (/^(data|https?|file|ftp|blob|javascript):/i.test(value))
        return deny('load-url', `\`${value}\` loads code from a URL; only the project's installed modules and files may be loaded.`);
    if (value.startsWith('node:'))
        return undefined;
    // A bare package name (`tsx`, `@scope/reporter`) is resolved from node_modules; anything else,
    // or a name that is also a file here, is a path.
    const bare = /^(@[\w.-]+\/)?[\w.-]+$/.test(value) &&
        ctx.paths.cwds.every((cwd) => !(0,external_node_fs_.existsSync)(external_node_path_default().resolve(cwd, value)));
    // A bare name is a package (node_modules), a Python module (`pkg.mod` is `pkg/mod.py`) or a file.
    const module = value.replace(/\./g, '/');
    const targets = bare
        ? [`node_modules/${value}`, `${value}.py`, `${module}.py`, `${module}/__init__.py`, value]
        : [value];
    for (const target of targets) {
        const targetWord = { ...word, value: target };
        if (!bare) {
            const problem = checkPathWord(targetWord, ctx.paths, 'read');
            if (problem)
                return problem;
        }
        let reals;
        try {
            reals = realPaths(target, ctx);
        }
        catch {
            continue;
        }
        for (const real of reals) {
            if (ctx.written.has(real) || writtenByLine(real, ctx)) {
                return deny('load-written-file', `\`${value}\` names a module or plugin the agent wrote (or copied) during this run; loading it into a tool is refused at every sandbox level. Run the project's tests as they are configured.`);
            }
        }
    }
    return undefined;
}
/**
 * Reads a file a tool will read as code or as a list of names (`sed -f`, `awk -f`,
 * `--files0-from`), from every folder the command may run in. Refused: stdin, a file an earlier
 * step of this line writes (it would be checked before it is written), and, with
 * `refuseWritten`, a file the agent wrote this run.
 */
function readChecked(word, refuseWritten, ctx) {
    const value = word.value;
    if (value === '-' || value.startsWith('/dev/') || word.glob)
        return deny('unchecked-file', `\`${value}\` is read by the tool at run time and cannot be checked now; name a workspace file.`);
    const problem = checkPathWord(word, ctx.paths, 'read');
    if (problem)
        return problem;
    const contents = [];
    for (const real of realPaths(value, ctx)) {
        if (writtenByLine(real, ctx))
            return deny('unchecked-file', `\`${value}\` is written earlier on this line, so the policy cannot read what the tool will; run the commands as separate calls.`);
        if (refuseWritten && ctx.written.has(real))
            return deny('script-written-this-run', `\`${value}\` was written (or copied) by the agent during this run; a program file the agent wrote is not run by a tool. Give the program inline instead.`);
        try {
            // Missing: the tool fails on it (nothing on this line creates it: checked above).
            if (!(0,external_node_fs_.existsSync)(real))
                continue;
            const stat = (0,external_node_fs_.statSync)(real);
            if (!stat.isFile() || stat.size > POLICY_SCRIPT_FILE_BYTES)
                throw new Error('not a small regular file');
            contents.push((0,external_node_fs_.readFileSync)(real, 'utf8'));
        }
        catch (error) {
            return deny('unchecked-file', `\`${value}\` cannot be read to check it (${error.message}).`);
        }
    }
    return contents;
}
/**
 * A command name with a `/`: an unmodified `node_modules/.bin/<tool>`, `gradlew` or `mvnw` is
 * that tool (returns its name); anything else is workspace code (returns '').
 */
function mapPathCommand(word, ctx) {
    const problem = checkPathWord(word, ctx.paths, 'read');
    if (problem)
        return problem;
    const base = external_node_path_default().basename(word.value);
    const binDir = /(^|\/)node_modules\/\.bin\/[^/]+$/.test(word.value);
    let reals;
    try {
        reals = realPaths(word.value, ctx);
    }
    catch {
        return '';
    }
    for (const real of reals) {
        if (ctx.written.has(real) || writtenByLine(real, ctx))
            return '';
        if (binDir) {
            const modules = external_node_path_default().join(ctx.paths.workspace, 'node_modules');
            if (!inside(real, modules))
                return '';
        }
    }
    if (binDir && (commandRules[base] || hardDenial(base)))
        return base;
    if (base === 'gradlew' || base === 'mvnw')
        return base;
    return '';
}
/** `env [-C dir] [NAME=value …] command …`: the same variable rules, then the command. */
function checkEnv(args, ctx, depth, entry) {
    let i = 0;
    let inner = ctx;
    for (; i < args.length; i++) {
        const a = args[i].value;
        // The action sets variables every command relies on to stay offline and contained (`CI`,
        // which turns off update checks; git's safe.directory; the allowlist's proxy): removing them
        // turns an offline tool into one that reaches the network (`env -i npm why react`).
        if (a === '-i' || a === '--ignore-environment' || a === '-' || /^(-u|--unset)/.test(a))
            return deny('environment', `\`env ${a}\` is not allowed: it removes variables the action sets for every command. Run the command without it.`);
        const chdir = /^(-C|--chdir)$/.test(a) ? args[++i] : /^(-C|--chdir=)(.+)$/.exec(a)?.[2];
        if (chdir !== undefined || a === '-C' || a === '--chdir') {
            if (!chdir)
                return deny('wrapper', '`env -C` needs a folder.');
            const dir = typeof chdir === 'string' ? { value: chdir, glob: false } : chdir;
            const problem = checkPathWord(dir, inner.paths, 'read');
            if (problem)
                return problem;
            // The command runs in that folder: its relative paths resolve there.
            const froms = dir.value.startsWith('/') ? ['/'] : inner.paths.cwds;
            inner = {
                ...inner,
                paths: { ...inner.paths, cwds: [...new Set(froms.map((cwd) => realPathOf(`${cwd}/${dir.value}`)))] },
            };
            continue;
        }
        if (a === '--') {
            i++;
            break;
        }
        if (a.startsWith('-'))
            return deny('wrapper', `\`env ${a}\` is not allowed (\`-S\` splits a string into a command the policy cannot see).`);
        const eq = a.indexOf('=');
        if (eq <= 0)
            break;
        const name = a.slice(0, eq);
        const problem = variables_checkAssignment(name, { value: a.slice(eq + 1), glob: false }, (w, use) => checkPathKind(w, use, inner)) ?? (loaderVariable(name) ? workspaceCode(ctx, `\`${name}\` ${loaderVariable(name)}`) : undefined);
        if (problem)
            return problem;
        // The command env runs loads workspace code: recorded on env, which runs it.
        if (loaderVariable(name))
            markProjectCode(ctx, entry);
    }
    const command = args.slice(i);
    if (command.length === 0)
        return deny('environment', '`env` without a command prints the environment, which is not allowed.');
    return checkWords(command, inner, depth + 1, entry);
}

;// CONCATENATED MODULE: ./src/bash-policy/line-state.ts
/**
 * What the checks of one command line share, and the check made when the whole line is known.
 * Every path is resolved against the disk as it is before the line runs, so a path that goes
 * through something another step of the line copies or moves (a symlink or folder can appear
 * there: `cp -r d out && cat out/link/..`), or a program or list file another step writes, would
 * be checked against the wrong file. Steps of a pipeline run at the same time, so "another step"
 * means any other, before or after.
 */



function createLineState() {
    return { step: 0, writes: [], resolved: [], pinned: [], unmodelled: false };
}
/** The real paths the line writes that are files, not streams (for the written-this-run record). */
function writtenFiles(line) {
    return [...new Set(line.writes.map((w) => w.path).filter((p) => !p.startsWith('/dev/')))];
}
/** The refusal when one step's check depended on what another step of the line changes. */
function lineConflict(line, workspace) {
    const trees = line.writes.filter((w) => w.links);
    for (const tree of trees) {
        for (const { joined, step } of line.resolved) {
            if (step === tree.step)
                continue;
            const through = passesThrough(joined, tree.path, tree.links === 'at');
            if (through)
                return deny('path-changed-by-line', `\`${shortPath(joined, workspace)}\` goes through \`${shortPath(tree.path, workspace)}\`, which another command of this line copies, moves or removes (a symlink or another folder can appear there), so the policy cannot know where it leads. Run the commands as separate calls.`);
        }
    }
    for (const pin of line.pinned) {
        const write = line.writes.find((w) => w.step !== pin.step && (inside(pin.path, w.path) || inside(w.path, pin.path)));
        if (write)
            return deny('unchecked-file', `\`${pin.shown}\` is written by another command of this line, so the policy cannot read what the tool will; run the commands as separate calls.`);
    }
    return undefined;
}
/**
 * True when some prefix of `joined`, resolved on its own, is below `tree` (or is `tree`, when a
 * symlink may be there itself): the path resolves through what another step puts there.
 */
function passesThrough(joined, tree, at) {
    const segments = joined.split('/');
    for (let i = 1; i <= segments.length; i++) {
        const prefix = segments.slice(0, i).join('/') || '/';
        let real;
        try {
            real = realPathOf(prefix);
        }
        catch {
            return true;
        }
        // A prefix that is the place itself resolves through it only if more segments follow.
        if (inside(real, tree) && (at || real !== tree || i < segments.length))
            return true;
    }
    return false;
}
function shortPath(p, workspace) {
    return inside(p, workspace) ? p.slice(workspace.length + 1) || '.' : p;
}

;// CONCATENATED MODULE: ./src/bash-policy/network-gate.ts
/**
 * The `network` input's part of the policy. Commands that download packages (`npm ci`,
 * `pip install -r …`, `go mod download` …) are refused when commands have no network, where they
 * could only hang until they time out. The refusal is soft: an `allowed-commands` rule naming the
 * command lifts it. It applies only to commands their own rule allows (installing by name stays
 * refused whatever the network).
 */


/** `true` for the words of a command that fetches packages (a lockfile install or a download). */
function downloadsPackages(words) {
    const [name, ...args] = words;
    const positional = args.filter((a) => !a.startsWith('-'));
    const [sub] = positional;
    switch (name) {
        case 'npm':
            return sub === 'ci' || sub === 'clean-install' || sub === 'install' || sub === 'i';
        case 'pnpm':
            return sub === 'install' || sub === 'i';
        case 'yarn':
            return ((sub === undefined && !args.some((a) => /^(-v|--version|-h|--help)$/.test(a))) || sub === 'install');
        case 'pip':
        case 'pip3':
            return sub === 'install';
        case 'python':
        case 'python3':
            return args[0] === '-m' && (args[1] === 'pip' || args[1] === 'pip3') && args.includes('install');
        case 'go':
            return sub === 'mod' && positional[1] === 'download';
        case 'bun':
            return sub === 'install' || sub === 'i';
        case 'bundle':
        case 'composer':
            return sub === 'install';
        case 'mix':
            return sub === 'deps.get';
        case 'terraform':
            return sub === 'init';
        default:
            return false;
    }
}
/** The denial for one step under `network`, or undefined. */
function networkDenial(step, network, extraRules) {
    if (step.kind !== 'command')
        return undefined;
    const words = step.words.map((w) => w.value);
    if (matchExtraRule(words, extraRules))
        return undefined;
    if (network === 'off' && downloadsPackages(words)) {
        return notAllowed('network-off', `\`${words.slice(0, 3).join(' ')}\` downloads packages, and agent-run commands have no network (\`network: off\`). Work with the dependencies already installed; a maintainer can set \`network: allowlist\` with the registry in \`allowed-domains\`.`);
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/bash-policy/read-only.ts
/**
 * The read-only part of the policy, for review runs: the same allowlist (tests, linters, read-only
 * git), minus every step whose checked writes are not empty, whatever the command is called and
 * however it is wrapped (`timeout 5 sort -o x`, `env git diff --output=x`, `uniq a b`, `> x`).
 * The writes are the ones the rules typed, so a new tool's outputs are refused by the same
 * mechanism. `allowed-commands` is not consulted in review runs (index.ts), and formatter
 * flags that rewrite files are refused by name first, for a clear message.
 */

/** Long flags that turn a formatter or linter from checking into rewriting. */
const rewritingFlags = /^(--write|--fix|--fix=.*|--apply|--apply-unsafe|--in-place(=.*)?)$/;
const hint = 'Review runs are read-only: report what should change with add_review_comment instead.';
/** The denial for a step that asks a formatter to rewrite files. */
function rewritingFlagDenial(step) {
    if (step.kind !== 'command')
        return undefined;
    const flag = step.words.find((w) => rewritingFlags.test(w.value));
    return flag
        ? deny('review-read-only', `\`${step.words[0]?.value} ${flag.value}\` rewrites files. ${hint}`)
        : undefined;
}
/** The denial for a step that writes any file but a stream (`/dev/null`, `/dev/stderr` …). */
function readOnlyDenial(step, writes) {
    const write = writes.find((w) => !w.path.startsWith('/dev/'));
    if (!write)
        return undefined;
    const what = step.kind === 'redirect'
        ? `Writing to \`${step.target?.value}\``
        : `\`${step.words[0]?.value}\` writes \`${write.path}\`, which`;
    return deny('review-read-only', `${what} is not allowed. ${hint}`);
}

;// CONCATENATED MODULE: ./src/bash-policy/redirects.ts
/**
 * The shell's own file operations: redirects (only stdin/stdout/stderr, into workspace files,
 * recorded as the line's writes) and `cd` (into the workspace; later paths are checked against
 * every folder it may lead to).
 */





/** Checks a redirect: only stdin/stdout/stderr, files inside the workspace, never `.git/` or `.github/`. */
function checkRedirect(redirect, ctx) {
    const { fd, op, target } = redirect;
    if (fd !== undefined && fd > 2)
        return deny('redirect-fd', `Redirecting file descriptor ${fd} is not allowed; only stdout/stderr (and stdin) can be redirected.`);
    switch (op) {
        case '<<':
        case '<<-':
        case '<<<':
        case '>&-':
        case '<&-':
            return undefined;
        case '>&':
        case '<&':
            if (target && /^[0-2-]$/.test(target.value))
                return undefined;
            return op === '>&' && target
                ? checkPathKind(target, 'write', ctx)
                : deny('redirect', `\`${op}\` needs a descriptor 0-2.`);
        case '>':
        case '>>':
        case '>|':
        case '&>':
        case '&>>':
            return target ? checkPathKind(target, 'write', ctx) : deny('redirect', 'A redirect needs a target.');
        case '<':
            if (target && ctx.approval)
                recordPath(ctx.approval, target, 'read', realPathOf, ctx.paths.cwds);
            return target
                ? checkPathWord(target, ctx.paths, 'read')
                : deny('redirect', 'A redirect needs a source.');
        default:
            return deny('redirect', `The redirect \`${op}\` is not allowed.`);
    }
}
/** `cd <dir>`: the directory must be in the workspace; returns the directories it may lead to. */
function checkCd(command, ctx) {
    const targets = command.words.slice(1).filter((w) => w.value !== '--');
    const target = targets[0];
    if (targets.length !== 1 ||
        !target ||
        target.value === '-' ||
        target.value.startsWith('-') ||
        target.glob) {
        return deny('cd', '`cd` needs exactly one directory inside the workspace (plain `cd` and `cd -` leave it).');
    }
    const problem = checkPathWord(target, ctx.paths, 'read');
    if (problem)
        return problem;
    const froms = target.value.startsWith('/') ? ['/'] : ctx.paths.cwds;
    return froms.map((cwd) => realPathOf(`${cwd}/${target.value}`));
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(598);
;// CONCATENATED MODULE: ./src/bash-policy/written.ts
/**
 * What the agent wrote this run, followed by content as well as by path: files the file tools
 * wrote (the read tracker), and files and folders that command lines this policy allowed wrote.
 * After a line runs, the files it wrote are hashed (when the next line is checked), so a copy of
 * such a file into another folder, by any command, is still recognised as the agent's: a path
 * is written when it, a folder above it or a file below it was written, or when it holds the
 * content of a written file.
 */




const sha256 = (data) => (0,external_node_crypto_.createHash)('sha256').update(data).digest('hex');
/** The content hash of a regular file small enough to hash, or undefined. */
function fileHash(realPath) {
    try {
        const stat = (0,external_node_fs_.lstatSync)(realPath);
        if (!stat.isFile() || stat.size > POLICY_WRITTEN_HASH_BYTES)
            return undefined;
        return sha256((0,external_node_fs_.readFileSync)(realPath));
    }
    catch {
        return undefined;
    }
}
/** The regular files at or below `root` (not following symlinks), at most `limit` of them. */
function filesBelow(root, limit) {
    const found = [];
    const queue = [root];
    while (queue.length > 0 && found.length < limit) {
        const current = queue.shift();
        let stat;
        try {
            stat = (0,external_node_fs_.lstatSync)(current);
        }
        catch {
            continue;
        }
        if (stat.isFile())
            found.push(current);
        else if (stat.isDirectory()) {
            try {
                for (const name of (0,external_node_fs_.readdirSync)(current))
                    queue.push(external_node_path_default().join(current, name));
            }
            catch {
                // unreadable: nothing to hash
            }
        }
    }
    return found;
}
function createWrittenFiles(tracker) {
    const paths = new Set();
    const hashes = new Set();
    let pending = [];
    const pathWritten = (real) => {
        if (tracker?.wasWritten(real))
            return true;
        for (let p = real;; p = external_node_path_default().dirname(p)) {
            if (paths.has(p))
                return true;
            if (p === external_node_path_default().dirname(p))
                break;
        }
        const prefix = `${real}/`;
        for (const file of paths)
            if (file.startsWith(prefix))
                return true;
        return false;
    };
    return {
        has(real) {
            if (pathWritten(real))
                return true;
            if (hashes.size === 0 && !tracker?.wroteContent)
                return false;
            const hash = fileHash(real);
            return hash !== undefined && (hashes.has(hash) || tracker?.wroteContent?.(hash) === true);
        },
        expect(realPaths) {
            pending.push(...realPaths);
        },
        settle() {
            if (pending.length === 0)
                return;
            const targets = pending;
            pending = [];
            for (const target of targets) {
                if (target.startsWith('/dev/'))
                    continue;
                paths.add(target);
                for (const file of filesBelow(target, POLICY_WRITTEN_HASH_FILES)) {
                    const hash = fileHash(file);
                    if (hash)
                        hashes.add(hash);
                }
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/bash-policy/index.ts
/**
 * The bash policy: parse with tree-sitter-bash, flatten into simple commands and redirects,
 * and allow the line only if every part is allowed (fail closed). See docs/bash-policy.md.
 */















/** Loads the parser (once per process) and builds the policy for one workspace. */
async function createBashPolicy(options) {
    const parser = await parser_loadBashParser();
    const workspace = (0,external_node_fs_.realpathSync)(options.workspace);
    // A review may not write, so nothing outside the modelled allowlist is let through there.
    const extraRules = options.readOnly ? [] : (options.extraRules ?? []);
    const isolation = isolationOf(options.sandbox ?? { level: 'none', deliberate: false });
    const written = createWrittenFiles(options.readTracker);
    let pendingWrites = [];
    let approval;
    const decide = (command, record) => {
        if (command.trim() === '')
            return deny('empty', 'The command is empty.');
        if (command.length > BASH_COMMAND_MAX_CHARS)
            return deny('too-long', `The command is longer than ${BASH_COMMAND_MAX_CHARS} characters.`);
        // Control characters, and invisible or bidi formatting characters that hide what a reviewer sees.
        if (/[\0-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(command)) {
            return deny('control-character', 'The command contains control or invisible formatting characters.');
        }
        if (/\S\\\n\S/.test(command)) {
            return deny('line-continuation', 'A backslash-newline inside a word is not allowed; write the word on one line.');
        }
        const steps = syntax_parseCommandLine(parser, command);
        if (!Array.isArray(steps))
            return steps;
        const line = createLineState();
        approval = record ? newApproval() : undefined;
        const ctx = {
            paths: {
                workspace,
                cwds: [workspace],
                resolved: (joined) => line.resolved.push({ joined, step: line.step }),
            },
            extraRules,
            isolation,
            written,
            line,
            ...(approval ? { approval } : {}),
        };
        pendingWrites = [];
        for (const [index, step] of steps.entries()) {
            line.step = index;
            if (line.unmodelled && isolation === 'none')
                return deny('unmodelled-step', 'A command before this one ran only because `allowed-commands` lists it, so what it changes is unknown and, with no sandbox, nothing after it on the same line is checked against it. Run the commands as separate calls.');
            const problem = options.readOnly ? rewritingFlagDenial(step) : undefined;
            if (problem)
                return problem;
            const before = line.writes.length;
            const denial = checkStep(step, ctx, options.network ?? 'off');
            if (denial)
                return denial;
            const readOnlyProblem = options.readOnly ? readOnlyDenial(step, line.writes.slice(before)) : undefined;
            if (readOnlyProblem)
                return readOnlyProblem;
        }
        const conflict = lineConflict(line, workspace);
        if (conflict)
            return conflict;
        pendingWrites = writtenFiles(line);
        return undefined;
    };
    return {
        check(command, { record = false } = {}) {
            let denial;
            approval = undefined;
            try {
                written.settle();
                denial = decide(command, record);
            }
            catch (error) {
                denial = deny('internal-error', `The policy could not check this command (${error.message}).`);
            }
            if (!denial) {
                written.expect(pendingWrites);
                return approval ? { allowed: true, approval } : { allowed: true };
            }
            return {
                allowed: false,
                rule: denial.rule,
                message: `Denied by bash policy (rule: ${denial.rule}). ${denial.message}`,
            };
        },
    };
}
/** One step: a redirect, a `cd` (which moves where later paths resolve), or a simple command. */
function checkStep(step, ctx, network) {
    if (step.kind === 'redirect')
        return checkRedirect(step, ctx);
    if (step.words[0]?.value === 'cd' && step.assignments.length === 0) {
        const next = checkCd(step, ctx);
        if (!Array.isArray(next))
            return next;
        ctx.paths.cwds = [...new Set([...ctx.paths.cwds, ...next])];
        return undefined;
    }
    // Only a command its own rule allows meets the network rule, so the first reason shown is the main one.
    return checkCommand(step, ctx) ?? networkDenial(step, network, ctx.extraRules);
}


/***/ }),

/***/ 636:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(24);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _bash_policy_index_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4);
/**
 * Entry of `dist/policy-check/index.js`: the bash policy as the action builds it, for checking
 * command lines without running them (and for measuring the built policy). Reads one JSON
 * object on stdin and prints one JSON object:
 *
 *     { "workspace": "/path", "sandbox": { "level": "none", "deliberate": false },
 *       "written": ["evil.mjs"], "commands": ["git status", "cat /etc/passwd"] }
 *     → { "verdicts": [{ "allowed": true, "ms": 0.05 }, { "allowed": false, "rule": "system-path", … }] }
 *
 * `written` lists workspace files the agent wrote this run (as the file tools record them, by
 * path and by content); `readOnly: true` checks as a review run does. `"record": true` adds to
 * each allowed verdict what the policy approved (`approval`: the simple commands with their argv,
 * which run project code, and the typed paths).
 */




const request = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(0, 'utf8'));
const root = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.realpathSync)(request.workspace);
const written = new Set((request.written ?? []).map((f) => node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(root, f)));
const contents = new Set();
for (const file of written) {
    try {
        contents.add((0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(file)).digest('hex'));
    }
    catch {
        // not there (any more): recorded by path only
    }
}
const policy = await (0,_bash_policy_index_js__WEBPACK_IMPORTED_MODULE_3__/* .createBashPolicy */ .dm)({
    workspace: root,
    sandbox: request.sandbox,
    ...(request.readOnly ? { readOnly: true } : {}),
    readTracker: {
        wasWritten: (real) => written.has(real) || [...written].some((w) => w.startsWith(`${real}/`)),
        wroteContent: (hash) => contents.has(hash),
    },
});
const rounds = Math.max(1, request.rounds ?? 1);
const verdicts = request.commands.map((command) => {
    const times = [];
    const record = request.record === true;
    let verdict = policy.check(command, { record });
    for (let r = 0; r < rounds; r++) {
        const start = performance.now();
        verdict = policy.check(command, { record });
        times.push(performance.now() - start);
    }
    return { ...verdict, ms: times };
});
process.stdout.write(`${JSON.stringify({ verdicts })}\n`);

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 943:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 24:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 778:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {


var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });
var __commonJS = (cb, mod) => function __require() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var __export = (target, all) => {
  for (var name2 in all)
    __defProp(target, name2, { get: all[name2], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// lib/tree-sitter.cjs
var require_tree_sitter = __commonJS({
  "lib/tree-sitter.cjs"(exports, module) {
    "use strict";
    var Module = (() => {
      var _scriptName = typeof document != "undefined" ? document.currentScript?.src : void 0;
      if (typeof __filename != "undefined") _scriptName = _scriptName || __filename;
      return async function(moduleArg = {}) {
        var moduleRtn;
        var Module = moduleArg;
        var readyPromiseResolve, readyPromiseReject;
        var readyPromise = new Promise((resolve, reject) => {
          readyPromiseResolve = resolve;
          readyPromiseReject = reject;
        });
        var ENVIRONMENT_IS_WEB = typeof window == "object";
        var ENVIRONMENT_IS_WORKER = typeof WorkerGlobalScope != "undefined";
        var ENVIRONMENT_IS_NODE = typeof process == "object" && typeof process.versions == "object" && typeof process.versions.node == "string" && process.type != "renderer";
        var ENVIRONMENT_IS_SHELL = !ENVIRONMENT_IS_WEB && !ENVIRONMENT_IS_NODE && !ENVIRONMENT_IS_WORKER;
        if (ENVIRONMENT_IS_NODE) {
        }
        Module.currentQueryProgressCallback = null;
        Module.currentProgressCallback = null;
        Module.currentLogCallback = null;
        Module.currentParseCallback = null;
        var moduleOverrides = Object.assign({}, Module);
        var arguments_ = [];
        var thisProgram = "./this.program";
        var quit_ = /* @__PURE__ */ __name((status, toThrow) => {
          throw toThrow;
        }, "quit_");
        var scriptDirectory = "";
        function locateFile(path) {
          if (Module["locateFile"]) {
            return Module["locateFile"](path, scriptDirectory);
          }
          return scriptDirectory + path;
        }
        __name(locateFile, "locateFile");
        var readAsync, readBinary;
        if (ENVIRONMENT_IS_NODE) {
          var fs = __nccwpck_require__(896);
          var nodePath = __nccwpck_require__(928);
          scriptDirectory = __dirname + "/";
          readBinary = /* @__PURE__ */ __name((filename) => {
            filename = isFileURI(filename) ? new URL(filename) : filename;
            var ret = fs.readFileSync(filename);
            return ret;
          }, "readBinary");
          readAsync = /* @__PURE__ */ __name(async (filename, binary2 = true) => {
            filename = isFileURI(filename) ? new URL(filename) : filename;
            var ret = fs.readFileSync(filename, binary2 ? void 0 : "utf8");
            return ret;
          }, "readAsync");
          if (!Module["thisProgram"] && process.argv.length > 1) {
            thisProgram = process.argv[1].replace(/\\/g, "/");
          }
          arguments_ = process.argv.slice(2);
          quit_ = /* @__PURE__ */ __name((status, toThrow) => {
            process.exitCode = status;
            throw toThrow;
          }, "quit_");
        } else if (ENVIRONMENT_IS_WEB || ENVIRONMENT_IS_WORKER) {
          if (ENVIRONMENT_IS_WORKER) {
            scriptDirectory = self.location.href;
          } else if (typeof document != "undefined" && document.currentScript) {
            scriptDirectory = document.currentScript.src;
          }
          if (_scriptName) {
            scriptDirectory = _scriptName;
          }
          if (scriptDirectory.startsWith("blob:")) {
            scriptDirectory = "";
          } else {
            scriptDirectory = scriptDirectory.slice(0, scriptDirectory.replace(/[?#].*/, "").lastIndexOf("/") + 1);
          }
          {
            if (ENVIRONMENT_IS_WORKER) {
              readBinary = /* @__PURE__ */ __name((url) => {
                var xhr = new XMLHttpRequest();
                xhr.open("GET", url, false);
                xhr.responseType = "arraybuffer";
                xhr.send(null);
                return new Uint8Array(
                  /** @type{!ArrayBuffer} */
                  xhr.response
                );
              }, "readBinary");
            }
            readAsync = /* @__PURE__ */ __name(async (url) => {
              if (isFileURI(url)) {
                return new Promise((resolve, reject) => {
                  var xhr = new XMLHttpRequest();
                  xhr.open("GET", url, true);
                  xhr.responseType = "arraybuffer";
                  xhr.onload = () => {
                    if (xhr.status == 200 || xhr.status == 0 && xhr.response) {
                      resolve(xhr.response);
                      return;
                    }
                    reject(xhr.status);
                  };
                  xhr.onerror = reject;
                  xhr.send(null);
                });
              }
              var response = await fetch(url, {
                credentials: "same-origin"
              });
              if (response.ok) {
                return response.arrayBuffer();
              }
              throw new Error(response.status + " : " + response.url);
            }, "readAsync");
          }
        } else {
        }
        var out = Module["print"] || console.log.bind(console);
        var err = Module["printErr"] || console.error.bind(console);
        Object.assign(Module, moduleOverrides);
        moduleOverrides = null;
        if (Module["arguments"]) arguments_ = Module["arguments"];
        if (Module["thisProgram"]) thisProgram = Module["thisProgram"];
        var dynamicLibraries = Module["dynamicLibraries"] || [];
        var wasmBinary = Module["wasmBinary"];
        var wasmMemory;
        var ABORT = false;
        var EXITSTATUS;
        function assert(condition, text) {
          if (!condition) {
            abort(text);
          }
        }
        __name(assert, "assert");
        var HEAP, HEAP8, HEAPU8, HEAP16, HEAPU16, HEAP32, HEAPU32, HEAPF32, HEAP64, HEAPU64, HEAPF64;
        var HEAP_DATA_VIEW;
        var runtimeInitialized = false;
        var isFileURI = /* @__PURE__ */ __name((filename) => filename.startsWith("file://"), "isFileURI");
        function updateMemoryViews() {
          var b = wasmMemory.buffer;
          Module["HEAP_DATA_VIEW"] = HEAP_DATA_VIEW = new DataView(b);
          Module["HEAP8"] = HEAP8 = new Int8Array(b);
          Module["HEAP16"] = HEAP16 = new Int16Array(b);
          Module["HEAPU8"] = HEAPU8 = new Uint8Array(b);
          Module["HEAPU16"] = HEAPU16 = new Uint16Array(b);
          Module["HEAP32"] = HEAP32 = new Int32Array(b);
          Module["HEAPU32"] = HEAPU32 = new Uint32Array(b);
          Module["HEAPF32"] = HEAPF32 = new Float32Array(b);
          Module["HEAPF64"] = HEAPF64 = new Float64Array(b);
          Module["HEAP64"] = HEAP64 = new BigInt64Array(b);
          Module["HEAPU64"] = HEAPU64 = new BigUint64Array(b);
        }
        __name(updateMemoryViews, "updateMemoryViews");
        if (Module["wasmMemory"]) {
          wasmMemory = Module["wasmMemory"];
        } else {
          var INITIAL_MEMORY = Module["INITIAL_MEMORY"] || 33554432;
          wasmMemory = new WebAssembly.Memory({
            "initial": INITIAL_MEMORY / 65536,
            // In theory we should not need to emit the maximum if we want "unlimited"
            // or 4GB of memory, but VMs error on that atm, see
            // https://github.com/emscripten-core/emscripten/issues/14130
            // And in the pthreads case we definitely need to emit a maximum. So
            // always emit one.
            "maximum": 32768
          });
        }
        updateMemoryViews();
        var __RELOC_FUNCS__ = [];
        function preRun() {
          if (Module["preRun"]) {
            if (typeof Module["preRun"] == "function") Module["preRun"] = [Module["preRun"]];
            while (Module["preRun"].length) {
              addOnPreRun(Module["preRun"].shift());
            }
          }
          callRuntimeCallbacks(onPreRuns);
        }
        __name(preRun, "preRun");
        function initRuntime() {
          runtimeInitialized = true;
          callRuntimeCallbacks(__RELOC_FUNCS__);
          wasmExports["__wasm_call_ctors"]();
          callRuntimeCallbacks(onPostCtors);
        }
        __name(initRuntime, "initRuntime");
        function preMain() {
        }
        __name(preMain, "preMain");
        function postRun() {
          if (Module["postRun"]) {
            if (typeof Module["postRun"] == "function") Module["postRun"] = [Module["postRun"]];
            while (Module["postRun"].length) {
              addOnPostRun(Module["postRun"].shift());
            }
          }
          callRuntimeCallbacks(onPostRuns);
        }
        __name(postRun, "postRun");
        var runDependencies = 0;
        var dependenciesFulfilled = null;
        function getUniqueRunDependency(id) {
          return id;
        }
        __name(getUniqueRunDependency, "getUniqueRunDependency");
        function addRunDependency(id) {
          runDependencies++;
          Module["monitorRunDependencies"]?.(runDependencies);
        }
        __name(addRunDependency, "addRunDependency");
        function removeRunDependency(id) {
          runDependencies--;
          Module["monitorRunDependencies"]?.(runDependencies);
          if (runDependencies == 0) {
            if (dependenciesFulfilled) {
              var callback = dependenciesFulfilled;
              dependenciesFulfilled = null;
              callback();
            }
          }
        }
        __name(removeRunDependency, "removeRunDependency");
        function abort(what) {
          Module["onAbort"]?.(what);
          what = "Aborted(" + what + ")";
          err(what);
          ABORT = true;
          what += ". Build with -sASSERTIONS for more info.";
          var e = new WebAssembly.RuntimeError(what);
          readyPromiseReject(e);
          throw e;
        }
        __name(abort, "abort");
        var wasmBinaryFile;
        function findWasmBinary() {
          return locateFile("tree-sitter.wasm");
        }
        __name(findWasmBinary, "findWasmBinary");
        function getBinarySync(file) {
          if (file == wasmBinaryFile && wasmBinary) {
            return new Uint8Array(wasmBinary);
          }
          if (readBinary) {
            return readBinary(file);
          }
          throw "both async and sync fetching of the wasm failed";
        }
        __name(getBinarySync, "getBinarySync");
        async function getWasmBinary(binaryFile) {
          if (!wasmBinary) {
            try {
              var response = await readAsync(binaryFile);
              return new Uint8Array(response);
            } catch {
            }
          }
          return getBinarySync(binaryFile);
        }
        __name(getWasmBinary, "getWasmBinary");
        async function instantiateArrayBuffer(binaryFile, imports) {
          try {
            var binary2 = await getWasmBinary(binaryFile);
            var instance2 = await WebAssembly.instantiate(binary2, imports);
            return instance2;
          } catch (reason) {
            err(`failed to asynchronously prepare wasm: ${reason}`);
            abort(reason);
          }
        }
        __name(instantiateArrayBuffer, "instantiateArrayBuffer");
        async function instantiateAsync(binary2, binaryFile, imports) {
          if (!binary2 && typeof WebAssembly.instantiateStreaming == "function" && !isFileURI(binaryFile) && !ENVIRONMENT_IS_NODE) {
            try {
              var response = fetch(binaryFile, {
                credentials: "same-origin"
              });
              var instantiationResult = await WebAssembly.instantiateStreaming(response, imports);
              return instantiationResult;
            } catch (reason) {
              err(`wasm streaming compile failed: ${reason}`);
              err("falling back to ArrayBuffer instantiation");
            }
          }
          return instantiateArrayBuffer(binaryFile, imports);
        }
        __name(instantiateAsync, "instantiateAsync");
        function getWasmImports() {
          return {
            "env": wasmImports,
            "wasi_snapshot_preview1": wasmImports,
            "GOT.mem": new Proxy(wasmImports, GOTHandler),
            "GOT.func": new Proxy(wasmImports, GOTHandler)
          };
        }
        __name(getWasmImports, "getWasmImports");
        async function createWasm() {
          function receiveInstance(instance2, module2) {
            wasmExports = instance2.exports;
            wasmExports = relocateExports(wasmExports, 1024);
            var metadata2 = getDylinkMetadata(module2);
            if (metadata2.neededDynlibs) {
              dynamicLibraries = metadata2.neededDynlibs.concat(dynamicLibraries);
            }
            mergeLibSymbols(wasmExports, "main");
            LDSO.init();
            loadDylibs();
            __RELOC_FUNCS__.push(wasmExports["__wasm_apply_data_relocs"]);
            removeRunDependency("wasm-instantiate");
            return wasmExports;
          }
          __name(receiveInstance, "receiveInstance");
          addRunDependency("wasm-instantiate");
          function receiveInstantiationResult(result2) {
            return receiveInstance(result2["instance"], result2["module"]);
          }
          __name(receiveInstantiationResult, "receiveInstantiationResult");
          var info2 = getWasmImports();
          if (Module["instantiateWasm"]) {
            return new Promise((resolve, reject) => {
              Module["instantiateWasm"](info2, (mod, inst) => {
                receiveInstance(mod, inst);
                resolve(mod.exports);
              });
            });
          }
          wasmBinaryFile ??= findWasmBinary();
          try {
            var result = await instantiateAsync(wasmBinary, wasmBinaryFile, info2);
            var exports2 = receiveInstantiationResult(result);
            return exports2;
          } catch (e) {
            readyPromiseReject(e);
            return Promise.reject(e);
          }
        }
        __name(createWasm, "createWasm");
        var ASM_CONSTS = {};
        class ExitStatus {
          static {
            __name(this, "ExitStatus");
          }
          name = "ExitStatus";
          constructor(status) {
            this.message = `Program terminated with exit(${status})`;
            this.status = status;
          }
        }
        var GOT = {};
        var currentModuleWeakSymbols = /* @__PURE__ */ new Set([]);
        var GOTHandler = {
          get(obj, symName) {
            var rtn = GOT[symName];
            if (!rtn) {
              rtn = GOT[symName] = new WebAssembly.Global({
                "value": "i32",
                "mutable": true
              });
            }
            if (!currentModuleWeakSymbols.has(symName)) {
              rtn.required = true;
            }
            return rtn;
          }
        };
        var LE_HEAP_LOAD_F32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat32(byteOffset, true), "LE_HEAP_LOAD_F32");
        var LE_HEAP_LOAD_F64 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getFloat64(byteOffset, true), "LE_HEAP_LOAD_F64");
        var LE_HEAP_LOAD_I16 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt16(byteOffset, true), "LE_HEAP_LOAD_I16");
        var LE_HEAP_LOAD_I32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getInt32(byteOffset, true), "LE_HEAP_LOAD_I32");
        var LE_HEAP_LOAD_U16 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getUint16(byteOffset, true), "LE_HEAP_LOAD_U16");
        var LE_HEAP_LOAD_U32 = /* @__PURE__ */ __name((byteOffset) => HEAP_DATA_VIEW.getUint32(byteOffset, true), "LE_HEAP_LOAD_U32");
        var LE_HEAP_STORE_F32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat32(byteOffset, value, true), "LE_HEAP_STORE_F32");
        var LE_HEAP_STORE_F64 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setFloat64(byteOffset, value, true), "LE_HEAP_STORE_F64");
        var LE_HEAP_STORE_I16 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt16(byteOffset, value, true), "LE_HEAP_STORE_I16");
        var LE_HEAP_STORE_I32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setInt32(byteOffset, value, true), "LE_HEAP_STORE_I32");
        var LE_HEAP_STORE_U16 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setUint16(byteOffset, value, true), "LE_HEAP_STORE_U16");
        var LE_HEAP_STORE_U32 = /* @__PURE__ */ __name((byteOffset, value) => HEAP_DATA_VIEW.setUint32(byteOffset, value, true), "LE_HEAP_STORE_U32");
        var callRuntimeCallbacks = /* @__PURE__ */ __name((callbacks) => {
          while (callbacks.length > 0) {
            callbacks.shift()(Module);
          }
        }, "callRuntimeCallbacks");
        var onPostRuns = [];
        var addOnPostRun = /* @__PURE__ */ __name((cb) => onPostRuns.unshift(cb), "addOnPostRun");
        var onPreRuns = [];
        var addOnPreRun = /* @__PURE__ */ __name((cb) => onPreRuns.unshift(cb), "addOnPreRun");
        var UTF8Decoder = typeof TextDecoder != "undefined" ? new TextDecoder() : void 0;
        var UTF8ArrayToString = /* @__PURE__ */ __name((heapOrArray, idx = 0, maxBytesToRead = NaN) => {
          var endIdx = idx + maxBytesToRead;
          var endPtr = idx;
          while (heapOrArray[endPtr] && !(endPtr >= endIdx)) ++endPtr;
          if (endPtr - idx > 16 && heapOrArray.buffer && UTF8Decoder) {
            return UTF8Decoder.decode(heapOrArray.subarray(idx, endPtr));
          }
          var str = "";
          while (idx < endPtr) {
            var u0 = heapOrArray[idx++];
            if (!(u0 & 128)) {
              str += String.fromCharCode(u0);
              continue;
            }
            var u1 = heapOrArray[idx++] & 63;
            if ((u0 & 224) == 192) {
              str += String.fromCharCode((u0 & 31) << 6 | u1);
              continue;
            }
            var u2 = heapOrArray[idx++] & 63;
            if ((u0 & 240) == 224) {
              u0 = (u0 & 15) << 12 | u1 << 6 | u2;
            } else {
              u0 = (u0 & 7) << 18 | u1 << 12 | u2 << 6 | heapOrArray[idx++] & 63;
            }
            if (u0 < 65536) {
              str += String.fromCharCode(u0);
            } else {
              var ch = u0 - 65536;
              str += String.fromCharCode(55296 | ch >> 10, 56320 | ch & 1023);
            }
          }
          return str;
        }, "UTF8ArrayToString");
        var getDylinkMetadata = /* @__PURE__ */ __name((binary2) => {
          var offset = 0;
          var end = 0;
          function getU8() {
            return binary2[offset++];
          }
          __name(getU8, "getU8");
          function getLEB() {
            var ret = 0;
            var mul = 1;
            while (1) {
              var byte = binary2[offset++];
              ret += (byte & 127) * mul;
              mul *= 128;
              if (!(byte & 128)) break;
            }
            return ret;
          }
          __name(getLEB, "getLEB");
          function getString() {
            var len = getLEB();
            offset += len;
            return UTF8ArrayToString(binary2, offset - len, len);
          }
          __name(getString, "getString");
          function failIf(condition, message) {
            if (condition) throw new Error(message);
          }
          __name(failIf, "failIf");
          var name2 = "dylink.0";
          if (binary2 instanceof WebAssembly.Module) {
            var dylinkSection = WebAssembly.Module.customSections(binary2, name2);
            if (dylinkSection.length === 0) {
              name2 = "dylink";
              dylinkSection = WebAssembly.Module.customSections(binary2, name2);
            }
            failIf(dylinkSection.length === 0, "need dylink section");
            binary2 = new Uint8Array(dylinkSection[0]);
            end = binary2.length;
          } else {
            var int32View = new Uint32Array(new Uint8Array(binary2.subarray(0, 24)).buffer);
            var magicNumberFound = int32View[0] == 1836278016 || int32View[0] == 6386541;
            failIf(!magicNumberFound, "need to see wasm magic number");
            failIf(binary2[8] !== 0, "need the dylink section to be first");
            offset = 9;
            var section_size = getLEB();
            end = offset + section_size;
            name2 = getString();
          }
          var customSection = {
            neededDynlibs: [],
            tlsExports: /* @__PURE__ */ new Set(),
            weakImports: /* @__PURE__ */ new Set()
          };
          if (name2 == "dylink") {
            customSection.memorySize = getLEB();
            customSection.memoryAlign = getLEB();
            customSection.tableSize = getLEB();
            customSection.tableAlign = getLEB();
            var neededDynlibsCount = getLEB();
            for (var i2 = 0; i2 < neededDynlibsCount; ++i2) {
              var libname = getString();
              customSection.neededDynlibs.push(libname);
            }
          } else {
            failIf(name2 !== "dylink.0");
            var WASM_DYLINK_MEM_INFO = 1;
            var WASM_DYLINK_NEEDED = 2;
            var WASM_DYLINK_EXPORT_INFO = 3;
            var WASM_DYLINK_IMPORT_INFO = 4;
            var WASM_SYMBOL_TLS = 256;
            var WASM_SYMBOL_BINDING_MASK = 3;
            var WASM_SYMBOL_BINDING_WEAK = 1;
            while (offset < end) {
              var subsectionType = getU8();
              var subsectionSize = getLEB();
              if (subsectionType === WASM_DYLINK_MEM_INFO) {
                customSection.memorySize = getLEB();
                customSection.memoryAlign = getLEB();
                customSection.tableSize = getLEB();
                customSection.tableAlign = getLEB();
              } else if (subsectionType === WASM_DYLINK_NEEDED) {
                var neededDynlibsCount = getLEB();
                for (var i2 = 0; i2 < neededDynlibsCount; ++i2) {
                  libname = getString();
                  customSection.neededDynlibs.push(libname);
                }
              } else if (subsectionType === WASM_DYLINK_EXPORT_INFO) {
                var count = getLEB();
                while (count--) {
                  var symname = getString();
                  var flags2 = getLEB();
                  if (flags2 & WASM_SYMBOL_TLS) {
                    customSection.tlsExports.add(symname);
                  }
                }
              } else if (subsectionType === WASM_DYLINK_IMPORT_INFO) {
                var count = getLEB();
                while (count--) {
                  var modname = getString();
                  var symname = getString();
                  var flags2 = getLEB();
                  if ((flags2 & WASM_SYMBOL_BINDING_MASK) == WASM_SYMBOL_BINDING_WEAK) {
                    customSection.weakImports.add(symname);
                  }
                }
              } else {
                offset += subsectionSize;
              }
            }
          }
          return customSection;
        }, "getDylinkMetadata");
        function getValue(ptr, type = "i8") {
          if (type.endsWith("*")) type = "*";
          switch (type) {
            case "i1":
              return HEAP8[ptr];
            case "i8":
              return HEAP8[ptr];
            case "i16":
              return LE_HEAP_LOAD_I16((ptr >> 1) * 2);
            case "i32":
              return LE_HEAP_LOAD_I32((ptr >> 2) * 4);
            case "i64":
              return HEAP64[ptr >> 3];
            case "float":
              return LE_HEAP_LOAD_F32((ptr >> 2) * 4);
            case "double":
              return LE_HEAP_LOAD_F64((ptr >> 3) * 8);
            case "*":
              return LE_HEAP_LOAD_U32((ptr >> 2) * 4);
            default:
              abort(`invalid type for getValue: ${type}`);
          }
        }
        __name(getValue, "getValue");
        var newDSO = /* @__PURE__ */ __name((name2, handle2, syms) => {
          var dso = {
            refcount: Infinity,
            name: name2,
            exports: syms,
            global: true
          };
          LDSO.loadedLibsByName[name2] = dso;
          if (handle2 != void 0) {
            LDSO.loadedLibsByHandle[handle2] = dso;
          }
          return dso;
        }, "newDSO");
        var LDSO = {
          loadedLibsByName: {},
          loadedLibsByHandle: {},
          init() {
            newDSO("__main__", 0, wasmImports);
          }
        };
        var ___heap_base = 78224;
        var alignMemory = /* @__PURE__ */ __name((size, alignment) => Math.ceil(size / alignment) * alignment, "alignMemory");
        var getMemory = /* @__PURE__ */ __name((size) => {
          if (runtimeInitialized) {
            return _calloc(size, 1);
          }
          var ret = ___heap_base;
          var end = ret + alignMemory(size, 16);
          ___heap_base = end;
          GOT["__heap_base"].value = end;
          return ret;
        }, "getMemory");
        var isInternalSym = /* @__PURE__ */ __name((symName) => ["__cpp_exception", "__c_longjmp", "__wasm_apply_data_relocs", "__dso_handle", "__tls_size", "__tls_align", "__set_stack_limits", "_emscripten_tls_init", "__wasm_init_tls", "__wasm_call_ctors", "__start_em_asm", "__stop_em_asm", "__start_em_js", "__stop_em_js"].includes(symName) || symName.startsWith("__em_js__"), "isInternalSym");
        var uleb128Encode = /* @__PURE__ */ __name((n, target) => {
          if (n < 128) {
            target.push(n);
          } else {
            target.push(n % 128 | 128, n >> 7);
          }
        }, "uleb128Encode");
        var sigToWasmTypes = /* @__PURE__ */ __name((sig) => {
          var typeNames = {
            "i": "i32",
            "j": "i64",
            "f": "f32",
            "d": "f64",
            "e": "externref",
            "p": "i32"
          };
          var type = {
            parameters: [],
            results: sig[0] == "v" ? [] : [typeNames[sig[0]]]
          };
          for (var i2 = 1; i2 < sig.length; ++i2) {
            type.parameters.push(typeNames[sig[i2]]);
          }
          return type;
        }, "sigToWasmTypes");
        var generateFuncType = /* @__PURE__ */ __name((sig, target) => {
          var sigRet = sig.slice(0, 1);
          var sigParam = sig.slice(1);
          var typeCodes = {
            "i": 127,
            // i32
            "p": 127,
            // i32
            "j": 126,
            // i64
            "f": 125,
            // f32
            "d": 124,
            // f64
            "e": 111
          };
          target.push(96);
          uleb128Encode(sigParam.length, target);
          for (var i2 = 0; i2 < sigParam.length; ++i2) {
            target.push(typeCodes[sigParam[i2]]);
          }
          if (sigRet == "v") {
            target.push(0);
          } else {
            target.push(1, typeCodes[sigRet]);
          }
        }, "generateFuncType");
        var convertJsFunctionToWasm = /* @__PURE__ */ __name((func2, sig) => {
          if (typeof WebAssembly.Function == "function") {
            return new WebAssembly.Function(sigToWasmTypes(sig), func2);
          }
          var typeSectionBody = [1];
          generateFuncType(sig, typeSectionBody);
          var bytes = [
            0,
            97,
            115,
            109,
            // magic ("\0asm")
            1,
            0,
            0,
            0,
            // version: 1
            1
          ];
          uleb128Encode(typeSectionBody.length, bytes);
          bytes.push(...typeSectionBody);
          bytes.push(
            2,
            7,
            // import section
            // (import "e" "f" (func 0 (type 0)))
            1,
            1,
            101,
            1,
            102,
            0,
            0,
            7,
            5,
            // export section
            // (export "f" (func 0 (type 0)))
            1,
            1,
            102,
            0,
            0
          );
          var module2 = new WebAssembly.Module(new Uint8Array(bytes));
          var instance2 = new WebAssembly.Instance(module2, {
            "e": {
              "f": func2
            }
          });
          var wrappedFunc = instance2.exports["f"];
          return wrappedFunc;
        }, "convertJsFunctionToWasm");
        var wasmTableMirror = [];
        var wasmTable = new WebAssembly.Table({
          "initial": 31,
          "element": "anyfunc"
        });
        var getWasmTableEntry = /* @__PURE__ */ __name((funcPtr) => {
          var func2 = wasmTableMirror[funcPtr];
          if (!func2) {
            if (funcPtr >= wasmTableMirror.length) wasmTableMirror.length = funcPtr + 1;
            wasmTableMirror[funcPtr] = func2 = wasmTable.get(funcPtr);
          }
          return func2;
        }, "getWasmTableEntry");
        var updateTableMap = /* @__PURE__ */ __name((offset, count) => {
          if (functionsInTableMap) {
            for (var i2 = offset; i2 < offset + count; i2++) {
              var item = getWasmTableEntry(i2);
              if (item) {
                functionsInTableMap.set(item, i2);
              }
            }
          }
        }, "updateTableMap");
        var functionsInTableMap;
        var getFunctionAddress = /* @__PURE__ */ __name((func2) => {
          if (!functionsInTableMap) {
            functionsInTableMap = /* @__PURE__ */ new WeakMap();
            updateTableMap(0, wasmTable.length);
          }
          return functionsInTableMap.get(func2) || 0;
        }, "getFunctionAddress");
        var freeTableIndexes = [];
        var getEmptyTableSlot = /* @__PURE__ */ __name(() => {
          if (freeTableIndexes.length) {
            return freeTableIndexes.pop();
          }
          try {
            wasmTable.grow(1);
          } catch (err2) {
            if (!(err2 instanceof RangeError)) {
              throw err2;
            }
            throw "Unable to grow wasm table. Set ALLOW_TABLE_GROWTH.";
          }
          return wasmTable.length - 1;
        }, "getEmptyTableSlot");
        var setWasmTableEntry = /* @__PURE__ */ __name((idx, func2) => {
          wasmTable.set(idx, func2);
          wasmTableMirror[idx] = wasmTable.get(idx);
        }, "setWasmTableEntry");
        var addFunction = /* @__PURE__ */ __name((func2, sig) => {
          var rtn = getFunctionAddress(func2);
          if (rtn) {
            return rtn;
          }
          var ret = getEmptyTableSlot();
          try {
            setWasmTableEntry(ret, func2);
          } catch (err2) {
            if (!(err2 instanceof TypeError)) {
              throw err2;
            }
            var wrapped = convertJsFunctionToWasm(func2, sig);
            setWasmTableEntry(ret, wrapped);
          }
          functionsInTableMap.set(func2, ret);
          return ret;
        }, "addFunction");
        var updateGOT = /* @__PURE__ */ __name((exports2, replace) => {
          for (var symName in exports2) {
            if (isInternalSym(symName)) {
              continue;
            }
            var value = exports2[symName];
            GOT[symName] ||= new WebAssembly.Global({
              "value": "i32",
              "mutable": true
            });
            if (replace || GOT[symName].value == 0) {
              if (typeof value == "function") {
                GOT[symName].value = addFunction(value);
              } else if (typeof value == "number") {
                GOT[symName].value = value;
              } else {
                err(`unhandled export type for '${symName}': ${typeof value}`);
              }
            }
          }
        }, "updateGOT");
        var relocateExports = /* @__PURE__ */ __name((exports2, memoryBase2, replace) => {
          var relocated = {};
          for (var e in exports2) {
            var value = exports2[e];
            if (typeof value == "object") {
              value = value.value;
            }
            if (typeof value == "number") {
              value += memoryBase2;
            }
            relocated[e] = value;
          }
          updateGOT(relocated, replace);
          return relocated;
        }, "relocateExports");
        var isSymbolDefined = /* @__PURE__ */ __name((symName) => {
          var existing = wasmImports[symName];
          if (!existing || existing.stub) {
            return false;
          }
          return true;
        }, "isSymbolDefined");
        var dynCall = /* @__PURE__ */ __name((sig, ptr, args2 = []) => {
          var rtn = getWasmTableEntry(ptr)(...args2);
          return rtn;
        }, "dynCall");
        var stackSave = /* @__PURE__ */ __name(() => _emscripten_stack_get_current(), "stackSave");
        var stackRestore = /* @__PURE__ */ __name((val) => __emscripten_stack_restore(val), "stackRestore");
        var createInvokeFunction = /* @__PURE__ */ __name((sig) => (ptr, ...args2) => {
          var sp = stackSave();
          try {
            return dynCall(sig, ptr, args2);
          } catch (e) {
            stackRestore(sp);
            if (e !== e + 0) throw e;
            _setThrew(1, 0);
            if (sig[0] == "j") return 0n;
          }
        }, "createInvokeFunction");
        var resolveGlobalSymbol = /* @__PURE__ */ __name((symName, direct = false) => {
          var sym;
          if (isSymbolDefined(symName)) {
            sym = wasmImports[symName];
          } else if (symName.startsWith("invoke_")) {
            sym = wasmImports[symName] = createInvokeFunction(symName.split("_")[1]);
          }
          return {
            sym,
            name: symName
          };
        }, "resolveGlobalSymbol");
        var onPostCtors = [];
        var addOnPostCtor = /* @__PURE__ */ __name((cb) => onPostCtors.unshift(cb), "addOnPostCtor");
        var UTF8ToString = /* @__PURE__ */ __name((ptr, maxBytesToRead) => ptr ? UTF8ArrayToString(HEAPU8, ptr, maxBytesToRead) : "", "UTF8ToString");
        var loadWebAssemblyModule = /* @__PURE__ */ __name((binary, flags, libName, localScope, handle) => {
          var metadata = getDylinkMetadata(binary);
          currentModuleWeakSymbols = metadata.weakImports;
          function loadModule() {
            var memAlign = Math.pow(2, metadata.memoryAlign);
            var memoryBase = metadata.memorySize ? alignMemory(getMemory(metadata.memorySize + memAlign), memAlign) : 0;
            var tableBase = metadata.tableSize ? wasmTable.length : 0;
            if (handle) {
              HEAP8[handle + 8] = 1;
              LE_HEAP_STORE_U32((handle + 12 >> 2) * 4, memoryBase);
              LE_HEAP_STORE_I32((handle + 16 >> 2) * 4, metadata.memorySize);
              LE_HEAP_STORE_U32((handle + 20 >> 2) * 4, tableBase);
              LE_HEAP_STORE_I32((handle + 24 >> 2) * 4, metadata.tableSize);
            }
            if (metadata.tableSize) {
              wasmTable.grow(metadata.tableSize);
            }
            var moduleExports;
            function resolveSymbol(sym) {
              var resolved = resolveGlobalSymbol(sym).sym;
              if (!resolved && localScope) {
                resolved = localScope[sym];
              }
              if (!resolved) {
                resolved = moduleExports[sym];
              }
              return resolved;
            }
            __name(resolveSymbol, "resolveSymbol");
            var proxyHandler = {
              get(stubs, prop) {
                switch (prop) {
                  case "__memory_base":
                    return memoryBase;
                  case "__table_base":
                    return tableBase;
                }
                if (prop in wasmImports && !wasmImports[prop].stub) {
                  var res = wasmImports[prop];
                  return res;
                }
                if (!(prop in stubs)) {
                  var resolved;
                  stubs[prop] = (...args2) => {
                    resolved ||= resolveSymbol(prop);
                    return resolved(...args2);
                  };
                }
                return stubs[prop];
              }
            };
            var proxy = new Proxy({}, proxyHandler);
            var info = {
              "GOT.mem": new Proxy({}, GOTHandler),
              "GOT.func": new Proxy({}, GOTHandler),
              "env": proxy,
              "wasi_snapshot_preview1": proxy
            };
            function postInstantiation(module, instance) {
              updateTableMap(tableBase, metadata.tableSize);
              moduleExports = relocateExports(instance.exports, memoryBase);
              if (!flags.allowUndefined) {
                reportUndefinedSymbols();
              }
              function addEmAsm(addr, body) {
                var args = [];
                var arity = 0;
                for (; arity < 16; arity++) {
                  if (body.indexOf("$" + arity) != -1) {
                    args.push("$" + arity);
                  } else {
                    break;
                  }
                }
                args = args.join(",");
                var func = `(${args}) => { ${body} };`;
                ASM_CONSTS[start] = eval(func);
              }
              __name(addEmAsm, "addEmAsm");
              if ("__start_em_asm" in moduleExports) {
                var start = moduleExports["__start_em_asm"];
                var stop = moduleExports["__stop_em_asm"];
                while (start < stop) {
                  var jsString = UTF8ToString(start);
                  addEmAsm(start, jsString);
                  start = HEAPU8.indexOf(0, start) + 1;
                }
              }
              function addEmJs(name, cSig, body) {
                var jsArgs = [];
                cSig = cSig.slice(1, -1);
                if (cSig != "void") {
                  cSig = cSig.split(",");
                  for (var i in cSig) {
                    var jsArg = cSig[i].split(" ").pop();
                    jsArgs.push(jsArg.replace("*", ""));
                  }
                }
                var func = `(${jsArgs}) => ${body};`;
                moduleExports[name] = eval(func);
              }
              __name(addEmJs, "addEmJs");
              for (var name in moduleExports) {
                if (name.startsWith("__em_js__")) {
                  var start = moduleExports[name];
                  var jsString = UTF8ToString(start);
                  var parts = jsString.split("<::>");
                  addEmJs(name.replace("__em_js__", ""), parts[0], parts[1]);
                  delete moduleExports[name];
                }
              }
              var applyRelocs = moduleExports["__wasm_apply_data_relocs"];
              if (applyRelocs) {
                if (runtimeInitialized) {
                  applyRelocs();
                } else {
                  __RELOC_FUNCS__.push(applyRelocs);
                }
              }
              var init = moduleExports["__wasm_call_ctors"];
              if (init) {
                if (runtimeInitialized) {
                  init();
                } else {
                  addOnPostCtor(init);
                }
              }
              return moduleExports;
            }
            __name(postInstantiation, "postInstantiation");
            if (flags.loadAsync) {
              if (binary instanceof WebAssembly.Module) {
                var instance = new WebAssembly.Instance(binary, info);
                return Promise.resolve(postInstantiation(binary, instance));
              }
              return WebAssembly.instantiate(binary, info).then((result) => postInstantiation(result.module, result.instance));
            }
            var module = binary instanceof WebAssembly.Module ? binary : new WebAssembly.Module(binary);
            var instance = new WebAssembly.Instance(module, info);
            return postInstantiation(module, instance);
          }
          __name(loadModule, "loadModule");
          if (flags.loadAsync) {
            return metadata.neededDynlibs.reduce((chain, dynNeeded) => chain.then(() => loadDynamicLibrary(dynNeeded, flags, localScope)), Promise.resolve()).then(loadModule);
          }
          metadata.neededDynlibs.forEach((needed) => loadDynamicLibrary(needed, flags, localScope));
          return loadModule();
        }, "loadWebAssemblyModule");
        var mergeLibSymbols = /* @__PURE__ */ __name((exports2, libName2) => {
          for (var [sym, exp] of Object.entries(exports2)) {
            const setImport = /* @__PURE__ */ __name((target) => {
              if (!isSymbolDefined(target)) {
                wasmImports[target] = exp;
              }
            }, "setImport");
            setImport(sym);
            const main_alias = "__main_argc_argv";
            if (sym == "main") {
              setImport(main_alias);
            }
            if (sym == main_alias) {
              setImport("main");
            }
          }
        }, "mergeLibSymbols");
        var asyncLoad = /* @__PURE__ */ __name(async (url) => {
          var arrayBuffer = await readAsync(url);
          return new Uint8Array(arrayBuffer);
        }, "asyncLoad");
        function loadDynamicLibrary(libName2, flags2 = {
          global: true,
          nodelete: true
        }, localScope2, handle2) {
          var dso = LDSO.loadedLibsByName[libName2];
          if (dso) {
            if (!flags2.global) {
              if (localScope2) {
                Object.assign(localScope2, dso.exports);
              }
            } else if (!dso.global) {
              dso.global = true;
              mergeLibSymbols(dso.exports, libName2);
            }
            if (flags2.nodelete && dso.refcount !== Infinity) {
              dso.refcount = Infinity;
            }
            dso.refcount++;
            if (handle2) {
              LDSO.loadedLibsByHandle[handle2] = dso;
            }
            return flags2.loadAsync ? Promise.resolve(true) : true;
          }
          dso = newDSO(libName2, handle2, "loading");
          dso.refcount = flags2.nodelete ? Infinity : 1;
          dso.global = flags2.global;
          function loadLibData() {
            if (handle2) {
              var data = LE_HEAP_LOAD_U32((handle2 + 28 >> 2) * 4);
              var dataSize = LE_HEAP_LOAD_U32((handle2 + 32 >> 2) * 4);
              if (data && dataSize) {
                var libData = HEAP8.slice(data, data + dataSize);
                return flags2.loadAsync ? Promise.resolve(libData) : libData;
              }
            }
            var libFile = locateFile(libName2);
            if (flags2.loadAsync) {
              return asyncLoad(libFile);
            }
            if (!readBinary) {
              throw new Error(`${libFile}: file not found, and synchronous loading of external files is not available`);
            }
            return readBinary(libFile);
          }
          __name(loadLibData, "loadLibData");
          function getExports() {
            if (flags2.loadAsync) {
              return loadLibData().then((libData) => loadWebAssemblyModule(libData, flags2, libName2, localScope2, handle2));
            }
            return loadWebAssemblyModule(loadLibData(), flags2, libName2, localScope2, handle2);
          }
          __name(getExports, "getExports");
          function moduleLoaded(exports2) {
            if (dso.global) {
              mergeLibSymbols(exports2, libName2);
            } else if (localScope2) {
              Object.assign(localScope2, exports2);
            }
            dso.exports = exports2;
          }
          __name(moduleLoaded, "moduleLoaded");
          if (flags2.loadAsync) {
            return getExports().then((exports2) => {
              moduleLoaded(exports2);
              return true;
            });
          }
          moduleLoaded(getExports());
          return true;
        }
        __name(loadDynamicLibrary, "loadDynamicLibrary");
        var reportUndefinedSymbols = /* @__PURE__ */ __name(() => {
          for (var [symName, entry] of Object.entries(GOT)) {
            if (entry.value == 0) {
              var value = resolveGlobalSymbol(symName, true).sym;
              if (!value && !entry.required) {
                continue;
              }
              if (typeof value == "function") {
                entry.value = addFunction(value, value.sig);
              } else if (typeof value == "number") {
                entry.value = value;
              } else {
                throw new Error(`bad export type for '${symName}': ${typeof value}`);
              }
            }
          }
        }, "reportUndefinedSymbols");
        var loadDylibs = /* @__PURE__ */ __name(() => {
          if (!dynamicLibraries.length) {
            reportUndefinedSymbols();
            return;
          }
          addRunDependency("loadDylibs");
          dynamicLibraries.reduce((chain, lib) => chain.then(() => loadDynamicLibrary(lib, {
            loadAsync: true,
            global: true,
            nodelete: true,
            allowUndefined: true
          })), Promise.resolve()).then(() => {
            reportUndefinedSymbols();
            removeRunDependency("loadDylibs");
          });
        }, "loadDylibs");
        var noExitRuntime = Module["noExitRuntime"] || true;
        function setValue(ptr, value, type = "i8") {
          if (type.endsWith("*")) type = "*";
          switch (type) {
            case "i1":
              HEAP8[ptr] = value;
              break;
            case "i8":
              HEAP8[ptr] = value;
              break;
            case "i16":
              LE_HEAP_STORE_I16((ptr >> 1) * 2, value);
              break;
            case "i32":
              LE_HEAP_STORE_I32((ptr >> 2) * 4, value);
              break;
            case "i64":
              HEAP64[ptr >> 3] = BigInt(value);
              break;
            case "float":
              LE_HEAP_STORE_F32((ptr >> 2) * 4, value);
              break;
            case "double":
              LE_HEAP_STORE_F64((ptr >> 3) * 8, value);
              break;
            case "*":
              LE_HEAP_STORE_U32((ptr >> 2) * 4, value);
              break;
            default:
              abort(`invalid type for setValue: ${type}`);
          }
        }
        __name(setValue, "setValue");
        var ___memory_base = new WebAssembly.Global({
          "value": "i32",
          "mutable": false
        }, 1024);
        var ___stack_pointer = new WebAssembly.Global({
          "value": "i32",
          "mutable": true
        }, 78224);
        var ___table_base = new WebAssembly.Global({
          "value": "i32",
          "mutable": false
        }, 1);
        var __abort_js = /* @__PURE__ */ __name(() => abort(""), "__abort_js");
        __abort_js.sig = "v";
        var _emscripten_get_now = /* @__PURE__ */ __name(() => performance.now(), "_emscripten_get_now");
        _emscripten_get_now.sig = "d";
        var _emscripten_date_now = /* @__PURE__ */ __name(() => Date.now(), "_emscripten_date_now");
        _emscripten_date_now.sig = "d";
        var nowIsMonotonic = 1;
        var checkWasiClock = /* @__PURE__ */ __name((clock_id) => clock_id >= 0 && clock_id <= 3, "checkWasiClock");
        var INT53_MAX = 9007199254740992;
        var INT53_MIN = -9007199254740992;
        var bigintToI53Checked = /* @__PURE__ */ __name((num) => num < INT53_MIN || num > INT53_MAX ? NaN : Number(num), "bigintToI53Checked");
        function _clock_time_get(clk_id, ignored_precision, ptime) {
          ignored_precision = bigintToI53Checked(ignored_precision);
          if (!checkWasiClock(clk_id)) {
            return 28;
          }
          var now;
          if (clk_id === 0) {
            now = _emscripten_date_now();
          } else if (nowIsMonotonic) {
            now = _emscripten_get_now();
          } else {
            return 52;
          }
          var nsec = Math.round(now * 1e3 * 1e3);
          HEAP64[ptime >> 3] = BigInt(nsec);
          return 0;
        }
        __name(_clock_time_get, "_clock_time_get");
        _clock_time_get.sig = "iijp";
        var getHeapMax = /* @__PURE__ */ __name(() => (
          // Stay one Wasm page short of 4GB: while e.g. Chrome is able to allocate
          // full 4GB Wasm memories, the size will wrap back to 0 bytes in Wasm side
          // for any code that deals with heap sizes, which would require special
          // casing all heap size related code to treat 0 specially.
          2147483648
        ), "getHeapMax");
        var growMemory = /* @__PURE__ */ __name((size) => {
          var b = wasmMemory.buffer;
          var pages = (size - b.byteLength + 65535) / 65536 | 0;
          try {
            wasmMemory.grow(pages);
            updateMemoryViews();
            return 1;
          } catch (e) {
          }
        }, "growMemory");
        var _emscripten_resize_heap = /* @__PURE__ */ __name((requestedSize) => {
          var oldSize = HEAPU8.length;
          requestedSize >>>= 0;
          var maxHeapSize = getHeapMax();
          if (requestedSize > maxHeapSize) {
            return false;
          }
          for (var cutDown = 1; cutDown <= 4; cutDown *= 2) {
            var overGrownHeapSize = oldSize * (1 + 0.2 / cutDown);
            overGrownHeapSize = Math.min(overGrownHeapSize, requestedSize + 100663296);
            var newSize = Math.min(maxHeapSize, alignMemory(Math.max(requestedSize, overGrownHeapSize), 65536));
            var replacement = growMemory(newSize);
            if (replacement) {
              return true;
            }
          }
          return false;
        }, "_emscripten_resize_heap");
        _emscripten_resize_heap.sig = "ip";
        var _fd_close = /* @__PURE__ */ __name((fd) => 52, "_fd_close");
        _fd_close.sig = "ii";
        function _fd_seek(fd, offset, whence, newOffset) {
          offset = bigintToI53Checked(offset);
          return 70;
        }
        __name(_fd_seek, "_fd_seek");
        _fd_seek.sig = "iijip";
        var printCharBuffers = [null, [], []];
        var printChar = /* @__PURE__ */ __name((stream, curr) => {
          var buffer = printCharBuffers[stream];
          if (curr === 0 || curr === 10) {
            (stream === 1 ? out : err)(UTF8ArrayToString(buffer));
            buffer.length = 0;
          } else {
            buffer.push(curr);
          }
        }, "printChar");
        var flush_NO_FILESYSTEM = /* @__PURE__ */ __name(() => {
          if (printCharBuffers[1].length) printChar(1, 10);
          if (printCharBuffers[2].length) printChar(2, 10);
        }, "flush_NO_FILESYSTEM");
        var SYSCALLS = {
          varargs: void 0,
          getStr(ptr) {
            var ret = UTF8ToString(ptr);
            return ret;
          }
        };
        var _fd_write = /* @__PURE__ */ __name((fd, iov, iovcnt, pnum) => {
          var num = 0;
          for (var i2 = 0; i2 < iovcnt; i2++) {
            var ptr = LE_HEAP_LOAD_U32((iov >> 2) * 4);
            var len = LE_HEAP_LOAD_U32((iov + 4 >> 2) * 4);
            iov += 8;
            for (var j = 0; j < len; j++) {
              printChar(fd, HEAPU8[ptr + j]);
            }
            num += len;
          }
          LE_HEAP_STORE_U32((pnum >> 2) * 4, num);
          return 0;
        }, "_fd_write");
        _fd_write.sig = "iippp";
        function _tree_sitter_log_callback(isLexMessage, messageAddress) {
          if (Module.currentLogCallback) {
            const message = UTF8ToString(messageAddress);
            Module.currentLogCallback(message, isLexMessage !== 0);
          }
        }
        __name(_tree_sitter_log_callback, "_tree_sitter_log_callback");
        function _tree_sitter_parse_callback(inputBufferAddress, index, row, column, lengthAddress) {
          const INPUT_BUFFER_SIZE = 10 * 1024;
          const string = Module.currentParseCallback(index, {
            row,
            column
          });
          if (typeof string === "string") {
            setValue(lengthAddress, string.length, "i32");
            stringToUTF16(string, inputBufferAddress, INPUT_BUFFER_SIZE);
          } else {
            setValue(lengthAddress, 0, "i32");
          }
        }
        __name(_tree_sitter_parse_callback, "_tree_sitter_parse_callback");
        function _tree_sitter_progress_callback(currentOffset, hasError) {
          if (Module.currentProgressCallback) {
            return Module.currentProgressCallback({
              currentOffset,
              hasError
            });
          }
          return false;
        }
        __name(_tree_sitter_progress_callback, "_tree_sitter_progress_callback");
        function _tree_sitter_query_progress_callback(currentOffset) {
          if (Module.currentQueryProgressCallback) {
            return Module.currentQueryProgressCallback({
              currentOffset
            });
          }
          return false;
        }
        __name(_tree_sitter_query_progress_callback, "_tree_sitter_query_progress_callback");
        var runtimeKeepaliveCounter = 0;
        var keepRuntimeAlive = /* @__PURE__ */ __name(() => noExitRuntime || runtimeKeepaliveCounter > 0, "keepRuntimeAlive");
        var _proc_exit = /* @__PURE__ */ __name((code) => {
          EXITSTATUS = code;
          if (!keepRuntimeAlive()) {
            Module["onExit"]?.(code);
            ABORT = true;
          }
          quit_(code, new ExitStatus(code));
        }, "_proc_exit");
        _proc_exit.sig = "vi";
        var exitJS = /* @__PURE__ */ __name((status, implicit) => {
          EXITSTATUS = status;
          _proc_exit(status);
        }, "exitJS");
        var handleException = /* @__PURE__ */ __name((e) => {
          if (e instanceof ExitStatus || e == "unwind") {
            return EXITSTATUS;
          }
          quit_(1, e);
        }, "handleException");
        var lengthBytesUTF8 = /* @__PURE__ */ __name((str) => {
          var len = 0;
          for (var i2 = 0; i2 < str.length; ++i2) {
            var c = str.charCodeAt(i2);
            if (c <= 127) {
              len++;
            } else if (c <= 2047) {
              len += 2;
            } else if (c >= 55296 && c <= 57343) {
              len += 4;
              ++i2;
            } else {
              len += 3;
            }
          }
          return len;
        }, "lengthBytesUTF8");
        var stringToUTF8Array = /* @__PURE__ */ __name((str, heap, outIdx, maxBytesToWrite) => {
          if (!(maxBytesToWrite > 0)) return 0;
          var startIdx = outIdx;
          var endIdx = outIdx + maxBytesToWrite - 1;
          for (var i2 = 0; i2 < str.length; ++i2) {
            var u = str.charCodeAt(i2);
            if (u >= 55296 && u <= 57343) {
              var u1 = str.charCodeAt(++i2);
              u = 65536 + ((u & 1023) << 10) | u1 & 1023;
            }
            if (u <= 127) {
              if (outIdx >= endIdx) break;
              heap[outIdx++] = u;
            } else if (u <= 2047) {
              if (outIdx + 1 >= endIdx) break;
              heap[outIdx++] = 192 | u >> 6;
              heap[outIdx++] = 128 | u & 63;
            } else if (u <= 65535) {
              if (outIdx + 2 >= endIdx) break;
              heap[outIdx++] = 224 | u >> 12;
              heap[outIdx++] = 128 | u >> 6 & 63;
              heap[outIdx++] = 128 | u & 63;
            } else {
              if (outIdx + 3 >= endIdx) break;
              heap[outIdx++] = 240 | u >> 18;
              heap[outIdx++] = 128 | u >> 12 & 63;
              heap[outIdx++] = 128 | u >> 6 & 63;
              heap[outIdx++] = 128 | u & 63;
            }
          }
          heap[outIdx] = 0;
          return outIdx - startIdx;
        }, "stringToUTF8Array");
        var stringToUTF8 = /* @__PURE__ */ __name((str, outPtr, maxBytesToWrite) => stringToUTF8Array(str, HEAPU8, outPtr, maxBytesToWrite), "stringToUTF8");
        var stackAlloc = /* @__PURE__ */ __name((sz) => __emscripten_stack_alloc(sz), "stackAlloc");
        var stringToUTF8OnStack = /* @__PURE__ */ __name((str) => {
          var size = lengthBytesUTF8(str) + 1;
          var ret = stackAlloc(size);
          stringToUTF8(str, ret, size);
          return ret;
        }, "stringToUTF8OnStack");
        var AsciiToString = /* @__PURE__ */ __name((ptr) => {
          var str = "";
          while (1) {
            var ch = HEAPU8[ptr++];
            if (!ch) return str;
            str += String.fromCharCode(ch);
          }
        }, "AsciiToString");
        var stringToUTF16 = /* @__PURE__ */ __name((str, outPtr, maxBytesToWrite) => {
          maxBytesToWrite ??= 2147483647;
          if (maxBytesToWrite < 2) return 0;
          maxBytesToWrite -= 2;
          var startPtr = outPtr;
          var numCharsToWrite = maxBytesToWrite < str.length * 2 ? maxBytesToWrite / 2 : str.length;
          for (var i2 = 0; i2 < numCharsToWrite; ++i2) {
            var codeUnit = str.charCodeAt(i2);
            LE_HEAP_STORE_I16((outPtr >> 1) * 2, codeUnit);
            outPtr += 2;
          }
          LE_HEAP_STORE_I16((outPtr >> 1) * 2, 0);
          return outPtr - startPtr;
        }, "stringToUTF16");
        var wasmImports = {
          /** @export */
          __heap_base: ___heap_base,
          /** @export */
          __indirect_function_table: wasmTable,
          /** @export */
          __memory_base: ___memory_base,
          /** @export */
          __stack_pointer: ___stack_pointer,
          /** @export */
          __table_base: ___table_base,
          /** @export */
          _abort_js: __abort_js,
          /** @export */
          clock_time_get: _clock_time_get,
          /** @export */
          emscripten_resize_heap: _emscripten_resize_heap,
          /** @export */
          fd_close: _fd_close,
          /** @export */
          fd_seek: _fd_seek,
          /** @export */
          fd_write: _fd_write,
          /** @export */
          memory: wasmMemory,
          /** @export */
          tree_sitter_log_callback: _tree_sitter_log_callback,
          /** @export */
          tree_sitter_parse_callback: _tree_sitter_parse_callback,
          /** @export */
          tree_sitter_progress_callback: _tree_sitter_progress_callback,
          /** @export */
          tree_sitter_query_progress_callback: _tree_sitter_query_progress_callback
        };
        var wasmExports = await createWasm();
        var ___wasm_call_ctors = wasmExports["__wasm_call_ctors"];
        var _malloc = Module["_malloc"] = wasmExports["malloc"];
        var _calloc = Module["_calloc"] = wasmExports["calloc"];
        var _realloc = Module["_realloc"] = wasmExports["realloc"];
        var _free = Module["_free"] = wasmExports["free"];
        var _memcmp = Module["_memcmp"] = wasmExports["memcmp"];
        var _ts_language_symbol_count = Module["_ts_language_symbol_count"] = wasmExports["ts_language_symbol_count"];
        var _ts_language_state_count = Module["_ts_language_state_count"] = wasmExports["ts_language_state_count"];
        var _ts_language_version = Module["_ts_language_version"] = wasmExports["ts_language_version"];
        var _ts_language_abi_version = Module["_ts_language_abi_version"] = wasmExports["ts_language_abi_version"];
        var _ts_language_metadata = Module["_ts_language_metadata"] = wasmExports["ts_language_metadata"];
        var _ts_language_name = Module["_ts_language_name"] = wasmExports["ts_language_name"];
        var _ts_language_field_count = Module["_ts_language_field_count"] = wasmExports["ts_language_field_count"];
        var _ts_language_next_state = Module["_ts_language_next_state"] = wasmExports["ts_language_next_state"];
        var _ts_language_symbol_name = Module["_ts_language_symbol_name"] = wasmExports["ts_language_symbol_name"];
        var _ts_language_symbol_for_name = Module["_ts_language_symbol_for_name"] = wasmExports["ts_language_symbol_for_name"];
        var _strncmp = Module["_strncmp"] = wasmExports["strncmp"];
        var _ts_language_symbol_type = Module["_ts_language_symbol_type"] = wasmExports["ts_language_symbol_type"];
        var _ts_language_field_name_for_id = Module["_ts_language_field_name_for_id"] = wasmExports["ts_language_field_name_for_id"];
        var _ts_lookahead_iterator_new = Module["_ts_lookahead_iterator_new"] = wasmExports["ts_lookahead_iterator_new"];
        var _ts_lookahead_iterator_delete = Module["_ts_lookahead_iterator_delete"] = wasmExports["ts_lookahead_iterator_delete"];
        var _ts_lookahead_iterator_reset_state = Module["_ts_lookahead_iterator_reset_state"] = wasmExports["ts_lookahead_iterator_reset_state"];
        var _ts_lookahead_iterator_reset = Module["_ts_lookahead_iterator_reset"] = wasmExports["ts_lookahead_iterator_reset"];
        var _ts_lookahead_iterator_next = Module["_ts_lookahead_iterator_next"] = wasmExports["ts_lookahead_iterator_next"];
        var _ts_lookahead_iterator_current_symbol = Module["_ts_lookahead_iterator_current_symbol"] = wasmExports["ts_lookahead_iterator_current_symbol"];
        var _ts_parser_delete = Module["_ts_parser_delete"] = wasmExports["ts_parser_delete"];
        var _ts_parser_reset = Module["_ts_parser_reset"] = wasmExports["ts_parser_reset"];
        var _ts_parser_set_language = Module["_ts_parser_set_language"] = wasmExports["ts_parser_set_language"];
        var _ts_parser_timeout_micros = Module["_ts_parser_timeout_micros"] = wasmExports["ts_parser_timeout_micros"];
        var _ts_parser_set_timeout_micros = Module["_ts_parser_set_timeout_micros"] = wasmExports["ts_parser_set_timeout_micros"];
        var _ts_parser_set_included_ranges = Module["_ts_parser_set_included_ranges"] = wasmExports["ts_parser_set_included_ranges"];
        var _ts_query_new = Module["_ts_query_new"] = wasmExports["ts_query_new"];
        var _ts_query_delete = Module["_ts_query_delete"] = wasmExports["ts_query_delete"];
        var _iswspace = Module["_iswspace"] = wasmExports["iswspace"];
        var _iswalnum = Module["_iswalnum"] = wasmExports["iswalnum"];
        var _ts_query_pattern_count = Module["_ts_query_pattern_count"] = wasmExports["ts_query_pattern_count"];
        var _ts_query_capture_count = Module["_ts_query_capture_count"] = wasmExports["ts_query_capture_count"];
        var _ts_query_string_count = Module["_ts_query_string_count"] = wasmExports["ts_query_string_count"];
        var _ts_query_capture_name_for_id = Module["_ts_query_capture_name_for_id"] = wasmExports["ts_query_capture_name_for_id"];
        var _ts_query_capture_quantifier_for_id = Module["_ts_query_capture_quantifier_for_id"] = wasmExports["ts_query_capture_quantifier_for_id"];
        var _ts_query_string_value_for_id = Module["_ts_query_string_value_for_id"] = wasmExports["ts_query_string_value_for_id"];
        var _ts_query_predicates_for_pattern = Module["_ts_query_predicates_for_pattern"] = wasmExports["ts_query_predicates_for_pattern"];
        var _ts_query_start_byte_for_pattern = Module["_ts_query_start_byte_for_pattern"] = wasmExports["ts_query_start_byte_for_pattern"];
        var _ts_query_end_byte_for_pattern = Module["_ts_query_end_byte_for_pattern"] = wasmExports["ts_query_end_byte_for_pattern"];
        var _ts_query_is_pattern_rooted = Module["_ts_query_is_pattern_rooted"] = wasmExports["ts_query_is_pattern_rooted"];
        var _ts_query_is_pattern_non_local = Module["_ts_query_is_pattern_non_local"] = wasmExports["ts_query_is_pattern_non_local"];
        var _ts_query_is_pattern_guaranteed_at_step = Module["_ts_query_is_pattern_guaranteed_at_step"] = wasmExports["ts_query_is_pattern_guaranteed_at_step"];
        var _ts_query_disable_capture = Module["_ts_query_disable_capture"] = wasmExports["ts_query_disable_capture"];
        var _ts_query_disable_pattern = Module["_ts_query_disable_pattern"] = wasmExports["ts_query_disable_pattern"];
        var _ts_tree_copy = Module["_ts_tree_copy"] = wasmExports["ts_tree_copy"];
        var _ts_tree_delete = Module["_ts_tree_delete"] = wasmExports["ts_tree_delete"];
        var _ts_init = Module["_ts_init"] = wasmExports["ts_init"];
        var _ts_parser_new_wasm = Module["_ts_parser_new_wasm"] = wasmExports["ts_parser_new_wasm"];
        var _ts_parser_enable_logger_wasm = Module["_ts_parser_enable_logger_wasm"] = wasmExports["ts_parser_enable_logger_wasm"];
        var _ts_parser_parse_wasm = Module["_ts_parser_parse_wasm"] = wasmExports["ts_parser_parse_wasm"];
        var _ts_parser_included_ranges_wasm = Module["_ts_parser_included_ranges_wasm"] = wasmExports["ts_parser_included_ranges_wasm"];
        var _ts_language_type_is_named_wasm = Module["_ts_language_type_is_named_wasm"] = wasmExports["ts_language_type_is_named_wasm"];
        var _ts_language_type_is_visible_wasm = Module["_ts_language_type_is_visible_wasm"] = wasmExports["ts_language_type_is_visible_wasm"];
        var _ts_language_supertypes_wasm = Module["_ts_language_supertypes_wasm"] = wasmExports["ts_language_supertypes_wasm"];
        var _ts_language_subtypes_wasm = Module["_ts_language_subtypes_wasm"] = wasmExports["ts_language_subtypes_wasm"];
        var _ts_tree_root_node_wasm = Module["_ts_tree_root_node_wasm"] = wasmExports["ts_tree_root_node_wasm"];
        var _ts_tree_root_node_with_offset_wasm = Module["_ts_tree_root_node_with_offset_wasm"] = wasmExports["ts_tree_root_node_with_offset_wasm"];
        var _ts_tree_edit_wasm = Module["_ts_tree_edit_wasm"] = wasmExports["ts_tree_edit_wasm"];
        var _ts_tree_included_ranges_wasm = Module["_ts_tree_included_ranges_wasm"] = wasmExports["ts_tree_included_ranges_wasm"];
        var _ts_tree_get_changed_ranges_wasm = Module["_ts_tree_get_changed_ranges_wasm"] = wasmExports["ts_tree_get_changed_ranges_wasm"];
        var _ts_tree_cursor_new_wasm = Module["_ts_tree_cursor_new_wasm"] = wasmExports["ts_tree_cursor_new_wasm"];
        var _ts_tree_cursor_copy_wasm = Module["_ts_tree_cursor_copy_wasm"] = wasmExports["ts_tree_cursor_copy_wasm"];
        var _ts_tree_cursor_delete_wasm = Module["_ts_tree_cursor_delete_wasm"] = wasmExports["ts_tree_cursor_delete_wasm"];
        var _ts_tree_cursor_reset_wasm = Module["_ts_tree_cursor_reset_wasm"] = wasmExports["ts_tree_cursor_reset_wasm"];
        var _ts_tree_cursor_reset_to_wasm = Module["_ts_tree_cursor_reset_to_wasm"] = wasmExports["ts_tree_cursor_reset_to_wasm"];
        var _ts_tree_cursor_goto_first_child_wasm = Module["_ts_tree_cursor_goto_first_child_wasm"] = wasmExports["ts_tree_cursor_goto_first_child_wasm"];
        var _ts_tree_cursor_goto_last_child_wasm = Module["_ts_tree_cursor_goto_last_child_wasm"] = wasmExports["ts_tree_cursor_goto_last_child_wasm"];
        var _ts_tree_cursor_goto_first_child_for_index_wasm = Module["_ts_tree_cursor_goto_first_child_for_index_wasm"] = wasmExports["ts_tree_cursor_goto_first_child_for_index_wasm"];
        var _ts_tree_cursor_goto_first_child_for_position_wasm = Module["_ts_tree_cursor_goto_first_child_for_position_wasm"] = wasmExports["ts_tree_cursor_goto_first_child_for_position_wasm"];
        var _ts_tree_cursor_goto_next_sibling_wasm = Module["_ts_tree_cursor_goto_next_sibling_wasm"] = wasmExports["ts_tree_cursor_goto_next_sibling_wasm"];
        var _ts_tree_cursor_goto_previous_sibling_wasm = Module["_ts_tree_cursor_goto_previous_sibling_wasm"] = wasmExports["ts_tree_cursor_goto_previous_sibling_wasm"];
        var _ts_tree_cursor_goto_descendant_wasm = Module["_ts_tree_cursor_goto_descendant_wasm"] = wasmExports["ts_tree_cursor_goto_descendant_wasm"];
        var _ts_tree_cursor_goto_parent_wasm = Module["_ts_tree_cursor_goto_parent_wasm"] = wasmExports["ts_tree_cursor_goto_parent_wasm"];
        var _ts_tree_cursor_current_node_type_id_wasm = Module["_ts_tree_cursor_current_node_type_id_wasm"] = wasmExports["ts_tree_cursor_current_node_type_id_wasm"];
        var _ts_tree_cursor_current_node_state_id_wasm = Module["_ts_tree_cursor_current_node_state_id_wasm"] = wasmExports["ts_tree_cursor_current_node_state_id_wasm"];
        var _ts_tree_cursor_current_node_is_named_wasm = Module["_ts_tree_cursor_current_node_is_named_wasm"] = wasmExports["ts_tree_cursor_current_node_is_named_wasm"];
        var _ts_tree_cursor_current_node_is_missing_wasm = Module["_ts_tree_cursor_current_node_is_missing_wasm"] = wasmExports["ts_tree_cursor_current_node_is_missing_wasm"];
        var _ts_tree_cursor_current_node_id_wasm = Module["_ts_tree_cursor_current_node_id_wasm"] = wasmExports["ts_tree_cursor_current_node_id_wasm"];
        var _ts_tree_cursor_start_position_wasm = Module["_ts_tree_cursor_start_position_wasm"] = wasmExports["ts_tree_cursor_start_position_wasm"];
        var _ts_tree_cursor_end_position_wasm = Module["_ts_tree_cursor_end_position_wasm"] = wasmExports["ts_tree_cursor_end_position_wasm"];
        var _ts_tree_cursor_start_index_wasm = Module["_ts_tree_cursor_start_index_wasm"] = wasmExports["ts_tree_cursor_start_index_wasm"];
        var _ts_tree_cursor_end_index_wasm = Module["_ts_tree_cursor_end_index_wasm"] = wasmExports["ts_tree_cursor_end_index_wasm"];
        var _ts_tree_cursor_current_field_id_wasm = Module["_ts_tree_cursor_current_field_id_wasm"] = wasmExports["ts_tree_cursor_current_field_id_wasm"];
        var _ts_tree_cursor_current_depth_wasm = Module["_ts_tree_cursor_current_depth_wasm"] = wasmExports["ts_tree_cursor_current_depth_wasm"];
        var _ts_tree_cursor_current_descendant_index_wasm = Module["_ts_tree_cursor_current_descendant_index_wasm"] = wasmExports["ts_tree_cursor_current_descendant_index_wasm"];
        var _ts_tree_cursor_current_node_wasm = Module["_ts_tree_cursor_current_node_wasm"] = wasmExports["ts_tree_cursor_current_node_wasm"];
        var _ts_node_symbol_wasm = Module["_ts_node_symbol_wasm"] = wasmExports["ts_node_symbol_wasm"];
        var _ts_node_field_name_for_child_wasm = Module["_ts_node_field_name_for_child_wasm"] = wasmExports["ts_node_field_name_for_child_wasm"];
        var _ts_node_field_name_for_named_child_wasm = Module["_ts_node_field_name_for_named_child_wasm"] = wasmExports["ts_node_field_name_for_named_child_wasm"];
        var _ts_node_children_by_field_id_wasm = Module["_ts_node_children_by_field_id_wasm"] = wasmExports["ts_node_children_by_field_id_wasm"];
        var _ts_node_first_child_for_byte_wasm = Module["_ts_node_first_child_for_byte_wasm"] = wasmExports["ts_node_first_child_for_byte_wasm"];
        var _ts_node_first_named_child_for_byte_wasm = Module["_ts_node_first_named_child_for_byte_wasm"] = wasmExports["ts_node_first_named_child_for_byte_wasm"];
        var _ts_node_grammar_symbol_wasm = Module["_ts_node_grammar_symbol_wasm"] = wasmExports["ts_node_grammar_symbol_wasm"];
        var _ts_node_child_count_wasm = Module["_ts_node_child_count_wasm"] = wasmExports["ts_node_child_count_wasm"];
        var _ts_node_named_child_count_wasm = Module["_ts_node_named_child_count_wasm"] = wasmExports["ts_node_named_child_count_wasm"];
        var _ts_node_child_wasm = Module["_ts_node_child_wasm"] = wasmExports["ts_node_child_wasm"];
        var _ts_node_named_child_wasm = Module["_ts_node_named_child_wasm"] = wasmExports["ts_node_named_child_wasm"];
        var _ts_node_child_by_field_id_wasm = Module["_ts_node_child_by_field_id_wasm"] = wasmExports["ts_node_child_by_field_id_wasm"];
        var _ts_node_next_sibling_wasm = Module["_ts_node_next_sibling_wasm"] = wasmExports["ts_node_next_sibling_wasm"];
        var _ts_node_prev_sibling_wasm = Module["_ts_node_prev_sibling_wasm"] = wasmExports["ts_node_prev_sibling_wasm"];
        var _ts_node_next_named_sibling_wasm = Module["_ts_node_next_named_sibling_wasm"] = wasmExports["ts_node_next_named_sibling_wasm"];
        var _ts_node_prev_named_sibling_wasm = Module["_ts_node_prev_named_sibling_wasm"] = wasmExports["ts_node_prev_named_sibling_wasm"];
        var _ts_node_descendant_count_wasm = Module["_ts_node_descendant_count_wasm"] = wasmExports["ts_node_descendant_count_wasm"];
        var _ts_node_parent_wasm = Module["_ts_node_parent_wasm"] = wasmExports["ts_node_parent_wasm"];
        var _ts_node_child_with_descendant_wasm = Module["_ts_node_child_with_descendant_wasm"] = wasmExports["ts_node_child_with_descendant_wasm"];
        var _ts_node_descendant_for_index_wasm = Module["_ts_node_descendant_for_index_wasm"] = wasmExports["ts_node_descendant_for_index_wasm"];
        var _ts_node_named_descendant_for_index_wasm = Module["_ts_node_named_descendant_for_index_wasm"] = wasmExports["ts_node_named_descendant_for_index_wasm"];
        var _ts_node_descendant_for_position_wasm = Module["_ts_node_descendant_for_position_wasm"] = wasmExports["ts_node_descendant_for_position_wasm"];
        var _ts_node_named_descendant_for_position_wasm = Module["_ts_node_named_descendant_for_position_wasm"] = wasmExports["ts_node_named_descendant_for_position_wasm"];
        var _ts_node_start_point_wasm = Module["_ts_node_start_point_wasm"] = wasmExports["ts_node_start_point_wasm"];
        var _ts_node_end_point_wasm = Module["_ts_node_end_point_wasm"] = wasmExports["ts_node_end_point_wasm"];
        var _ts_node_start_index_wasm = Module["_ts_node_start_index_wasm"] = wasmExports["ts_node_start_index_wasm"];
        var _ts_node_end_index_wasm = Module["_ts_node_end_index_wasm"] = wasmExports["ts_node_end_index_wasm"];
        var _ts_node_to_string_wasm = Module["_ts_node_to_string_wasm"] = wasmExports["ts_node_to_string_wasm"];
        var _ts_node_children_wasm = Module["_ts_node_children_wasm"] = wasmExports["ts_node_children_wasm"];
        var _ts_node_named_children_wasm = Module["_ts_node_named_children_wasm"] = wasmExports["ts_node_named_children_wasm"];
        var _ts_node_descendants_of_type_wasm = Module["_ts_node_descendants_of_type_wasm"] = wasmExports["ts_node_descendants_of_type_wasm"];
        var _ts_node_is_named_wasm = Module["_ts_node_is_named_wasm"] = wasmExports["ts_node_is_named_wasm"];
        var _ts_node_has_changes_wasm = Module["_ts_node_has_changes_wasm"] = wasmExports["ts_node_has_changes_wasm"];
        var _ts_node_has_error_wasm = Module["_ts_node_has_error_wasm"] = wasmExports["ts_node_has_error_wasm"];
        var _ts_node_is_error_wasm = Module["_ts_node_is_error_wasm"] = wasmExports["ts_node_is_error_wasm"];
        var _ts_node_is_missing_wasm = Module["_ts_node_is_missing_wasm"] = wasmExports["ts_node_is_missing_wasm"];
        var _ts_node_is_extra_wasm = Module["_ts_node_is_extra_wasm"] = wasmExports["ts_node_is_extra_wasm"];
        var _ts_node_parse_state_wasm = Module["_ts_node_parse_state_wasm"] = wasmExports["ts_node_parse_state_wasm"];
        var _ts_node_next_parse_state_wasm = Module["_ts_node_next_parse_state_wasm"] = wasmExports["ts_node_next_parse_state_wasm"];
        var _ts_query_matches_wasm = Module["_ts_query_matches_wasm"] = wasmExports["ts_query_matches_wasm"];
        var _ts_query_captures_wasm = Module["_ts_query_captures_wasm"] = wasmExports["ts_query_captures_wasm"];
        var _memset = Module["_memset"] = wasmExports["memset"];
        var _memcpy = Module["_memcpy"] = wasmExports["memcpy"];
        var _memmove = Module["_memmove"] = wasmExports["memmove"];
        var _iswalpha = Module["_iswalpha"] = wasmExports["iswalpha"];
        var _iswblank = Module["_iswblank"] = wasmExports["iswblank"];
        var _iswdigit = Module["_iswdigit"] = wasmExports["iswdigit"];
        var _iswlower = Module["_iswlower"] = wasmExports["iswlower"];
        var _iswupper = Module["_iswupper"] = wasmExports["iswupper"];
        var _iswxdigit = Module["_iswxdigit"] = wasmExports["iswxdigit"];
        var _memchr = Module["_memchr"] = wasmExports["memchr"];
        var _strlen = Module["_strlen"] = wasmExports["strlen"];
        var _strcmp = Module["_strcmp"] = wasmExports["strcmp"];
        var _strncat = Module["_strncat"] = wasmExports["strncat"];
        var _strncpy = Module["_strncpy"] = wasmExports["strncpy"];
        var _towlower = Module["_towlower"] = wasmExports["towlower"];
        var _towupper = Module["_towupper"] = wasmExports["towupper"];
        var _setThrew = wasmExports["setThrew"];
        var __emscripten_stack_restore = wasmExports["_emscripten_stack_restore"];
        var __emscripten_stack_alloc = wasmExports["_emscripten_stack_alloc"];
        var _emscripten_stack_get_current = wasmExports["emscripten_stack_get_current"];
        var ___wasm_apply_data_relocs = wasmExports["__wasm_apply_data_relocs"];
        Module["setValue"] = setValue;
        Module["getValue"] = getValue;
        Module["UTF8ToString"] = UTF8ToString;
        Module["stringToUTF8"] = stringToUTF8;
        Module["lengthBytesUTF8"] = lengthBytesUTF8;
        Module["AsciiToString"] = AsciiToString;
        Module["stringToUTF16"] = stringToUTF16;
        Module["loadWebAssemblyModule"] = loadWebAssemblyModule;
        function callMain(args2 = []) {
          var entryFunction = resolveGlobalSymbol("main").sym;
          if (!entryFunction) return;
          args2.unshift(thisProgram);
          var argc = args2.length;
          var argv = stackAlloc((argc + 1) * 4);
          var argv_ptr = argv;
          args2.forEach((arg) => {
            LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, stringToUTF8OnStack(arg));
            argv_ptr += 4;
          });
          LE_HEAP_STORE_U32((argv_ptr >> 2) * 4, 0);
          try {
            var ret = entryFunction(argc, argv);
            exitJS(
              ret,
              /* implicit = */
              true
            );
            return ret;
          } catch (e) {
            return handleException(e);
          }
        }
        __name(callMain, "callMain");
        function run(args2 = arguments_) {
          if (runDependencies > 0) {
            dependenciesFulfilled = run;
            return;
          }
          preRun();
          if (runDependencies > 0) {
            dependenciesFulfilled = run;
            return;
          }
          function doRun() {
            Module["calledRun"] = true;
            if (ABORT) return;
            initRuntime();
            preMain();
            readyPromiseResolve(Module);
            Module["onRuntimeInitialized"]?.();
            var noInitialRun = Module["noInitialRun"];
            if (!noInitialRun) callMain(args2);
            postRun();
          }
          __name(doRun, "doRun");
          if (Module["setStatus"]) {
            Module["setStatus"]("Running...");
            setTimeout(() => {
              setTimeout(() => Module["setStatus"](""), 1);
              doRun();
            }, 1);
          } else {
            doRun();
          }
        }
        __name(run, "run");
        if (Module["preInit"]) {
          if (typeof Module["preInit"] == "function") Module["preInit"] = [Module["preInit"]];
          while (Module["preInit"].length > 0) {
            Module["preInit"].pop()();
          }
        }
        run();
        moduleRtn = readyPromise;
        return moduleRtn;
      };
    })();
    if (typeof exports === "object" && typeof module === "object") {
      module.exports = Module;
      module.exports.default = Module;
    } else if (typeof define === "function" && define["amd"])
      define([], () => Module);
  }
});

// src/index.ts
var index_exports = {};
__export(index_exports, {
  CaptureQuantifier: () => CaptureQuantifier,
  LANGUAGE_VERSION: () => LANGUAGE_VERSION,
  Language: () => Language,
  LookaheadIterator: () => LookaheadIterator,
  MIN_COMPATIBLE_VERSION: () => MIN_COMPATIBLE_VERSION,
  Node: () => Node,
  Parser: () => Parser,
  Query: () => Query,
  Tree: () => Tree,
  TreeCursor: () => TreeCursor
});
module.exports = __toCommonJS(index_exports);

// src/constants.ts
var SIZE_OF_SHORT = 2;
var SIZE_OF_INT = 4;
var SIZE_OF_CURSOR = 4 * SIZE_OF_INT;
var SIZE_OF_NODE = 5 * SIZE_OF_INT;
var SIZE_OF_POINT = 2 * SIZE_OF_INT;
var SIZE_OF_RANGE = 2 * SIZE_OF_INT + 2 * SIZE_OF_POINT;
var ZERO_POINT = { row: 0, column: 0 };
var INTERNAL = Symbol("INTERNAL");
function assertInternal(x) {
  if (x !== INTERNAL) throw new Error("Illegal constructor");
}
__name(assertInternal, "assertInternal");
function isPoint(point) {
  return !!point && typeof point.row === "number" && typeof point.column === "number";
}
__name(isPoint, "isPoint");
function setModule(module2) {
  C = module2;
}
__name(setModule, "setModule");
var C;

// src/lookahead_iterator.ts
var LookaheadIterator = class {
  static {
    __name(this, "LookaheadIterator");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for WASM
  /** @internal */
  language;
  /** @internal */
  constructor(internal, address, language) {
    assertInternal(internal);
    this[0] = address;
    this.language = language;
  }
  /** Get the current symbol of the lookahead iterator. */
  get currentTypeId() {
    return C._ts_lookahead_iterator_current_symbol(this[0]);
  }
  /** Get the current symbol name of the lookahead iterator. */
  get currentType() {
    return this.language.types[this.currentTypeId] || "ERROR";
  }
  /** Delete the lookahead iterator, freeing its resources. */
  delete() {
    C._ts_lookahead_iterator_delete(this[0]);
    this[0] = 0;
  }
  /**
   * Reset the lookahead iterator.
   *
   * This returns `true` if the language was set successfully and `false`
   * otherwise.
   */
  reset(language, stateId) {
    if (C._ts_lookahead_iterator_reset(this[0], language[0], stateId)) {
      this.language = language;
      return true;
    }
    return false;
  }
  /**
   * Reset the lookahead iterator to another state.
   *
   * This returns `true` if the iterator was reset to the given state and
   * `false` otherwise.
   */
  resetState(stateId) {
    return Boolean(C._ts_lookahead_iterator_reset_state(this[0], stateId));
  }
  /**
   * Returns an iterator that iterates over the symbols of the lookahead iterator.
   *
   * The iterator will yield the current symbol name as a string for each step
   * until there are no more symbols to iterate over.
   */
  [Symbol.iterator]() {
    return {
      next: /* @__PURE__ */ __name(() => {
        if (C._ts_lookahead_iterator_next(this[0])) {
          return { done: false, value: this.currentType };
        }
        return { done: true, value: "" };
      }, "next")
    };
  }
};

// src/tree.ts
function getText(tree, startIndex, endIndex, startPosition) {
  const length = endIndex - startIndex;
  let result = tree.textCallback(startIndex, startPosition);
  if (result) {
    startIndex += result.length;
    while (startIndex < endIndex) {
      const string = tree.textCallback(startIndex, startPosition);
      if (string && string.length > 0) {
        startIndex += string.length;
        result += string;
      } else {
        break;
      }
    }
    if (startIndex > endIndex) {
      result = result.slice(0, length);
    }
  }
  return result ?? "";
}
__name(getText, "getText");
var Tree = class _Tree {
  static {
    __name(this, "Tree");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for WASM
  /** @internal */
  textCallback;
  /** The language that was used to parse the syntax tree. */
  language;
  /** @internal */
  constructor(internal, address, language, textCallback) {
    assertInternal(internal);
    this[0] = address;
    this.language = language;
    this.textCallback = textCallback;
  }
  /** Create a shallow copy of the syntax tree. This is very fast. */
  copy() {
    const address = C._ts_tree_copy(this[0]);
    return new _Tree(INTERNAL, address, this.language, this.textCallback);
  }
  /** Delete the syntax tree, freeing its resources. */
  delete() {
    C._ts_tree_delete(this[0]);
    this[0] = 0;
  }
  /** Get the root node of the syntax tree. */
  get rootNode() {
    C._ts_tree_root_node_wasm(this[0]);
    return unmarshalNode(this);
  }
  /**
   * Get the root node of the syntax tree, but with its position shifted
   * forward by the given offset.
   */
  rootNodeWithOffset(offsetBytes, offsetExtent) {
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, offsetBytes, "i32");
    marshalPoint(address + SIZE_OF_INT, offsetExtent);
    C._ts_tree_root_node_with_offset_wasm(this[0]);
    return unmarshalNode(this);
  }
  /**
   * Edit the syntax tree to keep it in sync with source code that has been
   * edited.
   *
   * You must describe the edit both in terms of byte offsets and in terms of
   * row/column coordinates.
   */
  edit(edit) {
    marshalEdit(edit);
    C._ts_tree_edit_wasm(this[0]);
  }
  /** Create a new {@link TreeCursor} starting from the root of the tree. */
  walk() {
    return this.rootNode.walk();
  }
  /**
   * Compare this old edited syntax tree to a new syntax tree representing
   * the same document, returning a sequence of ranges whose syntactic
   * structure has changed.
   *
   * For this to work correctly, this syntax tree must have been edited such
   * that its ranges match up to the new tree. Generally, you'll want to
   * call this method right after calling one of the [`Parser::parse`]
   * functions. Call it on the old tree that was passed to parse, and
   * pass the new tree that was returned from `parse`.
   */
  getChangedRanges(other) {
    if (!(other instanceof _Tree)) {
      throw new TypeError("Argument must be a Tree");
    }
    C._ts_tree_get_changed_ranges_wasm(this[0], other[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
  /** Get the included ranges that were used to parse the syntax tree. */
  getIncludedRanges() {
    C._ts_tree_included_ranges_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
};

// src/tree_cursor.ts
var TreeCursor = class _TreeCursor {
  static {
    __name(this, "TreeCursor");
  }
  /** @internal */
  // @ts-expect-error: never read
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [1] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [2] = 0;
  // Internal handle for Wasm
  /** @internal */
  // @ts-expect-error: never read
  [3] = 0;
  // Internal handle for Wasm
  /** @internal */
  tree;
  /** @internal */
  constructor(internal, tree) {
    assertInternal(internal);
    this.tree = tree;
    unmarshalTreeCursor(this);
  }
  /** Creates a deep copy of the tree cursor. This allocates new memory. */
  copy() {
    const copy = new _TreeCursor(INTERNAL, this.tree);
    C._ts_tree_cursor_copy_wasm(this.tree[0]);
    unmarshalTreeCursor(copy);
    return copy;
  }
  /** Delete the tree cursor, freeing its resources. */
  delete() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_delete_wasm(this.tree[0]);
    this[0] = this[1] = this[2] = 0;
  }
  /** Get the tree cursor's current {@link Node}. */
  get currentNode() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_current_node_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the numerical field id of this tree cursor's current node.
   *
   * See also {@link TreeCursor#currentFieldName}.
   */
  get currentFieldId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_field_id_wasm(this.tree[0]);
  }
  /** Get the field name of this tree cursor's current node. */
  get currentFieldName() {
    return this.tree.language.fields[this.currentFieldId];
  }
  /**
   * Get the depth of the cursor's current node relative to the original
   * node that the cursor was constructed with.
   */
  get currentDepth() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_depth_wasm(this.tree[0]);
  }
  /**
   * Get the index of the cursor's current node out of all of the
   * descendants of the original node that the cursor was constructed with.
   */
  get currentDescendantIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_descendant_index_wasm(this.tree[0]);
  }
  /** Get the type of the cursor's current node. */
  get nodeType() {
    return this.tree.language.types[this.nodeTypeId] || "ERROR";
  }
  /** Get the type id of the cursor's current node. */
  get nodeTypeId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_type_id_wasm(this.tree[0]);
  }
  /** Get the state id of the cursor's current node. */
  get nodeStateId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_state_id_wasm(this.tree[0]);
  }
  /** Get the id of the cursor's current node. */
  get nodeId() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_id_wasm(this.tree[0]);
  }
  /**
   * Check if the cursor's current node is *named*.
   *
   * Named nodes correspond to named rules in the grammar, whereas
   * *anonymous* nodes correspond to string literals in the grammar.
   */
  get nodeIsNamed() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_is_named_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if the cursor's current node is *missing*.
   *
   * Missing nodes are inserted by the parser in order to recover from
   * certain kinds of syntax errors.
   */
  get nodeIsMissing() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_current_node_is_missing_wasm(this.tree[0]) === 1;
  }
  /** Get the string content of the cursor's current node. */
  get nodeText() {
    marshalTreeCursor(this);
    const startIndex = C._ts_tree_cursor_start_index_wasm(this.tree[0]);
    const endIndex = C._ts_tree_cursor_end_index_wasm(this.tree[0]);
    C._ts_tree_cursor_start_position_wasm(this.tree[0]);
    const startPosition = unmarshalPoint(TRANSFER_BUFFER);
    return getText(this.tree, startIndex, endIndex, startPosition);
  }
  /** Get the start position of the cursor's current node. */
  get startPosition() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_start_position_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the end position of the cursor's current node. */
  get endPosition() {
    marshalTreeCursor(this);
    C._ts_tree_cursor_end_position_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the start index of the cursor's current node. */
  get startIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_start_index_wasm(this.tree[0]);
  }
  /** Get the end index of the cursor's current node. */
  get endIndex() {
    marshalTreeCursor(this);
    return C._ts_tree_cursor_end_index_wasm(this.tree[0]);
  }
  /**
   * Move this cursor to the first child of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there were no children.
   */
  gotoFirstChild() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_first_child_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the last child of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there were no children.
   *
   * Note that this function may be slower than
   * {@link TreeCursor#gotoFirstChild} because it needs to
   * iterate through all the children to compute the child's position.
   */
  gotoLastChild() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_last_child_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the parent of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no parent node (the cursor was already on the
   * root node).
   *
   * Note that the node the cursor was constructed with is considered the root
   * of the cursor, and the cursor cannot walk outside this node.
   */
  gotoParent() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_parent_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the next sibling of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no next sibling node.
   *
   * Note that the node the cursor was constructed with is considered the root
   * of the cursor, and the cursor cannot walk outside this node.
   */
  gotoNextSibling() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_next_sibling_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the previous sibling of its current node.
   *
   * This returns `true` if the cursor successfully moved, and returns
   * `false` if there was no previous sibling node.
   *
   * Note that this function may be slower than
   * {@link TreeCursor#gotoNextSibling} due to how node
   * positions are stored. In the worst case, this will need to iterate
   * through all the children up to the previous sibling node to recalculate
   * its position. Also note that the node the cursor was constructed with is
   * considered the root of the cursor, and the cursor cannot walk outside this node.
   */
  gotoPreviousSibling() {
    marshalTreeCursor(this);
    const result = C._ts_tree_cursor_goto_previous_sibling_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move the cursor to the node that is the nth descendant of
   * the original node that the cursor was constructed with, where
   * zero represents the original node itself.
   */
  gotoDescendant(goalDescendantIndex) {
    marshalTreeCursor(this);
    C._ts_tree_cursor_goto_descendant_wasm(this.tree[0], goalDescendantIndex);
    unmarshalTreeCursor(this);
  }
  /**
   * Move this cursor to the first child of its current node that contains or
   * starts after the given byte offset.
   *
   * This returns `true` if the cursor successfully moved to a child node, and returns
   * `false` if no such child was found.
   */
  gotoFirstChildForIndex(goalIndex) {
    marshalTreeCursor(this);
    C.setValue(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalIndex, "i32");
    const result = C._ts_tree_cursor_goto_first_child_for_index_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Move this cursor to the first child of its current node that contains or
   * starts after the given byte offset.
   *
   * This returns the index of the child node if one was found, and returns
   * `null` if no such child was found.
   */
  gotoFirstChildForPosition(goalPosition) {
    marshalTreeCursor(this);
    marshalPoint(TRANSFER_BUFFER + SIZE_OF_CURSOR, goalPosition);
    const result = C._ts_tree_cursor_goto_first_child_for_position_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
    return result === 1;
  }
  /**
   * Re-initialize this tree cursor to start at the original node that the
   * cursor was constructed with.
   */
  reset(node) {
    marshalNode(node);
    marshalTreeCursor(this, TRANSFER_BUFFER + SIZE_OF_NODE);
    C._ts_tree_cursor_reset_wasm(this.tree[0]);
    unmarshalTreeCursor(this);
  }
  /**
   * Re-initialize a tree cursor to the same position as another cursor.
   *
   * Unlike {@link TreeCursor#reset}, this will not lose parent
   * information and allows reusing already created cursors.
   */
  resetTo(cursor) {
    marshalTreeCursor(this, TRANSFER_BUFFER);
    marshalTreeCursor(cursor, TRANSFER_BUFFER + SIZE_OF_CURSOR);
    C._ts_tree_cursor_reset_to_wasm(this.tree[0], cursor.tree[0]);
    unmarshalTreeCursor(this);
  }
};

// src/node.ts
var Node = class {
  static {
    __name(this, "Node");
  }
  /** @internal */
  // @ts-expect-error: never read
  [0] = 0;
  // Internal handle for Wasm
  /** @internal */
  _children;
  /** @internal */
  _namedChildren;
  /** @internal */
  constructor(internal, {
    id,
    tree,
    startIndex,
    startPosition,
    other
  }) {
    assertInternal(internal);
    this[0] = other;
    this.id = id;
    this.tree = tree;
    this.startIndex = startIndex;
    this.startPosition = startPosition;
  }
  /**
   * The numeric id for this node that is unique.
   *
   * Within a given syntax tree, no two nodes have the same id. However:
   *
   * * If a new tree is created based on an older tree, and a node from the old tree is reused in
   *   the process, then that node will have the same id in both trees.
   *
   * * A node not marked as having changes does not guarantee it was reused.
   *
   * * If a node is marked as having changed in the old tree, it will not be reused.
   */
  id;
  /** The byte index where this node starts. */
  startIndex;
  /** The position where this node starts. */
  startPosition;
  /** The tree that this node belongs to. */
  tree;
  /** Get this node's type as a numerical id. */
  get typeId() {
    marshalNode(this);
    return C._ts_node_symbol_wasm(this.tree[0]);
  }
  /**
   * Get the node's type as a numerical id as it appears in the grammar,
   * ignoring aliases.
   */
  get grammarId() {
    marshalNode(this);
    return C._ts_node_grammar_symbol_wasm(this.tree[0]);
  }
  /** Get this node's type as a string. */
  get type() {
    return this.tree.language.types[this.typeId] || "ERROR";
  }
  /**
   * Get this node's symbol name as it appears in the grammar, ignoring
   * aliases as a string.
   */
  get grammarType() {
    return this.tree.language.types[this.grammarId] || "ERROR";
  }
  /**
   * Check if this node is *named*.
   *
   * Named nodes correspond to named rules in the grammar, whereas
   * *anonymous* nodes correspond to string literals in the grammar.
   */
  get isNamed() {
    marshalNode(this);
    return C._ts_node_is_named_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node is *extra*.
   *
   * Extra nodes represent things like comments, which are not required
   * by the grammar, but can appear anywhere.
   */
  get isExtra() {
    marshalNode(this);
    return C._ts_node_is_extra_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node represents a syntax error.
   *
   * Syntax errors represent parts of the code that could not be incorporated
   * into a valid syntax tree.
   */
  get isError() {
    marshalNode(this);
    return C._ts_node_is_error_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node is *missing*.
   *
   * Missing nodes are inserted by the parser in order to recover from
   * certain kinds of syntax errors.
   */
  get isMissing() {
    marshalNode(this);
    return C._ts_node_is_missing_wasm(this.tree[0]) === 1;
  }
  /** Check if this node has been edited. */
  get hasChanges() {
    marshalNode(this);
    return C._ts_node_has_changes_wasm(this.tree[0]) === 1;
  }
  /**
   * Check if this node represents a syntax error or contains any syntax
   * errors anywhere within it.
   */
  get hasError() {
    marshalNode(this);
    return C._ts_node_has_error_wasm(this.tree[0]) === 1;
  }
  /** Get the byte index where this node ends. */
  get endIndex() {
    marshalNode(this);
    return C._ts_node_end_index_wasm(this.tree[0]);
  }
  /** Get the position where this node ends. */
  get endPosition() {
    marshalNode(this);
    C._ts_node_end_point_wasm(this.tree[0]);
    return unmarshalPoint(TRANSFER_BUFFER);
  }
  /** Get the string content of this node. */
  get text() {
    return getText(this.tree, this.startIndex, this.endIndex, this.startPosition);
  }
  /** Get this node's parse state. */
  get parseState() {
    marshalNode(this);
    return C._ts_node_parse_state_wasm(this.tree[0]);
  }
  /** Get the parse state after this node. */
  get nextParseState() {
    marshalNode(this);
    return C._ts_node_next_parse_state_wasm(this.tree[0]);
  }
  /** Check if this node is equal to another node. */
  equals(other) {
    return this.tree === other.tree && this.id === other.id;
  }
  /**
   * Get the node's child at the given index, where zero represents the first child.
   *
   * This method is fairly fast, but its cost is technically log(n), so if
   * you might be iterating over a long list of children, you should use
   * {@link Node#children} instead.
   */
  child(index) {
    marshalNode(this);
    C._ts_node_child_wasm(this.tree[0], index);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's *named* child at the given index.
   *
   * See also {@link Node#isNamed}.
   * This method is fairly fast, but its cost is technically log(n), so if
   * you might be iterating over a long list of children, you should use
   * {@link Node#namedChildren} instead.
   */
  namedChild(index) {
    marshalNode(this);
    C._ts_node_named_child_wasm(this.tree[0], index);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's child with the given numerical field id.
   *
   * See also {@link Node#childForFieldName}. You can
   * convert a field name to an id using {@link Language#fieldIdForName}.
   */
  childForFieldId(fieldId) {
    marshalNode(this);
    C._ts_node_child_by_field_id_wasm(this.tree[0], fieldId);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the first child with the given field name.
   *
   * If multiple children may have the same field name, access them using
   * {@link Node#childrenForFieldName}.
   */
  childForFieldName(fieldName) {
    const fieldId = this.tree.language.fields.indexOf(fieldName);
    if (fieldId !== -1) return this.childForFieldId(fieldId);
    return null;
  }
  /** Get the field name of this node's child at the given index. */
  fieldNameForChild(index) {
    marshalNode(this);
    const address = C._ts_node_field_name_for_child_wasm(this.tree[0], index);
    if (!address) return null;
    return C.AsciiToString(address);
  }
  /** Get the field name of this node's named child at the given index. */
  fieldNameForNamedChild(index) {
    marshalNode(this);
    const address = C._ts_node_field_name_for_named_child_wasm(this.tree[0], index);
    if (!address) return null;
    return C.AsciiToString(address);
  }
  /**
   * Get an array of this node's children with a given field name.
   *
   * See also {@link Node#children}.
   */
  childrenForFieldName(fieldName) {
    const fieldId = this.tree.language.fields.indexOf(fieldName);
    if (fieldId !== -1 && fieldId !== 0) return this.childrenForFieldId(fieldId);
    return [];
  }
  /**
    * Get an array of this node's children with a given field id.
    *
    * See also {@link Node#childrenForFieldName}.
    */
  childrenForFieldId(fieldId) {
    marshalNode(this);
    C._ts_node_children_by_field_id_wasm(this.tree[0], fieldId);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalNode(this.tree, address);
        address += SIZE_OF_NODE;
      }
      C._free(buffer);
    }
    return result;
  }
  /** Get the node's first child that contains or starts after the given byte offset. */
  firstChildForIndex(index) {
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, index, "i32");
    C._ts_node_first_child_for_byte_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the node's first named child that contains or starts after the given byte offset. */
  firstNamedChildForIndex(index) {
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, index, "i32");
    C._ts_node_first_named_child_for_byte_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get this node's number of children. */
  get childCount() {
    marshalNode(this);
    return C._ts_node_child_count_wasm(this.tree[0]);
  }
  /**
   * Get this node's number of *named* children.
   *
   * See also {@link Node#isNamed}.
   */
  get namedChildCount() {
    marshalNode(this);
    return C._ts_node_named_child_count_wasm(this.tree[0]);
  }
  /** Get this node's first child. */
  get firstChild() {
    return this.child(0);
  }
  /**
   * Get this node's first named child.
   *
   * See also {@link Node#isNamed}.
   */
  get firstNamedChild() {
    return this.namedChild(0);
  }
  /** Get this node's last child. */
  get lastChild() {
    return this.child(this.childCount - 1);
  }
  /**
   * Get this node's last named child.
   *
   * See also {@link Node#isNamed}.
   */
  get lastNamedChild() {
    return this.namedChild(this.namedChildCount - 1);
  }
  /**
   * Iterate over this node's children.
   *
   * If you're walking the tree recursively, you may want to use the
   * {@link TreeCursor} APIs directly instead.
   */
  get children() {
    if (!this._children) {
      marshalNode(this);
      C._ts_node_children_wasm(this.tree[0]);
      const count = C.getValue(TRANSFER_BUFFER, "i32");
      const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      this._children = new Array(count);
      if (count > 0) {
        let address = buffer;
        for (let i2 = 0; i2 < count; i2++) {
          this._children[i2] = unmarshalNode(this.tree, address);
          address += SIZE_OF_NODE;
        }
        C._free(buffer);
      }
    }
    return this._children;
  }
  /**
   * Iterate over this node's named children.
   *
   * See also {@link Node#children}.
   */
  get namedChildren() {
    if (!this._namedChildren) {
      marshalNode(this);
      C._ts_node_named_children_wasm(this.tree[0]);
      const count = C.getValue(TRANSFER_BUFFER, "i32");
      const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      this._namedChildren = new Array(count);
      if (count > 0) {
        let address = buffer;
        for (let i2 = 0; i2 < count; i2++) {
          this._namedChildren[i2] = unmarshalNode(this.tree, address);
          address += SIZE_OF_NODE;
        }
        C._free(buffer);
      }
    }
    return this._namedChildren;
  }
  /**
   * Get the descendants of this node that are the given type, or in the given types array.
   *
   * The types array should contain node type strings, which can be retrieved from {@link Language#types}.
   *
   * Additionally, a `startPosition` and `endPosition` can be passed in to restrict the search to a byte range.
   */
  descendantsOfType(types, startPosition = ZERO_POINT, endPosition = ZERO_POINT) {
    if (!Array.isArray(types)) types = [types];
    const symbols = [];
    const typesBySymbol = this.tree.language.types;
    for (const node_type of types) {
      if (node_type == "ERROR") {
        symbols.push(65535);
      }
    }
    for (let i2 = 0, n = typesBySymbol.length; i2 < n; i2++) {
      if (types.includes(typesBySymbol[i2])) {
        symbols.push(i2);
      }
    }
    const symbolsAddress = C._malloc(SIZE_OF_INT * symbols.length);
    for (let i2 = 0, n = symbols.length; i2 < n; i2++) {
      C.setValue(symbolsAddress + i2 * SIZE_OF_INT, symbols[i2], "i32");
    }
    marshalNode(this);
    C._ts_node_descendants_of_type_wasm(
      this.tree[0],
      symbolsAddress,
      symbols.length,
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column
    );
    const descendantCount = C.getValue(TRANSFER_BUFFER, "i32");
    const descendantAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(descendantCount);
    if (descendantCount > 0) {
      let address = descendantAddress;
      for (let i2 = 0; i2 < descendantCount; i2++) {
        result[i2] = unmarshalNode(this.tree, address);
        address += SIZE_OF_NODE;
      }
    }
    C._free(descendantAddress);
    C._free(symbolsAddress);
    return result;
  }
  /** Get this node's next sibling. */
  get nextSibling() {
    marshalNode(this);
    C._ts_node_next_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get this node's previous sibling. */
  get previousSibling() {
    marshalNode(this);
    C._ts_node_prev_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's next *named* sibling.
   *
   * See also {@link Node#isNamed}.
   */
  get nextNamedSibling() {
    marshalNode(this);
    C._ts_node_next_named_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get this node's previous *named* sibling.
   *
   * See also {@link Node#isNamed}.
   */
  get previousNamedSibling() {
    marshalNode(this);
    C._ts_node_prev_named_sibling_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the node's number of descendants, including one for the node itself. */
  get descendantCount() {
    marshalNode(this);
    return C._ts_node_descendant_count_wasm(this.tree[0]);
  }
  /**
   * Get this node's immediate parent.
   * Prefer {@link Node#childWithDescendant} for iterating over this node's ancestors.
   */
  get parent() {
    marshalNode(this);
    C._ts_node_parent_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Get the node that contains `descendant`.
   *
   * Note that this can return `descendant` itself.
   */
  childWithDescendant(descendant) {
    marshalNode(this);
    marshalNode(descendant, 1);
    C._ts_node_child_with_descendant_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest node within this node that spans the given byte range. */
  descendantForIndex(start2, end = start2) {
    if (typeof start2 !== "number" || typeof end !== "number") {
      throw new Error("Arguments must be numbers");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, start2, "i32");
    C.setValue(address + SIZE_OF_INT, end, "i32");
    C._ts_node_descendant_for_index_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest named node within this node that spans the given byte range. */
  namedDescendantForIndex(start2, end = start2) {
    if (typeof start2 !== "number" || typeof end !== "number") {
      throw new Error("Arguments must be numbers");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    C.setValue(address, start2, "i32");
    C.setValue(address + SIZE_OF_INT, end, "i32");
    C._ts_node_named_descendant_for_index_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest node within this node that spans the given point range. */
  descendantForPosition(start2, end = start2) {
    if (!isPoint(start2) || !isPoint(end)) {
      throw new Error("Arguments must be {row, column} objects");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    marshalPoint(address, start2);
    marshalPoint(address + SIZE_OF_POINT, end);
    C._ts_node_descendant_for_position_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /** Get the smallest named node within this node that spans the given point range. */
  namedDescendantForPosition(start2, end = start2) {
    if (!isPoint(start2) || !isPoint(end)) {
      throw new Error("Arguments must be {row, column} objects");
    }
    marshalNode(this);
    const address = TRANSFER_BUFFER + SIZE_OF_NODE;
    marshalPoint(address, start2);
    marshalPoint(address + SIZE_OF_POINT, end);
    C._ts_node_named_descendant_for_position_wasm(this.tree[0]);
    return unmarshalNode(this.tree);
  }
  /**
   * Create a new {@link TreeCursor} starting from this node.
   *
   * Note that the given node is considered the root of the cursor,
   * and the cursor cannot walk outside this node.
   */
  walk() {
    marshalNode(this);
    C._ts_tree_cursor_new_wasm(this.tree[0]);
    return new TreeCursor(INTERNAL, this.tree);
  }
  /**
   * Edit this node to keep it in-sync with source code that has been edited.
   *
   * This function is only rarely needed. When you edit a syntax tree with
   * the {@link Tree#edit} method, all of the nodes that you retrieve from
   * the tree afterward will already reflect the edit. You only need to
   * use {@link Node#edit} when you have a specific {@link Node} instance that
   * you want to keep and continue to use after an edit.
   */
  edit(edit) {
    if (this.startIndex >= edit.oldEndIndex) {
      this.startIndex = edit.newEndIndex + (this.startIndex - edit.oldEndIndex);
      let subbedPointRow;
      let subbedPointColumn;
      if (this.startPosition.row > edit.oldEndPosition.row) {
        subbedPointRow = this.startPosition.row - edit.oldEndPosition.row;
        subbedPointColumn = this.startPosition.column;
      } else {
        subbedPointRow = 0;
        subbedPointColumn = this.startPosition.column;
        if (this.startPosition.column >= edit.oldEndPosition.column) {
          subbedPointColumn = this.startPosition.column - edit.oldEndPosition.column;
        }
      }
      if (subbedPointRow > 0) {
        this.startPosition.row += subbedPointRow;
        this.startPosition.column = subbedPointColumn;
      } else {
        this.startPosition.column += subbedPointColumn;
      }
    } else if (this.startIndex > edit.startIndex) {
      this.startIndex = edit.newEndIndex;
      this.startPosition.row = edit.newEndPosition.row;
      this.startPosition.column = edit.newEndPosition.column;
    }
  }
  /** Get the S-expression representation of this node. */
  toString() {
    marshalNode(this);
    const address = C._ts_node_to_string_wasm(this.tree[0]);
    const result = C.AsciiToString(address);
    C._free(address);
    return result;
  }
};

// src/marshal.ts
function unmarshalCaptures(query, tree, address, patternIndex, result) {
  for (let i2 = 0, n = result.length; i2 < n; i2++) {
    const captureIndex = C.getValue(address, "i32");
    address += SIZE_OF_INT;
    const node = unmarshalNode(tree, address);
    address += SIZE_OF_NODE;
    result[i2] = { patternIndex, name: query.captureNames[captureIndex], node };
  }
  return address;
}
__name(unmarshalCaptures, "unmarshalCaptures");
function marshalNode(node, index = 0) {
  let address = TRANSFER_BUFFER + index * SIZE_OF_NODE;
  C.setValue(address, node.id, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.row, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node.startPosition.column, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, node[0], "i32");
}
__name(marshalNode, "marshalNode");
function unmarshalNode(tree, address = TRANSFER_BUFFER) {
  const id = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  if (id === 0) return null;
  const index = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const row = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const column = C.getValue(address, "i32");
  address += SIZE_OF_INT;
  const other = C.getValue(address, "i32");
  const result = new Node(INTERNAL, {
    id,
    tree,
    startIndex: index,
    startPosition: { row, column },
    other
  });
  return result;
}
__name(unmarshalNode, "unmarshalNode");
function marshalTreeCursor(cursor, address = TRANSFER_BUFFER) {
  C.setValue(address + 0 * SIZE_OF_INT, cursor[0], "i32");
  C.setValue(address + 1 * SIZE_OF_INT, cursor[1], "i32");
  C.setValue(address + 2 * SIZE_OF_INT, cursor[2], "i32");
  C.setValue(address + 3 * SIZE_OF_INT, cursor[3], "i32");
}
__name(marshalTreeCursor, "marshalTreeCursor");
function unmarshalTreeCursor(cursor) {
  cursor[0] = C.getValue(TRANSFER_BUFFER + 0 * SIZE_OF_INT, "i32");
  cursor[1] = C.getValue(TRANSFER_BUFFER + 1 * SIZE_OF_INT, "i32");
  cursor[2] = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
  cursor[3] = C.getValue(TRANSFER_BUFFER + 3 * SIZE_OF_INT, "i32");
}
__name(unmarshalTreeCursor, "unmarshalTreeCursor");
function marshalPoint(address, point) {
  C.setValue(address, point.row, "i32");
  C.setValue(address + SIZE_OF_INT, point.column, "i32");
}
__name(marshalPoint, "marshalPoint");
function unmarshalPoint(address) {
  const result = {
    row: C.getValue(address, "i32") >>> 0,
    column: C.getValue(address + SIZE_OF_INT, "i32") >>> 0
  };
  return result;
}
__name(unmarshalPoint, "unmarshalPoint");
function marshalRange(address, range) {
  marshalPoint(address, range.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, range.endPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, range.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, range.endIndex, "i32");
  address += SIZE_OF_INT;
}
__name(marshalRange, "marshalRange");
function unmarshalRange(address) {
  const result = {};
  result.startPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.endPosition = unmarshalPoint(address);
  address += SIZE_OF_POINT;
  result.startIndex = C.getValue(address, "i32") >>> 0;
  address += SIZE_OF_INT;
  result.endIndex = C.getValue(address, "i32") >>> 0;
  return result;
}
__name(unmarshalRange, "unmarshalRange");
function marshalEdit(edit, address = TRANSFER_BUFFER) {
  marshalPoint(address, edit.startPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.oldEndPosition);
  address += SIZE_OF_POINT;
  marshalPoint(address, edit.newEndPosition);
  address += SIZE_OF_POINT;
  C.setValue(address, edit.startIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.oldEndIndex, "i32");
  address += SIZE_OF_INT;
  C.setValue(address, edit.newEndIndex, "i32");
  address += SIZE_OF_INT;
}
__name(marshalEdit, "marshalEdit");
function unmarshalLanguageMetadata(address) {
  const major_version = C.getValue(address, "i32");
  const minor_version = C.getValue(address += SIZE_OF_INT, "i32");
  const patch_version = C.getValue(address += SIZE_OF_INT, "i32");
  return { major_version, minor_version, patch_version };
}
__name(unmarshalLanguageMetadata, "unmarshalLanguageMetadata");

// src/query.ts
var PREDICATE_STEP_TYPE_CAPTURE = 1;
var PREDICATE_STEP_TYPE_STRING = 2;
var QUERY_WORD_REGEX = /[\w-]+/g;
var CaptureQuantifier = {
  Zero: 0,
  ZeroOrOne: 1,
  ZeroOrMore: 2,
  One: 3,
  OneOrMore: 4
};
var isCaptureStep = /* @__PURE__ */ __name((step) => step.type === "capture", "isCaptureStep");
var isStringStep = /* @__PURE__ */ __name((step) => step.type === "string", "isStringStep");
var QueryErrorKind = {
  Syntax: 1,
  NodeName: 2,
  FieldName: 3,
  CaptureName: 4,
  PatternStructure: 5
};
var QueryError = class _QueryError extends Error {
  constructor(kind, info2, index, length) {
    super(_QueryError.formatMessage(kind, info2));
    this.kind = kind;
    this.info = info2;
    this.index = index;
    this.length = length;
    this.name = "QueryError";
  }
  static {
    __name(this, "QueryError");
  }
  /** Formats an error message based on the error kind and info */
  static formatMessage(kind, info2) {
    switch (kind) {
      case QueryErrorKind.NodeName:
        return `Bad node name '${info2.word}'`;
      case QueryErrorKind.FieldName:
        return `Bad field name '${info2.word}'`;
      case QueryErrorKind.CaptureName:
        return `Bad capture name @${info2.word}`;
      case QueryErrorKind.PatternStructure:
        return `Bad pattern structure at offset ${info2.suffix}`;
      case QueryErrorKind.Syntax:
        return `Bad syntax at offset ${info2.suffix}`;
    }
  }
};
function parseAnyPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}`
    );
  }
  if (!isCaptureStep(steps[1])) {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}"`
    );
  }
  const isPositive = operator === "eq?" || operator === "any-eq?";
  const matchAll = !operator.startsWith("any-");
  if (isCaptureStep(steps[2])) {
    const captureName1 = steps[1].name;
    const captureName2 = steps[2].name;
    textPredicates[index].push((captures) => {
      const nodes1 = [];
      const nodes2 = [];
      for (const c of captures) {
        if (c.name === captureName1) nodes1.push(c.node);
        if (c.name === captureName2) nodes2.push(c.node);
      }
      const compare = /* @__PURE__ */ __name((n1, n2, positive) => {
        return positive ? n1.text === n2.text : n1.text !== n2.text;
      }, "compare");
      return matchAll ? nodes1.every((n1) => nodes2.some((n2) => compare(n1, n2, isPositive))) : nodes1.some((n1) => nodes2.some((n2) => compare(n1, n2, isPositive)));
    });
  } else {
    const captureName = steps[1].name;
    const stringValue = steps[2].value;
    const matches = /* @__PURE__ */ __name((n) => n.text === stringValue, "matches");
    const doesNotMatch = /* @__PURE__ */ __name((n) => n.text !== stringValue, "doesNotMatch");
    textPredicates[index].push((captures) => {
      const nodes = [];
      for (const c of captures) {
        if (c.name === captureName) nodes.push(c.node);
      }
      const test = isPositive ? matches : doesNotMatch;
      return matchAll ? nodes.every(test) : nodes.some(test);
    });
  }
}
__name(parseAnyPredicate, "parseAnyPredicate");
function parseMatchPredicate(steps, index, operator, textPredicates) {
  if (steps.length !== 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 2, got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  if (steps[2].type !== "string") {
    throw new Error(
      `Second argument of \`#${operator}\` predicate must be a string. Got @${steps[2].name}.`
    );
  }
  const isPositive = operator === "match?" || operator === "any-match?";
  const matchAll = !operator.startsWith("any-");
  const captureName = steps[1].name;
  const regex = new RegExp(steps[2].value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    const test = /* @__PURE__ */ __name((text, positive) => {
      return positive ? regex.test(text) : !regex.test(text);
    }, "test");
    if (nodes.length === 0) return !isPositive;
    return matchAll ? nodes.every((text) => test(text, isPositive)) : nodes.some((text) => test(text, isPositive));
  });
}
__name(parseMatchPredicate, "parseMatchPredicate");
function parseAnyOfPredicate(steps, index, operator, textPredicates) {
  if (steps.length < 2) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected at least 1. Got ${steps.length - 1}.`
    );
  }
  if (steps[1].type !== "capture") {
    throw new Error(
      `First argument of \`#${operator}\` predicate must be a capture. Got "${steps[1].value}".`
    );
  }
  const isPositive = operator === "any-of?";
  const captureName = steps[1].name;
  const stringSteps = steps.slice(2);
  if (!stringSteps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const values = stringSteps.map((s) => s.value);
  textPredicates[index].push((captures) => {
    const nodes = [];
    for (const c of captures) {
      if (c.name === captureName) nodes.push(c.node.text);
    }
    if (nodes.length === 0) return !isPositive;
    return nodes.every((text) => values.includes(text)) === isPositive;
  });
}
__name(parseAnyOfPredicate, "parseAnyOfPredicate");
function parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(
      `Wrong number of arguments to \`#${operator}\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`
    );
  }
  if (!steps.every(isStringStep)) {
    throw new Error(
      `Arguments to \`#${operator}\` predicate must be strings.".`
    );
  }
  const properties = operator === "is?" ? assertedProperties : refutedProperties;
  if (!properties[index]) properties[index] = {};
  properties[index][steps[1].value] = steps[2]?.value ?? null;
}
__name(parseIsPredicate, "parseIsPredicate");
function parseSetDirective(steps, index, setProperties) {
  if (steps.length < 2 || steps.length > 3) {
    throw new Error(`Wrong number of arguments to \`#set!\` predicate. Expected 1 or 2. Got ${steps.length - 1}.`);
  }
  if (!steps.every(isStringStep)) {
    throw new Error(`Arguments to \`#set!\` predicate must be strings.".`);
  }
  if (!setProperties[index]) setProperties[index] = {};
  setProperties[index][steps[1].value] = steps[2]?.value ?? null;
}
__name(parseSetDirective, "parseSetDirective");
function parsePattern(index, stepType, stepValueId, captureNames, stringValues, steps, textPredicates, predicates, setProperties, assertedProperties, refutedProperties) {
  if (stepType === PREDICATE_STEP_TYPE_CAPTURE) {
    const name2 = captureNames[stepValueId];
    steps.push({ type: "capture", name: name2 });
  } else if (stepType === PREDICATE_STEP_TYPE_STRING) {
    steps.push({ type: "string", value: stringValues[stepValueId] });
  } else if (steps.length > 0) {
    if (steps[0].type !== "string") {
      throw new Error("Predicates must begin with a literal value");
    }
    const operator = steps[0].value;
    switch (operator) {
      case "any-not-eq?":
      case "not-eq?":
      case "any-eq?":
      case "eq?":
        parseAnyPredicate(steps, index, operator, textPredicates);
        break;
      case "any-not-match?":
      case "not-match?":
      case "any-match?":
      case "match?":
        parseMatchPredicate(steps, index, operator, textPredicates);
        break;
      case "not-any-of?":
      case "any-of?":
        parseAnyOfPredicate(steps, index, operator, textPredicates);
        break;
      case "is?":
      case "is-not?":
        parseIsPredicate(steps, index, operator, assertedProperties, refutedProperties);
        break;
      case "set!":
        parseSetDirective(steps, index, setProperties);
        break;
      default:
        predicates[index].push({ operator, operands: steps.slice(1) });
    }
    steps.length = 0;
  }
}
__name(parsePattern, "parsePattern");
var Query = class {
  static {
    __name(this, "Query");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for WASM
  /** @internal */
  exceededMatchLimit;
  /** @internal */
  textPredicates;
  /** The names of the captures used in the query. */
  captureNames;
  /** The quantifiers of the captures used in the query. */
  captureQuantifiers;
  /**
   * The other user-defined predicates associated with the given index.
   *
   * This includes predicates with operators other than:
   * - `match?`
   * - `eq?` and `not-eq?`
   * - `any-of?` and `not-any-of?`
   * - `is?` and `is-not?`
   * - `set!`
   */
  predicates;
  /** The properties for predicates with the operator `set!`. */
  setProperties;
  /** The properties for predicates with the operator `is?`. */
  assertedProperties;
  /** The properties for predicates with the operator `is-not?`. */
  refutedProperties;
  /** The maximum number of in-progress matches for this cursor. */
  matchLimit;
  /**
   * Create a new query from a string containing one or more S-expression
   * patterns.
   *
   * The query is associated with a particular language, and can only be run
   * on syntax nodes parsed with that language. References to Queries can be
   * shared between multiple threads.
   *
   * @link {@see https://tree-sitter.github.io/tree-sitter/using-parsers/queries}
   */
  constructor(language, source) {
    const sourceLength = C.lengthBytesUTF8(source);
    const sourceAddress = C._malloc(sourceLength + 1);
    C.stringToUTF8(source, sourceAddress, sourceLength + 1);
    const address = C._ts_query_new(
      language[0],
      sourceAddress,
      sourceLength,
      TRANSFER_BUFFER,
      TRANSFER_BUFFER + SIZE_OF_INT
    );
    if (!address) {
      const errorId = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
      const errorByte = C.getValue(TRANSFER_BUFFER, "i32");
      const errorIndex = C.UTF8ToString(sourceAddress, errorByte).length;
      const suffix = source.slice(errorIndex, errorIndex + 100).split("\n")[0];
      const word = suffix.match(QUERY_WORD_REGEX)?.[0] ?? "";
      C._free(sourceAddress);
      switch (errorId) {
        case QueryErrorKind.Syntax:
          throw new QueryError(QueryErrorKind.Syntax, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
        case QueryErrorKind.NodeName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.FieldName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.CaptureName:
          throw new QueryError(errorId, { word }, errorIndex, word.length);
        case QueryErrorKind.PatternStructure:
          throw new QueryError(errorId, { suffix: `${errorIndex}: '${suffix}'...` }, errorIndex, 0);
      }
    }
    const stringCount = C._ts_query_string_count(address);
    const captureCount = C._ts_query_capture_count(address);
    const patternCount = C._ts_query_pattern_count(address);
    const captureNames = new Array(captureCount);
    const captureQuantifiers = new Array(patternCount);
    const stringValues = new Array(stringCount);
    for (let i2 = 0; i2 < captureCount; i2++) {
      const nameAddress = C._ts_query_capture_name_for_id(
        address,
        i2,
        TRANSFER_BUFFER
      );
      const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
      captureNames[i2] = C.UTF8ToString(nameAddress, nameLength);
    }
    for (let i2 = 0; i2 < patternCount; i2++) {
      const captureQuantifiersArray = new Array(captureCount);
      for (let j = 0; j < captureCount; j++) {
        const quantifier = C._ts_query_capture_quantifier_for_id(address, i2, j);
        captureQuantifiersArray[j] = quantifier;
      }
      captureQuantifiers[i2] = captureQuantifiersArray;
    }
    for (let i2 = 0; i2 < stringCount; i2++) {
      const valueAddress = C._ts_query_string_value_for_id(
        address,
        i2,
        TRANSFER_BUFFER
      );
      const nameLength = C.getValue(TRANSFER_BUFFER, "i32");
      stringValues[i2] = C.UTF8ToString(valueAddress, nameLength);
    }
    const setProperties = new Array(patternCount);
    const assertedProperties = new Array(patternCount);
    const refutedProperties = new Array(patternCount);
    const predicates = new Array(patternCount);
    const textPredicates = new Array(patternCount);
    for (let i2 = 0; i2 < patternCount; i2++) {
      const predicatesAddress = C._ts_query_predicates_for_pattern(address, i2, TRANSFER_BUFFER);
      const stepCount = C.getValue(TRANSFER_BUFFER, "i32");
      predicates[i2] = [];
      textPredicates[i2] = [];
      const steps = new Array();
      let stepAddress = predicatesAddress;
      for (let j = 0; j < stepCount; j++) {
        const stepType = C.getValue(stepAddress, "i32");
        stepAddress += SIZE_OF_INT;
        const stepValueId = C.getValue(stepAddress, "i32");
        stepAddress += SIZE_OF_INT;
        parsePattern(
          i2,
          stepType,
          stepValueId,
          captureNames,
          stringValues,
          steps,
          textPredicates,
          predicates,
          setProperties,
          assertedProperties,
          refutedProperties
        );
      }
      Object.freeze(textPredicates[i2]);
      Object.freeze(predicates[i2]);
      Object.freeze(setProperties[i2]);
      Object.freeze(assertedProperties[i2]);
      Object.freeze(refutedProperties[i2]);
    }
    C._free(sourceAddress);
    this[0] = address;
    this.captureNames = captureNames;
    this.captureQuantifiers = captureQuantifiers;
    this.textPredicates = textPredicates;
    this.predicates = predicates;
    this.setProperties = setProperties;
    this.assertedProperties = assertedProperties;
    this.refutedProperties = refutedProperties;
    this.exceededMatchLimit = false;
  }
  /** Delete the query, freeing its resources. */
  delete() {
    C._ts_query_delete(this[0]);
    this[0] = 0;
  }
  /**
   * Iterate over all of the matches in the order that they were found.
   *
   * Each match contains the index of the pattern that matched, and a list of
   * captures. Because multiple patterns can match the same set of nodes,
   * one match may contain captures that appear *before* some of the
   * captures from a previous match.
   *
   * @param {Node} node - The node to execute the query on.
   *
   * @param {QueryOptions} options - Options for query execution.
   */
  matches(node, options = {}) {
    const startPosition = options.startPosition ?? ZERO_POINT;
    const endPosition = options.endPosition ?? ZERO_POINT;
    const startIndex = options.startIndex ?? 0;
    const endIndex = options.endIndex ?? 0;
    const matchLimit = options.matchLimit ?? 4294967295;
    const maxStartDepth = options.maxStartDepth ?? 4294967295;
    const timeoutMicros = options.timeoutMicros ?? 0;
    const progressCallback = options.progressCallback;
    if (typeof matchLimit !== "number") {
      throw new Error("Arguments must be numbers");
    }
    this.matchLimit = matchLimit;
    if (endIndex !== 0 && startIndex > endIndex) {
      throw new Error("`startIndex` cannot be greater than `endIndex`");
    }
    if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
      throw new Error("`startPosition` cannot be greater than `endPosition`");
    }
    if (progressCallback) {
      C.currentQueryProgressCallback = progressCallback;
    }
    marshalNode(node);
    C._ts_query_matches_wasm(
      this[0],
      node.tree[0],
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column,
      startIndex,
      endIndex,
      matchLimit,
      maxStartDepth,
      timeoutMicros
    );
    const rawCount = C.getValue(TRANSFER_BUFFER, "i32");
    const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
    const result = new Array(rawCount);
    this.exceededMatchLimit = Boolean(didExceedMatchLimit);
    let filteredCount = 0;
    let address = startAddress;
    for (let i2 = 0; i2 < rawCount; i2++) {
      const patternIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureCount = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captures = new Array(captureCount);
      address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
      if (this.textPredicates[patternIndex].every((p) => p(captures))) {
        result[filteredCount] = { pattern: patternIndex, patternIndex, captures };
        const setProperties = this.setProperties[patternIndex];
        result[filteredCount].setProperties = setProperties;
        const assertedProperties = this.assertedProperties[patternIndex];
        result[filteredCount].assertedProperties = assertedProperties;
        const refutedProperties = this.refutedProperties[patternIndex];
        result[filteredCount].refutedProperties = refutedProperties;
        filteredCount++;
      }
    }
    result.length = filteredCount;
    C._free(startAddress);
    C.currentQueryProgressCallback = null;
    return result;
  }
  /**
   * Iterate over all of the individual captures in the order that they
   * appear.
   *
   * This is useful if you don't care about which pattern matched, and just
   * want a single, ordered sequence of captures.
   *
   * @param {Node} node - The node to execute the query on.
   *
   * @param {QueryOptions} options - Options for query execution.
   */
  captures(node, options = {}) {
    const startPosition = options.startPosition ?? ZERO_POINT;
    const endPosition = options.endPosition ?? ZERO_POINT;
    const startIndex = options.startIndex ?? 0;
    const endIndex = options.endIndex ?? 0;
    const matchLimit = options.matchLimit ?? 4294967295;
    const maxStartDepth = options.maxStartDepth ?? 4294967295;
    const timeoutMicros = options.timeoutMicros ?? 0;
    const progressCallback = options.progressCallback;
    if (typeof matchLimit !== "number") {
      throw new Error("Arguments must be numbers");
    }
    this.matchLimit = matchLimit;
    if (endIndex !== 0 && startIndex > endIndex) {
      throw new Error("`startIndex` cannot be greater than `endIndex`");
    }
    if (endPosition !== ZERO_POINT && (startPosition.row > endPosition.row || startPosition.row === endPosition.row && startPosition.column > endPosition.column)) {
      throw new Error("`startPosition` cannot be greater than `endPosition`");
    }
    if (progressCallback) {
      C.currentQueryProgressCallback = progressCallback;
    }
    marshalNode(node);
    C._ts_query_captures_wasm(
      this[0],
      node.tree[0],
      startPosition.row,
      startPosition.column,
      endPosition.row,
      endPosition.column,
      startIndex,
      endIndex,
      matchLimit,
      maxStartDepth,
      timeoutMicros
    );
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const startAddress = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const didExceedMatchLimit = C.getValue(TRANSFER_BUFFER + 2 * SIZE_OF_INT, "i32");
    const result = new Array();
    this.exceededMatchLimit = Boolean(didExceedMatchLimit);
    const captures = new Array();
    let address = startAddress;
    for (let i2 = 0; i2 < count; i2++) {
      const patternIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureCount = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      const captureIndex = C.getValue(address, "i32");
      address += SIZE_OF_INT;
      captures.length = captureCount;
      address = unmarshalCaptures(this, node.tree, address, patternIndex, captures);
      if (this.textPredicates[patternIndex].every((p) => p(captures))) {
        const capture = captures[captureIndex];
        const setProperties = this.setProperties[patternIndex];
        capture.setProperties = setProperties;
        const assertedProperties = this.assertedProperties[patternIndex];
        capture.assertedProperties = assertedProperties;
        const refutedProperties = this.refutedProperties[patternIndex];
        capture.refutedProperties = refutedProperties;
        result.push(capture);
      }
    }
    C._free(startAddress);
    C.currentQueryProgressCallback = null;
    return result;
  }
  /** Get the predicates for a given pattern. */
  predicatesForPattern(patternIndex) {
    return this.predicates[patternIndex];
  }
  /**
   * Disable a certain capture within a query.
   *
   * This prevents the capture from being returned in matches, and also
   * avoids any resource usage associated with recording the capture.
   */
  disableCapture(captureName) {
    const captureNameLength = C.lengthBytesUTF8(captureName);
    const captureNameAddress = C._malloc(captureNameLength + 1);
    C.stringToUTF8(captureName, captureNameAddress, captureNameLength + 1);
    C._ts_query_disable_capture(this[0], captureNameAddress, captureNameLength);
    C._free(captureNameAddress);
  }
  /**
   * Disable a certain pattern within a query.
   *
   * This prevents the pattern from matching, and also avoids any resource
   * usage associated with the pattern. This throws an error if the pattern
   * index is out of bounds.
   */
  disablePattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    C._ts_query_disable_pattern(this[0], patternIndex);
  }
  /**
   * Check if, on its last execution, this cursor exceeded its maximum number
   * of in-progress matches.
   */
  didExceedMatchLimit() {
    return this.exceededMatchLimit;
  }
  /** Get the byte offset where the given pattern starts in the query's source. */
  startIndexForPattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    return C._ts_query_start_byte_for_pattern(this[0], patternIndex);
  }
  /** Get the byte offset where the given pattern ends in the query's source. */
  endIndexForPattern(patternIndex) {
    if (patternIndex >= this.predicates.length) {
      throw new Error(
        `Pattern index is ${patternIndex} but the pattern count is ${this.predicates.length}`
      );
    }
    return C._ts_query_end_byte_for_pattern(this[0], patternIndex);
  }
  /** Get the number of patterns in the query. */
  patternCount() {
    return C._ts_query_pattern_count(this[0]);
  }
  /** Get the index for a given capture name. */
  captureIndexForName(captureName) {
    return this.captureNames.indexOf(captureName);
  }
  /** Check if a given pattern within a query has a single root node. */
  isPatternRooted(patternIndex) {
    return C._ts_query_is_pattern_rooted(this[0], patternIndex) === 1;
  }
  /** Check if a given pattern within a query has a single root node. */
  isPatternNonLocal(patternIndex) {
    return C._ts_query_is_pattern_non_local(this[0], patternIndex) === 1;
  }
  /**
   * Check if a given step in a query is 'definite'.
   *
   * A query step is 'definite' if its parent pattern will be guaranteed to
   * match successfully once it reaches the step.
   */
  isPatternGuaranteedAtStep(byteIndex) {
    return C._ts_query_is_pattern_guaranteed_at_step(this[0], byteIndex) === 1;
  }
};

// src/language.ts
var LANGUAGE_FUNCTION_REGEX = /^tree_sitter_\w+$/;
var Language = class _Language {
  static {
    __name(this, "Language");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for WASM
  /**
   * A list of all node types in the language. The index of each type in this
   * array is its node type id.
   */
  types;
  /**
   * A list of all field names in the language. The index of each field name in
   * this array is its field id.
   */
  fields;
  /** @internal */
  constructor(internal, address) {
    assertInternal(internal);
    this[0] = address;
    this.types = new Array(C._ts_language_symbol_count(this[0]));
    for (let i2 = 0, n = this.types.length; i2 < n; i2++) {
      if (C._ts_language_symbol_type(this[0], i2) < 2) {
        this.types[i2] = C.UTF8ToString(C._ts_language_symbol_name(this[0], i2));
      }
    }
    this.fields = new Array(C._ts_language_field_count(this[0]) + 1);
    for (let i2 = 0, n = this.fields.length; i2 < n; i2++) {
      const fieldName = C._ts_language_field_name_for_id(this[0], i2);
      if (fieldName !== 0) {
        this.fields[i2] = C.UTF8ToString(fieldName);
      } else {
        this.fields[i2] = null;
      }
    }
  }
  /**
   * Gets the name of the language.
   */
  get name() {
    const ptr = C._ts_language_name(this[0]);
    if (ptr === 0) return null;
    return C.UTF8ToString(ptr);
  }
  /**
   * @deprecated since version 0.25.0, use {@link Language#abiVersion} instead
   * Gets the version of the language.
   */
  get version() {
    return C._ts_language_version(this[0]);
  }
  /**
   * Gets the ABI version of the language.
   */
  get abiVersion() {
    return C._ts_language_abi_version(this[0]);
  }
  /**
  * Get the metadata for this language. This information is generated by the
  * CLI, and relies on the language author providing the correct metadata in
  * the language's `tree-sitter.json` file.
  */
  get metadata() {
    C._ts_language_metadata(this[0]);
    const length = C.getValue(TRANSFER_BUFFER, "i32");
    const address = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    if (length === 0) return null;
    return unmarshalLanguageMetadata(address);
  }
  /**
   * Gets the number of fields in the language.
   */
  get fieldCount() {
    return this.fields.length - 1;
  }
  /**
   * Gets the number of states in the language.
   */
  get stateCount() {
    return C._ts_language_state_count(this[0]);
  }
  /**
   * Get the field id for a field name.
   */
  fieldIdForName(fieldName) {
    const result = this.fields.indexOf(fieldName);
    return result !== -1 ? result : null;
  }
  /**
   * Get the field name for a field id.
   */
  fieldNameForId(fieldId) {
    return this.fields[fieldId] ?? null;
  }
  /**
   * Get the node type id for a node type name.
   */
  idForNodeType(type, named) {
    const typeLength = C.lengthBytesUTF8(type);
    const typeAddress = C._malloc(typeLength + 1);
    C.stringToUTF8(type, typeAddress, typeLength + 1);
    const result = C._ts_language_symbol_for_name(this[0], typeAddress, typeLength, named ? 1 : 0);
    C._free(typeAddress);
    return result || null;
  }
  /**
   * Gets the number of node types in the language.
   */
  get nodeTypeCount() {
    return C._ts_language_symbol_count(this[0]);
  }
  /**
   * Get the node type name for a node type id.
   */
  nodeTypeForId(typeId) {
    const name2 = C._ts_language_symbol_name(this[0], typeId);
    return name2 ? C.UTF8ToString(name2) : null;
  }
  /**
   * Check if a node type is named.
   *
   * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/2-basic-parsing.html#named-vs-anonymous-nodes}
   */
  nodeTypeIsNamed(typeId) {
    return C._ts_language_type_is_named_wasm(this[0], typeId) ? true : false;
  }
  /**
   * Check if a node type is visible.
   */
  nodeTypeIsVisible(typeId) {
    return C._ts_language_type_is_visible_wasm(this[0], typeId) ? true : false;
  }
  /**
   * Get the supertypes ids of this language.
   *
   * @see {@link https://tree-sitter.github.io/tree-sitter/using-parsers/6-static-node-types.html?highlight=supertype#supertype-nodes}
   */
  get supertypes() {
    C._ts_language_supertypes_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = C.getValue(address, "i16");
        address += SIZE_OF_SHORT;
      }
    }
    return result;
  }
  /**
   * Get the subtype ids for a given supertype node id.
   */
  subtypes(supertype) {
    C._ts_language_subtypes_wasm(this[0], supertype);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = C.getValue(address, "i16");
        address += SIZE_OF_SHORT;
      }
    }
    return result;
  }
  /**
   * Get the next state id for a given state id and node type id.
   */
  nextState(stateId, typeId) {
    return C._ts_language_next_state(this[0], stateId, typeId);
  }
  /**
   * Create a new lookahead iterator for this language and parse state.
   *
   * This returns `null` if state is invalid for this language.
   *
   * Iterating {@link LookaheadIterator} will yield valid symbols in the given
   * parse state. Newly created lookahead iterators will return the `ERROR`
   * symbol from {@link LookaheadIterator#currentType}.
   *
   * Lookahead iterators can be useful for generating suggestions and improving
   * syntax error diagnostics. To get symbols valid in an `ERROR` node, use the
   * lookahead iterator on its first leaf node state. For `MISSING` nodes, a
   * lookahead iterator created on the previous non-extra leaf node may be
   * appropriate.
   */
  lookaheadIterator(stateId) {
    const address = C._ts_lookahead_iterator_new(this[0], stateId);
    if (address) return new LookaheadIterator(INTERNAL, address, this);
    return null;
  }
  /**
   * @deprecated since version 0.25.0, call `new` on a {@link Query} instead
   *
   * Create a new query from a string containing one or more S-expression
   * patterns.
   *
   * The query is associated with a particular language, and can only be run
   * on syntax nodes parsed with that language. References to Queries can be
   * shared between multiple threads.
   *
   * @link {@see https://tree-sitter.github.io/tree-sitter/using-parsers/queries}
   */
  query(source) {
    console.warn("Language.query is deprecated. Use new Query(language, source) instead.");
    return new Query(this, source);
  }
  /**
   * Load a language from a WebAssembly module.
   * The module can be provided as a path to a file or as a buffer.
   */
  static async load(input) {
    let bytes;
    if (input instanceof Uint8Array) {
      bytes = Promise.resolve(input);
    } else {
      if (globalThis.process?.versions.node) {
        const fs2 = await Promise.resolve(/* import() */).then(__nccwpck_require__.t.bind(__nccwpck_require__, 943, 23));
        bytes = fs2.readFile(input);
      } else {
        bytes = fetch(input).then((response) => response.arrayBuffer().then((buffer) => {
          if (response.ok) {
            return new Uint8Array(buffer);
          } else {
            const body2 = new TextDecoder("utf-8").decode(buffer);
            throw new Error(`Language.load failed with status ${response.status}.

${body2}`);
          }
        }));
      }
    }
    const mod = await C.loadWebAssemblyModule(await bytes, { loadAsync: true });
    const symbolNames = Object.keys(mod);
    const functionName = symbolNames.find((key) => LANGUAGE_FUNCTION_REGEX.test(key) && !key.includes("external_scanner_"));
    if (!functionName) {
      console.log(`Couldn't find language function in WASM file. Symbols:
${JSON.stringify(symbolNames, null, 2)}`);
      throw new Error("Language.load failed: no language function found in WASM file");
    }
    const languageAddress = mod[functionName]();
    return new _Language(INTERNAL, languageAddress);
  }
};

// src/bindings.ts
var import_tree_sitter = __toESM(require_tree_sitter(), 1);
var Module2 = null;
async function initializeBinding(moduleOptions) {
  if (!Module2) {
    Module2 = await (0, import_tree_sitter.default)(moduleOptions);
  }
  return Module2;
}
__name(initializeBinding, "initializeBinding");
function checkModule() {
  return !!Module2;
}
__name(checkModule, "checkModule");

// src/parser.ts
var TRANSFER_BUFFER;
var LANGUAGE_VERSION;
var MIN_COMPATIBLE_VERSION;
var Parser = class {
  static {
    __name(this, "Parser");
  }
  /** @internal */
  [0] = 0;
  // Internal handle for WASM
  /** @internal */
  [1] = 0;
  // Internal handle for WASM
  /** @internal */
  logCallback = null;
  /** The parser's current language. */
  language = null;
  /**
   * This must always be called before creating a Parser.
   *
   * You can optionally pass in options to configure the WASM module, the most common
   * one being `locateFile` to help the module find the `.wasm` file.
   */
  static async init(moduleOptions) {
    setModule(await initializeBinding(moduleOptions));
    TRANSFER_BUFFER = C._ts_init();
    LANGUAGE_VERSION = C.getValue(TRANSFER_BUFFER, "i32");
    MIN_COMPATIBLE_VERSION = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
  }
  /**
   * Create a new parser.
   */
  constructor() {
    this.initialize();
  }
  /** @internal */
  initialize() {
    if (!checkModule()) {
      throw new Error("cannot construct a Parser before calling `init()`");
    }
    C._ts_parser_new_wasm();
    this[0] = C.getValue(TRANSFER_BUFFER, "i32");
    this[1] = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
  }
  /** Delete the parser, freeing its resources. */
  delete() {
    C._ts_parser_delete(this[0]);
    C._free(this[1]);
    this[0] = 0;
    this[1] = 0;
  }
  /**
   * Set the language that the parser should use for parsing.
   *
   * If the language was not successfully assigned, an error will be thrown.
   * This happens if the language was generated with an incompatible
   * version of the Tree-sitter CLI. Check the language's version using
   * {@link Language#version} and compare it to this library's
   * {@link LANGUAGE_VERSION} and {@link MIN_COMPATIBLE_VERSION} constants.
   */
  setLanguage(language) {
    let address;
    if (!language) {
      address = 0;
      this.language = null;
    } else if (language.constructor === Language) {
      address = language[0];
      const version = C._ts_language_version(address);
      if (version < MIN_COMPATIBLE_VERSION || LANGUAGE_VERSION < version) {
        throw new Error(
          `Incompatible language version ${version}. Compatibility range ${MIN_COMPATIBLE_VERSION} through ${LANGUAGE_VERSION}.`
        );
      }
      this.language = language;
    } else {
      throw new Error("Argument must be a Language");
    }
    C._ts_parser_set_language(this[0], address);
    return this;
  }
  /**
   * Parse a slice of UTF8 text.
   *
   * @param {string | ParseCallback} callback - The UTF8-encoded text to parse or a callback function.
   *
   * @param {Tree | null} [oldTree] - A previous syntax tree parsed from the same document. If the text of the
   *   document has changed since `oldTree` was created, then you must edit `oldTree` to match
   *   the new text using {@link Tree#edit}.
   *
   * @param {ParseOptions} [options] - Options for parsing the text.
   *  This can be used to set the included ranges, or a progress callback.
   *
   * @returns {Tree | null} A {@link Tree} if parsing succeeded, or `null` if:
   *  - The parser has not yet had a language assigned with {@link Parser#setLanguage}.
   *  - The progress callback returned true.
   */
  parse(callback, oldTree, options) {
    if (typeof callback === "string") {
      C.currentParseCallback = (index) => callback.slice(index);
    } else if (typeof callback === "function") {
      C.currentParseCallback = callback;
    } else {
      throw new Error("Argument must be a string or a function");
    }
    if (options?.progressCallback) {
      C.currentProgressCallback = options.progressCallback;
    } else {
      C.currentProgressCallback = null;
    }
    if (this.logCallback) {
      C.currentLogCallback = this.logCallback;
      C._ts_parser_enable_logger_wasm(this[0], 1);
    } else {
      C.currentLogCallback = null;
      C._ts_parser_enable_logger_wasm(this[0], 0);
    }
    let rangeCount = 0;
    let rangeAddress = 0;
    if (options?.includedRanges) {
      rangeCount = options.includedRanges.length;
      rangeAddress = C._calloc(rangeCount, SIZE_OF_RANGE);
      let address = rangeAddress;
      for (let i2 = 0; i2 < rangeCount; i2++) {
        marshalRange(address, options.includedRanges[i2]);
        address += SIZE_OF_RANGE;
      }
    }
    const treeAddress = C._ts_parser_parse_wasm(
      this[0],
      this[1],
      oldTree ? oldTree[0] : 0,
      rangeAddress,
      rangeCount
    );
    if (!treeAddress) {
      C.currentParseCallback = null;
      C.currentLogCallback = null;
      C.currentProgressCallback = null;
      return null;
    }
    if (!this.language) {
      throw new Error("Parser must have a language to parse");
    }
    const result = new Tree(INTERNAL, treeAddress, this.language, C.currentParseCallback);
    C.currentParseCallback = null;
    C.currentLogCallback = null;
    C.currentProgressCallback = null;
    return result;
  }
  /**
   * Instruct the parser to start the next parse from the beginning.
   *
   * If the parser previously failed because of a timeout, cancellation,
   * or callback, then by default, it will resume where it left off on the
   * next call to {@link Parser#parse} or other parsing functions.
   * If you don't want to resume, and instead intend to use this parser to
   * parse some other document, you must call `reset` first.
   */
  reset() {
    C._ts_parser_reset(this[0]);
  }
  /** Get the ranges of text that the parser will include when parsing. */
  getIncludedRanges() {
    C._ts_parser_included_ranges_wasm(this[0]);
    const count = C.getValue(TRANSFER_BUFFER, "i32");
    const buffer = C.getValue(TRANSFER_BUFFER + SIZE_OF_INT, "i32");
    const result = new Array(count);
    if (count > 0) {
      let address = buffer;
      for (let i2 = 0; i2 < count; i2++) {
        result[i2] = unmarshalRange(address);
        address += SIZE_OF_RANGE;
      }
      C._free(buffer);
    }
    return result;
  }
  /**
   * @deprecated since version 0.25.0, prefer passing a progress callback to {@link Parser#parse}
   *
   * Get the duration in microseconds that parsing is allowed to take.
   *
   * This is set via {@link Parser#setTimeoutMicros}.
   */
  getTimeoutMicros() {
    return C._ts_parser_timeout_micros(this[0]);
  }
  /**
   * @deprecated since version 0.25.0, prefer passing a progress callback to {@link Parser#parse}
   *
   * Set the maximum duration in microseconds that parsing should be allowed
   * to take before halting.
   *
   * If parsing takes longer than this, it will halt early, returning `null`.
   * See {@link Parser#parse} for more information.
   */
  setTimeoutMicros(timeout) {
    C._ts_parser_set_timeout_micros(this[0], 0, timeout);
  }
  /** Set the logging callback that a parser should use during parsing. */
  setLogger(callback) {
    if (!callback) {
      this.logCallback = null;
    } else if (typeof callback !== "function") {
      throw new Error("Logger callback must be a function");
    } else {
      this.logCallback = callback;
    }
    return this;
  }
  /** Get the parser's current logger. */
  getLogger() {
    return this.logCallback;
  }
};
// Annotate the CommonJS export names for ESM import in node:
0 && (0);
//# sourceMappingURL=tree-sitter.cjs.map


/***/ }),

/***/ 413:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

// The CommonJS build of web-tree-sitter. ncc bundles the ESM build's `await import('module')`
// into a namespace without `createRequire`, which breaks it at start-up; the CJS build works.
module.exports = __nccwpck_require__(778);


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(636);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
