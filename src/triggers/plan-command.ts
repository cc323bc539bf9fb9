/**
 * The two words after the trigger phrase that split a change into plan and approval:
 * `/agent plan …` asks for a plan only, `/agent approve …` runs the latest plan. Only the first
 * word counts, so `/agent planning the release` or `/agent approved-by` stay ordinary requests.
 */

export type PlanCommand = { kind: 'plan' | 'approve'; rest: string };

const COMMAND = /^(plan|approve)(?:$|\s|[,.:;!?](?:$|\s))/i;

/** The command and the text after it, or undefined when the instruction is an ordinary request. */
export function planCommandOf(instruction: string): PlanCommand | undefined {
  const text = instruction.trim();
  const match = COMMAND.exec(text);
  if (!match) return undefined;
  const kind = match[1]!.toLowerCase() as PlanCommand['kind'];
  return {
    kind,
    rest: text
      .slice(kind.length)
      .replace(/^[,.:;!?]/, '')
      .trim(),
  };
}
