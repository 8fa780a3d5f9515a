// Code in tabs: the try-it's call as cURL, Go and our TypeScript client
// (following the form, against the production URL with the token from
// $WEBMON_API_TOKEN), and a recipe's programs.
import { type ReactNode, useId, useState } from 'react';
import type { CodeSample } from '../samples/index.js';

const LANGUAGE: Record<string, string> = { cURL: 'bash', Go: 'go', JavaScript: 'typescript', TypeScript: 'typescript' };

/** Where the reader's language is kept, so that the host site can share it with its own tabs. */
export interface LanguageChoice {
  /** The language chosen last (a sample's `lang`, any case), if any. */
  read(): string | undefined;
  write(lang: string): void;
}

export function Samples({
  samples,
  CodeBlock,
  label = 'Code samples',
  language,
}: {
  samples: CodeSample[];
  label?: string;
  CodeBlock: (props: { language: string; children: string }) => ReactNode;
  language?: LanguageChoice;
}): ReactNode {
  const [chosen, setChosenIndex] = useState(() => {
    const kept = language?.read()?.toLowerCase();
    return Math.max(
      0,
      samples.findIndex((s) => s.lang.toLowerCase() === kept),
    );
  });
  const setChosen = (index: number) => {
    setChosenIndex(index);
    const lang = samples[index]?.lang;
    if (lang) language?.write(lang);
  };
  const id = useId();
  const sample = samples[chosen] ?? samples[0];
  if (!sample) return null;
  return (
    <section className="wm-tryit-samples" aria-label={label}>
      <div role="tablist" aria-label="Language" className="wm-tryit-tabs">
        {samples.map((s, index) => (
          <button
            key={s.lang}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === chosen}
            aria-controls={`${id}-panel`}
            tabIndex={index === chosen ? 0 : -1}
            className="wm-tryit-tab"
            onClick={() => setChosen(index)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = (chosen + step + samples.length) % samples.length;
              setChosen(next);
              document.getElementById(`${id}-tab-${next}`)?.focus();
            }}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${chosen}`} data-sample={sample.lang}>
        <CodeBlock language={LANGUAGE[sample.lang] ?? 'text'}>{sample.source}</CodeBlock>
      </div>
    </section>
  );
}
