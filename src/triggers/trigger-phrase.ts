/**
 * The exact rule for the trigger phrase in a comment. A comment starts a run only when its first
 * word is the phrase itself: `/agent`, `/agent fix the test`, `/agent\nlonger request`. Everything
 * else is conversation that merely mentions the phrase and must never start a run: `/agents`,
 * `/agentfoo`, `/agent/docs`, a URL ending in `/agent`, the phrase in a code span or a quote.
 */

/**
 * Characters that may follow the phrase and still leave it a whole word: whitespace and sentence
 * punctuation followed by a space or the end (`/agent: fix it`). Path, URL and identifier
 * characters (`/`, `.`, `-`, `_`, letters, digits) continue the word, so they do not match.
 */
const AFTER_WORD = /^(?:$|\s|[,:;!?](?:$|\s))/;

/**
 * The instruction after the phrase (trimmed; empty for a bare `/agent`), or undefined when the
 * comment does not start with the phrase as a whole word. Leading whitespace is ignored; anything
 * else before the phrase (a backtick, a `>` quote, a URL) means the phrase is only mentioned.
 */
export function matchTriggerPhrase(body: string, phrase: string): string | undefined {
  if (phrase === '') return undefined;
  const text = body.trimStart();
  if (!text.startsWith(phrase)) return undefined;
  const rest = text.slice(phrase.length);
  if (!AFTER_WORD.test(rest)) return undefined;
  return rest.replace(/^[,:;!?]/, '').trim();
}
