/** The `--help` text of the local runner; every flag is listed here and in the README. */
export const HELP = `agent-action-local: run the agent on a local git checkout, without GitHub.

The same pipeline as the action (prompt, agent loop, tools, bash policy, sandbox, verification,
transcript) with a dry-run publisher: the changes are committed on a new local branch
agent/local-<timestamp>, and the PR title/body and the transcript (JSONL and Markdown) are written
to the output folder. Nothing is pushed and GitHub is never contacted.

Usage:
  agent-action-local --repo <dir> (--prompt <text> | --issue-file <md>) [options]
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
  --max-turns <n>        LLM round trips at most, 1-500 (default: 40)
  --out <dir>            output folder (default: a new agent-local-<timestamp> folder in the
                         system temp directory)
  --sandbox <level>      isolation of agent-run commands: auto, strict or off (default: auto)
  --allow <rule>         extra allowed-commands rule, e.g. --allow "make lint" or
                         --allow "cargo clippy *"; repeatable. Hard denies still apply.
  --auth <mode>          api-key (default: the key in OPENAI_API_KEY); oidc is refused here:
                         it needs a GitHub Actions job's OIDC token
  --output-schema <s>    a JSON Schema the final answer must match (like output-schema), inline
                         ('{"type":"object",…}') or a JSON file; the valid answer is printed and
                         written to result.json in the output folder
  -h, --help             show this help

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
run; 2 a usage or setup problem (the message names the fix).
`;
