/** The `prompt` values of OpenID Connect Core §3.1.2.1. */
export const PROMPTS = ['none', 'login', 'consent', 'select_account'] as const;

export type Prompt = (typeof PROMPTS)[number];

/** A `prompt` parameter read: its values, or the reason it is refused (`invalid_request`). */
export type PromptReading = { readonly prompts: readonly Prompt[] } | { readonly problem: string };

/**
 * `prompt` as OpenID Connect Core §3.1.2.1 defines it: a space-separated list
 * of `none`, `login`, `consent` and `select_account`, each counted once;
 * absent is the empty list. `none` may not be combined with another value
 * (it promises that no page is shown, the others ask for one), and a value
 * the service does not know is refused rather than ignored, as the
 * specification asks of an unsupported value.
 */
export function promptsOf(text: string | undefined): PromptReading {
  const prompts: Prompt[] = [];
  for (const value of (text ?? '').split(' ')) {
    if (value === '') continue;
    if (!(PROMPTS as readonly string[]).includes(value)) return { problem: `prompt ${JSON.stringify(value)} is not supported` };
    if (!prompts.includes(value as Prompt)) prompts.push(value as Prompt);
  }
  if (prompts.includes('none') && prompts.length > 1) return { problem: 'prompt=none may not be combined with other values' };
  return { prompts };
}
