/**
 * The one footer of the tracking comment, the pull request body, the review and the job summary:
 * model · duration · turns · tokens (cached share) · cost when known · the instruction files and
 * images given · requested by @user · the transcript
 * artifact when uploaded · the run. Each figure is stated here and nowhere else on those surfaces. Pure.
 */
import { formatUsd } from '../llm/model-prices.js';

export interface FooterFacts {
  model: string;
  durationMs: number;
  turns: number;
  tokens: number;
  /** Prompt tokens, for the cached share; without them the share is left out. */
  promptTokens?: number | undefined;
  cachedTokens?: number | undefined;
  /** Undefined when the model has no price: the cost is then left out, not guessed. */
  costUsd?: number | undefined;
  /** The counts are (partly) the characters/4 estimate: the endpoint sent no usage. */
  estimated?: boolean | undefined;
  /** The instruction files and images the model was given (`contextCounts`), when any. */
  context?: string | undefined;
  /** Who started the run. */
  requester?: string | undefined;
  /** The uploaded transcript artifact's page, when there is one. */
  transcriptUrl?: string | undefined;
  runUrl: string;
}

/** `2m 3s`, `45s`, `1h 2m`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** `12,345 tokens (81% cached)`, `~2,000 tokens (estimated)`. */
export function tokensPhrase(
  facts: Pick<FooterFacts, 'tokens' | 'promptTokens' | 'cachedTokens' | 'estimated'>,
): string {
  const count = `${facts.estimated ? '~' : ''}${facts.tokens.toLocaleString('en-US')} tokens`;
  const notes: string[] = [];
  const cached = facts.cachedTokens ?? 0;
  if (cached > 0 && facts.promptTokens && facts.promptTokens > 0)
    notes.push(`${Math.round((100 * cached) / facts.promptTokens)}% cached`);
  if (facts.estimated) notes.push('estimated');
  return notes.length > 0 ? `${count} (${notes.join(', ')})` : count;
}

/** The footer's one line, small type, ending with a link to the run. */
export function renderFooter(facts: FooterFacts): string {
  const parts = [
    `\`${facts.model.replace(/`/g, "'")}\``,
    formatElapsed(facts.durationMs),
    `${facts.turns} ${facts.turns === 1 ? 'turn' : 'turns'}`,
    tokensPhrase(facts),
    ...(facts.costUsd !== undefined ? [formatUsd(facts.costUsd)] : []),
    ...(facts.context ? [facts.context] : []),
    ...(facts.requester ? [`requested by @${facts.requester}`] : []),
    ...(facts.transcriptUrl ? [`[transcript](${facts.transcriptUrl})`] : []),
    `[run log](${facts.runUrl})`,
  ];
  return `<sub>${parts.join(' · ')}</sub>`;
}
