/**
 * The deterministic planner behind the offline agent: a pure function from prompt text to an
 * intent. No model, no I/O, so the whole tool path can run and be tested offline.
 */
export const ACCENTS = ['blue', 'green', 'purple', 'orange', 'pink', 'teal'] as const;
/** An accent color the offline agent can apply. */
export type Accent = (typeof ACCENTS)[number];

/** What the offline agent understood a prompt to ask for. */
export type LocalAgentIntent =
  | { kind: 'theme'; accent: Accent }
  | { kind: 'hero'; title?: string; subtitle?: string }
  | { kind: 'feature'; title: string; description: string }
  | { kind: 'patch'; search: string; replace: string; path?: string }
  | { kind: 'status' }
  | { kind: 'previewStatus' }
  | { kind: 'download'; path?: string }
  | { kind: 'open'; path: string }
  | { kind: 'create'; path: string }
  | { kind: 'save' }
  | { kind: 'reloadFolder' }
  | { kind: 'disconnectFolder' }
  | { kind: 'refresh' }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'unknown' };

const QUOTED = /"([^"]*)"|“([^”]*)”|'([^']+)'/g;
const PATH = /\b([\w./-]+\.(?:html|css|js|mjs|jsx|ts|mts|tsx|json|md|txt))\b/i;

function quotedValues(prompt: string): string[] {
  return [...prompt.matchAll(QUOTED)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** Reads a prompt into the offline agent's intent, deterministically and without a model. */
export function planLocalAgentRequest(prompt: string): LocalAgentIntent {
  const text = prompt.trim();
  const lower = text.toLowerCase();
  const quoted = quotedValues(text);
  const withoutQuotes = lower.replace(QUOTED, ' ');
  // Paths keep their case: `src/App.tsx` is not `src/app.tsx`.
  const path = text.replace(QUOTED, ' ').match(PATH)?.[1];

  if (/\b(hero|headline)\b/.test(withoutQuotes) && quoted.length > 0 && !path) {
    const [title, subtitle] = quoted;
    const onlySubtitle =
      /\bsubtitle\b/.test(withoutQuotes) &&
      !/\btitle\b/.test(withoutQuotes.replace(/subtitle/g, ''));
    return onlySubtitle
      ? { kind: 'hero', subtitle: title ?? '' }
      : { kind: 'hero', title: title ?? '', ...(subtitle === undefined ? {} : { subtitle }) };
  }
  if (/\bfeature\b/.test(withoutQuotes) && quoted.length >= 2 && !path) {
    return { kind: 'feature', title: quoted[0] ?? '', description: quoted[1] ?? '' };
  }
  if (quoted.length >= 2 && /\b(replace|change|rename|swap)\b/.test(withoutQuotes)) {
    return {
      kind: 'patch',
      search: quoted[0] ?? '',
      replace: quoted[1] ?? '',
      ...(path ? { path } : {}),
    };
  }
  const accent = ACCENTS.find((name) => new RegExp(`\\b${name}\\b`).test(withoutQuotes));
  if (accent && /\b(accent|theme|colou?r)\b/.test(withoutQuotes)) return { kind: 'theme', accent };
  // A path may be named bare (styles.css) or quoted ("notes.md").
  const named = path ?? quoted.find((value) => PATH.test(value));
  if (/\bdownload\b/.test(withoutQuotes))
    return named ? { kind: 'download', path: named } : { kind: 'download' };
  if (/\b(create|new)\b/.test(withoutQuotes) && named) return { kind: 'create', path: named };
  if (/\bopen\b/.test(withoutQuotes) && named) return { kind: 'open', path: named };
  if (/\b(disconnect|unlink)\b/.test(withoutQuotes) && /\bfolder\b/.test(withoutQuotes))
    return { kind: 'disconnectFolder' };
  if (/\b(reload|re-?read)\b/.test(withoutQuotes) && /\bfolder\b/.test(withoutQuotes))
    return { kind: 'reloadFolder' };
  if (/\b(save|checkpoint)\b/.test(withoutQuotes)) return { kind: 'save' };
  if (/\bredo\b/.test(withoutQuotes)) return { kind: 'redo' };
  if (/\bundo\b/.test(withoutQuotes)) return { kind: 'undo' };
  if (/\brefresh\b/.test(withoutQuotes) && /\bpreview\b/.test(withoutQuotes))
    return { kind: 'refresh' };
  if (/\bpreview\b/.test(withoutQuotes) && /\bstatus\b/.test(withoutQuotes))
    return { kind: 'previewStatus' };
  if (/\bstatus\b/.test(withoutQuotes)) return { kind: 'status' };
  return { kind: 'unknown' };
}
