/** The `--help` text of the local runner; every flag is listed here and in the README. */
export const HELP = `agent-action-local: run the agent on a local git checkout, without GitHub.

The same pipeline as the action (prompt, agent runner, tools, bash policy, sandbox, verification,
transcript, usage and cost) with a dry-run publisher: the changes are committed on a new local branch
agent/local-<timestamp>, and the PR title/body and the transcript (JSONL and Markdown) are written
to the output folder. Nothing is pushed and GitHub is never contacted.

With --mode review it reviews the checked-out branch instead, as the action reviews a pull
request: the diff against the base branch, the same reviewers, checks and placement, written to
review.md and review.json in the output folder. Nothing is committed or switched, and nothing is posted.

Usage:
  agent-action-local --repo <dir> (--prompt <text> | --issue-file <md>) [options]
  agent-action-local --repo <dir> --mode review [--base-branch <branch>] [--prompt <focus>] [options]
  npm run local -- --repo <dir> --issue-file <md> [options]

Task (exactly one):
  --prompt <text>        the task as plain text
  --issue-file <md>      a Markdown file treated like an issue: its first "# " heading is the
                         title, the rest the body (sanitised like issue text)

Options:
  --repo <dir>           git checkout to work on, with no uncommitted changes (default: .)
  --model <name>         model name sent to the endpoint (default: gpt-5.5)
  --base-url <url>       OpenAI-compatible Chat Completions endpoint
                         (default: https://api.openai.com/v1)
  --verify <command>     command run after the agent stops (like verify-command); its result goes
                         into the PR body, and the agent is told to run it
  --out <dir>            output folder (default: a new agent-local-<timestamp> folder in the
                         system temp directory)

Model and budget (each parsed as the action input of the same name, with its default):
  --api <format>         auto, responses or chat-completions (default: auto)
  --reasoning-effort <e> none, minimal, low, medium, high or xhigh (default: the provider's)
  --context-window <n>   tokens one request may hold (default: known for common models, else 128000)
  --prices <i/c/o>       USD per million tokens as input/cached-input/output, e.g. 1.25/0.125/10;
                         the cost is printed with the totals
  --max-turns <n>        LLM round trips at most, 1-500 (default: 40)
  --max-tokens <n>       tokens over all turns, 1000-100000000 (default: 1000000)
  --timeout-minutes <n>  the run's time, 1-360 (default: 20)
  --max-cost-usd <usd>   stop before a turn that would pass this cost; needs a known price or --prices

Tools and isolation:
  --sandbox <level>      isolation of agent-run commands: auto, strict or off (default: auto)
  --network <mode>       network of agent-run commands: off, allowlist or on (default: off)
  --allowed-domains <l>  with --network allowlist: hosts commands may reach, comma-separated
                         (example.com, *.example.com, host:port, IP, or npm, pypi, go, crates,
                         maven, rubygems, github)
  --allow <rule>         extra allowed-commands rule, e.g. --allow "make lint" or
                         --allow "cargo clippy *"; repeatable. Hard denies still apply.
  --mcp-servers <map>    MCP servers as YAML or JSON (like mcp-servers); $NAME values come from
                         the environment
  --instructions <text>  extra instructions appended to the system prompt
  --instruction-files <s>  auto, none, or globs: which instruction files (AGENTS.md, CLAUDE.md …)
                         of the checkout's start commit the model gets (default: auto)
  --auth <mode>          api-key (default: the key in OPENAI_API_KEY); oidc is refused here:
                         it needs a GitHub Actions job's OIDC token
  --output-schema <s>    a JSON Schema the final answer must match (like output-schema), inline
                         ('{"type":"object",…}') or a JSON file; the valid answer is printed and
                         written to result.json in the output folder
  -h, --help             show this help

Review (--mode review; each parsed as the action input of the same name, with its default):
  --mode <mode>          auto or pr (default auto): change the checkout; review: review the
                         checked-out branch; comment is refused (it answers in a GitHub thread)
  --base-branch <b>      what the review diffs against: the merge base of <b> (or origin/<b>) and
                         HEAD (default: the remote's default branch origin/HEAD, else main, else
                         master). In a change run it is only the dry-run pull request's base
  --review-min-severity <s>  blocking, suggestion or nit (default: nit): findings below it are
                         listed, collapsed, in the review body instead of inline
  --max-review-comments <n>  inline comments at most, 0-200 (default: 20); the rest go into the body
  --review-agents <n>    reviewers, 1-5 (default: 1); more run in parallel with one focus each
                         (correctness, security, tests, performance, maintainability)
  With --mode review, --prompt is optional and says what to look at (like "review the parser");
  --verify checks the reviewers' suggestions where that is cheap, and puts the file back.

Environment:
  OPENAI_API_KEY         key for the endpoint; not needed for local endpoints (localhost,
                         127.0.0.1, private addresses, *.local), e.g. Ollama or vLLM

Examples:
  OPENAI_API_KEY=sk-... agent-action-local --repo /tmp/demo \\
    --issue-file examples/buggy-calculator/ISSUE.md --verify "npm test"
  agent-action-local --repo . --prompt "Fix the failing test in src/date.ts" \\
    --base-url http://localhost:11434/v1 --model qwen2.5-coder:14b

Exit codes: 0 changes committed (and verified, with --verify), or with --output-schema an answer
that matches it; 1 no changes, a failed verification, an answer that does not match or a failed
run; 2 a usage or setup problem (the message names the fix). With --mode review: 0 the review is
written and nothing in it is blocking; 1 a blocking finding, or the reviewers stopped early.
`;
